import { blogSubpagePaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { isPrivacyNoticeVersion, routePaths } from "@site/shared/content";
import { splitLocalePath, trimTrailingSlashes, type Locale } from "@site/shared/i18n";
import { messageRef } from "@site/shared/i18n/message-ref";
import type { ConsentInput } from "../ports/store.js";
import { keyedFieldErrors } from "./messages.js";

/** What a form sent about its consent (schemas' consent fields) and what the request says besides. */
export interface ConsentClaim {
  /** The form's own field: the path of the page it is on. */
  page?: string | undefined;
  /** The privacy notice version the form showed. */
  noticeVersion?: string | undefined;
  /** The path of the Referer, when the browser sent one from this site (a form posted without script). */
  refererPath?: string | undefined;
}

/** The site's routes and the blog's posts and category pages (a post carries the newsletter form). */
const knownPaths: ReadonlySet<string> = new Set([...routePaths, ...blogSubpagePaths(blogPosts)]);

/**
 * The page of the site a path names, in any of its languages ("/about", "/about/", "/fr/about" alike):
 * its language and English path, or null for anything else. What a consent record or a back link may
 * name: never a path as a request sent it.
 */
export function knownSitePage(value: string): { locale: Locale; path: string } | null {
  const page = splitLocalePath(value.length > 1 ? trimTrailingSlashes(value) : value);
  return knownPaths.has(page.path) ? page : null;
}

/** A known page's path as sent ("/fr/about": the page the person read), or null for anything else. */
function sitePath(value: string | undefined): string | null {
  if (value === undefined || knownSitePage(value) === null) return null;
  return value.length > 1 ? trimTrailingSlashes(value) : value;
}

/**
 * The consent to record: the form's page if it is one of the site's routes, else the Referer's, else
 * null; the notice version if the site has shown it. A version the site never showed is refused (a
 * tampered or broken form: nothing could prove what the person read); none at all is recorded as null.
 */
export function resolveConsent(
  claim: ConsentClaim,
): { ok: true; consent: ConsentInput } | { ok: false; fieldErrors: Record<string, string> } {
  if (claim.noticeVersion !== undefined && !isPrivacyNoticeVersion(claim.noticeVersion)) {
    return {
      ok: false,
      fieldErrors: keyedFieldErrors({
        noticeVersion: messageRef("privacyMessages.unknownNoticeVersion"),
      }),
    };
  }
  return {
    ok: true,
    consent: {
      page: sitePath(claim.page) ?? sitePath(claim.refererPath),
      noticeVersion: claim.noticeVersion ?? null,
    },
  };
}
