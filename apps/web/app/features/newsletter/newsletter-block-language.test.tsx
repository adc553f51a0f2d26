import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { translations } from "@site/shared/i18n/translations";
import { privacyMessages } from "@site/shared/messages";
import { PageLanguageProvider } from "../../i18n/messages";
import { recordPosts } from "../../test/handlers";
import { renderWithQueryClient } from "../../test/render";
import { NewsletterBlock } from "./newsletter-block";

const swahili = translations("sw").messages;

function setupSwahili() {
  const user = userEvent.setup({ delay: null });
  renderWithQueryClient(
    <PageLanguageProvider value={{ locale: "sw", messages: swahili }}>
      <NewsletterBlock />
    </PageLanguageProvider>,
  );
  return {
    user,
    input: screen.getByRole("textbox", { name: swahili.newsletterContent.label }),
    button: screen.getByRole("button", { name: swahili.newsletterContent.button }),
  };
}

describe("NewsletterBlock on a Swahili page", () => {
  it("says the shared schema's refusal in Swahili, read by its key, and sends nothing", async () => {
    const bodies = recordPosts("/api/subscriptions", () =>
      HttpResponse.json({ success: true, id: "never" }, { status: 201 }),
    );
    const { user, input, button } = setupSwahili();
    await user.type(input, "not-an-address");
    await user.click(button);
    expect(await screen.findByRole("alert")).toHaveTextContent(
      swahili.validationMessages.newsletterEmailInvalid,
    );
    expect(bodies).toEqual([]);
  });

  it("says the server's other outcome in Swahili by its key, though the server worded it in English", async () => {
    recordPosts("/api/subscriptions", () =>
      HttpResponse.json(
        {
          success: true,
          id: "sub-1",
          message: privacyMessages.confirmMailed,
          messageRef: { key: "privacyMessages.confirmMailed" },
        },
        { status: 201 },
      ),
    );
    const { user, input, button } = setupSwahili();
    await user.type(input, "msomaji@example.co.tz");
    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(
      swahili.privacyMessages.confirmMailed,
    );
  });
});
