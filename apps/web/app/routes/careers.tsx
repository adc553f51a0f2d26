import { useContent } from "../i18n/content";
import type { PageInfo } from "../lib/seo";
import { routeSeo } from "../lib/seo";

export const meta = (page: PageInfo) => routeSeo("careers", page);

export default function CareersPage() {
  const { tag, heading, paragraphs, cta } = useContent().careersContent;
  return (
    <section className="section careers" aria-labelledby="careers-title">
      <div className="container container--narrow careers__card">
        <p className="tag">{tag}</p>
        <h1 id="careers-title">{heading}</h1>
        {paragraphs.map((paragraph) => (
          <p key={paragraph} className="prose">
            {paragraph}
          </p>
        ))}
        <a href={cta.href} className="button button--primary button--large">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M3 5h18v14H3Zm2 2v.5l7 4.6 7-4.6V7Zm14 2.9-7 4.6-7-4.6V17h14Z"
              fill="currentColor"
              fillRule="evenodd"
            />
          </svg>
          {cta.label}
        </a>
      </div>
    </section>
  );
}
