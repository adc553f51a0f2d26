import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { routeById } from "@site/shared/content";

// The one route table. Paths come from the shared route list the sitemap and the server also read;
// "/" has no path segment, so it is the index route.
const path = (id: Parameters<typeof routeById>[0]) => routeById(id).path.slice(1);

export default [
  index("routes/home.tsx"),
  route(path("about"), "routes/about.tsx"),
  route(path("experts"), "routes/experts.tsx"),
  route(path("services"), "routes/services.tsx"),
  route(path("industries"), "routes/industries.tsx"),
  route(path("thought-leadership"), "routes/thought-leadership.tsx"),
  route(path("careers"), "routes/careers.tsx"),
  route(path("contact"), "routes/contact.tsx"),
  // Every other path, including the prerendered /404 the server sends with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
