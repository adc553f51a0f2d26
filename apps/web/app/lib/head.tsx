import { createContext, useContext, type ReactElement } from "react";
import type { MetaDescriptor } from "react-router";

/**
 * Whether <Head> renders its tags where it stands. React 19 hoists <title>, <meta> and <link> into
 * document.head, and on hydration claims the matching tags already there, so the browser app renders
 * them and keeps them current across navigations. The prerender turns it off: it writes the same tags
 * into the document's <head> itself (see entry.prerender.tsx).
 */
export const HeadTagsInTree = createContext(true);

function tagElement(tag: MetaDescriptor): ReactElement | null {
  const fields = tag as Record<string, unknown>;
  const text = (key: string) =>
    typeof fields[key] === "string" ? (fields[key] as string) : undefined;
  // A link first: its `title` attribute (an alternate feed's name) is not the document's title.
  if (fields["tagName"] === "link")
    return (
      <link
        key={`link:${text("rel")}:${text("type") ?? ""}:${text("hrefLang") ?? ""}`}
        rel={text("rel")}
        href={text("href")}
        hrefLang={text("hrefLang")}
        type={text("type")}
        title={text("title")}
      />
    );
  if (text("title") !== undefined) return <title key="title">{text("title")}</title>;
  const content = text("content");
  if (content === undefined) return null;
  if (text("name") !== undefined)
    return <meta key={`name:${text("name")}`} name={text("name")} content={content} />;
  if (text("property") !== undefined) {
    return (
      <meta
        key={`property:${text("property")}:${content}`}
        property={text("property")}
        content={content}
      />
    );
  }
  return null;
}

/** A page's title, description, canonical and social tags (as built by lib/seo.ts). */
export function Head({ tags }: { tags: readonly MetaDescriptor[] }) {
  const inTree = useContext(HeadTagsInTree);
  return inTree ? <>{tags.map(tagElement)}</> : null;
}
