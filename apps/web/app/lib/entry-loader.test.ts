import { afterEach, describe, expect, it, vi } from "vitest";
import { entryAttributes, entryLoaderScript } from "./entry-loader";

// The page's head and body as the loader sees them: detached, so that what it adds is only looked at
// (happy-dom would try to fetch a module connected to its document).
let head = document.createElement("div");
let body = document.createElement("div");

/** The page's loader element, as the prerender writes it, at the end of <body>. */
function loaderElement(preloads: string): HTMLScriptElement {
  const script = document.createElement("script");
  script.setAttribute(entryAttributes.script, "/assets/entry.client-Ab12.js");
  script.setAttribute(entryAttributes.preloads, preloads);
  body.append(script);
  return script;
}

/** Runs the loader's text as the browser would while parsing its element. */
function runLoader(script: HTMLScriptElement, win: object): void {
  const doc = new Proxy(document, {
    get(target, key) {
      if (key === "currentScript") return script;
      if (key === "head") return head;
      if (key === "body") return body;
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function" ? (value as () => unknown).bind(target) : value;
    },
  });
  new Function("document", "window", entryLoaderScript)(doc, win);
}

type PaintList = { getEntriesByName(name: string): unknown[] };
type PaintCallback = (list: PaintList, observer: { disconnect(): void }) => void;

/** A browser's PerformanceObserver that reports paint timing entries when the test says so. */
function paintTiming() {
  const observers: { callback: PaintCallback }[] = [];
  let disconnected = 0;
  class FakeObserver {
    static supportedEntryTypes = ["paint", "largest-contentful-paint"];
    constructor(readonly callback: PaintCallback) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: "paint", buffered: true });
      observers.push(this);
    }
    disconnect() {
      disconnected += 1;
    }
  }
  return {
    window: { PerformanceObserver: FakeObserver, addEventListener: vi.fn() },
    /** The browser reports paint entries of these names (first-paint, first-contentful-paint). */
    report(...names: string[]) {
      const list = { getEntriesByName: (name: string) => names.filter((entry) => entry === name) };
      for (const observer of observers) observer.callback(list, observer as FakeObserver);
    },
    disconnected: () => disconnected,
  };
}

const added = () => ({
  scripts: [...body.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
    script.getAttribute("src"),
  ),
  preloads: [...head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute("href"),
  ),
});

afterEach(() => {
  head = document.createElement("div");
  body = document.createElement("div");
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the entry loader", () => {
  it("adds nothing until the page's content has painted, then the module and its preloads, once", () => {
    vi.useFakeTimers();
    const timing = paintTiming();
    runLoader(loaderElement("/assets/preload-helper-Cd34.js /assets/other-Ef56.js"), timing.window);
    expect(added()).toEqual({ scripts: [], preloads: [] });

    // The first paint can be the page's background alone: not yet.
    timing.report("first-paint");
    vi.runAllTimers();
    expect(added().scripts).toEqual([]);

    timing.report("first-contentful-paint");
    // Started in a task of its own after the paint's callback, not inside it.
    expect(added().scripts).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual({
      scripts: ["/assets/entry.client-Ab12.js"],
      preloads: ["/assets/preload-helper-Cd34.js", "/assets/other-Ef56.js"],
    });
    expect(timing.disconnected()).toBe(1);

    // A second report adds nothing more.
    timing.report("first-paint", "first-contentful-paint");
    vi.runAllTimers();
    expect(added().scripts).toHaveLength(1);
    expect(added().preloads).toHaveLength(2);
  });

  it("starts the module alone when nothing is to be preloaded", () => {
    vi.useFakeTimers();
    const timing = paintTiming();
    runLoader(loaderElement(""), timing.window);
    timing.report("first-paint", "first-contentful-paint");
    vi.runAllTimers();
    expect(added()).toEqual({ scripts: ["/assets/entry.client-Ab12.js"], preloads: [] });
  });

  it("without paint timing, starts at the load event", () => {
    const listeners: Record<string, () => void> = {};
    const win = {
      addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
    };
    // happy-dom's document is complete already: a parsing page's is "loading".
    vi.spyOn(document, "readyState", "get").mockReturnValue("loading");
    runLoader(loaderElement(""), win);
    expect(added().scripts).toEqual([]);
    listeners.load?.();
    expect(added().scripts).toEqual(["/assets/entry.client-Ab12.js"]);
  });

  it("without paint timing, on a page already loaded, starts at once", () => {
    vi.spyOn(document, "readyState", "get").mockReturnValue("complete");
    runLoader(loaderElement(""), { addEventListener: vi.fn() });
    expect(added().scripts).toEqual(["/assets/entry.client-Ab12.js"]);
  });
});
