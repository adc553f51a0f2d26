import { describe, expect, it } from "vitest";
import { messageSources } from "./message-sources.js";
import { localText, messageRef, messageText } from "./message-ref.js";
import { translations } from "./translations.js";

const fr = translations("fr").messages;
const sw = translations("sw").messages;

describe("messageText", () => {
  it("reads a message by its key in English, French and Swahili", () => {
    const ref = messageRef("validationMessages.nameRequired");
    expect(messageText(ref, messageSources)).toBe("Name is required");
    expect(messageText(ref, fr)).toBe(fr.validationMessages.nameRequired);
    expect(messageText(ref, sw)).toBe(sw.validationMessages.nameRequired);
    expect(messageText(ref, fr)).not.toBe("Name is required");
    // The same English words under another key are that key's message.
    expect(messageText(messageRef("commentMessages.nameRequired"), sw)).toBe(
      sw.commentMessages.nameRequired,
    );
  });

  it("puts a function message's parameters in place, by name, in each language", () => {
    const ref = messageRef("requestMessages.tooLong", { max: 200 });
    expect(messageText(ref, messageSources)).toBe("Please keep this to 200 characters or fewer");
    expect(messageText(ref, fr)).toBe(fr.requestMessages.tooLong(200));
    expect(messageText(ref, sw)).toBe(sw.requestMessages.tooLong(200));
    expect(messageText(ref, fr)).toContain("200");
    const two = messageRef("savedSubmissionMessages.failed", { label: "Plan", reason: "Non" });
    expect(messageText(two, fr)).toBe(fr.savedSubmissionMessages.failed("Plan", "Non"));
  });

  it("finds nothing for an unknown key, a missing parameter or a key that is not a message", () => {
    expect(messageText({ key: "validationMessages.nope" }, fr)).toBeUndefined();
    expect(messageText({ key: "requestMessages.tooLong" }, fr)).toBeUndefined();
    expect(messageText({ key: "validationMessages" }, fr)).toBeUndefined();
    expect(messageText({ key: "constructor" }, fr)).toBeUndefined();
    expect(messageText({ key: "validationMessages.toString" }, fr)).toBeUndefined();
    expect(messageText({ key: "" }, fr)).toBeUndefined();
  });
});

describe("localText", () => {
  it("says a keyed message in the page's language, and a text without a known key as it came", () => {
    const said = "Name is required";
    expect(localText(said, messageRef("validationMessages.nameRequired"), fr)).toBe(
      fr.validationMessages.nameRequired,
    );
    expect(localText(said, undefined, fr)).toBe(said);
    expect(localText("Un texte du serveur", { key: "apiMessages.unheardOf" }, fr)).toBe(
      "Un texte du serveur",
    );
  });
});
