import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { blogPaths } from "@site/shared/blog";
import { blogPostBodies, blogPosts } from "@site/shared/blog/posts";
import { articleCategories, expertsContent, newsletterContent } from "@site/shared/content";
import { blogMessages } from "@site/shared/messages";
import { BlogIndex, BlogPostArticle, shareLinks, tocMinHeadings } from "../features/blog";
import { renderRoute } from "./render-route.test-helper";

const main = () => screen.getByRole("main");
const filters = () => within(main()).getByRole("navigation", { name: blogMessages.filterLabel });
/** The cards' links, in order: each card is one link named by its title. */
const cardLinks = () =>
  [...main().querySelectorAll<HTMLElement>(".blog-card")].map((card) =>
    within(card).getByRole("link"),
  );

describe("/blog", () => {
  it("lists every post newest first, each card one link named by its visible title, with tag, summary, author, date and reading time", async () => {
    await renderRoute("/blog");
    expect(
      within(main()).getByRole("heading", { level: 1, name: blogMessages.heading }),
    ).toBeInTheDocument();
    const links = cardLinks();
    expect(links.map((link) => link.getAttribute("href"))).toEqual(
      blogPosts.map((post) => blogPaths.post(post.slug)),
    );
    links.forEach((link, index) => expect(link).toHaveAccessibleName(blogPosts[index]?.title));
    const first = main().querySelector(".blog-card");
    const newest = blogPosts[0];
    expect(first).toHaveTextContent(newest?.summary ?? "");
    expect(first).toHaveTextContent(expertsContent.founder.name);
    expect(first).toHaveTextContent(blogMessages.readingTime(newest?.readingMinutes ?? 0));
    expect(first?.querySelector(`time[datetime="${newest?.date}"]`)).not.toBeNull();
    expect(first?.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
  });

  it("offers 'All posts' and the ten categories as plain links, 'All posts' current", async () => {
    await renderRoute("/blog");
    const links = within(filters()).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "/blog",
      ...articleCategories.map((category) => `/blog/category/${category.toLowerCase()}`),
    ]);
    expect(within(filters()).getByRole("link", { name: blogMessages.allFilter })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(
      within(main()).getByText(blogMessages.summary(blogPosts.length, null)),
    ).toBeInTheDocument();
  });

  it("at /blog/category/banking shows only banking posts, with Banking current", async () => {
    await renderRoute("/blog/category/banking");
    const banking = blogPosts.filter((post) => post.category === "BANKING");
    expect(banking.length).toBeGreaterThan(0);
    expect(cardLinks().map((link) => link.textContent)).toEqual(banking.map((post) => post.title));
    expect(within(filters()).getByRole("link", { name: "Banking" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(
      within(filters()).getByRole("link", { name: blogMessages.allFilter }),
    ).not.toHaveAttribute("aria-current");
    expect(
      within(main()).getByText(blogMessages.summary(banking.length, "Banking")),
    ).toBeInTheDocument();
  });

  it("at a category without posts says so and links back to all posts", async () => {
    await renderRoute("/blog/category/education");
    expect(blogPosts.some((post) => post.category === "EDUCATION")).toBe(false);
    expect(cardLinks()).toHaveLength(0);
    expect(within(main()).getByText(blogMessages.empty)).toBeInTheDocument();
    expect(within(main()).getByRole("link", { name: blogMessages.emptyAction })).toHaveAttribute(
      "href",
      "/blog",
    );
  });

  it("shows the empty state when there are no posts at all", () => {
    render(
      <MemoryRouter>
        <BlogIndex posts={[]} category={null} />
      </MemoryRouter>,
    );
    expect(screen.getByText(blogMessages.empty)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: /posts/i })).toBeNull();
  });
});

describe("/blog/<slug>", () => {
  const post = blogPosts.find(
    (each) =>
      (blogPostBodies[each.slug]?.headings.filter((h) => h.level === 2).length ?? 0) >=
      tocMinHeadings,
  );
  if (!post) throw new Error("No post has enough sections for a table of contents");

  it("shows the title, a byline linking to the author on /experts, the date, reading time and category", async () => {
    await renderRoute(blogPaths.post(post.slug));
    const article = within(main()).getByRole("article", { name: post.title });
    expect(within(article).getByRole("heading", { level: 1 })).toHaveTextContent(post.title);
    expect(
      within(article).getByRole("link", { name: expertsContent.founder.name }),
    ).toHaveAttribute("href", `/experts#${expertsContent.founder.id}`);
    expect(article.querySelector(`time[datetime="${post.date}"]`)).not.toBeNull();
    expect(article).toHaveTextContent(blogMessages.readingTime(post.readingMinutes));
    expect(
      within(article).getByRole("link", {
        name: post.category.charAt(0) + post.category.slice(1).toLowerCase(),
      }),
    ).toHaveAttribute("href", blogPaths.category(post.category));
    expect(document.title).toBe(`${post.title} | Kilima Advisory`);
  });

  it("has a table of contents, linking to each section, when it has four or more sections", async () => {
    await renderRoute(blogPaths.post(post.slug));
    const toc = within(main()).getByRole("navigation", { name: blogMessages.contents });
    const sections =
      blogPostBodies[post.slug]?.headings.filter((heading) => heading.level === 2) ?? [];
    expect(
      within(toc)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(sections.map((heading) => `#${heading.id}`));
    for (const heading of sections)
      expect(document.getElementById(heading.id)).toHaveTextContent(heading.text);
  });

  it("has no table of contents when it has fewer than four sections", () => {
    const headings = [1, 2, 3].map((n) => ({
      id: `s${n}`,
      text: `Section ${n}`,
      level: 2 as const,
    }));
    render(
      <MemoryRouter>
        <BlogPostArticle
          post={post}
          bodies={{ html: '<h2 id="s1">Section 1</h2>', headings, translations: {} }}
          url="https://x.example/p"
          related={[]}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("navigation", { name: blogMessages.contents })).toBeNull();
    expect(screen.queryByRole("region", { name: blogMessages.related })).toBeNull();
  });

  it("offers share links to X, LinkedIn, WhatsApp, Facebook and email, each a plain link naming its target", async () => {
    await renderRoute(blogPaths.post(post.slug));
    const share = within(main())
      .getByRole("heading", { name: blogMessages.share })
      .closest("footer") as HTMLElement;
    const links = within(share).getAllByRole("link");
    const url = `https://www.kilima-advisory.example${blogPaths.post(post.slug)}`;
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      ...shareLinks(url, post.title).map((link) => link.href),
      `mailto:?subject=${encodeURIComponent(post.title)}&body=${encodeURIComponent(url)}`,
    ]);
    expect(links[0]?.getAttribute("href")).toContain(encodeURIComponent(url));
    expect(links[0]).toHaveAccessibleName(/^X \(Share on X/);
    for (const link of links.slice(0, 4))
      expect(link).toHaveAttribute("rel", "noopener noreferrer external");
  });

  it("suggests three related posts as cards, never the post itself, then the newsletter", async () => {
    await renderRoute(blogPaths.post(post.slug));
    const related = within(main()).getByRole("region", { name: blogMessages.related });
    const links = within(related).getAllByRole("link");
    expect(links).toHaveLength(3);
    expect(links.map((link) => link.getAttribute("href"))).not.toContain(blogPaths.post(post.slug));
    expect(
      await within(main()).findByRole("region", { name: newsletterContent.heading }),
    ).toBeInTheDocument();
  });
});

describe("home", () => {
  it("shows the three newest posts and a link to the blog", async () => {
    await renderRoute("/");
    const strip = within(main()).getByRole("region", { name: blogMessages.latest });
    expect(
      within(strip)
        .getAllByRole("heading", { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(blogPosts.slice(0, 3).map((post) => post.title));
    expect(within(strip).getByRole("link", { name: blogMessages.latestAction })).toHaveAttribute(
      "href",
      "/blog",
    );
  });
});
