import { Link } from "../ui/site-link";
import { firm } from "@site/shared/content";
import { useContent } from "../../i18n/content";
import { useMessages } from "../../i18n/messages";
import { BrandMark } from "./logo";
import { ScrollToTopButton } from "./scroll-to-top-button";

/** The site footer: the firm in a sentence, link columns, geographies, contacts, socials, copyright. */
export function Footer() {
  const { footerColumns, geographies, firm: firmText } = useContent();
  const text = useMessages().siteMessages;
  const { linksAndResources, coreServices } = footerColumns;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section className="site-footer__about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__brand">
            <BrandMark size={32} />
            <span>{firm.name}</span>
          </h2>
          <p className="site-footer__summary">{firmText.summary}</p>
          <ul className="site-footer__socials">
            {firmText.socials.map((social) => (
              <li key={social.network}>
                <a
                  href={social.href}
                  className="social-link"
                  aria-label={text.socialOn(social.label)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {/* The glyph's file as a mask (styles/layout.css): not in the page's bytes. */}
                  <span className={`social-link__icon social-link__icon--${social.network}`} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        {[linksAndResources, coreServices].map((column) => (
          <nav key={column.heading} className="site-footer__column" aria-label={column.heading}>
            <h2 className="site-footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section
          className="site-footer__column site-footer__geo"
          aria-labelledby="footer-geographies"
        >
          <h2 id="footer-geographies" className="site-footer__heading">
            {text.footerGeographies}
          </h2>
          <ul className="site-footer__geo-list">
            {geographies.map((place) => (
              <li key={place}>{place}</li>
            ))}
          </ul>
        </section>
        <section className="site-footer__column" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="site-footer__heading">
            {text.footerContact}
          </h2>
          <ul>
            <li>
              <a href={firm.phoneHref}>{firm.phone}</a>
            </li>
            <li>
              <a href={`mailto:${firm.email}`}>{firm.email}</a>
            </li>
            <li>
              <a href={`mailto:${firm.careersEmail}`}>{firm.careersEmail}</a>
            </li>
            <li className="site-footer__hours">{firmText.supportHours}</li>
          </ul>
        </section>
      </div>
      <div className="container site-footer__bottom">
        <p>{text.rights(firm.copyrightYear, firm.legalName)}</p>
        <ScrollToTopButton />
      </div>
    </footer>
  );
}
