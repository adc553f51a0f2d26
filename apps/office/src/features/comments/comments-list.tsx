import { useId } from "react";
import type { CommentAction, QueueComment } from "@site/shared/office";
import type { OfficeText } from "../../i18n/en";
import { useIntlLocale, useText } from "../../i18n/text";
import { formatDateTime } from "../../lib/format";
import { useMediaQuery } from "../../lib/use-media-query";
import { DecisionButtons } from "./decision-buttons";
import { statusText } from "./decision-report";

interface ListProps {
  comments: QueueComment[];
  caption: string;
  /** What can be done to these comments (none: no checkboxes, no buttons). */
  actions: CommentAction[];
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  onDecide: (action: CommentAction, ids: string[]) => void;
  busy: boolean;
}

/** A row's or card's buttons, each named with the comment's author ("Approve the comment by …"). */
function RowButtons({
  comment,
  actions,
  onDecide,
  busy,
  text,
}: Pick<ListProps, "actions" | "onDecide" | "busy"> & { comment: QueueComment; text: OfficeText }) {
  const t = text.comments;
  return (
    <DecisionButtons
      ids={[comment.id]}
      actions={actions}
      labels={{
        approve: t.approveOne(comment.name),
        reject: t.rejectOne(comment.name),
        spam: t.spamOne(comment.name),
        hide: t.hideOne(comment.name),
      }}
      onDecide={onDecide}
      busy={busy}
    />
  );
}

/** A comment's checkbox with its own label (visually hidden: the row shows whose comment it is). */
function SelectBox({
  comment,
  selected,
  onSelect,
  text,
}: Pick<ListProps, "selected" | "onSelect"> & { comment: QueueComment; text: OfficeText }) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        type="checkbox"
        checked={selected.has(comment.id)}
        onChange={(event) => {
          const next = new Set(selected);
          if (event.currentTarget.checked) next.add(comment.id);
          else next.delete(comment.id);
          onSelect(next);
        }}
      />
      <label htmlFor={id} className="visually-hidden">
        {text.comments.selectOne(comment.name)}
      </label>
    </>
  );
}

/** The comment's post: a link to its page in the comment's language (the public site, not the office). */
const PostLink = ({ comment }: { comment: QueueComment }) => (
  <a href={comment.post.path}>{comment.post.title}</a>
);

function CommentsTable({
  comments,
  caption,
  actions,
  selected,
  onSelect,
  onDecide,
  busy,
}: ListProps) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const allId = useId();
  const t = text.comments;
  const columns = t.columns;
  const all = comments.length > 0 && comments.every((comment) => selected.has(comment.id));
  return (
    <div className="table-scroll">
      <table className="comments-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {actions.length > 0 ? (
              <th scope="col">
                <input
                  id={allId}
                  type="checkbox"
                  checked={all}
                  onChange={(event) =>
                    onSelect(new Set(event.currentTarget.checked ? comments.map((c) => c.id) : []))
                  }
                />
                <label htmlFor={allId} className="visually-hidden">
                  {t.selectAll}
                </label>
              </th>
            ) : null}
            <th scope="col">{columns.received}</th>
            <th scope="col">{columns.name}</th>
            <th scope="col">{columns.comment}</th>
            <th scope="col">{columns.post}</th>
            <th scope="col">{columns.locale}</th>
            <th scope="col">{columns.status}</th>
            {actions.length > 0 ? <th scope="col">{columns.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {comments.map((comment) => (
            <tr key={comment.id} className={`status-${comment.status}`}>
              {actions.length > 0 ? (
                <td>
                  <SelectBox
                    comment={comment}
                    selected={selected}
                    onSelect={onSelect}
                    text={text}
                  />
                </td>
              ) : null}
              <td className="nowrap">{formatDateTime(comment.createdAt, intlLocale)}</td>
              <th scope="row">
                {comment.name}
                <br />
                <span className="label">{comment.email}</span>
              </th>
              <td>
                <p className="message-text">{comment.text}</p>
              </td>
              <td>
                <PostLink comment={comment} />
              </td>
              <td>{text.locale[comment.locale]}</td>
              <td>{statusText(comment, text)}</td>
              {actions.length > 0 ? (
                <td>
                  <RowButtons
                    comment={comment}
                    actions={actions}
                    onDecide={onDecide}
                    busy={busy}
                    text={text}
                  />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone: one card per comment, its author the heading, the text, then the rest as pairs. */
function CommentCards({
  comments,
  caption,
  actions,
  selected,
  onSelect,
  onDecide,
  busy,
}: ListProps) {
  const text = useText();
  const intlLocale = useIntlLocale();
  const columns = text.comments.columns;
  return (
    <ul className="lead-cards" aria-label={caption}>
      {comments.map((comment) => (
        <li key={comment.id} className={`lead-card status-${comment.status}`}>
          <h2 className="lead-card-name">{comment.name}</h2>
          {actions.length > 0 ? (
            <p>
              <SelectBox comment={comment} selected={selected} onSelect={onSelect} text={text} />
            </p>
          ) : null}
          <p className="message-text">{comment.text}</p>
          <dl className="pairs">
            <dt>{columns.post}</dt>
            <dd>
              <PostLink comment={comment} />
            </dd>
            <dt>{columns.received}</dt>
            <dd>{formatDateTime(comment.createdAt, intlLocale)}</dd>
            <dt>{columns.status}</dt>
            <dd>{statusText(comment, text)}</dd>
            <dt>{columns.locale}</dt>
            <dd>{text.locale[comment.locale]}</dd>
          </dl>
          {actions.length > 0 ? (
            <RowButtons
              comment={comment}
              actions={actions}
              onDecide={onDecide}
              busy={busy}
              text={text}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The page of comments: a table where there is room for one (48rem and wider), cards on a phone. */
export function CommentsList(props: ListProps) {
  const wide = useMediaQuery("(min-width: 48rem)");
  if (props.comments.length === 0) return null;
  return wide ? <CommentsTable {...props} /> : <CommentCards {...props} />;
}
