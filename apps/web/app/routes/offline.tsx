import { offlinePath } from "@site/shared/service-worker";
import { useLocalePath, useMessages } from "../i18n/messages";
import { seo, type PageInfo } from "../lib/seo";
import { offlineMarkers } from "../service-worker/offline-page";

export const meta = ({ messages, locale }: PageInfo) =>
  seo({
    title: messages.offlineMessages.title,
    description: messages.offlineMessages.description,
    path: offlinePath,
    locale,
    noindex: true,
  });

/**
 * What the service worker shows for a page that is neither online nor saved on the device (precached with
 * each release). The worker lists the saved pages in place of the "nothing saved" paragraph and points
 * "Try again" at the page that was asked for (service-worker/offline-page.ts); as prerendered, the page
 * says nothing is saved and "Try again" leads home.
 */
export default function OfflinePage() {
  const { offlineMessages } = useMessages();
  const home = useLocalePath()("/");
  return (
    <section className="section offline" aria-labelledby="offline-title">
      <div className="container container--narrow">
        <h1 id="offline-title">{offlineMessages.title}</h1>
        <p>{offlineMessages.text}</p>
        <a href={home} className="button button--primary" {...{ [offlineMarkers.retry]: "" }}>
          {offlineMessages.retry}
        </a>
        <h2 className="offline__heading">{offlineMessages.availableHeading}</h2>
        <p className="offline__none" {...{ [offlineMarkers.list]: "" }}>
          {offlineMessages.none}
        </p>
      </div>
    </section>
  );
}
