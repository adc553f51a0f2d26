/**
 * Where and under which privacy notice a person agreed: the consent every form records (contacts,
 * subscriptions, comments). One definition for every capability's port.
 */
/**
 * Where and under which privacy notice a person agreed (Kenya's Data Protection Act 2019: the firm must be
 * able to prove consent). Validated by the domain: `page` is one of the site's routes, `noticeVersion` one
 * the site has shown; null when the submission did not say.
 */
export interface ConsentInput {
  page: string | null;
  noticeVersion: string | null;
}

/** Consent as recorded: the input plus when it was given, in the store's time (server time). */
export interface ConsentRecord extends ConsentInput {
  at: Date;
}
