import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { blogSubpagePaths } from "@site/shared/blog";
import { blogPosts } from "@site/shared/blog/posts";
import { notFoundPath, routePaths, thoughtLeadershipSubpagePaths } from "@site/shared/content";
import { searchPath } from "@site/shared/search";
import { offlinePath } from "@site/shared/service-worker";
import { pageRoutes, routeFor } from "./routes";

describe("route table", () => {
  it.each(pageRoutes.map((route) => [route.file, route] as const))(
    "%s lists every island it renders, so a navigation to it waits for their code",
    async (_file, route) => {
      const module = await route.load();
      const { container, unmount } = render(
        <MemoryRouter initialEntries={[route.path === "*" ? "/missing" : route.path]}>
          <module.default />
        </MemoryRouter>,
      );
      expect(container.querySelectorAll(".island")).toHaveLength(module.islands?.length ?? 0);
      unmount();
    },
  );

  it("answers every path with a page: the shared routes, the blog's and the offline page by their path, anything else with the 404 page", () => {
    const blogPaths = blogSubpagePaths(blogPosts);
    const filterPaths = thoughtLeadershipSubpagePaths();
    const paths = pageRoutes.map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        ...routePaths,
        ...blogPaths,
        ...filterPaths,
        searchPath,
        offlinePath,
        "*",
      ]),
    );
    expect(paths).toHaveLength(routePaths.length + blogPaths.length + filterPaths.length + 3);
    expect(routeFor(searchPath).file).toBe("routes/search.tsx");
    expect(routeFor("/thought-leadership/category/banking").file).toBe(
      "routes/thought-leadership.tsx",
    );
    expect(paths.at(-1)).toBe("*");
    expect(routeFor("/blog/category/banking").file).toBe("routes/blog.tsx");
    expect(routeFor(`/blog/${blogPosts[0]?.slug}`).file).toBe("routes/blog-post.tsx");
    expect(routeFor("/blog/no-such-post").file).toBe("routes/not-found.tsx");
    expect(routeFor("/").file).toBe("routes/home.tsx");
    expect(routeFor("/about/").file).toBe("routes/about.tsx");
    expect(routeFor(notFoundPath).file).toBe("routes/not-found.tsx");
    expect(routeFor(offlinePath).file).toBe("routes/offline.tsx");
    expect(routeFor("/about/team").file).toBe("routes/not-found.tsx");
  });
});
