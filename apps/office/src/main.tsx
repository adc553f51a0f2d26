import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { basename, createOffice, OfficeApp, OfficeScreens } from "./app";
import "./styles/office.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const office = createOffice();
createRoot(root).render(
  <StrictMode>
    <OfficeApp office={office}>
      <BrowserRouter basename={basename}>
        <OfficeScreens office={office} />
      </BrowserRouter>
    </OfficeApp>
  </StrictMode>,
);
