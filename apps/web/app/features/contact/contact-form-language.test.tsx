import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { translations } from "@site/shared/i18n/translations";
import { apiMessages, requestMessages, validationMessages } from "@site/shared/messages";
import { PageLanguageProvider } from "../../i18n/messages";
import { server } from "../../test/msw";
import { renderWithQueryClient } from "../../test/render";
import { ContactForm } from "./contact-form";

const french = translations("fr").messages;
const labels = french.siteMessages.fields;

function setupFrench() {
  const user = userEvent.setup({ delay: null });
  renderWithQueryClient(
    <PageLanguageProvider value={{ locale: "fr", messages: french }}>
      <ContactForm />
    </PageLanguageProvider>,
  );
  const field = (label: string) => screen.getByRole("textbox", { name: label });
  return {
    user,
    field,
    fill: async () => {
      await user.type(field(labels.nameLabel), "Amina Wanjiru");
      await user.type(field(labels.emailLabel), "amina@example.co.ke");
      await user.type(field(labels.subjectLabel), "Revue de stratégie");
      await user.type(field(labels.descriptionLabel), "Notre plan à cinq ans.");
    },
    submit: () => user.click(screen.getByRole("button", { name: labels.send })),
  };
}

/** The API's refusal, worded in English as an API without the page's language would, with or without keys. */
function refuse(body: object, seenHeaders: Headers[] = []) {
  server.use(
    http.post("/api/contacts", ({ request }) => {
      seenHeaders.push(request.headers);
      return HttpResponse.json(body, { status: 400 });
    }),
  );
  return seenHeaders;
}

describe("ContactForm on a French page", () => {
  it("says the shared schema's refusals in French, read by their keys", async () => {
    const { submit, field } = setupFrench();
    await submit();
    expect(await screen.findByText(french.validationMessages.nameRequired)).toBeInTheDocument();
    expect(field(labels.nameLabel)).toHaveAccessibleDescription(french.validationMessages.nameRequired);
    expect(screen.queryByText(validationMessages.nameRequired)).not.toBeInTheDocument();
  });

  it("asks the API for keys and says its answer in French, parameters included, whatever language its words are in", async () => {
    const headers = refuse({
      success: false,
      error: apiMessages.invalidRequest,
      fieldErrors: { subject: requestMessages.tooLong(200) },
      errorRef: { key: "apiMessages.invalidRequest" },
      fieldErrorRefs: { subject: { key: "requestMessages.tooLong", values: { max: 200 } } },
    });
    const { fill, submit, field } = setupFrench();
    await fill();
    await submit();
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(french.apiMessages.invalidRequest),
    );
    expect(field(labels.subjectLabel)).toHaveAccessibleDescription(
      french.requestMessages.tooLong(200),
    );
    expect(headers[0]?.get("Message-Keys")).toBe("1");
  });

  it("shows an answer without keys (an older API's) in the words it came in", async () => {
    refuse({ success: false, error: "Réponse du serveur", fieldErrors: { subject: "Trop long" } });
    const { fill, submit, field } = setupFrench();
    await fill();
    await submit();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Réponse du serveur"));
    expect(field(labels.subjectLabel)).toHaveAccessibleDescription("Trop long");
  });
});
