import type { z } from "./zod.js";
import { messageRef, messageText, type MessageKey, type MessageRef } from "../i18n/message-ref.js";
import { commentMessages, requestMessages, validationMessages } from "../messages/index.js";

/** The messages the schemas refuse with, in English (the issues' `message`). */
const englishMessages = { commentMessages, requestMessages, validationMessages };

/**
 * A check's error: the English message of `key` as the issue's `message`, and the key itself (with its
 * parameters) as the issue's `messageRef`, read by `messageRefOf`. Zod calls this with the issue it is
 * raising and copies the issue's own properties after (a test checks every refusal of every schema
 * carries its key), so a page in French reads the message's key instead of matching English words.
 */
export function keyed(key: MessageKey, values?: Readonly<Record<string, string | number>>) {
  const ref = messageRef(key, values);
  const english = messageText(ref, englishMessages);
  if (english === undefined) throw new Error(`The schemas' message ${key} is not in the catalogue`);
  return (issue: Record<string, unknown>) => {
    issue["messageRef"] = ref;
    return english;
  };
}

/** A check's error: a text, or the catalogue's message with its key (`keyed`). */
export type CheckError = string | ReturnType<typeof keyed>;

/** The catalogue key of a schema's refusal (see `keyed`), when it has one. */
export function messageRefOf(issue: z.core.$ZodIssue): MessageRef | undefined {
  return (issue as { messageRef?: MessageRef }).messageRef;
}
