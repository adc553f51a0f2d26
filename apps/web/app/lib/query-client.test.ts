import { describe, expect, it } from "vitest";
import { createQueryClient, sessionQueryClient } from "./query-client";

describe("createQueryClient", () => {
  it("retries queries once, never refetches on window focus and never retries mutations", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false });
    expect(defaults.mutations).toMatchObject({ retry: 0, networkMode: "always" });
  });

  it("gives each caller its own cache", () => {
    const first = createQueryClient();
    const second = createQueryClient();
    first.setQueryData(["probe"], 1);
    expect(second.getQueryData(["probe"])).toBeUndefined();
  });

  it("applies the defaults to the queries it builds", () => {
    const client = createQueryClient();
    const query = client.getQueryCache().build(client, { queryKey: ["probe"], queryFn: () => 1 });
    expect(query.options).toMatchObject({ retry: 1 });
    const mutation = client.getMutationCache().build(client, { mutationFn: async () => 1 });
    expect(mutation.options).toMatchObject({ retry: 0 });
  });
});

describe("sessionQueryClient", () => {
  it("is one client for the whole tab, with the same defaults", () => {
    expect(sessionQueryClient()).toBe(sessionQueryClient());
    expect(sessionQueryClient().getDefaultOptions().mutations).toMatchObject({ retry: 0 });
  });
});
