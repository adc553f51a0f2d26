import { firm } from "./firm.js";
import { sectors } from "./sectors.js";
import type { IndustriesContent } from "./types.js";

/** The /industries page's copy; the sector list itself is `sectors`. */
export const industriesContent = {
  hero: {
    heading: "Industries We Serve",
    text: "Deep sector knowledge lets us speak our clients' language from the first meeting and bring lessons from across Africa's economies.",
    cta: { label: "Let's Talk", href: "/contact" },
  },
  sectorsIntro: {
    heading: "Sectors",
    text: `${firm.name} advises clients in ${sectors.length} sectors, from banking and SACCOs to energy, health and the blue economy.`,
  },
  solutions: {
    heading: "Our Solutions",
    intro: "Whatever the sector, our work falls into five families of solutions.",
    items: [
      {
        title: "Strategy & Governance",
        text: "Clear direction and accountable leadership.",
        points: [
          "Strategic plans with costed implementation roadmaps",
          "Board evaluations, charters and governance audits",
          "Enterprise risk management and compliance frameworks",
        ],
      },
      {
        title: "Research, Evaluation & Analysis",
        text: "Evidence that informs decisions and proves impact.",
        points: [
          "Market, feasibility and economic impact studies",
          "Baseline, mid-term and end-line evaluations",
          "Surveys, data analysis and policy briefs",
        ],
      },
      {
        title: "Innovation & Digital Transformation",
        text: "New products, channels and systems that serve customers better.",
        points: [
          "Digital transformation strategies and roadmaps",
          "Product and business-model innovation",
          "Systems selection and implementation oversight",
        ],
      },
      {
        title: "Organizational Development",
        text: "Structures, people and culture that can deliver the strategy.",
        points: [
          "Organisational design and job evaluation",
          "Leadership development and change management",
          "Performance management systems",
        ],
      },
      {
        title: "Financial Inclusion & Development",
        text: "Financial services and programmes that reach the underserved.",
        points: [
          "Strategies for SACCOs, microfinance and digital lenders",
          "Agent banking, mobile money and payments",
          "Design and evaluation of development programmes",
        ],
      },
    ],
  },
  process: {
    heading: "Our Consulting Process",
    steps: [
      {
        number: 1,
        title: "Discover & Define",
        text: "We listen, gather evidence and agree the real problem and what success looks like.",
      },
      {
        number: 2,
        title: "Design & Deliver",
        text: "We co-create practical solutions with your team and support their implementation.",
      },
      {
        number: 3,
        title: "Review & Refine",
        text: "We measure the results, learn what worked and adjust so the gains last.",
      },
    ],
  },
  support: {
    heading: "Need Help Choosing?",
    text: `Not sure where to start? Our team replies within ${firm.replyTime}, ${firm.supportHours}.`,
    links: [
      { label: "Support Center", href: "/contact" },
      { label: "Schedule a Consultation", href: "/contact" },
    ],
  },
} as const satisfies IndustriesContent;
