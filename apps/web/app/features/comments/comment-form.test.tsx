import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { privacyNotice } from "@site/shared/content";
import { commentMessages, validationMessages } from "@site/shared/messages";
import { created, failPosts, recordPosts } from "../../test/handlers";
import { renderWithQueryClient } from "../../test/render";
import { CommentFormBody } from "./comment-form";
import { commentFormId } from "./comment-form-id";

const post = "sacco-boards-and-digital-lending";

/** The form as a served post page holds it: the API's signed start time sits outside, tied by `form`. */
function setup(started = "1732443600000.signature") {
  const user = userEvent.setup({ delay: null });
  renderWithQueryClient(
    <>
      <input type="hidden" name="formStarted" form={commentFormId} defaultValue={started} />
      <CommentFormBody post={post} />
    </>,
  );
  return {
    user,
    name: screen.getByRole("textbox", { name: commentMessages.nameLabel }),
    email: screen.getByRole("textbox", { name: commentMessages.emailLabel }),
    comment: screen.getByRole("textbox", { name: commentMessages.commentLabel }),
    submit: () => user.click(screen.getByRole("button", { name: commentMessages.submit })),
  };
}

describe("CommentFormBody", () => {
  it("labels every field, says the email is never shown, and posts to /api/comments without script", () => {
    const { name, email, comment } = setup();
    expect(
      screen.getByRole("heading", { level: 3, name: commentMessages.formHeading }),
    ).toBeVisible();
    expect(screen.getByText(commentMessages.intro)).toBeVisible();
    for (const control of [name, email, comment]) expect(control).toBeRequired();
    expect(email).toHaveAttribute("type", "email");
    const form = screen.getByRole("form", { name: commentMessages.formHeading });
    expect(form).toHaveAttribute("action", "/api/comments");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("id", commentFormId);
  });

  it("shows each field's message under it and sends nothing while invalid", async () => {
    const bodies = recordPosts("/api/comments", created);
    const { user, name, email, comment, submit } = setup();
    await submit();
    await waitFor(() => expect(name).toHaveAccessibleDescription(commentMessages.nameRequired));
    expect(email).toHaveAccessibleDescription(validationMessages.emailRequired);
    expect(comment).toHaveAccessibleDescription(commentMessages.commentRequired);
    expect(name).toHaveFocus();
    await user.type(name, "Achieng");
    await user.type(email, "achieng@example.com");
    await user.type(comment, "See https://a.example www.b.example http://c.example");
    await submit();
    await waitFor(() => expect(comment).toHaveAccessibleDescription(commentMessages.tooManyLinks));
    expect(bodies).toEqual([]);
  });

  it("sends the comment with the post and the page's start time, then clears and says it awaits approval", async () => {
    const bodies = recordPosts("/api/comments", created);
    const { user, name, email, comment, submit } = setup();
    await user.type(name, "  Achieng ");
    await user.type(email, "achieng@example.com");
    await user.type(comment, "Useful.{Enter}Thank you.");
    await submit();
    expect(await screen.findByText(commentMessages.success)).toBeVisible();
    expect(bodies).toEqual([
      {
        name: "Achieng",
        email: "achieng@example.com",
        comment: "Useful.\nThank you.",
        post,
        formStarted: "1732443600000.signature",
        page: window.location.pathname,
        locale: "en",
        noticeVersion: privacyNotice.version,
      },
    ]);
    expect(name).toHaveValue("");
    expect(comment).toHaveValue("");
  });

  it("says a refusal in the server's words and keeps what was typed", async () => {
    recordPosts("/api/comments", () =>
      HttpResponse.json({ success: false, error: commentMessages.tooFast }, { status: 429 }),
    );
    const { user, name, email, comment, submit } = setup();
    await user.type(name, "Achieng");
    await user.type(email, "achieng@example.com");
    await user.type(comment, "Quick one");
    await submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(commentMessages.tooFast);
    expect(comment).toHaveValue("Quick one");
  });

  it("says an unexpected error when the network fails", async () => {
    failPosts("/api/comments");
    const { user, name, email, comment, submit } = setup();
    await user.type(name, "Achieng");
    await user.type(email, "achieng@example.com");
    await user.type(comment, "Hello there");
    await submit();
    expect(await screen.findByRole("alert")).toHaveTextContent(commentMessages.unexpected);
  });
});
