import { describe, expect, it } from "vitest";
import {
  contactMessages,
  errorScreenMessages,
  newsletterMessages,
  notFoundMessages,
  thoughtLeadershipMessages,
  validationMessages,
} from "./index.js";

// Each expected string is copied from docs/specification.md (sections 2, 5 and 8); a change here is a change to the spec.
describe("messages, word for word from the spec", () => {
  it("section 5: contact and newsletter validation", () => {
    expect(validationMessages).toEqual({
      nameRequired: "Name is required",
      emailRequired: "Email is required",
      emailInvalid: "Invalid email format",
      subjectRequired: "Subject is required",
      descriptionRequired: "Description is required",
      newsletterEmailInvalid: "Please enter a valid email address.",
    });
  });

  it("section 8: newsletter outcomes", () => {
    expect(newsletterMessages).toEqual({
      success: "Successfully subscribed to newsletter!",
      alreadySubscribed: "This email is already subscribed to our newsletter.",
      storageFailure: "Failed to subscribe. Please try again later.",
      mutationFailure: "An error occurred. Please try again later.",
    });
  });

  it("sections 4 and 8: contact outcomes and the sending state", () => {
    expect(contactMessages).toEqual({
      success: "Thank you for contacting us! We'll get back to you soon.",
      failure: "Failed to submit contact form",
      unexpected: "An unexpected error occurred.",
      sending: "Sending...",
    });
  });

  it("section 2: the 404 page", () => {
    expect(notFoundMessages).toEqual({
      title: "404 - Page Not Found",
      text: "The page you are looking for does not exist.",
      action: "Return Home",
    });
  });

  it("section 2: the error screen", () => {
    expect(errorScreenMessages).toEqual({
      title: "Oops! Something went wrong.",
      text: "We're sorry for the inconvenience. Please try refreshing the page.",
      action: "Refresh Page",
    });
  });

  it("section 2: thought leadership heading, subtitle, default filter and empty state", () => {
    expect(thoughtLeadershipMessages).toMatchObject({
      heading: "Thought Leadership",
      subtitle: "Explore the insights and trends shaping your industry",
      allFilter: "All Projects",
      empty: "No articles found.",
    });
  });

  it("uses straight apostrophes, as the spec does, so searches and tests match", () => {
    const all = [contactMessages, errorScreenMessages, newsletterMessages].flatMap((group) =>
      Object.values(group),
    );
    for (const message of all) expect(message).not.toMatch(/[\u2018\u2019]/);
  });
});
