import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { articleCategories, articles, type Article } from "@site/shared/content";
import { thoughtLeadershipMessages } from "@site/shared/messages";
import { ThoughtLeadership } from "./thought-leadership";

// Expected counts come from the data itself, so content edits do not break these tests.
const countIn = (category: string) => articles.filter((a) => a.category === category).length;
const emptyCategories = articleCategories.filter((category) => countIn(category) === 0);
const titleCase = (category: string) => category.charAt(0) + category.slice(1).toLowerCase();

function filterButtons() {
  return within(screen.getByRole("group", { name: /filter articles/i })).getAllByRole("button");
}

function cardLinks() {
  const list = screen.queryByRole("list");
  return list ? within(list).getAllByRole("link") : [];
}

describe("ThoughtLeadership", () => {
  it("shows the heading, the subtitle and every article on first render", () => {
    render(<ThoughtLeadership />);
    expect(screen.getByRole("heading", { level: 1, name: "Thought Leadership" })).toBeInTheDocument();
    expect(screen.getByText("Explore the insights and trends shaping your industry")).toBeInTheDocument();
    expect(articles).toHaveLength(29);
    expect(cardLinks()).toHaveLength(29);
    expect(screen.getByRole("status")).toHaveTextContent("Showing all 29 articles");
  });

  it("offers 'All Projects' then the ten categories in the spec's order, in title case", () => {
    render(<ThoughtLeadership />);
    expect(filterButtons().map((button) => button.textContent)).toEqual([
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
  });

  it("presses 'All Projects' by default and no other button", () => {
    render(<ThoughtLeadership />);
    const [all, ...rest] = filterButtons();
    expect(all).toHaveAttribute("aria-pressed", "true");
    for (const button of rest) expect(button).toHaveAttribute("aria-pressed", "false");
  });

  it.each(articleCategories.filter((category) => countIn(category) > 0))(
    "the %s button shows exactly that category's articles and is the only pressed button",
    async (category) => {
      const user = userEvent.setup();
      render(<ThoughtLeadership />);
      await user.click(screen.getByRole("button", { name: titleCase(category) }));

      const cards = cardLinks();
      expect(cards).toHaveLength(countIn(category));
      for (const card of cards) expect(card).toHaveTextContent(new RegExp(titleCase(category)));
      const expectedTitles = articles.filter((a) => a.category === category).map((a) => a.title);
      expect(cards.map((card) => card.querySelector("h2")?.textContent)).toEqual(expectedTitles);
      expect(screen.getByRole("status")).toHaveTextContent(
        `Showing ${countIn(category)} ${countIn(category) === 1 ? "article" : "articles"} in ${titleCase(category)}`,
      );
      expect(filterButtons().filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.textContent)).toEqual([
        titleCase(category),
      ]);
    },
  );

  it("says 'No articles found.' for a category without articles", async () => {
    expect(emptyCategories.length).toBeGreaterThan(0);
    const user = userEvent.setup();
    render(<ThoughtLeadership />);
    for (const category of emptyCategories) {
      await user.click(screen.getByRole("button", { name: titleCase(category) }));
      expect(screen.getByRole("status")).toHaveTextContent(thoughtLeadershipMessages.empty);
      expect(cardLinks()).toHaveLength(0);
    }
  });

  it("goes back to every article with 'All Projects'", async () => {
    const user = userEvent.setup();
    render(<ThoughtLeadership />);
    await user.click(screen.getByRole("button", { name: "Banking" }));
    expect(cardLinks()).toHaveLength(countIn("BANKING"));
    await user.click(screen.getByRole("button", { name: "All Projects" }));
    expect(cardLinks()).toHaveLength(articles.length);
    expect(screen.getByRole("button", { name: "All Projects" })).toHaveAttribute("aria-pressed", "true");
  });

  it("matches categories case-insensitively", async () => {
    const mixedCase: Article[] = [
      { ...articles[0]!, category: "economy", link: "https://example.com/a", title: "Lower-case economy" },
      { ...articles[0]!, category: "Economy", link: "https://example.com/b", title: "Title-case economy" },
      { ...articles[0]!, category: "BANKING", link: "https://example.com/c", title: "Banking piece" },
    ];
    const user = userEvent.setup();
    render(<ThoughtLeadership articles={mixedCase} />);
    await user.click(screen.getByRole("button", { name: "Economy" }));
    expect(cardLinks().map((card) => card.querySelector("h2")?.textContent)).toEqual([
      "Lower-case economy",
      "Title-case economy",
    ]);
  });

  it("makes each card one link that opens the article in a new tab, safely, and says so in a name holding its visible text", () => {
    render(<ThoughtLeadership />);
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
    render(<ThoughtLeadership />);
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
    const monthName = new Date(Date.UTC(year!, month! - 1, 1)).toLocaleString("en-GB", { month: "long", timeZone: "UTC" });
    expect(time).toHaveTextContent(`${day} ${monthName} ${year}`);
  });
});
