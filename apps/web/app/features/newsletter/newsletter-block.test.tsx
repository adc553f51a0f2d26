import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { newsletterContent, privacyNotice } from "@site/shared/content";
import {
  apiMessages,
  newsletterMessages,
  privacyMessages,
  validationMessages,
} from "@site/shared/messages";
import { simpleEmailHtmlPattern } from "@site/shared/schemas";
import { created, failPosts, htmlBadGateway, recordPosts } from "../../test/handlers";
import { deferred, renderWithQueryClient } from "../../test/render";
import { NewsletterBlock } from "./newsletter-block";

function setup() {
  const user = userEvent.setup({ delay: null });
  renderWithQueryClient(<NewsletterBlock />);
  return {
    user,
    input: screen.getByRole("textbox", { name: newsletterContent.label }),
    button: screen.getByRole("button", { name: newsletterContent.button }),
  };
}

/** What every request carries besides the address: the page it was sent from and the notice shown. */
const consent = () => ({
  page: window.location.pathname,
  locale: "en",
  noticeVersion: privacyNotice.version,
});

describe("NewsletterBlock", () => {
  it("says what the address is for, links the privacy notice and carries the notice version", () => {
    setup();
    const note = screen.getByText(privacyMessages.newsletterNotice, { exact: false });
    expect(note).toContainElement(screen.getByRole("link", { name: privacyMessages.noticeLink }));
    expect(screen.getByRole("link", { name: privacyMessages.noticeLink })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const version = note.querySelector("input[type='hidden'][name='noticeVersion']");
    expect(version).toHaveValue(privacyNotice.version);
    expect(version?.closest("form")).toBe(screen.getByRole("textbox").closest("form"));
  });

  it("an address that had unsubscribed is told, in the server's words, to check its inbox", async () => {
    recordPosts("/api/subscriptions", () =>
      HttpResponse.json(
        { success: true, id: "sub-1", message: privacyMessages.confirmMailed },
        { status: 201 },
      ),
    );
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(privacyMessages.confirmMailed);
    expect(screen.queryByText(newsletterMessages.success)).not.toBeInTheDocument();
  });

  it("renders a labelled section with a constrained email field", () => {
    const { input } = setup();
    expect(screen.getByRole("region", { name: newsletterContent.heading })).toBeInTheDocument();
    expect(screen.getByText(newsletterContent.text)).toBeInTheDocument();
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("pattern", simpleEmailHtmlPattern);
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("autocomplete", "email");
  });

  it.each(["", "   ", "not-an-email", "a@b", "a b@c.de"])(
    "refuses %j with the validation message and sends nothing",
    async (value) => {
      const bodies = recordPosts("/api/subscriptions", () => created("x"));
      const { user, input, button } = setup();
      if (value) await user.type(input, value);
      await user.click(button);
      expect(await screen.findByRole("alert")).toHaveTextContent(
        validationMessages.newsletterEmailInvalid,
      );
      expect(input).toHaveAttribute("aria-invalid", "true");
      expect(input).toHaveAccessibleDescription(validationMessages.newsletterEmailInvalid);
      expect(input).toHaveFocus();
      expect(bodies).toEqual([]);
    },
  );

  it("clears the validation error as soon as the email is edited", async () => {
    const { user, input, button } = setup();
    await user.type(input, "nope");
    await user.click(button);
    expect(screen.getByRole("alert")).toHaveTextContent(validationMessages.newsletterEmailInvalid);
    await user.type(input, "@example.com");
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(input).toHaveAttribute("aria-invalid", "false");
  });

  it("subscribes, announces success and empties the field", async () => {
    const bodies = recordPosts("/api/subscriptions", () => created("sub-1"));
    const { user, input, button } = setup();
    await user.type(input, "  Reader@Example.com ");
    await user.click(button);
    expect(await screen.findByText(newsletterMessages.success)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(newsletterMessages.success);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(input).toHaveValue("");
    // The shared schema trims and lower-cases before sending; the honeypot stays out when empty.
    expect(bodies).toEqual([{ email: "reader@example.com", ...consent() }]);
  });

  it("disables the field and the button while the request runs", async () => {
    const gate = deferred();
    recordPosts("/api/subscriptions", async () => {
      await gate.promise;
      return created("sub-2");
    });
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(input).toBeDisabled();
    gate.resolve();
    expect(await screen.findByText(newsletterMessages.success)).toBeInTheDocument();
    expect(button).toBeEnabled();
    expect(input).toBeEnabled();
  });

  it("says the email is already subscribed on 409 and keeps it", async () => {
    recordPosts("/api/subscriptions", () =>
      HttpResponse.json(
        { success: false, error: newsletterMessages.alreadySubscribed },
        { status: 409 },
      ),
    );
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    expect(await screen.findByText(newsletterMessages.alreadySubscribed)).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent(newsletterMessages.alreadySubscribed);
    expect(input).toHaveValue("reader@example.com");
    await waitFor(() => expect(input).toHaveFocus());
  });

  it("shows the validation message when the server rejects the email with 400", async () => {
    recordPosts("/api/subscriptions", () =>
      HttpResponse.json(
        {
          success: false,
          error: apiMessages.invalidRequest,
          fieldErrors: { email: validationMessages.newsletterEmailInvalid },
        },
        { status: 400 },
      ),
    );
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      validationMessages.newsletterEmailInvalid,
    );
  });

  it.each([
    [
      "a JSON 500",
      () => HttpResponse.json({ success: false, error: apiMessages.internal }, { status: 500 }),
    ],
    ["an HTML 502 from a proxy", htmlBadGateway],
  ])("shows the storage failure message for %s", async (_label, reply) => {
    recordPosts("/api/subscriptions", reply);
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(newsletterMessages.storageFailure),
    );
    expect(input).toHaveValue("reader@example.com");
  });

  it("shows the server's own message for a rate-limited request", async () => {
    recordPosts("/api/subscriptions", () =>
      HttpResponse.json({ success: false, error: apiMessages.rateLimited }, { status: 429 }),
    );
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(apiMessages.rateLimited),
    );
  });

  it("shows the mutation-level message when the network fails, without retrying", async () => {
    const network = failPosts("/api/subscriptions");
    const { user, input, button } = setup();
    await user.type(input, "reader@example.com");
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(newsletterMessages.mutationFailure),
    );
    expect(network.attempts()).toBe(1);
    expect(input).toHaveValue("reader@example.com");
  });

  it("keeps the honeypot away from people and sends it when a bot fills it", async () => {
    const bodies = recordPosts("/api/subscriptions", () => created("sub-3"));
    const { user, input, button } = setup();
    expect(screen.queryByRole("textbox", { name: "Website" })).not.toBeInTheDocument();
    const honeypot = screen.getByLabelText("Website");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();

    await user.type(honeypot, "https://spam.example");
    await user.type(input, "bot@example.com");
    await user.click(button);
    await screen.findByText(newsletterMessages.success);
    expect(bodies).toEqual([
      { email: "bot@example.com", website: "https://spam.example", ...consent() },
    ]);
  });
});
