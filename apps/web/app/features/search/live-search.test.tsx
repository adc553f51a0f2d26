import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { SearchDocument } from "@site/shared/search";
import { searchIn } from "@site/shared/search/engine";
import { attachLiveSearch } from "./live-search";
import { SearchForm } from "./search-form";

const documents: SearchDocument[] = [
  {
    id: "/blog/afcfta",
    url: "/blog/afcfta",
    title: "What AfCFTA changes for East African manufacturers",
    page: "Blog",
    text: "Rules of origin under the AfCFTA decide which goods travel duty free.",
  },
  {
    id: "/industries#sectors",
    url: "/industries#sectors",
    title: "Sectors",
    page: "Industries",
    text: "SACCOs and microfinance institutions, banking, insurance and the public sector.",
  },
  {
    id: "https://news.example/article",
    url: "https://news.example/article",
    title: "Économie régionale",
    page: "Thought Leadership",
    text: "Banking · The Star Kenya",
  },
];

function renderBox() {
  render(
    <MemoryRouter>
      <SearchForm variant="page" />
    </MemoryRouter>,
  );
  attachLiveSearch(document, searchIn(documents));
  return screen.getByRole("searchbox", { name: "Search this site" });
}

describe("the search box's live results", () => {
  it("is a plain form asking the server for /search?q= (it works without JavaScript)", () => {
    const box = renderBox();
    const form = box.closest("form");
    expect(form).toHaveAttribute("action", "/search");
    expect(form).toHaveAttribute("method", "get");
    expect(box).toHaveAttribute("name", "q");
    expect(form).toHaveAttribute("data-search", "/search-index/en.json");
  });

  it("lists matches as the visitor types: title linking to the page, the page it is on, the words marked", async () => {
    const user = userEvent.setup({ delay: null });
    await user.type(renderBox(), "sacco");
    expect(screen.getByRole("status")).toHaveTextContent("1 result for “sacco”");
    const result = within(screen.getByRole("list")).getByRole("listitem");
    expect(within(result).getByRole("link", { name: "Sectors" })).toHaveAttribute(
      "href",
      "/industries#sectors",
    );
    expect(result).toHaveTextContent("Industries");
    expect(result.querySelector("mark")).toHaveTextContent("SACCO");
  });

  it("finds words typed without accents or capitals, and a prefix as typed so far", async () => {
    const user = userEvent.setup({ delay: null });
    const box = renderBox();
    await user.type(box, "economie");
    expect(screen.getByRole("link", { name: "Économie régionale" })).toHaveAttribute(
      "target",
      "_blank",
    );
    await user.clear(box);
    await user.type(box, "afcf");
    expect(screen.getByRole("link", { name: /AfCFTA changes/ })).toBeInTheDocument();
  });

  it("repeats the words as typed, whatever they hold: $& and # are text, not the sentence's holes", async () => {
    const user = userEvent.setup({ delay: null });
    const box = renderBox();
    await user.type(box, "xylophone $& #");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Nothing on this site matches “xylophone $& #”. Try another word.",
    );
    await user.clear(box);
    await user.type(box, "sacco #");
    expect(screen.getByRole("status")).toHaveTextContent("1 result for “sacco #”");
  });

  it("says so when a word appears nowhere, and shows nothing once the box is emptied", async () => {
    const user = userEvent.setup({ delay: null });
    const box = renderBox();
    await user.type(box, "xylophone");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Nothing on this site matches “xylophone”. Try another word.",
    );
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
    await user.clear(box);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });
});
