import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useId,
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

/** What an island's module exports: the component that renders the island (and hydrates it). */
export type IslandModule<P extends object = object> = { default: ComponentType<P> };

/** An island the prerender found on a page: what to render in its place, and how the browser loads it. */
export interface IslandSlot {
  /** The island's module, relative to app/ (the build manifest knows its chunk by it). */
  module: string;
  load: () => Promise<IslandModule<object>>;
  trigger: IslandTrigger;
  props: object;
}

/**
 * Provided by the prerender (entry.prerender.tsx): islands then render an empty placeholder and
 * register here; the prerender renders each one as a separate React root and puts it in the
 * placeholder, so the browser can hydrate that root alone (island-hydrate.tsx) and nothing else.
 */
export const IslandSlots = createContext<Map<string, IslandSlot> | null>(null);

/** The attribute that marks an island's placeholder in the prerendered page, valued with its key. */
export const islandSlotAttribute = "data-island-slot";

/** The element an island is rendered into (for useTypedBeforeHydration). */
export const IslandElement = createContext<RefObject<HTMLElement | null> | null>(null);

export interface Island<P extends object> {
  (props: P): React.JSX.Element;
  /** Starts loading the island's code now; settles once it is there (or failed to load). */
  preload: () => Promise<void>;
}

/**
 * A part of a page that has something to do in the browser. The page is static HTML: the prerender
 * renders every island as its own small React root, and in the browser only those roots are ever
 * hydrated (components/ui/island-loader.ts), each once `trigger` says it is wanted. Until then the
 * markup works as plain HTML (the forms post to the API). `module` names the file `load` imports
 * (relative to app/), which the prerender looks up in the build's manifest; it fails the build if the
 * two disagree.
 *
 * Where React renders the whole site in the browser (unit tests, the development server) an island
 * is simply the loaded component.
 */
export function island<P extends object>(
  module: string,
  load: () => Promise<IslandModule<P>>,
  trigger: IslandTrigger,
): Island<P> {
  let loaded: Promise<IslandModule<P>> | undefined;
  const loadOnce = () => (loaded ??= load());
  const Lazy = lazy(loadOnce);

  function IslandRoot(props: P) {
    const slots = useContext(IslandSlots);
    const key = useId();
    const element = useRef<HTMLDivElement>(null);
    if (slots) {
      slots.set(key, { module, load: loadOnce as IslandSlot["load"], trigger, props });
      return <div className="island" {...{ [islandSlotAttribute]: key }} />;
    }
    return (
      <div ref={element} className="island">
        <IslandElement value={element}>
          <Suspense>
            <Lazy {...props} />
          </Suspense>
        </IslandElement>
      </div>
    );
  }

  const preload = () =>
    loadOnce().then(
      () => undefined,
      () => undefined,
    );
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
