import { Link } from "../components/ui/site-link";
import { notFoundPath } from "@site/shared/content";
import { useMessages } from "../i18n/messages";
import { seo, type PageInfo } from "../lib/seo";

export const meta = ({ messages, locale }: PageInfo) =>
  seo({
    title: messages.notFoundMessages.title,
    description: messages.notFoundMessages.text,
    path: notFoundPath,
    locale,
    noindex: true,
  });

export default function NotFoundPage() {
  const { notFoundMessages } = useMessages();
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <div className="container container--narrow not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">{notFoundMessages.title}</h1>
        <p>{notFoundMessages.text}</p>
        <Link to="/" className="button button--primary button--large">
          {notFoundMessages.action}
        </Link>
      </div>
    </section>
  );
}
