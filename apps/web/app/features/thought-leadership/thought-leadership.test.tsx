import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  articleCategories,
  articles,
  thoughtLeadershipPaths,
  type Article,
  type ArticleCategory,
} from "@site/shared/content";
import { thoughtLeadershipMessages } from "@site/shared/messages";
import { enhanceArticleFilter } from "./filter";
import { ThoughtLeadership, type ThoughtLeadershipProps } from "./thought-leadership";

// Expected counts come from the data itself, so content edits do not break these tests.
const countIn = (category: string) => articles.filter((a) => a.category === category).length;
const emptyCategories = articleCategories.filter((category) => countIn(category) === 0);
const titleCase = (category: string) => category.charAt(0) + category.slice(1).toLowerCase();
const titles = (category: ArticleCategory | null) => `${category ?? "all"} | test`;

let detach: (() => void) | undefined;
afterEach(() => {
  detach?.();
  detach = undefined;
  window.history.replaceState(null, "", "/");
});

/**
 * The page as a browser gets it: the component prerendered for `path` (outside any router's own
 * navigation), then the one script's plain DOM behaviour attached, as entry.client.ts does.
 */
function renderPage(
  path: string = thoughtLeadershipPaths.index,
  props: ThoughtLeadershipProps = {},
) {
  window.history.replaceState(null, "", path);
  const category =
    path === thoughtLeadershipPaths.index
      ? null
      : (articleCategories.find((each) => thoughtLeadershipPaths.category(each) === path) ?? null);
  render(
    <MemoryRouter initialEntries={[path]}>
      <ThoughtLeadership category={category} titles={titles} {...props} />
    </MemoryRouter>,
  );
  detach = enhanceArticleFilter(document, window);
}

const filterLinks = () =>
  within(screen.getByRole("navigation", { name: /filter articles/i })).getAllByRole("link");
const filterLink = (name: string) =>
  within(screen.getByRole("navigation", { name: /filter articles/i })).getByRole("link", { name });
/** The cards a visitor sees (hidden ones are out of the accessibility tree). */
const cardLinks = () => screen.queryAllByRole("link", { name: /opens in a new tab/ });
const current = () =>
  filterLinks()
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent);

describe("ThoughtLeadership", () => {
  it("shows the heading, the subtitle and every article on the page of all articles", () => {
    renderPage();
    expect(
      screen.getByRole("heading", { level: 1, name: "Thought Leadership" }),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Explore the insights and trends shaping your industry"),
    ).toBeInTheDocument();
    expect(articles).toHaveLength(29);
    expect(cardLinks()).toHaveLength(29);
    expect(screen.getByRole("status")).toHaveTextContent("Showing all 29 articles");
  });

  it("offers 'All Projects' then the ten categories in the spec's order, in title case, each a page of its own", () => {
    renderPage();
    expect(filterLinks().map((link) => link.textContent)).toEqual([
      "All Projects",
      "Economy",
      "Management",
      "Geopolitics",
      "Strategy",
      "Banking",
      "Insurance",
      "Telecom",
      "Payments",
      "Tourism",
      "Education",
    ]);
    expect(filterLinks().map((link) => link.getAttribute("href"))).toEqual([
      "/thought-leadership",
      ...articleCategories.map(
        (category) => `/thought-leadership/category/${category.toLowerCase()}`,
      ),
    ]);
  });

  it("marks 'All Projects' current by default and no other choice", () => {
    renderPage();
    expect(current()).toEqual(["All Projects"]);
  });

  it("prerenders a category's page with only its articles shown and its choice current", () => {
    renderPage(thoughtLeadershipPaths.category("BANKING"));
    expect(current()).toEqual(["Banking"]);
    expect(cardLinks()).toHaveLength(countIn("BANKING"));
    expect(screen.getByRole("status")).toHaveTextContent(
      `Showing ${countIn("BANKING")} articles in Banking`,
    );
  });

  it.each(articleCategories.filter((category) => countIn(category) > 0))(
    "a tap on %s shows exactly that category's articles at once, marks it current and writes its address",
    async (category) => {
      const user = userEvent.setup({ delay: null });
      renderPage();
      await user.click(filterLink(titleCase(category)));

      const cards = cardLinks();
      expect(cards).toHaveLength(countIn(category));
      const expectedTitles = articles.filter((a) => a.category === category).map((a) => a.title);
      expect(cards.map((card) => card.querySelector("h2")?.textContent)).toEqual(expectedTitles);
      expect(screen.getByRole("status")).toHaveTextContent(
        `Showing ${countIn(category)} ${countIn(category) === 1 ? "article" : "articles"} in ${titleCase(category)}`,
      );
      expect(current()).toEqual([titleCase(category)]);
      expect(window.location.pathname).toBe(thoughtLeadershipPaths.category(category));
      expect(document.title).toBe(titles(category));
    },
  );

  it("says 'No articles found.' for a category without articles, in the prerendered page and after a tap", async () => {
    expect(emptyCategories.length).toBeGreaterThan(0);
    const user = userEvent.setup({ delay: null });
    renderPage();
    for (const category of emptyCategories) {
      await user.click(filterLink(titleCase(category)));
      expect(screen.getByRole("status")).toHaveTextContent(thoughtLeadershipMessages.empty);
      expect(cardLinks()).toHaveLength(0);
    }
  });

  it("goes back to every article with 'All Projects', and Back restores the category before it", async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(filterLink("Banking"));
    expect(cardLinks()).toHaveLength(countIn("BANKING"));
    await user.click(filterLink("All Projects"));
    expect(cardLinks()).toHaveLength(articles.length);
    expect(window.location.pathname).toBe(thoughtLeadershipPaths.index);

    // Back: the address changes first, then the browser says so (popstate).
    window.history.replaceState(null, "", thoughtLeadershipPaths.category("BANKING"));
    window.dispatchEvent(new PopStateEvent("popstate"));
    expect(current()).toEqual(["Banking"]);
    expect(cardLinks()).toHaveLength(countIn("BANKING"));
  });

  it("leaves a press that asks for a new tab to the browser", () => {
    renderPage();
    const link = filterLink("Banking");
    const event = new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(current()).toEqual(["All Projects"]);
  });

  it("matches categories case-insensitively", async () => {
    const mixedCase: Article[] = [
      {
        ...articles[0]!,
        category: "economy",
        link: "https://example.com/a",
        title: "Lower-case economy",
      },
      {
        ...articles[0]!,
        category: "Economy",
        link: "https://example.com/b",
        title: "Title-case economy",
      },
      {
        ...articles[0]!,
        category: "BANKING",
        link: "https://example.com/c",
        title: "Banking piece",
      },
    ];
    const user = userEvent.setup({ delay: null });
    renderPage(thoughtLeadershipPaths.index, { articles: mixedCase });
    await user.click(filterLink("Economy"));
    expect(cardLinks().map((card) => card.querySelector("h2")?.textContent)).toEqual([
      "Lower-case economy",
      "Title-case economy",
    ]);
  });

  it("makes each card one link that opens the article in a new tab, safely, and says so in a name holding its visible text", () => {
    renderPage();
    const cards = cardLinks();
    cards.forEach((card, index) => {
      const article = articles[index]!;
      expect(card).toHaveAttribute("href", article.link);
      expect(card).toHaveAttribute("target", "_blank");
      expect(card).toHaveAttribute("rel", "noopener noreferrer");
      // WCAG 2.5.3 Label in Name: the name is the card's visible text (title, outlet...), then the note.
      expect(card).toHaveAccessibleName(expect.stringContaining(article.title));
      expect(card).toHaveAccessibleName(expect.stringContaining(article.description));
      expect(card).toHaveAccessibleName(expect.stringMatching(/\(opens in a new tab\)$/));
    });
  });

  it("shows each card's tag, title, outlet, author and a machine-readable date", () => {
    renderPage();
    const first = articles[0]!;
    const card = cardLinks()[0]!;
    expect(within(card).getByText(titleCase(first.category))).toBeInTheDocument();
    expect(within(card).getByRole("heading", { name: first.title })).toBeInTheDocument();
    expect(within(card).getByText(first.description)).toBeInTheDocument();
    expect(within(card).getByText(first.author)).toBeInTheDocument();
    const time = card.querySelector("time");
    expect(time).toHaveAttribute("dateTime", first.date);
    // 2025-08-28 -> "28 August 2025": day, full month name, year.
    const [year, month, day] = first.date.split("-").map(Number);
    const monthName = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString("en-GB", {
      month: "long",
      timeZone: "UTC",
    });
    expect(time).toHaveTextContent(`${day} ${monthName} ${year}`);
  });
});
