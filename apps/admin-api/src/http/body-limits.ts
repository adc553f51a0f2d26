import {
  commentInputSchema,
  contactInputSchema,
  fieldLimits,
  newsletterInputSchema,
  sendEmailRequestSchema,
} from "@site/shared/schemas";

/**
 * The most bytes one character (code point) of a field can take on the wire: 4 UTF-8 bytes, each sent as
 * `%XX` in a form post, is 12; in JSON the worst is a `\uXXXX\uXXXX` surrogate pair, 12 as well. So a
 * field of n characters never takes more than 12n bytes, whatever the script (Amharic, Arabic, Chinese
 * and emoji included) and whichever encoding the browser or client picks.
 */
export const maxEncodedBytesPerCharacter = 12;

/**
 * Around each field's value: its (ASCII) name, and in JSON the quotes, colon and comma, plus a
 * pretty-printer's newline and indentation (the most any encoding adds; a form post adds `=` and `&`).
 */
const bytesAroundField = (name: string) => name.length + '"":"",\n    '.length;

/** `{}` around a JSON body. */
const envelopeBytes = 2;

/** The length limit of each field the API accepts: the shared schema's, and `to` is an email address. */
const limitOfField: Readonly<Record<string, number>> = { ...fieldLimits, to: fieldLimits.email };

/**
 * The body-size limit for a form's schema: every one of its fields at its maximum length, each character
 * at its most expensive encoding. A valid submission always fits; anything larger is refused (413)
 * before it is parsed. A field without a length limit is a mistake this catches at start-up.
 */
export function bodyLimitFor(schema: { shape: Record<string, unknown> }): number {
  return Object.keys(schema.shape).reduce((total, field) => {
    const max = limitOfField[field];
    if (max === undefined)
      throw new Error(`The field "${field}" has no length limit (packages/shared fieldLimits)`);
    return total + max * maxEncodedBytesPerCharacter + bytesAroundField(field);
  }, envelopeBytes);
}

/** The limits of the endpoints that take a form's fields. */
export const bodyLimits = {
  contact: bodyLimitFor(contactInputSchema),
  subscription: bodyLimitFor(newsletterInputSchema),
  comment: bodyLimitFor(commentInputSchema),
  sendEmail: bodyLimitFor(sendEmailRequestSchema),
} as const;
