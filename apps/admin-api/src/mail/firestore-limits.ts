import {
  FieldValue,
  Timestamp,
  type CollectionReference,
  type DocumentData,
  type Transaction,
} from "firebase-admin/firestore";
import { newMailDocument } from "./firestore-document.js";
import { automaticMailWindowMs, utcDay } from "./limit-window.js";
import { dailyCapNoticeMail } from "./daily-cap-notice.js";
import type { NewMail, SkippedMail } from "./port.js";

/**
 * An automatic mail a cap left out, kept so the office can show it: HELD (mail/port.ts), the cap in
 * delivery.error, no body, never due. Its contact is its own meta's (the writes that pass theirs apart
 * leave it out; the recipient's key still finds it for a person's data).
 */
function heldMailDocument(item: NewMail, reason: SkippedMail["reason"], at: Date): DocumentData {
  const document = newMailDocument(item, item.meta.contactId ?? null);
  return {
    ...document,
    message: { ...(document["message"] as DocumentData), text: "", html: "" },
    // The emulator applies no server timestamp inside a map: the end is the limit's own clock.
    delivery: {
      ...(document["delivery"] as DocumentData),
      state: "HELD",
      error: reason,
      endTime: Timestamp.fromDate(at),
    },
    state: "HELD",
    dueAt: null,
    bodyPurgedAt: FieldValue.serverTimestamp(),
  };
}

export /** What `readMailLimits` decided for the mails of one write. */
interface MailLimitPlan {
  accepted: NewMail[];
  skipped: SkippedMail[];
  /**
   * Stores the counters of the accepted limited mails, and queues the firm's daily-cap notice when this
   * write is the first of its UTC day that the cap refused; call after the write's other writes are queued.
   */
  write(transaction: Transaction): void;
}

/**
 * Reads, inside `transaction` and before any of its writes (Firestore wants every read first), the
 * counters the limited mails among `items` need, and decides each: the rolling 24 hours of its
 * recipient's document, then the UTC day's count. Real Firestore serialises transactions that touch
 * the same counter, so two submissions cannot both take the last slot. The day's document also records
 * that the firm was told the cap was reached (`capNoticeQueued`), so it is told once a day.
 */
export async function readMailLimits(
  { mailLimits, mail }: { mailLimits: CollectionReference; mail: CollectionReference },
  transaction: Transaction,
  items: readonly NewMail[],
): Promise<MailLimitPlan> {
  const limits = items.flatMap((item) => (item.limit === undefined ? [] : [item.limit]));
  const ids = [
    ...new Set(
      limits.flatMap((limit) => [limit.recipientKey, `day-${utcDay(limit.now.getTime())}`]),
    ),
  ];
  const snapshots =
    ids.length > 0 ? await transaction.getAll(...ids.map((id) => mailLimits.doc(id))) : [];
  const times = new Map<string, number[]>();
  const counts = new Map<string, number>();
  const noticed = new Set<string>();
  snapshots.forEach((snapshot, index) => {
    const id = ids[index] ?? "";
    const data = snapshot.data() ?? {};
    if (id.startsWith("day-")) {
      counts.set(id, typeof data["count"] === "number" ? data["count"] : 0);
      if (data["capNoticeQueued"] === true) noticed.add(id);
    } else
      times.set(
        id,
        Array.isArray(data["queuedAt"])
          ? data["queuedAt"].flatMap((t: unknown) => (t instanceof Timestamp ? [t.toMillis()] : []))
          : [],
      );
  });
  const changed = new Set<string>();
  const accepted: NewMail[] = [];
  const skipped: SkippedMail[] = [];
  const notices: NewMail[] = [];
  const held: DocumentData[] = [];
  for (const item of items) {
    const limit = item.limit;
    if (limit === undefined) {
      accepted.push(item);
      continue;
    }
    const now = limit.now.getTime();
    const day = `day-${utcDay(now)}`;
    const recent = (times.get(limit.recipientKey) ?? []).filter(
      (t) => t > now - automaticMailWindowMs,
    );
    const reason: SkippedMail["reason"] | null =
      recent.length >= limit.perRecipient
        ? "recipient-limit"
        : (counts.get(day) ?? 0) >= limit.dailyCap
          ? "daily-cap"
          : null;
    if (reason !== null) {
      skipped.push({ kind: item.meta.kind, to: item.message.to, reason });
      held.push(heldMailDocument(item, reason, limit.now));
      if (reason === "daily-cap" && !noticed.has(day)) {
        notices.push(
          dailyCapNoticeMail({
            inbox: limit.dailyCapNotice.inbox,
            cap: limit.dailyCap,
            at: limit.now,
          }),
        );
        noticed.add(day);
        changed.add(day);
      }
      continue;
    }
    times.set(limit.recipientKey, [...recent, now]);
    counts.set(day, (counts.get(day) ?? 0) + 1);
    changed.add(limit.recipientKey).add(day);
    accepted.push(item);
  }
  return {
    accepted,
    skipped,
    write(transaction) {
      for (const id of changed) {
        const ref = mailLimits.doc(id);
        if (id.startsWith("day-")) {
          const dayStart = Date.parse(`${id.slice(4)}T00:00:00Z`);
          transaction.set(ref, {
            count: counts.get(id) ?? 0,
            capNoticeQueued: noticed.has(id),
            expireAt: Timestamp.fromMillis(dayStart + 2 * automaticMailWindowMs),
          });
        } else {
          const queued = times.get(id) ?? [];
          transaction.set(ref, {
            queuedAt: queued.map((t) => Timestamp.fromMillis(t)),
            expireAt: Timestamp.fromMillis(Math.max(...queued) + automaticMailWindowMs),
          });
        }
      }
      for (const notice of notices) transaction.create(mail.doc(), newMailDocument(notice, null));
      for (const document of held) transaction.create(mail.doc(), document);
    },
  };
}
