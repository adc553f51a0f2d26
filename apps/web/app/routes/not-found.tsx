import { Link } from "react-router";
import { notFoundPath } from "@site/shared/content";
import { notFoundMessages } from "@site/shared/messages";
import { seo } from "../lib/seo";

export const meta = () =>
  seo({ title: notFoundMessages.title, description: notFoundMessages.text, path: notFoundPath, noindex: true });

export default function NotFoundPage() {
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
