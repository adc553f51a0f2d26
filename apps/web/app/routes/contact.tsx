import { Link } from "../components/ui/site-link";
import { firm } from "@site/shared/content";
import { useContent } from "../i18n/content";
import { useMessages } from "../i18n/messages";
import type { PageInfo } from "../lib/seo";
import { ContactForm } from "../features/contact";
import { routeSeo } from "../lib/seo";
import { PageHero } from "../components/ui/page-hero";
import { SocialIcon } from "../components/ui/social-icon";

export const meta = (page: PageInfo) => routeSeo("contact", page);
export const islands = [ContactForm];

export default function ContactPage() {
  const { siteMessages, contactContent } = useMessages();
  const { supportHours } = useContent().firm;
  const { heading, intro, careersPointer } = contactContent;
  return (
    <>
      <PageHero title={heading} lead={intro} />
      <section className="section">
        <div className="container contact-layout">
          <div className="contact-layout__form">
            <ContactForm />
          </div>
          <aside className="contact-layout__aside" aria-label={siteMessages.contacts}>
            <ul className="contact-points">
              <li>
                <SocialIcon network="email" />
                <a href={`mailto:${firm.email}`}>{firm.email}</a>
              </li>
              <li>
                <SocialIcon network="phone" />
                <a href={firm.phoneHref}>{firm.phone}</a>
              </li>
              <li>
                <SocialIcon network="hours" />
                <span>{supportHours}</span>
              </li>
            </ul>
            <p className="careers-pointer">
              {`${careersPointer.text} `}
              <Link to={careersPointer.link.href}>{careersPointer.link.label}</Link>
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}
