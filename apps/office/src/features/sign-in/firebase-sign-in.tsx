import { useEffect, useId, useState, type FormEvent } from "react";
import { initializeApp, type FirebaseApp } from "firebase/app";
import {
  browserPopupRedirectResolver,
  connectAuthEmulator,
  GoogleAuthProvider,
  initializeAuth,
  inMemoryPersistence,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signInWithPopup,
  signOut,
  type Auth,
  type UserCredential,
} from "firebase/auth";
import { useMutation } from "@tanstack/react-query";
import type { Me, OfficeConfig, SignInAnswer } from "@site/shared/office";
import { officeApi } from "@site/shared/office/constants";
import { errorText } from "../../components/error-text";
import { Notice } from "../../components/notice";
import { useText } from "../../i18n/text";
import { ApiError } from "../../lib/api-client";
import { useApi, useSetMe } from "../../lib/session";

type FirebaseSettings = NonNullable<OfficeConfig["firebase"]>;

const emailKey = "office:firebase-email";
let cached: { key: string; auth: Auth } | undefined;

/**
 * Firebase Authentication, for the office's production mode (this module is a chunk of its own, fetched
 * only in that mode). Firebase proves who the person is; the API turns the ID token into its own session
 * cookie (firebase-admin's createSessionCookie), so the SDK keeps nothing: in-memory persistence, and
 * its own sign-out as soon as the exchange is done.
 */
function firebaseAuth(settings: FirebaseSettings): Auth {
  const key = JSON.stringify(settings);
  if (cached?.key === key) return cached.auth;
  const app: FirebaseApp = initializeApp(
    { apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId },
    "office",
  );
  const auth = initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  // disableWarnings: the emulator's banner is an element with inline styles, which the office's CSP refuses.
  if (settings.authEmulatorUrl)
    connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true });
  cached = { key, auth };
  return auth;
}

export function FirebaseSignIn({
  settings,
  onSignedIn,
}: {
  settings: FirebaseSettings;
  onSignedIn: (me: Me) => void;
}) {
  const text = useText();
  const emailId = useId();
  const api = useApi();
  const setMe = useSetMe();
  const auth = firebaseAuth(settings);
  const [email, setEmail] = useState("");
  // Arrived from Firebase's email link (its query carries the one-time code).
  const [fromLink] = useState(() => isSignInWithEmailLink(auth, window.location.href));

  /** Firebase proves the person; the API makes the session. The SDK's own sign-in is dropped at once. */
  const signIn = useMutation({
    mutationFn: async (credential: () => Promise<UserCredential>) => {
      const { user } = await credential();
      const idToken = await user.getIdToken();
      await signOut(auth);
      return api.post<SignInAnswer>(officeApi.signInFirebase, { idToken });
    },
    onSuccess: ({ me }) => {
      setMe(me);
      onSignedIn(me);
    },
  });
  const sendLink = useMutation({
    mutationFn: async (address: string) => {
      await sendSignInLinkToEmail(auth, address, {
        url: `${window.location.origin}/admin/sign-in`,
        handleCodeInApp: true,
      });
      window.localStorage.setItem(emailKey, address);
    },
  });

  const finishLink = (address: string) => {
    const href = window.location.href;
    window.history.replaceState(window.history.state, "", window.location.pathname);
    window.localStorage.removeItem(emailKey);
    signIn.mutate(() => signInWithEmailLink(auth, address, href));
  };

  useEffect(() => {
    const saved = window.localStorage.getItem(emailKey);
    if (fromLink && saved) finishLink(saved);
    // Runs once on arrival: the link's code is single-use.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (fromLink) finishLink(email.trim());
    else sendLink.mutate(email.trim());
  }

  const busy = signIn.isPending || sendLink.isPending;
  const failure = signIn.error ?? sendLink.error;
  return (
    <div className="stack">
      <p>{fromLink ? text.signIn.firebaseConfirmEmail : text.signIn.firebaseIntro}</p>
      {fromLink ? null : (
        <button
          type="button"
          disabled={busy}
          onClick={() => signIn.mutate(() => signInWithPopup(auth, new GoogleAuthProvider()))}
        >
          {text.signIn.google}
        </button>
      )}
      <form noValidate onSubmit={submit} className="stack">
        <div className="field">
          <label htmlFor={emailId}>{text.signIn.emailLabel}</label>
          <input
            id={emailId}
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" disabled={busy || email.trim() === ""}>
          {fromLink ? text.signIn.firebaseFinish : text.signIn.send}
        </button>
      </form>
      <Notice tone="status">
        {sendLink.isSuccess
          ? text.signIn.firebaseLinkSent
          : signIn.isPending
            ? text.signIn.signingIn
            : null}
      </Notice>
      <Notice tone="alert">
        {failure
          ? failure instanceof ApiError
            ? errorText(failure, text)
            : text.signIn.firebaseFailed
          : null}
      </Notice>
    </div>
  );
}
