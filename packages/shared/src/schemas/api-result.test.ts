import { describe, expect, it } from "vitest";
import { messageRef } from "../i18n/message-ref.js";
import { fieldErrorRefsOf, withFieldErrorRefs } from "./index.js";

describe("field errors made outside a schema", () => {
  it("carry their keys unseen: JSON and equality see the texts, fieldErrorRefsOf reads the keys", () => {
    const ref = messageRef("privacyMessages.unknownNoticeVersion");
    const fieldErrors = withFieldErrorRefs(
      { noticeVersion: "Unknown version" },
      { noticeVersion: ref },
    );
    expect(fieldErrors).toEqual({ noticeVersion: "Unknown version" });
    expect(JSON.stringify(fieldErrors)).toBe('{"noticeVersion":"Unknown version"}');
    expect(fieldErrorRefsOf(fieldErrors)).toEqual({
      noticeVersion: { key: "privacyMessages.unknownNoticeVersion" },
    });
  });

  it("field errors written as plain texts have no keys", () => {
    expect(fieldErrorRefsOf({ note: "A note is required" })).toEqual({});
  });
});
