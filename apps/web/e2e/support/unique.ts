import { randomUUID } from "node:crypto";

/** An address no other test (or earlier run against the same store) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}
