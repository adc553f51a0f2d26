import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { CommentAction, CommentQueueStatus, CommentsPage as Page } from "@site/shared/office";
import { commentQueueStatuses } from "@site/shared/office/constants";
import { locales } from "@site/shared/i18n";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { Pager } from "../../components/pager";
import { useText } from "../../i18n/text";
import { submittedFilters } from "../../lib/url-filters";
import { useCommentQueue, useDecideComments } from "./api";
import { CommentsList } from "./comments-list";
import { DecisionButtons } from "./decision-buttons";
import { decisionReport } from "./decision-report";
import { filtersToParams, queryString, readFilters, type CommentFilters } from "./filters";

/** The queue with these filters (and page), as a router path. */
export const queuePath = (filters: CommentFilters, cursor?: string) =>
  `/comments${queryString(filtersToParams(filters, cursor))}`;

/** What can be done to comments in each status: decide a pending one, hide a published one. */
export const actionsFor = (status: CommentQueueStatus): CommentAction[] =>
  status === "pending" ? ["approve", "reject", "spam"] : status === "published" ? ["hide"] : [];

function StatusTabs({ filters, counts }: { filters: CommentFilters; counts?: Page["counts"] }) {
  const text = useText();
  return (
    <nav aria-label={text.comments.statusTabs}>
      <ul className="tabs">
        {commentQueueStatuses.map((status) => {
          const label = text.comments.status[status];
          const count = counts?.[status];
          return (
            <li key={status}>
              <Link
                to={queuePath({ ...filters, status })}
                aria-current={filters.status === status ? "page" : undefined}
                className="tab"
              >
                {count === undefined ? label : text.inbox.tabLabel(label, count)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function FilterForm({ filters, posts }: { filters: CommentFilters; posts: Page["posts"] }) {
  const text = useText();
  const navigate = useNavigate();
  const id = useId();

  function apply(event: FormEvent<HTMLFormElement>) {
    // Both fields are choices (a post's slug, a language), so trimming them changes nothing.
    const value = submittedFilters(event);
    void navigate(
      queuePath({
        status: filters.status,
        post: value("post"),
        locale: value("locale"),
      } as CommentFilters),
    );
  }

  return (
    <form
      // Keyed by the filters and the posts (they come with the first page), so the choices show the URL's.
      key={`${queryString(filtersToParams(filters))}:${posts.length}`}
      className="filters"
      onSubmit={apply}
      aria-label={text.comments.filters}
    >
      <div className="field">
        <label htmlFor={`${id}-post`}>{text.comments.postLabel}</label>
        <select id={`${id}-post`} name="post" defaultValue={filters.post ?? ""}>
          <option value="">{text.comments.postAny}</option>
          {posts.map((post) => (
            <option key={post.slug} value={post.slug}>
              {post.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-locale`}>{text.comments.localeLabel}</label>
        <select id={`${id}-locale`} name="locale" defaultValue={filters.locale ?? ""}>
          <option value="">{text.comments.localeAny}</option>
          {locales.map((locale) => (
            <option key={locale} value={locale}>
              {text.locale[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit">{text.comments.apply}</button>
        <Link to={queuePath({ status: filters.status })}>{text.comments.clear}</Link>
      </div>
    </form>
  );
}

/**
 * /admin/comments: one queue across every post, oldest first, 20 a page from the server; the pending
 * comments unless the URL asks for another status (the tabs count each under the post and language
 * filters). Comments are approved, rejected or marked as spam one at a time or many at once (the
 * checkboxes); a published one can be hidden. What each decision did is said, comment by comment, when
 * it did not simply happen (a link in the firm's mail decided it first, say).
 */
export function CommentsPage() {
  const text = useText();
  const t = text.comments;
  const [params] = useSearchParams();
  const { filters, cursor } = readFilters(params);
  const queue = useCommentQueue(filters, cursor);
  const decide = useDecideComments();
  const page = queue.data;
  const listKey = `${filters.status}${queryString(filtersToParams(filters, cursor))}`;
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({
    key: listKey,
    ids: new Set(),
  });
  const [report, setReport] = useState<string[]>([]);
  // Another list (a tab, a filter, a page) starts with nothing selected.
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const actions = actionsFor(filters.status);
  const items = page?.items ?? [];

  function onDecide(action: CommentAction, ids: string[]) {
    const names = new Map(items.map((comment) => [comment.id, comment.name]));
    setReport([]);
    decide.mutate(
      { action, ids },
      {
        onSuccess: (answer) => {
          setReport(decisionReport(action, answer, names, text));
          setSelection({ key: listKey, ids: new Set() });
        },
      },
    );
  }

  return (
    <>
      <PageHeading title={t.heading} />
      <StatusTabs filters={filters} counts={page?.counts} />
      <FilterForm filters={filters} posts={page?.posts ?? []} />
      <Notice tone="status">
        {report.length > 0 ? (
          <ul className="report">
            {report.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : page ? (
          t.shown(page.items.length)
        ) : queue.isPending ? (
          text.loading
        ) : null}
      </Notice>
      <Notice tone="alert">
        {queue.isError
          ? errorText(queue.error, text)
          : decide.isError
            ? errorText(decide.error, text)
            : null}
      </Notice>
      {actions.length > 0 && items.length > 0 ? (
        <section aria-label={t.bulkActions} className="bulk-bar">
          <p>{t.selected(selected.size)}</p>
          <DecisionButtons
            ids={[...selected]}
            actions={actions}
            onDecide={onDecide}
            busy={decide.isPending}
          />
        </section>
      ) : null}
      {page ? (
        <CommentsList
          comments={items}
          caption={t.heading}
          actions={actions}
          selected={selected}
          onSelect={(ids) => setSelection({ key: listKey, ids })}
          onDecide={onDecide}
          busy={decide.isPending}
        />
      ) : null}
      <Pager
        label={t.pages}
        newerText={t.earlier}
        olderText={t.later}
        cursor={cursor}
        nextCursor={page?.nextCursor}
        pathOf={(next) => queuePath(filters, next)}
      />
    </>
  );
}
