import { describe, expect, it } from "vitest";
import { commentMessages, validationMessages } from "../messages/index.js";
import { commentInputSchema, fieldErrorsOf, linkCount } from "./index.js";

const valid = { name: "Achieng", email: "achieng@example.com", comment: "Useful.", post: "a-post" };
const errorsOf = (input: Record<string, unknown>) => {
  const parsed = commentInputSchema.safeParse(input);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe("commentInputSchema", () => {
  it("accepts a comment and trims its fields", () => {
    const parsed = commentInputSchema.parse({
      ...valid,
      name: "  Achieng ",
      comment: " Hi there \n",
    });
    expect(parsed).toMatchObject({ name: "Achieng", comment: "Hi there" });
  });

  it("requires name, email and comment, each with its own message", () => {
    expect(errorsOf({ post: "a-post" })).toEqual({
      name: commentMessages.nameRequired,
      email: validationMessages.emailRequired,
      comment: commentMessages.commentRequired,
    });
    expect(errorsOf({ ...valid, email: "nope" })).toEqual({
      email: validationMessages.emailInvalid,
    });
  });

  it("takes names up to 80 characters and comments of 2 to 3,000, counted as people count them", () => {
    expect(errorsOf({ ...valid, name: "n".repeat(80) })).toEqual({});
    expect(errorsOf({ ...valid, name: "n".repeat(81) }).name).toBe(
      "Please keep this to 80 characters or fewer",
    );
    expect(errorsOf({ ...valid, comment: "x" })).toEqual({
      comment: commentMessages.commentTooShort,
    });
    expect(errorsOf({ ...valid, comment: "👍🏾" })).toEqual({});
    expect(errorsOf({ ...valid, comment: "é".repeat(3000) })).toEqual({});
    expect(errorsOf({ ...valid, comment: "é".repeat(3001) }).comment).toBe(
      "Please keep this to 3000 characters or fewer",
    );
  });

  it("takes at most 2 links", () => {
    expect(linkCount("see https://a.example and www.b.example, not c.example")).toBe(2);
    expect(errorsOf({ ...valid, comment: "https://a.example http://b.example" })).toEqual({});
    expect(
      errorsOf({ ...valid, comment: "https://a.example http://b.example www.c.example" }),
    ).toEqual({
      comment: commentMessages.tooManyLinks,
    });
  });
});
