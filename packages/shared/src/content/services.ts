import type { ServiceCategory } from "./types.js";

/** The nine service lines of /services, numbered as the spec lists them. Ids are the page's anchors. */
export const serviceCategories = [
  {
    id: "strategy-management-leadership",
    number: 1,
    title: "Strategy, Management & Leadership",
    illustration: "strategy",
    summary: "We help leadership teams decide where to compete, how to win and how to organise to deliver.",
    bullets: [
      "Corporate and business strategy, from diagnosis to a costed implementation plan",
      "Strategic plans for boards, ministries, county governments and NGOs",
      "Organisational design, restructuring and operating-model reviews",
      "Leadership alignment retreats and executive coaching",
      "Performance management systems, balanced scorecards and KPIs",
      "Change management that carries staff through transformation",
    ],
  },
  {
    id: "economic-market-innovation",
    number: 2,
    title: "Economic, Market & Innovation",
    illustration: "economy",
    summary: "Evidence on economies, markets and customers that turns uncertainty into decisions.",
    bullets: [
      "Macroeconomic outlooks and scenario analysis for boards and investors",
      "Market entry, sizing and feasibility studies across African markets",
      "Customer, competitor and value-chain research",
      "Economic impact assessments of projects, policies and regulation",
      "Product and business-model innovation, from idea to pilot",
      "Pricing studies and demand forecasting",
    ],
  },
  {
    id: "governance-risk-compliance",
    number: 3,
    title: "Governance, Risk & Compliance",
    illustration: "governance",
    summary: "Boards and controls that earn the trust of regulators, investors and members.",
    bullets: [
      "Board evaluations, charters and governance audits",
      "Enterprise risk management frameworks and risk appetite statements",
      "Regulatory compliance reviews for banks, SACCOs, insurers and fintechs",
      "Anti-money laundering and counter-terrorism financing programmes",
      "Internal audit support and internal control reviews",
      "Policies, procedures and codes of conduct",
    ],
  },
  {
    id: "resource-mobilization-investment",
    number: 4,
    title: "Resource Mobilization & Investment",
    illustration: "investment",
    summary: "We help organisations raise the money their plans need, and investors find deals worth backing.",
    bullets: [
      "Resource mobilisation strategies and donor engagement plans",
      "Grant proposals and concept notes for development partners",
      "Business plans, financial models and investor pitch materials",
      "Investment readiness support for SMEs and family businesses",
      "Transaction advisory and commercial due diligence",
      "Public-private partnership structuring",
    ],
  },
  {
    id: "ict-digital",
    number: 5,
    title: "ICT & Digital",
    illustration: "digital",
    summary: "Digital strategies tied to business results, and the delivery discipline to make them real.",
    bullets: [
      "Digital transformation strategies and roadmaps",
      "Core banking, ERP and CRM selection and implementation oversight",
      "Digital channels, mobile money and payments integration",
      "Data strategy, dashboards and analytics",
      "ICT governance, cybersecurity and data protection compliance",
      "Process automation and service redesign",
    ],
  },
  {
    id: "policy-public-sector-social-services",
    number: 6,
    title: "Policy, Public Sector & Social Services",
    illustration: "policy",
    summary: "Practical policy and public-service reform for governments and the partners who support them.",
    bullets: [
      "Policy research, drafting and regulatory impact assessment",
      "Public sector reform and service delivery improvement",
      "County and national government planning and budgeting support",
      "Public finance management and revenue enhancement",
      "Social protection, health and education programme design",
      "Stakeholder and public participation processes",
    ],
  },
  {
    id: "reporting-communication-thought-leadership",
    number: 7,
    title: "Reporting, Communication & Thought Leadership",
    illustration: "communication",
    summary: "Clear reports and ideas that inform stakeholders and position leaders as trusted voices.",
    bullets: [
      "Annual, integrated and sustainability reports",
      "Research reports, white papers and policy briefs",
      "Opinion articles and commentary for leading publications",
      "Investor, member and stakeholder communication",
      "Conference papers, keynote speeches and panel preparation",
    ],
  },
  {
    id: "project-program-management-monitoring-evaluation",
    number: 8,
    title: "Project & Program Management, Monitoring & Evaluation",
    illustration: "projects",
    summary: "Programmes delivered on time and on budget, with evidence of what changed and why.",
    bullets: [
      "Project and programme management offices",
      "Results frameworks, theories of change and logframes",
      "Baseline, mid-term and end-line evaluations",
      "Monitoring and evaluation systems and data collection tools",
      "Impact assessments and learning reviews",
      "Donor reporting and compliance",
    ],
  },
  {
    id: "training-capacity-building-mentorship",
    number: 9,
    title: "Training, Capacity Building & Mentorship",
    illustration: "training",
    summary: "Learning that changes how people work, designed around each organisation's goals.",
    bullets: [
      "Board and director training",
      "Leadership and management development programmes",
      "Tailored training in strategy, risk, credit and finance",
      "Training needs assessments and learning plans",
      "Mentorship for entrepreneurs, young professionals and new managers",
      "Workshops for SACCO, NGO and public sector teams",
    ],
  },
] as const satisfies readonly ServiceCategory[];

export type ServiceId = (typeof serviceCategories)[number]["id"];

/** The link to one service section on /services. */
export function serviceHref(id: ServiceId): `/services#${ServiceId}` {
  return `/services#${id}`;
}
