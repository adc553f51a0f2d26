import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { officeApi } from "@site/shared/office/constants";
import { useText } from "../i18n/text";
import { signInPath } from "../lib/return-path";
import { useApi, useMe } from "../lib/session";
import { errorText } from "./error-text";
import { Notice } from "./notice";

/**
 * Moves keyboard and screen-reader focus to the new screen's heading after a route change (not on the
 * first load, where the browser starts at the top anyway), so a keyboard user is not left on the link
 * they pressed, now gone. Changes of the query alone (the inbox's filters) keep focus where it is.
 */
function useFocusOnRouteChange(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById("page-heading")?.focus();
  }, [pathname]);
}

function SignOutButtons() {
  const text = useText();
  const api = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: (everywhere: boolean) =>
      api.post(everywhere ? officeApi.signOutEverywhere : officeApi.signOut, undefined),
    onSuccess: (_answer, everywhere) => {
      client.clear();
      void navigate(signInPath(undefined, everywhere ? "signedOutEverywhere" : "signedOut"));
    },
  });
  return (
    <>
      <button
        type="button"
        className="button-quiet"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(false)}
      >
        {signOut.isPending ? text.header.signingOut : text.header.signOut}
      </button>
      <button
        type="button"
        className="button-quiet"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate(true)}
      >
        {text.header.signOutEverywhere}
      </button>
      {signOut.isError ? <Notice tone="alert">{errorText(signOut.error, text)}</Notice> : null}
    </>
  );
}

/** Every signed-in screen: the skip link, the header (who, where, sign out) and the screen itself. */
export function Layout() {
  const text = useText();
  const me = useMe();
  useFocusOnRouteChange();

  return (
    <>
      <a className="skip-link" href="#main">
        {text.skipLink}
      </a>
      <header className="site-header">
        <nav aria-label={text.header.navigation} className="site-nav">
          <span className="app-name">{text.appName}</span>
          <NavLink to="/" end>
            {text.overview.heading}
          </NavLink>
          <NavLink to="/leads">{text.header.leads}</NavLink>
          <NavLink to="/subscribers">{text.subscribers.heading}</NavLink>
          <NavLink to="/comments">{text.comments.heading}</NavLink>
          <NavLink to="/outbox">{text.outbox.nav}</NavLink>
          {me.data?.role === "owner" ? <NavLink to="/staff">{text.header.staff}</NavLink> : null}
          <NavLink to="/people">{text.people.nav}</NavLink>
          {me.data?.role === "owner" ? <NavLink to="/audit">{text.audit.nav}</NavLink> : null}
        </nav>
        {me.data ? (
          <div className="who">
            <span className="who-name">{text.header.signedInAs(me.data.name, me.data.email)}</span>
            <SignOutButtons />
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {me.data ? (
          <Outlet />
        ) : me.isError ? (
          <Notice tone="alert">{errorText(me.error, text)}</Notice>
        ) : (
          <p role="status">{text.loading}</p>
        )}
      </main>
    </>
  );
}
