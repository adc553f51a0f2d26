/**
 * Registers the service worker (sw.ts) from the one script every page runs, at a moment that costs the
 * first visit nothing: after the page has loaded, when the browser is idle. A visitor who asked to save
 * data or is on a 2G connection (prefetch.ts, savingData) gets it only from the second page of a visit
 * on: a visitor who reads one page and leaves never pays for the worker's precache.
 */
import { serviceWorkerPath } from "@site/shared/service-worker";
import { savingData, type ConnectionInfo } from "../lib/prefetch";

/** What the decision reads from the page, injected so it is tested without a browser. */
export interface RegistrationContext {
  connection: ConnectionInfo | undefined;
  /** The page's referrer (document.referrer): a page of this site means the visit goes on. */
  referrer: string;
  origin: string;
}

/** Whether to register now: always, unless the visitor saves data and this is the visit's first page. */
export function shouldRegister({ connection, referrer, origin }: RegistrationContext): boolean {
  if (!savingData(connection)) return true;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The longest registration waits for an idle moment after load: the worker's install runs on its own
 * thread and fetches what the page already has, so it only needs to stay out of the page's own start.
 */
export const idleTimeoutMs = 2000;

/** The browser APIs registration uses (the window's, by default). */
export interface RegistrationHost {
  serviceWorker?: Pick<ServiceWorkerContainer, "register">;
  whenIdle: (run: () => void) => void;
  loaded: (run: () => void) => void;
}

function browserHost(win: Window): RegistrationHost {
  return {
    serviceWorker: "serviceWorker" in win.navigator ? win.navigator.serviceWorker : undefined,
    whenIdle: (run) =>
      "requestIdleCallback" in win
        ? win.requestIdleCallback(run, { timeout: idleTimeoutMs })
        : setTimeout(run, 1),
    loaded: (run) =>
      win.document.readyState === "complete"
        ? run()
        : win.addEventListener("load", run, { once: true }),
  };
}

/** Registers the worker after load and idle, when shouldRegister says so; never throws. */
export function registerServiceWorker(
  context: RegistrationContext,
  host: RegistrationHost = browserHost(window),
): void {
  const { serviceWorker } = host;
  if (!serviceWorker || !shouldRegister(context)) return;
  host.loaded(() =>
    host.whenIdle(() => {
      // No worker (private mode, an old browser, a blocked script) is a site without offline pages, not an error.
      serviceWorker.register(serviceWorkerPath, { scope: "/" }).catch(() => undefined);
    }),
  );
}
