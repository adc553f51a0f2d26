import {
  aboutSections,
  articles,
  careersContent,
  contactContent,
  expertsContent,
  homeContent,
  industriesContent,
  privacyNotice,
  routes,
  sectors,
  serviceCategories,
  type RouteId,
} from "@site/shared/content";
import { blogPaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { blogMessages, thoughtLeadershipMessages } from "@site/shared/messages";

/**
 * What each route must show, from the shared content (never retyped): its main heading and a sample
 * of texts further down, so a page that renders only its shell does not pass.
 */
export const pageContent: Record<RouteId, { heading: string; texts: readonly string[] }> = {
  home: {
    heading: homeContent.hero.heading,
    texts: [
      homeContent.whoWeAre.heading,
      ...homeContent.serviceCards.map((card) => card.title),
      homeContent.whyPartner.heading,
      ...homeContent.howItWorks.steps.map((step) => step.title),
      ...homeContent.faq.items.map((item) => item.question),
    ],
  },
  about: { heading: "About", texts: aboutSections.map((section) => section.heading) },
  experts: {
    heading: expertsContent.heading,
    texts: [expertsContent.founder.name, expertsContent.founder.title],
  },
  services: { heading: "Services", texts: serviceCategories.map((category) => category.title) },
  industries: {
    heading: industriesContent.hero.heading,
    texts: [
      ...sectors.map((sector) => sector.name),
      ...industriesContent.solutions.items.map((item) => item.title),
      ...industriesContent.process.steps.map((step) => step.title),
    ],
  },
  "thought-leadership": {
    heading: thoughtLeadershipMessages.heading,
    texts: [thoughtLeadershipMessages.subtitle, ...articles.map((article) => article.title)],
  },
  blog: {
    heading: blogMessages.heading,
    texts: [blogMessages.allFilter, ...blogPosts.map((post) => post.title)],
  },
  careers: {
    heading: careersContent.heading,
    texts: [careersContent.tag, careersContent.cta.label],
  },
  contact: {
    heading: contactContent.heading,
    texts: [contactContent.formHeading, contactContent.careersPointer.text],
  },
  privacy: {
    heading: privacyNotice.heading,
    texts: privacyNotice.sections.map((section) => section.heading),
  },
};

export { routes };

/**
 * The blog's pages beyond /blog (which is in `routes`): every post, a category with posts and one
 * without (the empty state), each with the heading it must show.
 */
export const blogPages: readonly { path: string; heading: string }[] = [
  ...blogPosts.map((post) => ({ path: blogPaths.post(post.slug), heading: post.title })),
  { path: "/blog/category/banking", heading: blogMessages.heading },
  { path: "/blog/category/education", heading: blogMessages.heading },
];
