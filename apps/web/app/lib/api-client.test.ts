import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { apiMessages } from "@site/shared/messages";
import { server } from "../test/msw";
import { ApiError, NetworkError, postJson } from "./api-client";

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to fail");
}

describe("postJson", () => {
  it("posts the body as JSON to the same origin by default and returns the success result", async () => {
    const seen: { contentType: string | null; accept: string | null; body: unknown; url: string }[] = [];
    server.use(
      http.post("/api/things", async ({ request }) => {
        seen.push({
          contentType: request.headers.get("content-type"),
          accept: request.headers.get("accept"),
          body: await request.json(),
          url: request.url,
        });
        return HttpResponse.json({ success: true, id: "t-1" }, { status: 201 });
      }),
    );
    await expect(postJson("/api/things", { a: 1, b: "two" })).resolves.toEqual({ success: true, id: "t-1" });
    expect(seen).toEqual([
      { contentType: "application/json", accept: "application/json", body: { a: 1, b: "two" }, url: `${location.origin}/api/things` },
    ]);
  });

  it("prefixes the given API origin", async () => {
    server.use(http.post("https://api.example.test/api/things", () => HttpResponse.json({ success: true, id: "t-2" })));
    await expect(postJson("/api/things", {}, { baseUrl: "https://api.example.test" })).resolves.toEqual({
      success: true,
      id: "t-2",
    });
  });

  it("throws an ApiError with the server's status, message and field errors", async () => {
    server.use(
      http.post("/api/things", () =>
        HttpResponse.json(
          { success: false, error: apiMessages.invalidRequest, fieldErrors: { email: "Invalid email format" } },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(postJson("/api/things", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: apiMessages.invalidRequest,
      serverMessage: apiMessages.invalidRequest,
      fieldErrors: { email: "Invalid email format" },
    });
  });

  it("gives an ApiError without a server message when the reply is not the shared result shape", async () => {
    server.use(
      http.post("/api/html", () => new HttpResponse("<h1>Bad gateway</h1>", { status: 502, headers: { "Content-Type": "text/html" } })),
      http.post("/api/empty", () => new HttpResponse(null, { status: 500 })),
      http.post("/api/odd", () => HttpResponse.json({ ok: true }, { status: 200 })),
    );
    for (const [path, status] of [["/api/html", 502], ["/api/empty", 500], ["/api/odd", 200]] as const) {
      const error = await failure(postJson(path, {}));
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, serverMessage: undefined, fieldErrors: {} });
    }
  });

  it("does not accept a success body sent with an error status", async () => {
    server.use(http.post("/api/things", () => HttpResponse.json({ success: true, id: "t-3" }, { status: 500 })));
    const error = await failure(postJson("/api/things", {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, serverMessage: undefined });
  });

  it("throws a NetworkError when the request never gets an answer", async () => {
    server.use(http.post("/api/things", () => HttpResponse.error()));
    const error = await failure(postJson("/api/things", {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it("lets a caller's abort through as an abort, not a network failure", async () => {
    server.use(http.post("/api/things", () => HttpResponse.json({ success: true, id: "late" })));
    const controller = new AbortController();
    controller.abort();
    const error = await failure(postJson("/api/things", {}, { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ name: "AbortError" });
  });
});
