import { describe, expect, it } from "vitest";
import { escapeHtml, escapeLines } from "./index.js";

describe("the one HTML escaper", () => {
  it("escapes the five HTML-significant characters, in text and in attributes alike", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });

  it("writes plain text with its line breaks as <br>, whatever their kind, escaping first", () => {
    expect(escapeLines("one\r\ntwo\rthree\nfour <b>")).toBe("one<br>two<br>three<br>four &lt;b&gt;");
    expect(escapeLines("one\r\ntwo", "\n")).toBe("one<br>\ntwo");
  });
});
