import type { IslandModule, IslandTrigger } from "./island";
import { newIdempotencyKey } from "../../lib/idempotency-key";

/**
 * The browser side of islands on the static site (no React here: this runs on every page). Each
 * prerendered island is a `.island[data-island]` element naming its module's URL; its code loads only
 * when wanted, then React hydrates that element alone (island-hydrate.tsx):
 * - "interaction": once the visitor reaches for it (pointer over or down, touch, focus, a key), or at
 *   once if the focus or the pointer is already in it when this script starts;
 * - "visible": also once it comes within `visibleMargin` of the viewport.
 * A tap on one of its buttons before the code is there is replayed once it has hydrated. A form sent
 * before then is held (the page stays), and sent by the form's own code once it is live, in place; if
 * the code cannot be fetched, the held form is posted as plain HTML after all, with an idempotency key,
 * so nothing is lost. With JavaScript off, the form simply posts.
 */

/** Events that show a visitor is about to use an island's controls. */
const intentEvents = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown"] as const;

/** How far ahead of the viewport a "visible" island starts loading, so it is ready when it scrolls in. */
const visibleMargin = "400px 0px";

/** The attributes the prerender writes on an island (entry.prerender.tsx). */
export const islandAttributes = {
  module: "data-island",
  trigger: "data-trigger",
  props: "data-props",
  idPrefix: "data-id-prefix",
} as const;

export type LoadModule = (url: string) => Promise<IslandModule<object>>;

/** The page's islands start waiting for their triggers; returns a function that stops all waiting. */
export function startIslands(
  root: ParentNode = document,
  loadModule: LoadModule = (url) => import(/* @vite-ignore */ url),
): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>(`[${islandAttributes.module}]`)].map(
    (element) => watchIsland(element, loadModule),
  );
  return () => {
    for (const stop of stops) stop();
  };
}

function watchIsland(element: HTMLElement, loadModule: LoadModule): () => void {
  const url = element.getAttribute(islandAttributes.module) ?? "";
  const trigger = element.getAttribute(islandAttributes.trigger) as IslandTrigger | null;
  let tapped: HTMLButtonElement | null = null;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const onIntent = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) wake();
  };
  // A button of the island pressed before React owns it (a filter, say) did nothing yet: remember it.
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (button && button.type === "button" && element.contains(button)) tapped = button;
  };
  // A form of the island sent before React owns it: held here, handed to the form's code below. Held
  // submits go no further: React may take the island over in the very task that dispatches one (or
  // before this loader hears it has), and its handler would send the form, then the replay below again.
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !element.contains(form)) return;
    event.preventDefault();
    event.stopPropagation();
    held = { form, submitter: event.submitter };
    wake();
  };
  // Listened for on the window, in the capture phase, so nothing on the way can hide them.
  for (const type of intentEvents)
    window.addEventListener(type, onIntent, { passive: true, capture: true });
  window.addEventListener("click", onClick, { capture: true });
  window.addEventListener("submit", onSubmit, { capture: true });
  const observer =
    trigger === "visible" && typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) wake();
          },
          { rootMargin: visibleMargin },
        )
      : undefined;
  // The island's own element draws no box (styles/base.css: `display: contents`): watch what it holds.
  for (const child of element.children) observer?.observe(child);

  function stopWaiting() {
    for (const type of intentEvents) window.removeEventListener(type, onIntent, { capture: true });
    observer?.disconnect();
  }
  function stopHolding() {
    window.removeEventListener("click", onClick, { capture: true });
    window.removeEventListener("submit", onSubmit, { capture: true });
  }
  function stop() {
    stopWaiting();
    stopHolding();
  }

  let woken = false;
  function wake() {
    if (woken) return;
    woken = true;
    stopWaiting();
    void Promise.all([import("./island-hydrate"), loadModule(url)])
      .then(([{ hydrateIsland }, module]) => {
        const props = JSON.parse(element.getAttribute(islandAttributes.props) ?? "{}") as object;
        const prefix = element.getAttribute(islandAttributes.idPrefix) ?? "";
        return hydrateIsland(element, module, props, prefix);
      })
      .then(() => {
        stopHolding();
        // The tap is replayed on the button now that React owns it, and a held form is sent by its code.
        const button = tapped;
        tapped = null;
        if (button?.isConnected) button.click();
        const form = held;
        held = null;
        if (form?.form.isConnected) form.form.requestSubmit(submitterOf(form));
      })
      .catch((cause: unknown) => {
        stopHolding();
        console.error(
          "An island's code could not be loaded; its prerendered form keeps working.",
          cause,
        );
        const form = held;
        held = null;
        if (form?.form.isConnected) postPlainly(form.form);
      });
  }

  // The page's script starts after the first paint: by then a visitor may already be in the form, or
  // have the pointer resting on it. Neither sends another event (a still mouse sends no pointerover).
  const active = element.ownerDocument.activeElement;
  if ((active && element.contains(active)) || element.querySelector(":hover")) wake();

  return stop;
}

/** The submit button a held form was sent with, if it is still one of the form's. */
function submitterOf({
  form,
  submitter,
}: {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}): HTMLElement | null {
  return submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null;
}

/**
 * Posts a held form as plain HTML (the island's code could not be fetched): with an idempotency key in
 * the hidden field the API reads, so a second tap on the server's answer page cannot file it twice.
 */
function postPlainly(form: HTMLFormElement): void {
  const field =
    form.querySelector<HTMLInputElement>('input[name="idempotencyKey"]') ??
    Object.assign(document.createElement("input"), { type: "hidden", name: "idempotencyKey" });
  if (!field.value) field.value = newIdempotencyKey();
  form.append(field);
  form.submit();
}
