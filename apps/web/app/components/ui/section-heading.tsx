import type { ReactNode } from "react";

/** A section's eyebrow, heading and optional intro, styled the same on every page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "start",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  align?: "start" | "center";
}) {
  return (
    <div className={`section-heading section-heading--${align}`}>
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {intro ? <p className="section-heading__intro">{intro}</p> : null}
    </div>
  );
}
