import { privacyNotice, routeById } from "@site/shared/content";
import { privacyMessages } from "@site/shared/messages";

/**
 * The sentence under a form that says what its data is for, with the link to /privacy, and the hidden
 * field that tells the API which version of the notice the visitor was shown (recorded with the consent).
 * A plain link, not the router's: the forms are islands and must not depend on where they are rendered.
 */
export function PrivacyNote({ text, className }: { text: string; className?: string }) {
  return (
    <p className={className ? `privacy-note ${className}` : "privacy-note"}>
      {text} <a href={routeById("privacy").path}>{privacyMessages.link}</a>.
      <input type="hidden" name="noticeVersion" value={privacyNotice.version} />
    </p>
  );
}

/**
 * The consent fields of a form's JSON request: the page the form is on and the notice version it showed.
 * (A form posted without JavaScript sends the version from the hidden field; the API takes the page from
 * the Referer then.)
 */
export function consentFields(): { page?: string; noticeVersion: string } {
  return {
    ...(typeof window === "undefined" ? {} : { page: window.location.pathname }),
    noticeVersion: privacyNotice.version,
  };
}
