export { NewsletterBlock } from "./newsletter-block";
export { subscribe, useSubscribe, subscribeErrorMessage, subscriptionsPath } from "./subscribe";
