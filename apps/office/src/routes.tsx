import { lazy, Suspense, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import { Layout } from "./components/layout";
import { NotFoundPage } from "./components/not-found-page";
import { useText } from "./i18n/text";
import { SignInPage } from "./features/sign-in/sign-in-page";

// Every signed-in screen is its own chunk, fetched on the way there: the inbox's table code never
// reaches the sign-in page.
const OverviewPage = lazy(() =>
  import("./features/overview/overview-page").then((m) => ({ default: m.OverviewPage })),
);
const SubscribersPage = lazy(() =>
  import("./features/subscribers/subscribers-page").then((m) => ({ default: m.SubscribersPage })),
);
const InboxPage = lazy(() =>
  import("./features/leads/inbox-page").then((m) => ({ default: m.InboxPage })),
);
const LeadPage = lazy(() =>
  import("./features/leads/lead-page").then((m) => ({ default: m.LeadPage })),
);
const CommentsPage = lazy(() =>
  import("./features/comments/comments-page").then((m) => ({ default: m.CommentsPage })),
);
const StaffPage = lazy(() =>
  import("./features/staff/staff-page").then((m) => ({ default: m.StaffPage })),
);
const PeopleRoutes = lazy(() =>
  import("./features/people/people-routes").then((m) => ({ default: m.PeopleRoutes })),
);
const AuditPage = lazy(() =>
  import("./features/audit/audit-page").then((m) => ({ default: m.AuditPage })),
);
const OutboxRoutes = lazy(() =>
  import("./features/outbox/outbox-routes").then((m) => ({ default: m.OutboxRoutes })),
);

function Loading({ children }: { children: ReactNode }) {
  const text = useText();
  return <Suspense fallback={<p role="status">{text.loading}</p>}>{children}</Suspense>;
}

/**
 * The office's one route table, under the /admin basename (declarative mode: the screens fetch through
 * TanStack Query, so the data router's loaders would add weight and nothing else).
 */
export function OfficeRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
      <Route element={<Layout />}>
        <Route
          index
          element={
            <Loading>
              <OverviewPage />
            </Loading>
          }
        />
        <Route
          path="/subscribers"
          element={
            <Loading>
              <SubscribersPage />
            </Loading>
          }
        />
        <Route
          path="/leads"
          element={
            <Loading>
              <InboxPage />
            </Loading>
          }
        />
        <Route
          path="/leads/:id"
          element={
            <Loading>
              <LeadPage />
            </Loading>
          }
        />
        <Route
          path="/staff"
          element={
            <Loading>
              <StaffPage />
            </Loading>
          }
        />
        <Route
          path="/comments"
          element={
            <Loading>
              <CommentsPage />
            </Loading>
          }
        />
        <Route
          path="/people/*"
          element={
            <Loading>
              <PeopleRoutes />
            </Loading>
          }
        />
        <Route
          path="/audit"
          element={
            <Loading>
              <AuditPage />
            </Loading>
          }
        />
        <Route
          path="/outbox/*"
          element={
            <Loading>
              <OutboxRoutes />
            </Loading>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
