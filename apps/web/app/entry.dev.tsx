import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./root";
import { lazyPages } from "./routes";

/**
 * The development server only (index.html, `pnpm dev`): React renders the whole site from the route
 * table with client-side routing, islands included. The build prerenders every page instead, and the
 * browser runs entry.client.ts on it.
 */
const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App pages={lazyPages()} />
    </BrowserRouter>
  </StrictMode>,
);
