import { Link } from "react-router";
import { contactContent, firm, routeById } from "@site/shared/content";
import { ContactForm } from "../features/contact";
import { routeSeo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { SocialIcon } from "../components/ui/social-icon";

export const meta = () => routeSeo(routeById("contact"));
export const islands = [ContactForm];

export default function ContactPage() {
  const { heading, intro, careersPointer } = contactContent;
  return (
    <>
      <PageHero title={heading} lead={intro} />
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-layout__form">
            <ContactForm />
          </div>
          <aside className="contact-layout__aside" aria-label={`${firm.name} contacts`}>
            <ul className="contact-points">
              <li>
                <SocialIcon network="email" />
                <a href={`mailto:${firm.email}`}>{firm.email}</a>
              </li>
              <li>
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M6.6 10.8a15 15 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.3 11.4 11.4 0 0 0 3.6.6 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.2.2 2.5.6 3.6a1 1 0 0 1-.3 1Z"
                    fill="currentColor"
                  />
                </svg>
                <a href={firm.phoneHref}>{firm.phone}</a>
              </li>
              <li>
                <svg
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 10.4 3.5 2.1-1 1.7L11 13V6h2Z"
                    fill="currentColor"
                  />
                </svg>
                <span>{firm.supportHours}</span>
              </li>
            </ul>
            <p className="careers-pointer">
              {careersPointer.text}{" "}
              <Link to={careersPointer.link.href}>{careersPointer.link.label}</Link>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
