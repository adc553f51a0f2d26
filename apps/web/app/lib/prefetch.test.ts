import { afterEach, describe, expect, it } from "vitest";
import { noPrefetchAttribute, prefetchOnIntent, savingData, type ConnectionInfo } from "./prefetch";

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.body.replaceChildren();
  for (const hint of document.head.querySelectorAll('link[rel="prefetch"]')) hint.remove();
});

/** The pages fetched ahead so far. */
const hints = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) =>
    link.getAttribute("href"),
  );

function linkTo(href: string, attributes: Record<string, string> = {}) {
  const link = document.createElement("a");
  link.href = href;
  link.textContent = href;
  for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
  document.body.append(link);
  return link;
}

const focus = (element: Element) =>
  element.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));

describe("fetching pages ahead", () => {
  it("fetches another page of the site once when a visitor reaches for its link", () => {
    let connection: ConnectionInfo | undefined = { effectiveType: "4g" };
    stop = prefetchOnIntent(document, () => connection);
    const link = linkTo("/services");
    focus(link);
    focus(link);
    expect(hints()).toEqual(["/services"]);
    connection = undefined;
    focus(linkTo("/careers"));
    expect(hints()).toEqual(["/services", "/careers"]);
  });

  it("leaves alone links within this page, to other sites, to the API, opening new tabs or downloads", () => {
    stop = prefetchOnIntent(document, () => undefined);
    focus(linkTo(`${window.location.pathname}#section`));
    focus(linkTo("https://example.org/elsewhere"));
    focus(linkTo("/api/health"));
    focus(linkTo("/about", { target: "_blank" }));
    focus(linkTo("/brochure.pdf", { download: "" }));
    // A link the page answers itself (the Thought Leadership filter).
    focus(linkTo("/thought-leadership/category/banking", { [noPrefetchAttribute]: "" }));
    expect(hints()).toEqual([]);
  });

  it("fetches nothing ahead under Save-Data or on a 2G connection", () => {
    for (const connection of [
      { saveData: true, effectiveType: "4g" },
      { effectiveType: "2g" },
      { effectiveType: "slow-2g" },
    ]) {
      expect(savingData(connection)).toBe(true);
      stop?.();
      stop = prefetchOnIntent(document, () => connection);
      focus(linkTo("/experts"));
    }
    expect(hints()).toEqual([]);
    expect(savingData({ effectiveType: "3g" })).toBe(false);
    expect(savingData(undefined)).toBe(false);
  });
});
