import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Overview } from "@site/shared/office";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { WeekChart } from "../../components/week-chart";
import { useText } from "../../i18n/text";
import { formatDuration } from "../../lib/duration";
import { useOverview } from "./api";

/**
 * Where each figure leads: its list with exactly the filter the API counted it with (router paths; the
 * router adds /admin). The comment queue and the outbox read `status` and `state` from their URLs.
 */
export const overviewLinks = (overview: Overview) => ({
  thisWeek: `/leads?from=${overview.leads.weekFrom}`,
  unanswered: `/leads?status=new&to=${overview.leads.unansweredTo}`,
  median: `/leads?from=${overview.leads.medianFrom}`,
  subscribers: "/subscribers?status=subscribed",
  pendingComments: "/comments?status=pending",
  failedMails: "/outbox?state=failed",
});

function Figure({ to, value, label }: { to: string; value: ReactNode; label: string }) {
  return (
    <li className="figure">
      <Link to={to}>
        <span className="figure-value">{value}</span> <span className="figure-label">{label}</span>
      </Link>
    </li>
  );
}

/** /admin: the first screen: a figure from each list, each a link to that list filtered. */
export function OverviewPage() {
  const all = useText();
  const text = all.overview;
  const overview = useOverview();
  const data = overview.data;
  const links = data ? overviewLinks(data) : null;

  return (
    <>
      <PageHeading title={text.heading} />
      <Notice tone="status">{overview.isPending ? all.loading : null}</Notice>
      <Notice tone="alert">{overview.isError ? errorText(overview.error, all) : null}</Notice>
      {data && links ? (
        <>
          <ul className="figures" aria-label={text.figures}>
            <Figure to={links.thisWeek} value={data.leads.thisWeek} label={text.newLeads} />
            <Figure to={links.unanswered} value={data.leads.unanswered} label={text.unanswered} />
            <Figure
              to={links.median}
              value={
                data.leads.medianFirstAnswerMs === null
                  ? text.noAnswers
                  : formatDuration(data.leads.medianFirstAnswerMs, all.duration)
              }
              label={text.median}
            />
            <Figure
              to={links.subscribers}
              value={data.subscribers.counts.subscribed}
              label={text.subscribers}
            />
            <Figure
              to={links.pendingComments}
              value={data.pendingComments}
              label={text.pendingComments}
            />
            <Figure to={links.failedMails} value={data.failedMails} label={text.failedMails} />
          </ul>
          <section aria-labelledby="overview-trend">
            <h2 id="overview-trend">{text.trendHeading}</h2>
            <WeekChart weeks={data.subscribers.weeks} />
          </section>
        </>
      ) : null}
    </>
  );
}
