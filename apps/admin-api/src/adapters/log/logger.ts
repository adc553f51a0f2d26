import { pino, type DestinationStream, type Logger } from "pino";
import { maskEmailsIn } from "../../common/mask-email.js";

/**
 * The API's pino logger. Every line is written through `maskEmailsIn`, so no email address reaches the
 * logs whole, whatever a caller (or a library's error message) put in it. Lines without an `@` pass
 * untouched: the check costs one scan of a short string.
 */
export function createLogger(level: pino.LevelWithSilent, destination: DestinationStream): Logger {
  return pino({ level, hooks: { streamWrite: maskEmailsIn } }, destination);
}
