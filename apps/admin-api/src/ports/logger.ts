/**
 * The slice of pino the worker and services use, so they take a logger as an argument and tests can
 * pass a silent one. Objects first, message second (pino's convention).
 */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
