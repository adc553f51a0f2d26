import type { TemplateMessage } from "@site/shared/i18n";

/**
 * The office's messages that are functions in English (en.ts), as ICU MessageFormat with their
 * parameters' names, keyed by where they sit in the tree. A translation writes these templates in its
 * language; templates.test.ts formats each with sample values and compares it with the English function.
 */
export const officeTemplates: Readonly<Record<string, TemplateMessage>> = {
  "header.signedInAs": { params: ["name", "email"], en: "Signed in as {name} ({email})" },
  "inbox.tabLabel": { params: ["label", "count"], en: "{label} ({count})" },
  "subscribers.shown": {
    params: ["count"],
    en: "{count, plural, =0 {No subscribers match these filters.} one {# subscriber shown.} other {# subscribers shown.}}",
  },
  "subscribers.consentOn": { params: ["page", "notice"], en: "on {page}, notice {notice}" },
  "subscribers.leftByStaff": { params: ["at", "who"], en: "{at}, by {who} on request" },
  "subscribers.unsubscribeNamed": { params: ["email"], en: "Unsubscribe {email}" },
  "subscribers.confirmUnsubscribe": {
    params: ["email"],
    en: "Unsubscribe {email} on their request? They get no more newsletters; the office records that you did it.",
  },
  "subscribers.unsubscribed": { params: ["email"], en: "{email} is unsubscribed." },
  "subscribers.chart.summary": {
    params: ["subscribed", "departed"],
    en: "Subscribed: {subscribed}. Unsubscribed: {departed}.",
  },
  "inbox.shown": {
    params: ["count"],
    en: "{count, plural, =0 {No leads match these filters.} one {# lead shown.} other {# leads shown.}}",
  },
  "lead.consentAt": { params: ["at", "page"], en: "Given {at} on {page}" },
  "lead.ownedBy": { params: ["owner"], en: "Handled by {owner}" },
  "lead.replyIntro": {
    params: ["email"],
    en: "Mailed to {email} from the firm's address; replies to it come to you.",
  },
  "lead.replySubject": { params: ["subject"], en: "Re: {subject}" },
  "lead.event.assigned": { params: ["owner"], en: "Assigned to {owner}" },
  "lead.event.status": { params: ["status"], en: "Status set to {status}" },
  "lead.event.closed": { params: ["reason"], en: "Closed: {reason}" },
  "lead.event.reply": { params: ["subject"], en: "Replied: {subject}" },
  "lead.event.by": { params: ["who"], en: "by {who}" },
  "staff.invited": {
    params: ["email"],
    en: "{email} is invited: a sign-in link is on its way to them.",
  },
  "staff.removeNamed": { params: ["email"], en: "Remove {email}" },
  "staff.confirmRemove": {
    params: ["email"],
    en: "Remove {email} from the staff? Their sessions end at once and they can no longer sign in.",
  },
  "staff.removed": { params: ["email"], en: "{email} was removed from the staff." },
  "duration.minutes": { params: ["minutes"], en: "{minutes} min" },
  "duration.hoursMinutes": {
    params: ["hours", "minutes"],
    en: "{minutes, plural, =0 {{hours} h} other {{hours} h {minutes} min}}",
  },
  "duration.daysHours": {
    params: ["days", "hours"],
    en: "{hours, plural, =0 {{days} d} other {{days} d {hours} h}}",
  },
  "comments.by.office": { params: ["staff"], en: "in the office by {staff}" },
  "comments.shown": {
    params: ["count"],
    en: "{count, plural, =0 {No comments here.} one {# comment shown.} other {# comments shown.}}",
  },
  "comments.selectOne": { params: ["name"], en: "Select the comment by {name}" },
  "comments.selected": {
    params: ["count"],
    en: "{count, plural, one {# comment selected} other {# comments selected}}",
  },
  "comments.approveOne": { params: ["name"], en: "Approve the comment by {name}" },
  "comments.rejectOne": { params: ["name"], en: "Reject the comment by {name}" },
  "comments.spamOne": { params: ["name"], en: "Mark as spam the comment by {name}" },
  "comments.hideOne": { params: ["name"], en: "Hide the comment by {name}" },
  "comments.confirmReject": {
    params: ["count"],
    en: "{count, plural, one {Reject # comment? It will not appear on the site.} other {Reject # comments? They will not appear on the site.}}",
  },
  "comments.confirmSpam": {
    params: ["count"],
    en: "{count, plural, one {Mark # comment as spam? It will not appear on the site.} other {Mark # comments as spam? They will not appear on the site.}}",
  },
  "comments.confirmHide": {
    params: ["count"],
    en: "{count, plural, one {Hide # comment? It is taken off its post at once.} other {Hide # comments? They are taken off their posts at once.}}",
  },
  "comments.done.approve": {
    params: ["count"],
    en: "{count, plural, one {# comment approved.} other {# comments approved.}}",
  },
  "comments.done.reject": {
    params: ["count"],
    en: "{count, plural, one {# comment rejected.} other {# comments rejected.}}",
  },
  "comments.done.spam": {
    params: ["count"],
    en: "{count, plural, one {# comment marked as spam.} other {# comments marked as spam.}}",
  },
  "comments.done.hide": {
    params: ["count"],
    en: "{count, plural, one {# comment hidden.} other {# comments hidden.}}",
  },
  "comments.alreadyDecided": {
    params: ["name", "status", "who"],
    en: "The comment by {name} was already {status} {who}; nothing changed.",
  },
  "comments.notPublished": {
    params: ["name"],
    en: "The comment by {name} is not published, so it cannot be hidden.",
  },
  "comments.notFound": {
    params: ["count"],
    en: "{count, plural, one {# comment no longer exists.} other {# comments no longer exist.}}",
  },
  "comments.decided": { params: ["status", "who"], en: "{status} {who}" },
  "outbox.heldByCap": { params: ["cap"], en: "Held by {cap}" },
  "outbox.capFigure": { params: ["count", "cap"], en: "{count} of {cap}" },
  "outbox.shown": {
    params: ["count"],
    en: "{count, plural, =0 {No mails match these filters.} one {# mail shown.} other {# mails shown.}}",
  },
  "outbox.mail.heading": { params: ["recipient"], en: "Mail to {recipient}" },
  "outbox.mail.removed": {
    params: ["at"],
    en: "No longer kept: its text was removed on {at}, when the mail retention ran.",
  },
};
