import { useContent } from "../i18n/content";
import { useLocale } from "../i18n/messages";
import { formatDate } from "../lib/format";
import type { PageInfo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { routeSeo } from "../lib/seo";

export const meta = (page: PageInfo) => routeSeo("privacy", page);

/** /privacy: the notice each form links to; its version is what the forms record with consent. */
export default function PrivacyPage() {
  const { heading, intro, sections, version, contact, contactLead, versionLead } =
    useContent().privacyNotice;
  const locale = useLocale();
  return (
    <>
      <PageHero title={heading} lead={intro[0]} />
      <section className="section">
        <div className="container container--narrow">
          {intro.slice(1).map((paragraph) => (
            <p key={paragraph} className="prose">
              {paragraph}
            </p>
          ))}
          {sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              <ul className="prose">
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ))}
          <p className="prose">
            {`${contactLead} `}
            <a href={contact.href}>{contact.label}</a>.
          </p>
          <p className="prose">
            {`${versionLead} `}
            <time dateTime={version}>{formatDate(version, locale)}</time>.
          </p>
        </div>
      </section>
    </>
  );
}
