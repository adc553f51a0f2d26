import type { Locale } from "@site/shared/i18n";
import { fieldErrorsOf } from "@site/shared/schemas";
import type { ConsentInput } from "./consent-record.js";
import { resolveConsent } from "./consent.js";
import type { Idempotency } from "./idempotency/fingerprint.js";
import { IdempotencyKeyReusedError, type IdempotencyClaim } from "./idempotency/port.js";
import { submissionLocale } from "./locale.js";
import { decoyId, honeypotFilled, type Outcome, type RequestContext } from "./outcomes.js";

/**
 * The fields every form sends besides its own: the honeypot (`website`), the consent fields (`page`,
 * `noticeVersion`), the submission's key and its language (the shared schemas' submission fields).
 */
export interface SubmissionFields {
  website?: string | undefined;
  page?: string | undefined;
  noticeVersion?: string | undefined;
  idempotencyKey?: string | undefined;
  locale?: Locale | undefined;
}

/** A form's own fields: what it sends besides the SubmissionFields, in the order the schema gives them. */
export type OwnFields<Fields extends SubmissionFields> = Omit<Fields, keyof SubmissionFields>;

/** A form's shared schema, as far as the pipeline uses it. */
export interface SubmissionSchema<Fields> {
  safeParse(
    body: unknown,
  ):
    | { success: true; data: Fields }
    | { success: false; error: Parameters<typeof fieldErrorsOf>[0] };
}

/** What every submission can end in: `Extra` are the capability's own answers. */
export type SubmissionOutcome<Extra extends { kind: string } = never> = Outcome<
  { kind: "dropped"; id: string } | Extra
>;

/** What the pipeline settled about a submission that passed its checks. */
export interface Accepted {
  /** Where and under which notice consent was given (common/consent.ts). */
  consent: ConsentInput;
  /** The language it is answered, stored and mailed in (common/locale.ts). */
  locale: Locale;
}

/**
 * What the capability's write did. `stored`: the submission and its mails were written now; the pipeline
 * calls `reportSkipped` (the automatic mails the limits left out, logged), then wakes the outbox.
 * `replayed`: the key had been used for the same fields and `answer` is the first write's; nothing new
 * was queued. `unchanged`: nothing written, nothing queued (a subscription that already exists).
 */
export type Written<Answer> =
  | { kind: "stored"; answer: Answer; reportSkipped?: () => void }
  | { kind: "replayed" | "unchanged"; answer: Answer };

/**
 * One kind of submission (a contact, a subscription, a comment): its schema, its key's scope and its own
 * steps. `Passed` is what the capability's `screen` hands on to its write (the comment's post).
 */
export interface SubmissionSteps<
  Fields extends SubmissionFields,
  Entry,
  Extra extends { kind: string },
  Passed,
> {
  schema: SubmissionSchema<Fields>;
  scope: IdempotencyClaim["scope"];
  /**
   * The capability's own refusals of a well-formed, non-bot submission, before its consent is read
   * (the comment's unknown post, stale or too-fast form): `refused` answers, `passed` goes on.
   */
  screen: (fields: OwnFields<Fields>) => { refused: SubmissionOutcome<Extra> } | { passed: Passed };
  /**
   * What is stored, and fingerprinted for the key: its properties and their order are the fingerprint,
   * so a change makes the keys already stored count as used for other fields.
   */
  entry: (fields: OwnFields<Fields>, accepted: Accepted) => Entry;
  /** Refusals that read the store, before the key is claimed (the comment's post limit). */
  admit?: (entry: Entry) => Promise<SubmissionOutcome<Extra> | undefined>;
  /** The capability's one write: the entry, its mails and the key's claim, atomically. */
  write: (
    entry: Entry,
    claim: IdempotencyClaim | undefined,
    passed: Passed,
  ) => Promise<Written<SubmissionOutcome<Extra>>>;
}

/** What a service that takes submissions is given for the pipeline, besides its own needs. */
export interface SubmissionDeps {
  /** Answers a repeated submission (same key) with the first answer. */
  idempotency: Idempotency;
  /** Told once a submission and its mails are committed (wakes the outbox). */
  onMailQueued?: (() => void) | undefined;
}

/** For a capability with nothing of its own to refuse before the consent: every submission goes on. */
export const screenNothing = (): { passed: undefined } => ({ passed: undefined });

/**
 * The one way a form's submission is handled, whatever it submits: parsed with its shared schema
 * (invalid: the field messages); a filled honeypot dropped with a decoy id and nothing written; the
 * capability's `screen`; the consent resolved (a notice version the site never showed is invalid) and the
 * language chosen; `admit`; the idempotency key claimed (a malformed key, or header and field that
 * differ, are invalid); then the capability's write. A fresh write reports the mails the limits skipped
 * and tells `onMailQueued`; a repeat under the same key gets the first answer and sends nothing new. A
 * key used before for other fields is `key-reused`; any other failure of the store is `unavailable`,
 * carrying its cause for the log.
 */
export function createSubmission<
  Fields extends SubmissionFields,
  Entry,
  Extra extends { kind: string },
  Passed,
>(
  // The capability's answers are read from what it declares the function returns, not guessed from its steps.
  steps: SubmissionSteps<Fields, Entry, NoInfer<Extra>, Passed>,
  { idempotency, onMailQueued = () => undefined }: SubmissionDeps,
): (body: unknown, context?: RequestContext) => Promise<SubmissionOutcome<Extra>> {
  return async (body, context = {}) => {
    const parsed = steps.schema.safeParse(body);
    if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
    const { website, page, noticeVersion, idempotencyKey, locale, ...fields } = parsed.data;
    if (honeypotFilled(website)) return { kind: "dropped", id: decoyId() };
    const screened = steps.screen(fields);
    if ("refused" in screened) return screened.refused;
    const { refererPath } = context;
    const consent = resolveConsent({ page, noticeVersion, refererPath });
    if (!consent.ok) return { kind: "invalid", fieldErrors: consent.fieldErrors };
    const entry = steps.entry(fields, {
      consent: consent.consent,
      locale: submissionLocale({ locale, page, refererPath }),
    });
    try {
      const refused = await steps.admit?.(entry);
      if (refused) return refused;
      const keyed = idempotency.claimOf(
        steps.scope,
        { header: context.idempotencyKey, field: idempotencyKey },
        entry,
      );
      if (!keyed.ok) return { kind: "invalid", fieldErrors: keyed.fieldErrors };
      const written = await steps.write(entry, keyed.claim, screened.passed);
      if (written.kind === "stored") {
        written.reportSkipped?.();
        onMailQueued();
      }
      return written.answer;
    } catch (cause) {
      if (cause instanceof IdempotencyKeyReusedError) return { kind: "key-reused" };
      return { kind: "unavailable", cause };
    }
  };
}
