/**
 * The words of the office's API (/api/office/...): its refusals and its few answers. English only, like
 * the firm's moderation pages: only the firm's staff read them, and keeping them out of the `messages`
 * catalogue keeps them out of every public page's bundle. The office app's own screen words are its own
 * catalogue (apps/office).
 */
export const officeMessages = {
  /** 401: no session, or one that has ended (signed out, expired, removed from the staff). */
  unauthorized: "Please sign in to the office.",
  /** 403: signed in, but the action needs the owner's role. */
  forbidden: "Only an owner of the office can do this.",
  /** 403: a state-changing request without the session's CSRF token, or with another one. */
  csrf: "This request could not be verified. Please reload the office and try again.",
  /** 202: the answer to "send me a sign-in link", whether or not the address belongs to the staff. */
  linkSent:
    "If this address belongs to the firm's staff, a sign-in link is on its way. It works once, within 15 minutes.",
  /** 400: a token that was never made by the office (cut short, changed or made up). */
  linkInvalid:
    "This sign-in link is not valid. Copy the whole link from the mail, or ask for a new one.",
  /** 410: a link already used, or older than 15 minutes. */
  linkExpired: "This sign-in link has expired or was already used. Please ask for a new one.",
  /** 400: Firebase sign-in refused the ID token, or the address is not the firm's staff. */
  firebaseRefused:
    "This account cannot sign in to the office. Ask an owner to invite your address.",
  /** 404: the office signs in by mailed link, not by Firebase (or the reverse). */
  wrongSignInMode: "This way of signing in is not enabled for the office.",
  rateLimited: "Too many sign-in requests. Please wait a few minutes and try again.",
  invalidRequest: "Please check the highlighted fields and try again.",
  leadNotFound: "This lead does not exist.",
  staffNotFound: "This person is not on the office's staff.",
  staffExists: "This address is already on the office's staff.",
  lastOwner: "The office needs at least one owner: invite another owner before removing this one.",
  /** Closing a lead without saying why. */
  closeReasonRequired: "Please choose why this lead is closed.",
  /** A close reason on a lead that is not being closed. */
  closeReasonWithoutClosing: "A close reason goes only with the closed status.",
  /** Assigning a lead to an address that is not on the staff. */
  ownerNotStaff: "Leads can only be assigned to the office's staff.",
  /** The filter's dates: `from` after `to`. */
  dateRange: "The start date must be on or before the end date.",
  invalidDate: "Please give a date as YYYY-MM-DD.",
  invalidCursor: "This page of the list is out of date. Please start again from the first page.",
  emailInvalid: "Please enter a valid email address.",
  noteRequired: "Please write a note.",
  subjectRequired: "Please write a subject.",
  bodyRequired: "Please write a reply.",
  /** A storage or mail failure: shown as it is, nothing was changed. */
  unavailable:
    "The office cannot reach its storage right now. Nothing was changed; please try again.",
} as const;
