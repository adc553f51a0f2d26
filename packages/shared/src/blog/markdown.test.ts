import { describe, expect, it } from "vitest";
import { isSafeLink, readingMinutes, renderMarkdown } from "./markdown.js";

/** Every attribute name of every element in `html`, lower-cased. */
const attributeNames = (html: string) =>
  [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) =>
    [...tag[0].matchAll(/\s([a-z-]+)=/gi)].map((match) => match[1]?.toLowerCase()),
  );

describe("renderMarkdown with hostile input", () => {
  it("writes a <script> element out as text, never as an element", () => {
    const { html } = renderMarkdown(
      'Hello <script>alert("x")</script> world\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("turns raw HTML blocks and inline tags into text", () => {
    const { html } = renderMarkdown(
      '<div class="x"><iframe src="https://evil.example"></iframe></div>\n\nText with <b onclick="steal()">bold</b>.',
    );
    expect(html).not.toMatch(/<(div|iframe|b)\b/i);
    expect(html).toContain("&lt;iframe");
  });

  it("keeps an onerror attribute as inert text, not an attribute", () => {
    const { html } = renderMarkdown(
      '<img src=x onerror="alert(1)">\n\nand ![pic](x" onerror="alert(1))',
    );
    expect(html).not.toMatch(/<img/i);
    expect(attributeNames(html)).not.toContain("onerror");
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/png;base64,iVBORw0KGgo=",
    "file:///etc/passwd",
    "//evil.example/path",
  ])("does not make a link of %s", (href) => {
    const { html } = renderMarkdown(`[click me](${href}) and <${href}>`);
    expect(html).not.toMatch(/<a\b/i);
    expect(html).not.toMatch(/href="(javascript|vbscript|data|file):/i);
  });

  it("does not render images, even from a data: URL", () => {
    const { html } = renderMarkdown(
      "![tracker](https://evil.example/pixel.gif) ![x](data:image/gif;base64,R0lGOD)",
    );
    expect(html).not.toMatch(/<img/i);
  });

  it("escapes quotes in a link so they cannot break out of the href attribute", () => {
    const { html } = renderMarkdown('[x](https://example.org/"onmouseover="alert(1))');
    expect(attributeNames(html)).not.toContain("onmouseover");
  });
});

describe("renderMarkdown for posts", () => {
  it("gives headings unique ids from their text and lists the h2 and h3 headings", () => {
    const { html, headings } = renderMarkdown(
      "## The Board's Role\n\ntext\n\n### Step 1: Ask\n\n## The Board's Role\n\n#### Deep",
    );
    expect(html).toContain('<h2 id="the-boards-role">');
    expect(html).toContain('<h2 id="the-boards-role-2">');
    expect(html).toContain('<h4 id="deep">');
    expect(headings).toEqual([
      { id: "the-boards-role", text: "The Board's Role", level: 2 },
      { id: "step-1-ask", text: "Step 1: Ask", level: 3 },
      { id: "the-boards-role-2", text: "The Board's Role", level: 2 },
    ]);
  });

  it("opens links to other sites safely and marks them as external, in words for screen readers", () => {
    const { html } = renderMarkdown(
      "See the [regulator](https://www.sasra.go.ke) or [contact us](/contact).",
    );
    expect(html).toContain(
      '<a href="https://www.sasra.go.ke" target="_blank" rel="noopener noreferrer external">regulator<span class="visually-hidden"> (external link, opens in a new tab)</span></a>',
    );
    expect(html).toContain('<a href="/contact">contact us</a>');
  });

  it("counts the words a reader reads, not the markup", () => {
    expect(renderMarkdown("## Two words\n\n- **one** [two](https://x.example) three").words).toBe(
      5,
    );
  });

  it("rounds reading time up to whole minutes, at least one", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(200)).toBe(1);
    expect(readingMinutes(201)).toBe(2);
    expect(readingMinutes(1138)).toBe(6);
  });

  it("accepts web, mail and site links only", () => {
    expect(isSafeLink("https://example.org")).toBe(true);
    expect(isSafeLink("mailto:info@example.org")).toBe(true);
    expect(isSafeLink("/contact#form")).toBe(true);
    expect(isSafeLink("#section")).toBe(true);
    expect(isSafeLink("tel:+254700")).toBe(false);
  });
});
