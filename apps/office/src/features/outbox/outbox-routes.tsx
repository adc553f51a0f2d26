import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../components/not-found-page";
import { MailPage } from "./mail-page";
import { OutboxPage } from "./outbox-page";

/** /admin/outbox and one mail's page, one lazy chunk (routes.tsx). */
export function OutboxRoutes() {
  return (
    <Routes>
      <Route index element={<OutboxPage />} />
      <Route path=":id" element={<MailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
