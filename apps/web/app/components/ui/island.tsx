import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type RefObject,
} from "react";

/**
 * When a prerendered island starts loading its code: once it comes near the viewport, or once the
 * visitor reaches for it (pointer, touch, focus, key), whichever happens first.
 */
export type IslandTrigger = "visible" | "interaction";

/** Events that show a visitor is about to use an island's controls. */
const intentEvents = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/** How far ahead of the viewport a "visible" island starts loading, so it is ready when it scrolls in. */
const visibleMargin = "400px 0px";

const IslandElement = createContext<RefObject<HTMLElement | null> | null>(null);

export interface Island<P extends object> {
  (props: P): React.JSX.Element;
  /** Starts loading the island's code now; settles once it is there (or failed to load). */
  preload: () => Promise<void>;
}

/**
 * A part of a page whose code loads only when it is wanted. The page's HTML already holds its
 * prerendered markup, which works without JavaScript (the forms post to the API as plain HTML forms);
 * React leaves that markup as it is (a Suspense boundary that has not hydrated yet) until the trigger,
 * then loads the code and hydrates it in place. Rendered fresh in the browser (after a client-side
 * navigation) it loads at once. Keeps the forms' libraries (validation, form state, requests) out of
 * the first load of every page.
 */
export function island<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  trigger: IslandTrigger,
): Island<P> {
  let request: () => void = () => {};
  const requested = new Promise<void>((resolve) => {
    request = resolve;
  });
  const loaded = requested.then(load);
  // If the code cannot be fetched (the connection dropped), the island stays as it was prerendered:
  // React keeps markup it has not hydrated untouched, and the form still posts as a plain HTML form.
  const Lazy = lazy(() =>
    loaded.catch((cause: unknown) => {
      console.error(
        "An island's code could not be loaded; its prerendered form keeps working.",
        cause,
      );
      return new Promise<never>(() => {});
    }),
  );
  // Rendering on the server (the prerender) never waits for a trigger.
  if (typeof window === "undefined") request();

  function IslandRoot(props: P) {
    const element = useRef<HTMLDivElement>(null);
    const prerendered = useRef("");
    useEffect(() => {
      const root = element.current;
      const content = root?.firstElementChild;
      // Nothing prerendered here: the island is rendered fresh by the browser, so load it now.
      if (!root || !content) {
        request();
        return undefined;
      }
      prerendered.current = root.innerHTML;
      // Once asked for, the code is on its way: nothing more to listen for.
      const wake = () => {
        request();
        stop();
      };
      // Listened for on the window, in the capture phase: React stops most events aimed at markup it
      // has not hydrated yet at its root, before they would reach a listener on the island itself.
      const onIntent = (event: Event) => {
        if (event.target instanceof Node && root.contains(event.target)) wake();
      };
      // A navigation within this page (an anchor link, Back to an anchor) updates the router above the
      // island, and React can only apply that update once the island has hydrated: load it right away.
      const page = window.location.pathname;
      const onLinkClick = (event: Event) => {
        const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
        if (
          link instanceof HTMLAnchorElement &&
          link.origin === window.location.origin &&
          link.pathname === page
        )
          wake();
      };
      const onHistory = () => {
        if (window.location.pathname === page) wake();
      };
      for (const type of intentEvents)
        window.addEventListener(type, onIntent, { passive: true, capture: true });
      window.addEventListener("click", onLinkClick, { capture: true });
      window.addEventListener("popstate", onHistory);
      const observer =
        trigger === "visible" && typeof IntersectionObserver === "function"
          ? new IntersectionObserver(
              (entries) => entries.some((entry) => entry.isIntersecting) && wake(),
              {
                rootMargin: visibleMargin,
              },
            )
          : undefined;
      observer?.observe(content);
      function stop() {
        for (const type of intentEvents)
          window.removeEventListener(type, onIntent, { capture: true });
        window.removeEventListener("click", onLinkClick, { capture: true });
        window.removeEventListener("popstate", onHistory);
        observer?.disconnect();
      }
      return stop;
    }, []);

    return (
      <div ref={element} className="island">
        <IslandElement value={element}>
          <Suspense fallback={<StandIn html={prerendered} />}>
            <Lazy {...props} />
          </Suspense>
        </IslandElement>
      </div>
    );
  }
  /**
   * What shows while the code loads after React had to re-create the island instead of hydrating it:
   * an urgent update (one not made in a transition, as the router's are) reached the not yet hydrated
   * markup, and React then renders it afresh. The prerendered markup stands in (inert, but its form still posts),
   * so nothing disappears or moves, and the code is fetched at once.
   */
  function StandIn({ html }: { html: RefObject<string> }) {
    useEffect(() => request(), []);
    return html.current ? (
      <div className="island" dangerouslySetInnerHTML={{ __html: html.current }} />
    ) : null;
  }

  const preload = () => {
    request();
    return loaded.then(
      () => undefined,
      () => undefined,
    );
  };
  return Object.assign(IslandRoot, { preload });
}

/**
 * The values a visitor typed into an island's prerendered form before its code arrived, by field name
 * (read once, as the island hydrates; empty when rendered fresh or outside an island). Forms start from
 * them, so nothing typed early is lost or silently replaced.
 */
export function useTypedBeforeHydration(): Readonly<Record<string, string>> {
  const root = useContext(IslandElement);
  const [values] = useState(() => {
    const form = root?.current?.querySelector("form");
    if (!form) return {};
    const typed: Record<string, string> = {};
    for (const [name, value] of new FormData(form))
      if (typeof value === "string" && value !== "") typed[name] = value;
    return typed;
  });
  return values;
}
