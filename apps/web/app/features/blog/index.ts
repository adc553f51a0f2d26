export { BlogIndex, type BlogIndexProps } from "./blog-index";
export { BlogPostArticle, tocMinHeadings, type BlogPostArticleProps } from "./blog-post";
export { BlogPostCard, BlogPostGrid } from "./post-card";
export { LatestPosts } from "./latest-posts";
export { shareLinks, emailShareLink } from "./share-links";
