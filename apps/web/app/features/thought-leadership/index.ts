export { ThoughtLeadership, type ThoughtLeadershipProps } from "./thought-leadership";
