import { Link } from "../components/ui/site-link";
import { useContent, useRoute } from "../i18n/content";
import { useLocale, useMessages } from "../i18n/messages";
import { formatNumber } from "../lib/format";
import type { PageInfo } from "../lib/seo";
import { blogPosts } from "@site/shared/blog/posts";
import { LatestPosts } from "../features/blog";
import { NewsletterBlock } from "../features/newsletter";
import { organizationJsonLd, routeSeo, siteSeo } from "../lib/seo";
import { Accordion } from "../components/ui/accordion";
import { SectionHeading } from "../components/ui/section-heading";
import { Steps } from "../components/ui/steps";
import { HeroIllustration } from "../illustrations/hero-illustration";
import { CardGlyph } from "../illustrations/card-glyph";

export const meta = (page: PageInfo) => routeSeo("home", page);
/**
 * The firm's structured data, on its home page only (as search engines ask: the page that stands for the
 * organization), not on every page: 210-280 bytes of brotli each page's answer could not spare.
 */
export const jsonLd = ({ content }: PageInfo) => organizationJsonLd(siteSeo(content), content);
export const islands = [NewsletterBlock];

export default function HomePage() {
  const { homeContent, geographies, sectors, serviceCategories } = useContent();
  const labels = useMessages().siteMessages.figures;
  const locale = useLocale();
  const { hero, whoWeAre, serviceCards, whyPartner, howItWorks, faq } = homeContent;
  // Figures derived from the content itself, so they can never drift from the lists they count.
  const figures = [
    { value: formatNumber(geographies.length, locale), label: labels.geographies },
    { value: formatNumber(sectors.length, locale), label: labels.sectors },
    { value: formatNumber(serviceCategories.length, locale), label: labels.serviceLines },
  ];
  return (
    <>
      <section className="home-hero" aria-labelledby="home-hero-title">
        <div className="container home-hero__inner">
          <div className="home-hero__copy">
            <p className="eyebrow">{hero.eyebrow}</p>
            <h1 id="home-hero-title">{hero.heading}</h1>
            <p className="home-hero__lead">{hero.text}</p>
            <div className="button-row">
              <Link to={hero.primary.href} className="button button--primary button--large">
                {hero.primary.label}
              </Link>
              <Link to={hero.secondary.href} className="button button--ghost button--large">
                {hero.secondary.label}
              </Link>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="section" aria-labelledby="who-we-are">
        <div className="container split">
          <div>
            <SectionHeading id="who-we-are" title={whoWeAre.heading} />
            {whoWeAre.paragraphs.map((paragraph) => (
              <p key={paragraph} className="prose">
                {paragraph}
              </p>
            ))}
          </div>
          <dl className="figures">
            {figures.map((figure) => (
              <div key={figure.label} className="figures__item">
                <dt>{figure.label}</dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="home-services">
        <div className="container">
          <SectionHeading id="home-services" title={useRoute("services").title} align="center" />
          <ul className="card-grid card-grid--3">
            {serviceCards.map((card, index) => (
              <li key={card.title} className="card card--link">
                <CardGlyph index={index} />
                <h3 className="card__title">
                  <Link to={card.href} className="card__cover-link">
                    {card.title}
                  </Link>
                </h3>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="why-partner">
        <div className="container">
          <SectionHeading
            id="why-partner"
            title={whyPartner.heading}
            intro={whyPartner.intro}
            align="center"
          />
          <ul className="card-grid card-grid--3">
            {whyPartner.points.map((point, index) => (
              <li key={point.title} className="feature">
                <span className="feature__index" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3>{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="how-it-works">
        <div className="container">
          <SectionHeading
            id="how-it-works"
            title={howItWorks.heading}
            intro={howItWorks.intro}
            align="center"
          />
          <Steps steps={howItWorks.steps} />
          <div className="button-row button-row--center">
            <Link to={howItWorks.cta.href} className="button button--accent button--large">
              {howItWorks.cta.label}
            </Link>
          </div>
        </div>
      </section>

      <LatestPosts posts={blogPosts} />

      <section className="section" aria-labelledby="faq">
        <div className="container container--narrow">
          <SectionHeading id="faq" title={faq.heading} align="center" />
          <Accordion
            items={faq.items.map((item, index) => ({
              id: `faq-${index + 1}`,
              title: item.question,
              content: <p>{item.answer}</p>,
            }))}
          />
        </div>
      </section>

      <NewsletterBlock />
    </>
  );
}
