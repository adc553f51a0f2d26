import type { ReactNode } from "react";

/** The band at the top of inner pages: eyebrow, the page's h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="page-hero">
      <div className="container page-hero__inner">
        {eyebrow ? <p className="eyebrow eyebrow--light">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
        {children ? <div className="page-hero__actions">{children}</div> : null}
      </div>
      <div className="kente-band" aria-hidden="true" />
    </section>
  );
}
