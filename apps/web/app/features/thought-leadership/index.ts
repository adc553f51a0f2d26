export { ThoughtLeadership, type ThoughtLeadershipProps } from "./thought-leadership";
export { enhanceArticleFilter } from "./filter";
