import { useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ErrorBoundary, ErrorScreen } from "../layout/error-screen";
import { IslandElement, type IslandModule } from "./island";
import {
  documentLocale,
  loadMessages,
  PageLanguageProvider,
  type PageLanguage,
} from "../../i18n/messages";

/** How the prerender renders an island and the browser hydrates it: the same tree, so the same markup. */
export function islandTree(
  { default: Component }: IslandModule<object>,
  props: object,
  element: HTMLElement | null,
  onError?: () => void,
  onHydrated?: () => void,
) {
  return (
    <IslandElement value={{ current: element }}>
      <ErrorBoundary onError={onError}>
        <Component {...props} />
      </ErrorBoundary>
      <Hydrated then={onHydrated} />
    </IslandElement>
  );
}

/** Renders nothing; calls `then` once React has committed the tree around it (the island is live). */
function Hydrated({ then }: { then: (() => void) | undefined }) {
  useEffect(() => then?.(), [then]);
  return null;
}

/**
 * The site's error screen in place of the whole page (the page is static HTML: there is no app around
 * the island to show it). The page's container is swapped for a new one, so no React root loses nodes
 * it owns.
 */
export function showErrorScreen(language?: PageLanguage): void {
  const page = document.getElementById("root");
  if (!page) return;
  const replacement = document.createElement("div");
  replacement.id = "root";
  page.replaceWith(replacement);
  const screen = <ErrorScreen />;
  createRoot(replacement).render(
    language ? <PageLanguageProvider value={language}>{screen}</PageLanguageProvider> : screen,
  );
}

/**
 * React takes over one prerendered island in place: `element` holds exactly what the prerender
 * rendered for it, under the same identifier prefix (so its ids match), in the page's language (its
 * messages are loaded first, so the words match too). A rendering error shows the site's error
 * screen. Settles once the island is live.
 */
export async function hydrateIsland(
  element: HTMLElement,
  module: IslandModule<object>,
  props: object,
  identifierPrefix: string,
): Promise<void> {
  const language = await loadMessages(documentLocale(element.ownerDocument));
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <PageLanguageProvider value={language}>
        {islandTree(module, props, element, () => showErrorScreen(language), resolve)}
      </PageLanguageProvider>,
      { identifierPrefix },
    );
  });
}
