import type { aboutSections } from "@site/shared/content";
import { useContent, useRoute } from "../i18n/content";
import { useMessages } from "../i18n/messages";
import type { PageInfo } from "../lib/seo";
import { NewsletterBlock } from "../features/newsletter";
import { routeSeo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { SectionHeading } from "../components/ui/section-heading";
import type { ReactNode } from "react";

export const meta = (page: PageInfo) => routeSeo("about", page);
export const islands = [NewsletterBlock];

type SectionId = (typeof aboutSections)[number]["id"];

function TitledCards({
  items,
  numbered = false,
}: {
  items: readonly { title: string; text: string }[];
  numbered?: boolean;
}) {
  return (
    <ul className="card-grid card-grid--3">
      {items.map((item, index) => (
        <li key={item.title} className="card">
          {numbered ? (
            <span className="card__number" aria-hidden="true">
              {String(index + 1).padStart(2, "0")}
            </span>
          ) : null}
          <h3 className="card__title">{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export default function AboutPage() {
  const { aboutContent, aboutSections } = useContent();
  const labels = useMessages().siteMessages.statements;
  const { whoWeAre, philosophies, anthem, businessModel, successFactors, whyChooseUs } =
    aboutContent;
  const route = useRoute("about");
  const statements = [
    { label: labels.purpose, text: philosophies.purpose },
    { label: labels.vision, text: philosophies.vision },
    { label: labels.mission, text: philosophies.mission },
    { label: labels.motto, text: philosophies.motto },
    { label: labels.tagline, text: philosophies.tagline },
    { label: labels.promise, text: philosophies.promise },
    { label: labels.positioning, text: philosophies.positioning },
    { label: labels.inspiration, text: philosophies.inspiration },
  ];

  // Each anchored section's body, in the order aboutSections lists them.
  const bodies: Record<SectionId, ReactNode> = {
    "who-we-are": whoWeAre.paragraphs.map((paragraph) => (
      <p key={paragraph} className="prose">
        {paragraph}
      </p>
    )),
    "our-corporate-philosophies": (
      <>
        <dl className="statements">
          {statements.map((statement) => (
            <div key={statement.label} className="statements__item">
              <dt>{statement.label}</dt>
              <dd>{statement.text}</dd>
            </div>
          ))}
        </dl>
        <h3 className="subheading">{philosophies.coreValuesHeading}</h3>
        <TitledCards items={philosophies.coreValues} />
      </>
    ),
    "our-anthem": (
      <figure className="anthem">
        <figcaption>
          <span className="anthem__title">{anthem.title}</span>
          <span className="anthem__intro">{anthem.intro}</span>
        </figcaption>
        <div className="anthem__verses">
          {anthem.verses.map((verse) => (
            <p key={verse[0]} className="anthem__verse">
              {verse.map((line, index) => (
                <span
                  key={line}
                  className={index === 0 && line.endsWith(":") ? "anthem__label" : undefined}
                >
                  {line}
                  <br />
                </span>
              ))}
            </p>
          ))}
        </div>
      </figure>
    ),
    "our-business-model": <TitledCards items={businessModel} numbered />,
    "our-critical-success-factors": <TitledCards items={successFactors} numbered />,
    "why-choose-us": (
      <>
        <p className="prose">{whyChooseUs.intro}</p>
        <TitledCards items={whyChooseUs.points} />
      </>
    ),
  };

  return (
    <>
      <PageHero eyebrow={philosophies.tagline} title={route.title} lead={philosophies.purpose} />
      {aboutSections.map((section, index) => (
        <section
          key={section.id}
          id={section.id}
          className={`section about-section${index % 2 === 1 ? " section--alt" : ""}`}
          aria-labelledby={`${section.id}-title`}
        >
          <div className="container">
            <SectionHeading id={`${section.id}-title`} title={section.heading} />
            {bodies[section.id]}
          </div>
        </section>
      ))}
      <NewsletterBlock />
    </>
  );
}
