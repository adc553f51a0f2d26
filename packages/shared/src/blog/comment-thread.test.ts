import { describe, expect, it } from "vitest";
import { commentMessages } from "../messages/index.js";
import { commentThreadHtml, commentThreadOpenTag } from "./comment-thread.js";

describe("commentThreadHtml", () => {
  it("is the slot with the empty state when there are no comments", () => {
    expect(commentThreadHtml([])).toBe(
      `${commentThreadOpenTag}<p class="comment-thread__empty">${commentMessages.empty}</p></div>`,
    );
  });

  it("lists comments in the given order with name, date and the text as plain text", () => {
    const html = commentThreadHtml([
      { id: "a", name: "Achieng", text: "One\nTwo", createdAt: new Date("2026-11-24T08:00:00Z") },
      {
        id: "b",
        name: `<b>Baraka</b>`,
        text: `<a href="https://evil.example">x</a> & https://y.example`,
        createdAt: new Date("2026-11-24T22:30:00Z"),
      },
    ]);
    expect(html).toContain(`<p class="comment-thread__count">${commentMessages.count(2)}</p>`);
    expect(html.indexOf('id="comment-a"')).toBeLessThan(html.indexOf('id="comment-b"'));
    expect(html).toContain(`<p class="comment__text">One<br>Two</p>`);
    expect(html).toContain("&lt;b&gt;Baraka&lt;/b&gt;");
    expect(html).toContain(
      "&lt;a href=&quot;https://evil.example&quot;&gt;x&lt;/a&gt; &amp; https://y.example",
    );
    expect(html).not.toContain("<a ");
    // Dates in Nairobi's time zone: 22:30 UTC is already the next day there.
    expect(html).toContain(`<time datetime="2026-11-24T08:00:00.000Z">24 November 2026</time>`);
    expect(html).toContain(`<time datetime="2026-11-24T22:30:00.000Z">25 November 2026</time>`);
    // Nothing inside may close the slot early (the API splits the page at the slot's first </div>).
    expect(html.match(/<div/g)).toHaveLength(1);
  });
});
