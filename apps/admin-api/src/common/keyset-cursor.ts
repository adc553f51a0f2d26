/**
 * The opaque cursor of the office's keyset pages (leads, the register, the audit log): the last item's
 * time and id, base64url. A cursor that does not decode to a time and a short id is refused.
 */
export interface KeysetCursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}:${cursor.id}`, "utf8").toString("base64url");
}

export function decodeCursor(value: string): KeysetCursor | null {
  const text = Buffer.from(value, "base64url").toString("utf8");
  const colon = text.indexOf(":");
  const ms = Number(text.slice(0, colon));
  const id = text.slice(colon + 1);
  if (colon < 1 || !Number.isSafeInteger(ms) || id === "" || id.length > 100) return null;
  return { createdAt: new Date(ms), id };
}
