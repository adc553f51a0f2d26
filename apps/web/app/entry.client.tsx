import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./root";
import { lazyPages } from "./routes";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into");

const app = (
  <StrictMode>
    <BrowserRouter>
      <App pages={lazyPages()} />
    </BrowserRouter>
  </StrictMode>
);

// Every page is prerendered: React takes over the HTML in place. An empty root only happens under the
// development server (index.html), which renders from scratch.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);
