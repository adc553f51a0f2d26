import type { MessageTree } from "@site/shared/i18n/message-sources";
import { documentLocale, loadMessages } from "../../i18n/messages";
import { serverText } from "../../lib/api-client";
import {
  discardPending,
  listPending,
  onPendingOutcome,
  sendPending,
  sendWhenOnline,
  type PendingOutcome,
  type PendingSubmission,
} from "../../lib/pending-submissions";
import "../../styles/forms.css";
import "./pending-notice.css";

/**
 * What a visitor sees on a later visit when a form they sent offline is still saved on this device
 * (entry.client.ts loads this only then): a notice at the top of the page listing each saved submission
 * with a Discard button, sending them at once, and saying in a live region what became of each.
 * Plain DOM: the page has no React around it.
 */
export async function showPendingNotice(doc: Document = document): Promise<void> {
  const saved = await listPending();
  const main = doc.querySelector("main");
  if (saved.length === 0 || !main) return;
  // In the page's language (its messages are fetched only now, when there is something to say).
  const { messages } = await loadMessages(documentLocale(doc));
  const { savedSubmissionMessages } = messages;

  const section = doc.createElement("section");
  section.className = "pending-notice";
  section.setAttribute("aria-labelledby", "pending-notice-heading");
  const heading = doc.createElement("h2");
  heading.id = "pending-notice-heading";
  heading.className = "pending-notice__heading";
  heading.textContent = savedSubmissionMessages.heading;
  const list = doc.createElement("ul");
  list.className = "pending-notice__list";
  const status = doc.createElement("p");
  status.className = "pending-notice__status";
  status.setAttribute("role", "status");
  section.append(heading, list, status);
  main.prepend(section);

  const items = new Map<string, HTMLLIElement>();
  const settle = (submission: PendingSubmission, outcome: PendingOutcome) => {
    items.get(submission.key)?.remove();
    items.delete(submission.key);
    status.textContent = describe(submission, outcome, messages);
    if (items.size === 0) list.remove();
  };

  for (const submission of saved) {
    const item = doc.createElement("li");
    item.className = "pending-notice__item";
    const text = doc.createElement("span");
    text.textContent = savedSubmissionMessages.waiting(submission.label);
    const discard = doc.createElement("button");
    discard.type = "button";
    discard.className = "form-discard";
    discard.textContent = savedSubmissionMessages.discard;
    discard.setAttribute("aria-label", savedSubmissionMessages.discardNamed(submission.label));
    discard.addEventListener("click", () => void discardPending(submission.key));
    item.append(text, " ", discard);
    list.append(item);
    items.set(submission.key, item);
    onPendingOutcome(submission.key, (outcome) => settle(submission, outcome));
  }

  await sendPending();
  sendWhenOnline();
}

function describe(
  submission: PendingSubmission,
  outcome: PendingOutcome,
  messages: MessageTree,
): string {
  const { savedSubmissionMessages } = messages;
  switch (outcome.state) {
    case "sent":
      return submission.kind === "contact"
        ? savedSubmissionMessages.contactSent(submission.label)
        : savedSubmissionMessages.subscriptionSent(submission.label);
    case "refused":
      return savedSubmissionMessages.failed(
        submission.label,
        serverText(outcome.error, messages) ?? outcome.error.message,
      );
    case "discarded":
      return savedSubmissionMessages.discarded;
  }
}
