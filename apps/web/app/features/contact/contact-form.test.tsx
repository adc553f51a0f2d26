import { screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { contactContent, privacyNotice } from "@site/shared/content";
import {
  apiMessages,
  contactMessages,
  privacyMessages,
  validationMessages,
} from "@site/shared/messages";
import { created, failPosts, htmlBadGateway, recordPosts } from "../../test/handlers";
import { deferred, renderWithQueryClient } from "../../test/render";
import { ContactForm } from "./contact-form";

function fields() {
  return {
    name: screen.getByRole("textbox", { name: "Name" }),
    email: screen.getByRole("textbox", { name: "Email" }),
    phone: screen.getByRole("textbox", { name: /^Phone/ }),
    subject: screen.getByRole("textbox", { name: "Subject" }),
    description: screen.getByRole("textbox", { name: "Description" }),
  };
}

function setup() {
  // No pause between keystrokes: nothing here depends on typing speed, and each pause is a timer turn.
  const user = userEvent.setup({ delay: null });
  renderWithQueryClient(<ContactForm />);
  return {
    user,
    ...fields(),
    submit: () => user.click(screen.getByRole("button", { name: "Send Message" })),
  };
}

const valid = {
  name: "Amina Wanjiru",
  email: "amina@example.co.ke",
  phone: "+254 700 000 000",
  subject: "Strategy review",
  description: "We would like help with our five-year plan.",
};

/** What every request carries besides the fields: the page it was sent from and the notice shown. */
const consent = () => ({
  page: window.location.pathname,
  locale: "en",
  noticeVersion: privacyNotice.version,
});

/**
 * Fills fields as a paste into each: one input event per field, not one per character (the form reads
 * a field's value, however it arrived; the tests where typing itself matters type).
 */
async function fill(user: UserEvent, values: Partial<Record<keyof typeof valid, string>>) {
  const controls = fields();
  for (const [key, value] of Object.entries(values) as [keyof typeof valid, string][]) {
    await user.clear(controls[key]);
    if (value) await user.paste(value);
  }
}

describe("ContactForm", () => {
  it("renders the heading and every labelled field, phone marked optional", () => {
    setup();
    expect(
      screen.getByRole("heading", { level: 2, name: contactContent.formHeading }),
    ).toBeInTheDocument();
    const { name, email, phone, subject, description } = fields();
    expect(phone).toHaveAccessibleName("Phone (optional)");
    expect(phone).not.toBeRequired();
    for (const control of [name, email, subject, description]) expect(control).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    expect(description.tagName).toBe("TEXTAREA");
    for (const control of [name, email, phone, subject, description])
      expect(control).toHaveAttribute("aria-invalid", "false");
  });

  it("blocks an empty submission with each required message under its field, and sends nothing", async () => {
    const bodies = recordPosts("/api/contacts", created);
    const { submit, name, email, phone, subject, description } = setup();
    await submit();

    await waitFor(() => expect(name).toHaveAccessibleDescription(validationMessages.nameRequired));
    expect(email).toHaveAccessibleDescription(validationMessages.emailRequired);
    expect(subject).toHaveAccessibleDescription(validationMessages.subjectRequired);
    expect(description).toHaveAccessibleDescription(validationMessages.descriptionRequired);
    for (const control of [name, email, subject, description])
      expect(control).toHaveAttribute("aria-invalid", "true");
    expect(phone).toHaveAttribute("aria-invalid", "false");
    expect(phone).not.toHaveAttribute("aria-describedby");
    expect(screen.queryByText(validationMessages.emailInvalid)).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("treats whitespace-only values as empty", async () => {
    const bodies = recordPosts("/api/contacts", created);
    const { user, submit, name, email, subject, description } = setup();
    await fill(user, { name: "   ", email: "  ", subject: "\t ", description: "    " });
    await submit();
    await waitFor(() => expect(name).toHaveAccessibleDescription(validationMessages.nameRequired));
    expect(email).toHaveAccessibleDescription(validationMessages.emailRequired);
    expect(subject).toHaveAccessibleDescription(validationMessages.subjectRequired);
    expect(description).toHaveAccessibleDescription(validationMessages.descriptionRequired);
    expect(bodies).toEqual([]);
  });

  it.each(["amina", "amina@", "amina@example", "amina @example.com", "@example.com"])(
    "says 'Invalid email format' for %j and focuses the email field",
    async (badEmail) => {
      const bodies = recordPosts("/api/contacts", created);
      const { user, submit, email } = setup();
      await fill(user, { ...valid, email: badEmail });
      await submit();
      await waitFor(() =>
        expect(email).toHaveAccessibleDescription(validationMessages.emailInvalid),
      );
      expect(email).toHaveAttribute("aria-invalid", "true");
      expect(email).toHaveFocus();
      expect(screen.getAllByText(/is required|Invalid email format/)).toHaveLength(1);
      expect(bodies).toEqual([]);
    },
  );

  it("moves focus to the first invalid field in form order", async () => {
    const { user, submit, name, subject } = setup();
    await submit();
    await waitFor(() => expect(name).toHaveFocus());

    await fill(user, { name: valid.name, email: valid.email });
    await submit();
    await waitFor(() => expect(subject).toHaveFocus());
  });

  it("clears a field's error as soon as that field is edited, leaving the others", async () => {
    const { user, submit, name, email } = setup();
    await submit();
    await waitFor(() => expect(name).toHaveAttribute("aria-invalid", "true"));

    await user.type(name, "A");
    expect(name).toHaveAttribute("aria-invalid", "false");
    expect(name).not.toHaveAttribute("aria-describedby");
    expect(screen.queryByText(validationMessages.nameRequired)).not.toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(validationMessages.emailRequired);

    // Even a still-invalid edit clears it; leaving the field checks it again.
    await user.type(email, "x");
    expect(screen.queryByText(validationMessages.emailRequired)).not.toBeInTheDocument();
    await user.tab();
    expect(email).toHaveAccessibleDescription(validationMessages.emailInvalid);
  });

  it("shows the sending state with a disabled button until the server answers", async () => {
    const gate = deferred();
    recordPosts("/api/contacts", async () => {
      await gate.promise;
      return created();
    });
    const { user, submit } = setup();
    await fill(user, valid);
    await submit();

    const sending = await screen.findByRole("button", { name: contactMessages.sending });
    expect(sending).toBeDisabled();
    expect(screen.getByTestId("spinner")).toBeInTheDocument();
    expect(sending.closest("form")).toHaveAttribute("aria-busy", "true");

    gate.resolve();
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.queryByTestId("spinner")).not.toBeInTheDocument();
  });

  it("on success announces the message, clears every field and sends exactly the trimmed fields", async () => {
    const bodies = recordPosts("/api/contacts", created);
    const { user, submit, name, email, phone, subject, description } = setup();
    await fill(user, {
      name: `  ${valid.name} `,
      email: ` ${valid.email}  `,
      phone: ` ${valid.phone} `,
      subject: `${valid.subject}   `,
      description: `   ${valid.description}`,
    });
    await submit();

    expect(await screen.findByRole("status")).toHaveTextContent(contactMessages.success);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    for (const control of [name, email, phone, subject, description])
      expect(control).toHaveValue("");
    expect(bodies).toEqual([{ ...valid, ...consent() }]);
  });

  it("leaves phone out of the request when it is blank", async () => {
    const bodies = recordPosts("/api/contacts", created);
    const { user, submit } = setup();
    await fill(user, { ...valid, phone: "   " });
    await submit();
    await screen.findByText(contactMessages.success);
    expect(bodies).toEqual([
      {
        name: valid.name,
        email: valid.email,
        subject: valid.subject,
        description: valid.description,
        ...consent(),
      },
    ]);
  });

  it("shows the server's message, maps its field errors onto the fields and keeps the input", async () => {
    recordPosts("/api/contacts", () =>
      HttpResponse.json(
        {
          success: false,
          error: apiMessages.invalidRequest,
          fieldErrors: { subject: "Please keep this under 200 characters" },
        },
        { status: 400 },
      ),
    );
    const { user, submit, name, subject } = setup();
    await fill(user, valid);
    await submit();

    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.invalidRequest);
    expect(subject).toHaveAccessibleDescription("Please keep this under 200 characters");
    expect(subject).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(subject).toHaveFocus());
    expect(name).toHaveValue(valid.name);
    expect(subject).toHaveValue(valid.subject);
  });

  it("shows the server's message for a JSON 5xx and keeps the input", async () => {
    recordPosts("/api/contacts", () =>
      HttpResponse.json({ success: false, error: apiMessages.internal }, { status: 500 }),
    );
    const { user, submit, description } = setup();
    await fill(user, valid);
    await submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(apiMessages.internal);
    expect(description).toHaveValue(valid.description);
  });

  it("falls back to 'Failed to submit contact form' for a non-JSON 5xx", async () => {
    recordPosts("/api/contacts", htmlBadGateway);
    const { user, submit, email } = setup();
    await fill(user, valid);
    await submit();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(contactMessages.failure),
    );
    expect(email).toHaveValue(valid.email);
  });

  it("says 'An unexpected error occurred.' when the network fails, keeps the input and does not retry", async () => {
    const network = failPosts("/api/contacts");
    const { user, submit, name, description } = setup();
    await fill(user, valid);
    await submit();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(contactMessages.unexpected),
    );
    expect(network.attempts()).toBe(1);
    expect(name).toHaveValue(valid.name);
    expect(description).toHaveValue(valid.description);
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("keeps the honeypot away from people and sends it when a bot fills it", async () => {
    const bodies = recordPosts("/api/contacts", created);
    const { user, submit } = setup();
    expect(screen.queryByRole("textbox", { name: "Website" })).not.toBeInTheDocument();
    const honeypot = screen.getByLabelText("Website");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot).toHaveAttribute("autocomplete", "off");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();

    await user.type(honeypot, "https://spam.example");
    await fill(user, valid);
    await submit();
    await screen.findByText(contactMessages.success);
    expect(bodies).toEqual([{ ...valid, website: "https://spam.example", ...consent() }]);
  });

  it("says what the details are for, links the privacy notice and carries the notice version", () => {
    setup();
    const note = screen.getByText(privacyMessages.contactNotice, { exact: false });
    expect(note).toContainElement(screen.getByRole("link", { name: privacyMessages.noticeLink }));
    expect(screen.getByRole("link", { name: privacyMessages.noticeLink })).toHaveAttribute(
      "href",
      "/privacy",
    );
    const version = note.querySelector("input[type='hidden'][name='noticeVersion']");
    expect(version).toHaveValue(privacyNotice.version);
    expect(version?.closest("form")).toHaveAttribute("action", "/api/contacts");
  });
});
