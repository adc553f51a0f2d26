import { describe, expect, it, vi } from "vitest";
import { registerServiceWorker, shouldRegister, type RegistrationHost } from "./register";

const origin = "https://site.test";

/** A host whose load and idle moments the test releases by hand. */
function fakeHost(register = vi.fn(async () => ({}) as ServiceWorkerRegistration)) {
  const waiting: Array<() => void> = [];
  const host: RegistrationHost = {
    serviceWorker: { register },
    loaded: (run) => waiting.push(run),
    whenIdle: (run) => waiting.push(run),
  };
  const release = () => {
    while (waiting.length > 0) waiting.shift()?.();
  };
  return { host, register, release, waiting };
}

describe("registering the service worker", () => {
  it("waits for the page's load and then for an idle moment, then registers /sw.js for the whole site", () => {
    const { host, register, waiting } = fakeHost();
    registerServiceWorker({ connection: undefined, referrer: "", origin }, host);
    expect(register).not.toHaveBeenCalled();
    waiting.shift()?.(); // load
    expect(register).not.toHaveBeenCalled();
    waiting.shift()?.(); // idle
    expect(register).toHaveBeenCalledExactlyOnceWith("/sw.js", { scope: "/" });
  });

  it("under Save-Data or on 2G, registers nothing on the first page of a visit (no precache download)", () => {
    for (const connection of [
      { saveData: true },
      { effectiveType: "2g" },
      { effectiveType: "slow-2g" },
    ]) {
      const { host, register, release } = fakeHost();
      registerServiceWorker({ connection, referrer: "", origin }, host);
      registerServiceWorker({ connection, referrer: "https://search.test/?q=firm", origin }, host);
      release();
      expect(register, JSON.stringify(connection)).not.toHaveBeenCalled();
    }
  });

  it("under Save-Data, registers from the visit's second page on (reached from a page of the site)", () => {
    const { host, register, release } = fakeHost();
    registerServiceWorker(
      { connection: { saveData: true }, referrer: `${origin}/about`, origin },
      host,
    );
    release();
    expect(register).toHaveBeenCalledOnce();
  });

  it("registers on 3G and 4G without waiting for a second page", () => {
    for (const effectiveType of ["3g", "4g"])
      expect(shouldRegister({ connection: { effectiveType }, referrer: "", origin })).toBe(true);
  });

  it("does nothing where the browser has no service workers, and swallows a refused registration", async () => {
    const none = fakeHost();
    registerServiceWorker(
      { connection: undefined, referrer: "", origin },
      { ...none.host, serviceWorker: undefined },
    );
    none.release();
    expect(none.waiting).toHaveLength(0);

    const refused = fakeHost(vi.fn(async () => Promise.reject(new Error("SecurityError"))));
    registerServiceWorker({ connection: undefined, referrer: "", origin }, refused.host);
    refused.release();
    await expect(refused.register.mock.results[0]?.value).rejects.toThrow("SecurityError");
  });
});
