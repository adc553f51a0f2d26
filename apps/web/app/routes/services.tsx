import { useContent, useRoute } from "../i18n/content";
import type { PageInfo } from "../lib/seo";
import { NewsletterBlock } from "../features/newsletter";
import { routeSeo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { ServiceIllustration } from "../illustrations/service-illustration";

export const meta = (page: PageInfo) => routeSeo("services", page);
export const islands = [NewsletterBlock];

export default function ServicesPage() {
  const route = useRoute("services");
  const { serviceCategories } = useContent();
  return (
    <>
      <PageHero title={route.title} lead={route.description} />
      <section className="section" aria-label={route.title}>
        <ol className="container service-list">
          {serviceCategories.map((service) => (
            <li
              key={service.id}
              id={service.id}
              className="service"
              aria-labelledby={`${service.id}-title`}
            >
              <div className="service__art">
                <ServiceIllustration kind={service.illustration} />
              </div>
              <div className="service__body">
                <p className="service__number">{String(service.number).padStart(2, "0")}</p>
                <h2 id={`${service.id}-title`} className="service__title">
                  {service.title}
                </h2>
                <p className="service__summary">{service.summary}</p>
                <ul className="ticks">
                  {service.bullets.map((bullet) => (
                    <li key={bullet}>{bullet}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <NewsletterBlock />
    </>
  );
}
