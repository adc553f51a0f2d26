import type { Logger, pino } from "pino";
import { createLogger } from "../../src/adapters/log/logger.js";

/**
 * The API's real logger (masking included) whose lines are kept in memory, so tests can read what would
 * be logged.
 */
export function capturingLogger(level: pino.LevelWithSilent = "info"): {
  logger: Logger;
  lines: () => string[];
  text: () => string;
} {
  const chunks: string[] = [];
  const logger = createLogger(level, { write: (chunk: string) => void chunks.push(chunk) });
  return {
    logger,
    lines: () => chunks.flatMap((chunk) => chunk.split("\n").filter(Boolean)),
    text: () => chunks.join(""),
  };
}
