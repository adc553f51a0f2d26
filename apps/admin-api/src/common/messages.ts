import { messageText, type MessageRef } from "@site/shared/i18n/message-ref";
import { messageSources } from "@site/shared/i18n/message-sources";
import { withFieldErrorRefs } from "@site/shared/schemas";

/**
 * The English words of a catalogue message: what the log, the form result page's fallback and an answer
 * in English say. A ref made with `messageRef` names a key of the catalogue (checked when compiled); one
 * whose parameters are missing is a mistake in the code, so it throws rather than answer a key.
 */
export function englishOf(ref: MessageRef): string {
  const text = messageText(ref, messageSources);
  if (text === undefined)
    throw new Error(`The message ${ref.key} is not in the catalogue or lacks its values`);
  return text;
}

/**
 * Field errors the API makes itself (an unknown notice version, a malformed submission key, an unknown
 * post) in the shape the schemas give them (`fieldErrorsOf`): each field's English words, with its key
 * riding along unseen, so the answer says it in the submission's language.
 */
export function keyedFieldErrors(
  refs: Readonly<Record<string, MessageRef>>,
): Record<string, string> {
  const texts = Object.fromEntries(
    Object.entries(refs).map(([field, ref]) => [field, englishOf(ref)]),
  );
  return withFieldErrorRefs(texts, refs);
}
