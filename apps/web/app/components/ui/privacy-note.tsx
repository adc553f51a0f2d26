import { privacyNotice, routeById } from "@site/shared/content";
import type { Locale } from "@site/shared/i18n";
import { documentLocale, useLocale, useLocalePath, useMessages } from "../../i18n/messages";

/**
 * The sentence under a form that says what its data is for, with the link to /privacy, and the hidden
 * field that tells the API which version of the notice the visitor was shown (recorded with the consent).
 * A plain link, not the router's: the forms are islands and must not depend on where they are rendered.
 */
export function PrivacyNote({ text, className }: { text: string; className?: string }) {
  const { privacyMessages } = useMessages();
  const path = useLocalePath()(routeById("privacy").path);
  return (
    <p className={className ? `privacy-note ${className}` : "privacy-note"}>
      {`${text} `}
      <a href={path}>{privacyMessages.noticeLink}</a>.
      <input type="hidden" name="noticeVersion" value={privacyNotice.version} />
      {/* The page's language, so a form posted without JavaScript is answered (and mailed) in it too. */}
      <input type="hidden" name="locale" value={useLocale()} />
    </p>
  );
}

/**
 * The consent fields of a form's JSON request: the page the form is on and the notice version it showed.
 * (A form posted without JavaScript sends the version from the hidden field; the API takes the page from
 * the Referer then.)
 */
export function consentFields(): { page?: string; noticeVersion: string; locale?: Locale } {
  return {
    ...(typeof window === "undefined"
      ? {}
      : { page: window.location.pathname, locale: documentLocale() }),
    noticeVersion: privacyNotice.version,
  };
}
