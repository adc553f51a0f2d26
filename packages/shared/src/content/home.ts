import { firm } from "./firm.js";
import { serviceHref } from "./services.js";
import type { HomeContent } from "./types.js";

/** The home page's copy, in page order. The newsletter block has its own module. */
export const homeContent = {
  hero: {
    eyebrow: firm.tagline,
    heading: "Strategic insight for Africa's economic actors",
    text: `${firm.name} is a Nairobi-based management consultancy helping businesses, governments, NGOs and SACCOs across Africa turn sound analysis into decisions that deliver.`,
    primary: { label: "Explore Now", href: "/services" },
    secondary: { label: "Talk to Us", href: "/contact" },
  },
  whoWeAre: {
    heading: "Who We Are",
    paragraphs: [
      `${firm.name} is a multidisciplinary management consulting firm headquartered in Nairobi, with a pan-African focus. We serve organisations, governments, enterprises, NGOs, SMEs, family businesses, SACCOs and startups.`,
      "Our consultants pair deep sector experience with rigorous economic and strategic analysis. We stay with clients from the first diagnosis to measurable results.",
    ],
  },
  serviceCards: [
    {
      title: "Strategy & Leadership",
      text: "Clear strategies, aligned leadership teams and organisations designed to deliver them.",
      href: serviceHref("strategy-management-leadership"),
    },
    {
      title: "Research & Analysis",
      text: "Economic, market and customer evidence that turns uncertainty into confident decisions.",
      href: serviceHref("economic-market-innovation"),
    },
    {
      title: "Sector Expertise",
      text: "Specialist knowledge of banking, SACCOs, insurance, payments, the public sector and more.",
      href: "/services",
    },
    {
      title: "Capacity Building",
      text: "Training, coaching and mentorship that build lasting skills in boards, managers and teams.",
      href: serviceHref("training-capacity-building-mentorship"),
    },
    {
      title: "Monitoring & Evaluation",
      text: "Results frameworks and independent evaluations that show what works and why.",
      href: serviceHref("project-program-management-monitoring-evaluation"),
    },
    {
      title: "Digital Transformation",
      text: "Digital strategies and delivery oversight tied to real business outcomes.",
      href: serviceHref("ict-digital"),
    },
  ],
  whyPartner: {
    heading: "Why Partner With Us",
    intro: "We combine local insight with continental reach, and we measure ourselves by our clients' results.",
    points: [
      {
        title: "Insight rooted in Africa",
        text: "Our team has built and led institutions across the continent, so our advice fits the markets, regulators and cultures you work in.",
      },
      {
        title: "Evidence before opinion",
        text: "Every recommendation rests on data, economic analysis and a clear line of reasoning you can test.",
      },
      {
        title: "Partners to the finish",
        text: "We stay through implementation, transferring skills so results last after we leave.",
      },
    ],
  },
  howItWorks: {
    heading: "How It Works",
    intro: "Engaging us is simple: pick the engagement package that fits, agree terms, and our team starts work.",
    steps: [
      {
        number: 1,
        title: "Choose a Package",
        text: "Pick an advisory, research, training or retainer package, or ask us to shape one around your need.",
      },
      {
        number: 2,
        title: "Make Secure Payment",
        text: "Once we agree scope and fees, we invoice you and you settle securely by bank transfer or mobile money.",
      },
      {
        number: 3,
        title: "Get Instant Access",
        text: "Your dedicated team, work plan and shared project space are ready from day one.",
      },
    ],
    cta: { label: "Get In Touch", href: "/contact" },
  },
  faq: {
    heading: "Frequently Asked Questions",
    items: [
      {
        question: "What kinds of organisations do you work with?",
        answer:
          "Businesses of every size, banks, SACCOs, insurers, fintechs, NGOs, development partners and national and county governments, across Africa.",
      },
      {
        question: "Which countries do you cover?",
        answer:
          "We are headquartered in Nairobi and work across East, Central, Southern and West Africa, and with clients in the rest of the world investing in Africa.",
      },
      {
        question: "How do you price an engagement?",
        answer:
          "After a free first conversation we propose a fixed fee for a defined scope, or a monthly retainer for ongoing advisory work.",
      },
      {
        question: "How long does a typical engagement take?",
        answer:
          "A focused diagnostic takes two to four weeks; a strategic plan or evaluation usually six to twelve weeks, depending on scope.",
      },
      {
        question: "How quickly will you respond to my enquiry?",
        answer: `We reply within ${firm.replyTime}. Our team is available ${firm.supportHours}.`,
      },
    ],
  },
} as const satisfies HomeContent;
