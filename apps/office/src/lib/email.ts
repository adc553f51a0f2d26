import { emailKey, fieldLimits, simpleEmailPattern } from "@site/shared/schemas/plain";

/**
 * An address as the contract's email rule reads it (trimmed, at most the field's length, then NFC and
 * the shared simple pattern), as its key (lower case, as staff are found by it); `undefined` for an
 * address the API would refuse. The shared rules without the schema library, which would weigh on the
 * office's first load: the API still parses every request with the contract's schemas, and its field
 * messages are shown beside the field.
 */
export function emailAddressKey(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed.length > fieldLimits.email) return undefined;
  return simpleEmailPattern.test(trimmed.normalize("NFC")) ? emailKey(trimmed) : undefined;
}
