import request from "supertest";
import { csrfHeader, meSchema } from "@site/shared/office";
import type { createApp } from "../../src/app.js";
import type { Store } from "../../src/ports/store.js";
import { makeTestApp } from "./app.js";

/** A signed-in staff member's cookie and CSRF token. */
export interface OfficeSession {
  cookie: string;
  csrf: string;
}

/** The token of the newest sign-in or invitation mail to `email`. */
export async function tokenMailedTo(store: Store, email: string): Promise<string> {
  const mails = (await store.listMails({})).filter((mail) => mail.message.to === email);
  const text = mails.at(-1)?.message.text ?? "";
  const token = /#token=([\w-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no sign-in link mailed to ${email}`);
  return token;
}

/** Signs `email` (on the staff already) in through the mailed link, as the office does. */
export async function signInAs(
  app: ReturnType<typeof createApp>,
  store: Store,
  email: string,
): Promise<OfficeSession> {
  await request(app).post("/api/office/sign-in/link").send({ email }).expect(202);
  const res = await request(app)
    .post("/api/office/sign-in")
    .send({ token: await tokenMailedTo(store, email) })
    .expect(200);
  const cookie = (res.get("Set-Cookie") ?? [])[0]?.split(";")[0] ?? "";
  return { cookie, csrf: meSchema.parse(res.body.me).csrfToken };
}

/** Requests as a signed-in member: reads with the cookie, writes with the cookie and the CSRF header. */
export const officeAgent = (app: ReturnType<typeof createApp>, session: OfficeSession) => ({
  get: (path: string) => request(app).get(path).set("Cookie", session.cookie),
  post: (path: string, body?: object) =>
    request(app).post(path).set("Cookie", session.cookie).set(csrfHeader, session.csrf).send(body),
});

/**
 * A test app (SQLite file, built once per test file) with an owner, named as OFFICE_OWNER_EMAIL names
 * one, and a staff member the owner invited, both signed in.
 */
export async function officeAppWithStaff(owner: string, colleague: string) {
  const t = await makeTestApp();
  await t.deps.services.staff.ensureOwner(owner);
  const ownerSession = await signInAs(t.app, t.store, owner);
  await officeAgent(t.app, ownerSession)
    .post("/api/office/staff", { email: colleague, role: "staff" })
    .expect(201);
  const staffSession = await signInAs(t.app, t.store, colleague);
  return { t, ownerSession, staffSession };
}
