/**
 * Where to go after signing in: an office path given in `?next=` (a 401 sent the person to sign in from
 * there) or kept across the mailed link. Only a same-site path inside the office is followed; anything
 * else (another site, `//host`, a backslash trick, control characters, the sign-in page itself) is
 * ignored, so a crafted link can never send a person off the site after signing in.
 */
const maxLength = 2048;
const probeOrigin = "https://office.invalid";

function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path to return to (router path, without the /admin basename), or undefined when not safe. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > maxLength) return undefined;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return undefined;
  if (hasControlCharacters(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return undefined;
  }
  if (url.origin !== probeOrigin) return undefined;
  if (url.pathname === "/sign-in" || url.pathname.startsWith("/sign-in/")) return undefined;
  return `${url.pathname}${url.search}`;
}

/** The sign-in screen's path, remembering `next` when it is safe. */
export function signInPath(
  next?: string,
  notice?: "signedOut" | "signedOutEverywhere" | "sessionEnded",
): string {
  const params = new URLSearchParams();
  const safe = safeReturnPath(next);
  if (safe && safe !== "/") params.set("next", safe);
  if (notice) params.set("notice", notice);
  const query = params.toString();
  return query ? `/sign-in?${query}` : "/sign-in";
}

const storageKey = "office:next";

/**
 * Keeps `next` on this device while the person fetches the mailed link (which opens in a new tab and
 * carries no `next` of its own); read once after signing in.
 */
export function rememberReturnPath(storage: Storage, next: string | undefined): void {
  const safe = safeReturnPath(next);
  if (safe) storage.setItem(storageKey, safe);
  else storage.removeItem(storageKey);
}

export function takeReturnPath(storage: Storage): string | undefined {
  const value = storage.getItem(storageKey);
  storage.removeItem(storageKey);
  return safeReturnPath(value);
}
