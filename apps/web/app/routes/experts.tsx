import { useContent } from "../i18n/content";
import { useMessages } from "../i18n/messages";
import type { PageInfo } from "../lib/seo";
import { routeSeo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { SocialIcon } from "../components/ui/social-icon";

export const meta = (page: PageInfo) => routeSeo("experts", page);

/** Initials for the portrait placeholder ("Dr. Amani Njoroge" gives "AN"): no photo is published. */
function initials(name: string): string {
  return name
    .replace(/^(Dr|Prof|Mr|Mrs|Ms)\.?\s+/i, "")
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export default function ExpertsPage() {
  const { heading, intro, founder, publicationsHeading, biographyHeading } =
    useContent().expertsContent;
  const { opensInNewTab } = useMessages().thoughtLeadershipMessages;
  const [lead, ...moreIntro] = intro;
  return (
    <>
      <PageHero title={heading} lead={lead} />
      {/* Anchored by the expert's id: a blog post's byline links here (/experts#amani-njoroge). */}
      <section className="section" aria-labelledby="founder-name" id={founder.id}>
        <div className="container expert">
          <aside className="expert__card">
            <div className="expert__portrait" aria-hidden="true">
              <span>{initials(founder.name)}</span>
            </div>
            <h2 id="founder-name" className="expert__name">
              {founder.name}
            </h2>
            <p className="expert__title">{founder.title}</p>
            <ul className="expert__socials">
              {founder.socials.map((social) => {
                const external = !social.href.startsWith("mailto:");
                return (
                  <li key={social.network}>
                    <a
                      href={social.href}
                      className="social-link social-link--dark"
                      aria-label={social.label}
                      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                    >
                      <SocialIcon network={social.network} />
                    </a>
                  </li>
                );
              })}
            </ul>
          </aside>
          <div className="expert__body">
            {moreIntro.map((paragraph) => (
              <p key={paragraph} className="prose">
                {paragraph}
              </p>
            ))}
            <h3 className="subheading">{publicationsHeading}</h3>
            <ul className="link-list">
              {founder.publications.map((publication) => (
                <li key={publication.href}>
                  <a
                    href={publication.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={publication.ariaLabel}
                  >
                    {publication.label}
                    <span className="visually-hidden">{` ${opensInNewTab}`}</span>
                  </a>
                </li>
              ))}
            </ul>
            <h3 className="subheading">{biographyHeading}</h3>
            {founder.biography.map((paragraph) => (
              <p key={paragraph} className="prose">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
