import { Link } from "../components/ui/site-link";
import { useContent } from "../i18n/content";
import type { PageInfo } from "../lib/seo";
import { NewsletterBlock } from "../features/newsletter";
import { routeSeo } from "../lib/seo";
import { Accordion } from "../components/ui/accordion";
import { PageHero } from "../components/ui/page-hero";
import { SectionHeading } from "../components/ui/section-heading";
import { Steps } from "../components/ui/steps";

export const meta = (page: PageInfo) => routeSeo("industries", page);
export const islands = [NewsletterBlock];

export default function IndustriesPage() {
  const { industriesContent, sectors } = useContent();
  const { hero, sectorsIntro, solutions, process, support } = industriesContent;
  return (
    <>
      <PageHero title={hero.heading} lead={hero.text}>
        <Link to={hero.cta.href} className="button button--accent button--large">
          {hero.cta.label}
        </Link>
      </PageHero>

      <section className="section" aria-labelledby="sectors">
        <div className="container">
          <SectionHeading id="sectors" title={sectorsIntro.heading} intro={sectorsIntro.text} />
          <ul className="sector-grid">
            {sectors.map((sector) => (
              <li key={sector.name} className="sector">
                <h3 className="sector__name">{sector.name}</h3>
                <p>{sector.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="solutions">
        <div className="container container--narrow">
          <SectionHeading
            id="solutions"
            title={solutions.heading}
            intro={solutions.intro}
            align="center"
          />
          <Accordion
            items={solutions.items.map((item, index) => ({
              id: `solution-${index + 1}`,
              title: item.title,
              content: (
                <>
                  <p>{item.text}</p>
                  <ul className="ticks">
                    {item.points.map((point) => (
                      <li key={point}>{point}</li>
                    ))}
                  </ul>
                </>
              ),
            }))}
          />
        </div>
      </section>

      <section className="section section--dark" aria-labelledby="process">
        <div className="container">
          <SectionHeading id="process" title={process.heading} align="center" />
          <Steps steps={process.steps} />
        </div>
      </section>

      <section className="section" aria-labelledby="support">
        <div className="container support">
          <SectionHeading id="support" title={support.heading} intro={support.text} />
          <div className="button-row">
            {support.links.map((link, index) => (
              <Link
                key={link.label}
                to={link.href}
                className={`button button--large ${index === 0 ? "button--ghost" : "button--primary"}`}
              >
                {link.label}
              </Link>
            ))}
          </div>
        </div>
      </section>

      <NewsletterBlock />
    </>
  );
}
