/**
 * A mail's text as the office shows it: every link's query and fragment withheld. The firm's mails carry
 * keys in them (`?token=` and `#token=`): a staff member's sign-in link, a subscriber's confirmation or
 * unsubscribe link, a comment's moderation link. Each acts for its one recipient, so nobody reading the
 * outbox may use it: a colleague could sign in as an owner, or confirm a subscription nobody consented to.
 * The page the link opens stays readable.
 */
export const withheldMark = "…";

const link = /\bhttps?:\/\/[^\s<>"()]+/g;

export function withholdLinkKeys(text: string): string {
  return text.replace(link, (found) => {
    const cut = found.search(/[?#]/);
    return cut === -1 ? found : `${found.slice(0, cut)}${withheldMark}`;
  });
}
