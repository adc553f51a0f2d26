/**
 * A new idempotency key for one submission: 16 random bytes as 22 URL-safe characters (the shared
 * idempotencyKeyPattern). crypto.getRandomValues works on every page, where crypto.randomUUID needs a
 * secure context.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/={1,2}$/, "");
}

/**
 * The key of what a form is sending: the same while the visitor sends the same fields again (a retry
 * after a failure is the same submission), a new one as soon as the fields differ or after a success.
 */
export function submissionKeys(): { keyFor(body: unknown): string; settle(): void } {
  let current: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const serialised = JSON.stringify(body);
      if (current?.body !== serialised) current = { key: newIdempotencyKey(), body: serialised };
      return current.key;
    },
    settle() {
      current = null;
    },
  };
}
