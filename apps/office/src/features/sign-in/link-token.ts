/**
 * The token of a mailed sign-in link, from the address's fragment (`#token=...`): a fragment never
 * reaches a server, a log or a Referer. Read once on arrival; then `clearFragment` wipes it from the
 * address bar and the history entry (history.replaceState), so it is neither bookmarked nor left on screen.
 */
export function readLinkToken(hash: string): string | undefined {
  const fragment = hash.startsWith("#") ? hash.slice(1) : hash;
  if (fragment === "") return undefined;
  const token = new URLSearchParams(fragment).get("token");
  return token ? token : undefined;
}

export function clearFragment(location: Location, history: History): void {
  if (location.hash === "") return;
  history.replaceState(history.state, "", `${location.pathname}${location.search}`);
}
