import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { offlineMessages } from "@site/shared/messages";
import OfflinePage from "../routes/offline";
import { fillOfflinePage, titleOf } from "./offline-page";

/** The offline page as the prerender writes it (its body; the worker edits only that). */
const prerendered = renderToStaticMarkup(<OfflinePage />);

function parse(html: string): Document {
  const doc = document.implementation.createHTMLDocument("offline");
  doc.body.innerHTML = html;
  return doc;
}

describe("the offline page the service worker answers with", () => {
  it("as prerendered, says nothing is saved yet and leads home", () => {
    const doc = parse(prerendered);
    expect(doc.querySelector("h1")?.textContent).toBe(offlineMessages.title);
    expect(doc.body.textContent).toContain(offlineMessages.none);
    expect(doc.querySelector("ul")).toBeNull();
    const retry = [...doc.querySelectorAll("a")].find(
      (a) => a.textContent === offlineMessages.retry,
    );
    expect(retry?.getAttribute("href")).toBe("/");
  });

  it("lists the saved pages by title, each a link, in place of the 'nothing saved' sentence", () => {
    const doc = parse(
      fillOfflinePage(
        prerendered,
        [
          { path: "/services", title: "Our Services" },
          { path: "/about", title: "About Us" },
          { path: "/blog/a-post", title: "Risk &amp; reward" },
        ],
        "/careers",
      ),
    );
    const links = [...doc.querySelectorAll("ul a")].map((a) => [
      a.textContent,
      a.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["About Us", "/about"],
      ["Our Services", "/services"],
      ["Risk & reward", "/blog/a-post"],
    ]);
    expect(doc.body.textContent).not.toContain(offlineMessages.none);
    expect(doc.querySelector("h2")?.textContent).toBe(offlineMessages.availableHeading);
  });

  it("points 'Try again' at the page that was asked for, escaped", () => {
    const doc = parse(fillOfflinePage(prerendered, [], '/careers?x="><script>'));
    const retry = [...doc.querySelectorAll("a")].find(
      (a) => a.textContent === offlineMessages.retry,
    );
    expect(retry?.getAttribute("href")).toBe('/careers?x="><script>');
    expect(doc.querySelector("script")).toBeNull();
    expect(doc.body.textContent).toContain(offlineMessages.none);
  });

  it("points 'Try again' at an address with $& or $' in it as it is, adding nothing to the link", () => {
    for (const requested of ["/a$&/onmouseover=alert(1)//", "/a$'/x", "/a$`/x", "/a$$/x"]) {
      const doc = parse(fillOfflinePage(prerendered, [], requested));
      const retry = [...doc.querySelectorAll("a")].find(
        (a) => a.textContent === offlineMessages.retry,
      );
      expect(retry?.getAttribute("href"), requested).toBe(requested);
      expect(retry?.getAttributeNames().sort(), requested).toEqual([
        "class",
        "data-offline-retry",
        "href",
      ]);
    }
  });

  it("lists a title as it is, even with what a replacement string would read as a pattern", () => {
    const doc = parse(
      fillOfflinePage(prerendered, [{ path: "/blog/fees", title: "Fees: US$ 5, $& and $'" }], "/"),
    );
    expect(doc.querySelector("ul a")?.textContent).toBe("Fees: US$ 5, $& and $'");
  });

  it("reads a page's own title, without the site's name, as the page wrote it", () => {
    expect(titleOf("<head><title>About Us | Kilima Advisory</title></head>")).toBe("About Us");
    expect(titleOf("<title>Risk &amp; reward | Kilima</title>")).toBe("Risk &amp; reward");
    expect(titleOf("<title>Plain</title>")).toBe("Plain");
    expect(titleOf("<p>no title</p>")).toBeNull();
  });
});
