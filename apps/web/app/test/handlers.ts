import { http, HttpResponse } from "msw";
import { server } from "./msw";

/**
 * Answers POSTs to `path` with `reply` for the current test and records each JSON body sent, so a
 * test can assert exactly what went over the wire (and that nothing did).
 */
export function recordPosts(path: string, reply: () => Response | Promise<Response>): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

/** Fails every POST to `path` at the network level and counts the attempts (to prove no retry). */
export function failPosts(path: string): { attempts: () => number } {
  let attempts = 0;
  server.use(
    http.post(path, () => {
      attempts += 1;
      return HttpResponse.error();
    }),
  );
  return { attempts: () => attempts };
}

/** The API's answer to a stored contact or subscription. */
export const created = (id = "created-1") => HttpResponse.json({ success: true, id }, { status: 201 });

/** What a proxy in front of the API sends when the API is down: not our JSON shape. */
export const htmlBadGateway = () =>
  new HttpResponse("<html><h1>502 Bad Gateway</h1></html>", { status: 502, headers: { "Content-Type": "text/html" } });
