import { Route, Routes } from "react-router";
import { NotFoundPage } from "../../components/not-found-page";
import { PeoplePage } from "./people-page";
import { RequestsPage } from "./requests-page";

/** /admin/people and its register, one lazy chunk (routes.tsx). */
export function PeopleRoutes() {
  return (
    <Routes>
      <Route index element={<PeoplePage />} />
      <Route path="requests" element={<RequestsPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
