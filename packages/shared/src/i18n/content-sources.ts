import {
  aboutContent,
  aboutSections,
  careersContent,
  contactCta,
  expertsContent,
  firm,
  footerColumns,
  geographies,
  headerNav,
  homeContent,
  industriesContent,
  mobileNav,
  privacyNotice,
  routes,
  sectors,
  serviceCategories,
} from "../content/index.js";

/** The pages' copy, the navigation and the firm's facts: the `content` catalogue (never in a browser bundle). */
export const contentSources = {
  firm,
  routes,
  aboutSections,
  headerNav,
  mobileNav,
  contactCta,
  footerColumns,
  homeContent,
  aboutContent,
  serviceCategories,
  industriesContent,
  sectors,
  geographies,
  expertsContent,
  careersContent,
  privacyNotice,
};
export type ContentTree = typeof contentSources;
