import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Me } from "@site/shared/office";
import { officeMessages } from "@site/shared/office/constants";
import { errorText } from "../../components/error-text";
import { Field } from "../../components/field";
import { Notice } from "../../components/notice";
import { PageHeading } from "../../components/page-heading";
import { useText } from "../../i18n/text";
import { emailAddressKey } from "../../lib/email";
import { rememberReturnPath, safeReturnPath, takeReturnPath } from "../../lib/return-path";
import { useOfficeConfig, useRequestLink, useSignIn } from "./api";
import { clearFragment, readLinkToken } from "./link-token";

// Firebase's SDK is fetched only when the API says the office signs in with Firebase: the mailed-link
// mode's first load never carries it.
const FirebaseSignIn = lazy(() =>
  import("./firebase-sign-in").then((m) => ({ default: m.FirebaseSignIn })),
);

const notices = ["signedOut", "signedOutEverywhere", "sessionEnded"] as const;
type NoticeKey = (typeof notices)[number];
const isNotice = (value: string | null): value is NoticeKey => notices.includes(value as NoticeKey);

/** After signing in: where the person was going (kept across the mail), or the inbox. */
function useAfterSignIn(next: string | undefined): (me: Me) => void {
  const navigate = useNavigate();
  return () => {
    const target = takeReturnPath(window.localStorage) ?? next ?? "/leads";
    void navigate(target, { replace: true });
  };
}

export function RequestLinkForm({ next }: { next: string | undefined }) {
  const text = useText();
  const emailId = useId();
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState<string | undefined>();
  const request = useRequestLink();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = emailAddressKey(email);
    if (address === undefined) {
      setInvalid(email.trim() === "" ? text.signIn.emailRequired : officeMessages.emailInvalid);
      document.getElementById(emailId)?.focus();
      return;
    }
    setInvalid(undefined);
    rememberReturnPath(window.localStorage, next);
    request.mutate({ email: address });
  }

  return (
    <form noValidate onSubmit={submit} className="stack">
      <p>{text.signIn.intro}</p>
      <Field id={emailId} label={text.signIn.emailLabel} error={invalid}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" disabled={request.isPending}>
        {request.isPending ? text.signIn.sending : text.signIn.send}
      </button>
      <Notice tone="status">{request.isSuccess ? request.data.message : null}</Notice>
      <Notice tone="alert">{request.isError ? errorText(request.error, text) : null}</Notice>
    </form>
  );
}

function LinkLanding({
  token,
  next,
  onAskAgain,
}: {
  token: string;
  next: string | undefined;
  onAskAgain: () => void;
}) {
  const text = useText();
  const signIn = useSignIn(useAfterSignIn(next));
  return (
    <div className="stack">
      <p>{text.signIn.landingText}</p>
      <button type="button" disabled={signIn.isPending} onClick={() => signIn.mutate({ token })}>
        {signIn.isPending ? text.signIn.signingIn : text.signIn.landingButton}
      </button>
      <Notice tone="alert">{signIn.isError ? errorText(signIn.error, text) : null}</Notice>
      {signIn.isError ? (
        <button type="button" className="button-quiet" onClick={onAskAgain}>
          {text.signIn.askAgain}
        </button>
      ) : null}
    </div>
  );
}

/**
 * /admin/sign-in: ask for a link (or, in Firebase mode, sign in with Google or a Firebase email link);
 * opened from a mailed link, a "Sign in" button: only its POST signs in, so a mail scanner that opens
 * the link signs nobody in and spends nothing.
 */
export function SignInPage() {
  const text = useText();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get("next"));
  const notice = params.get("notice");
  const [token, setToken] = useState(() => readLinkToken(window.location.hash));
  const config = useOfficeConfig();
  const afterSignIn = useAfterSignIn(next);

  useEffect(() => clearFragment(window.location, window.history), []);

  function askAgain() {
    setToken(undefined);
    // The form replaces the button: focus its heading so the keyboard is not left on nothing.
    requestAnimationFrame(() => document.getElementById("page-heading")?.focus());
  }

  return (
    <main id="main" className="sign-in" tabIndex={-1}>
      <PageHeading title={token ? text.signIn.landingHeading : text.signIn.heading} />
      {isNotice(notice) ? <p className="notice notice-status">{text.signIn[notice]}</p> : null}
      {token ? (
        <LinkLanding token={token} next={next} onAskAgain={askAgain} />
      ) : config.data?.mode === "firebase" && config.data.firebase ? (
        <Suspense fallback={<p role="status">{text.loading}</p>}>
          <FirebaseSignIn settings={config.data.firebase} onSignedIn={afterSignIn} />
        </Suspense>
      ) : config.isPending ? (
        <p role="status">{text.loading}</p>
      ) : (
        <RequestLinkForm next={next} />
      )}
    </main>
  );
}
