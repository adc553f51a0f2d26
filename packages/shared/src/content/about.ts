import { firm } from "./firm.js";
import type { AboutContent } from "./types.js";

/** The /about page's copy, one entry per anchored section (headings live in aboutSections). */
export const aboutContent = {
  whoWeAre: {
    paragraphs: [
      `${firm.name} is a multidisciplinary management consulting firm headquartered in Nairobi, Kenya, with a pan-African focus.`,
      "We advise organisations, governments, enterprises, NGOs, SMEs, family businesses, SACCOs and startups on strategy, economics, governance, investment, digital transformation and public policy.",
      "Our consultants have led banks, public institutions and development programmes. That experience keeps our advice practical, our analysis rigorous and our focus on results our clients can measure.",
    ],
  },
  philosophies: {
    purpose: "To empower Africa's economic actors with the insight and solutions they need to build prosperous, resilient institutions.",
    vision: "To be Africa's most trusted thought leadership partner for organisations shaping the continent's economic future.",
    mission: "To deliver strategic insight, expert analysis and actionable solutions that help our clients decide well, grow sustainably and serve their communities.",
    motto: firm.motto,
    tagline: firm.tagline,
    coreValuesHeading: "Core values",
    coreValues: [
      { title: "Integrity", text: "We give honest advice, keep confidences and do what we say." },
      { title: "Excellence", text: "We hold our analysis and our delivery to the highest professional standard." },
      { title: "Client focus", text: "We measure our success by the results our clients achieve." },
      { title: "Innovation", text: "We bring fresh thinking and new tools to old problems." },
      { title: "Collaboration", text: "We work alongside client teams and build their capacity as we go." },
      { title: "Pan-African commitment", text: "We invest our knowledge in the continent's long-term prosperity." },
    ],
    promise: "Advice you can act on, delivered by people who care about your results as much as you do.",
    positioning: `${firm.name} is the pan-African consulting partner that joins economic depth with practical experience of running institutions, so strategy turns into results.`,
    inspiration: "We are inspired by Africa's entrepreneurs, reformers and public servants who change their institutions' destinies, and by the belief that better decisions build better economies.",
  },
  anthem: {
    title: "Destiny Changers",
    intro: "Our anthem celebrates the people we serve and the change we work for together.",
    verses: [
      [
        "From Nairobi's heights to every African shore,",
        "We seek the truth in numbers and we open every door;",
        "With insight as our compass and with courage as our guide,",
        "We walk with every client, standing always at their side.",
      ],
      [
        "Chorus:",
        "Destiny changers, we rise and lead the way,",
        "Thought leadership partners, building Africa today;",
        "With vision, faith and purpose, hand in hand we stand,",
        "Changing destinies together, all across this land.",
      ],
      [
        "In boardrooms and in villages, in markets far and wide,",
        "We plant the seeds of growth and let the evidence decide;",
        "For every plan we write, a future comes to be,",
        "A stronger, prouder Africa for all the world to see.",
      ],
    ],
  },
  businessModel: [
    { title: "Client segments", text: "Corporates, financial institutions, SACCOs, governments, NGOs, development partners, SMEs and family businesses." },
    { title: "Value proposition", text: "Strategic insight and actionable solutions grounded in African realities." },
    { title: "Channels", text: "Direct engagement, referrals, competitive tenders, partnerships and thought leadership." },
    { title: "Client relationships", text: "Long-term partnerships built on trust, confidentiality and measurable results." },
    { title: "Revenue streams", text: "Fixed-fee projects, advisory retainers, training programmes and research commissions." },
    { title: "Key resources", text: "Experienced consultants, proprietary research and a network of associates across Africa." },
    { title: "Key activities", text: "Advisory, research and analysis, training, monitoring and evaluation, and publishing." },
    { title: "Key partners", text: "Associate experts, academic institutions, industry bodies and development partners." },
    { title: "Cost structure", text: "Lean: a core team supported by associates engaged for each assignment's needs." },
    { title: "Impact", text: "Stronger institutions, better policies and more inclusive growth for the communities our clients serve." },
  ],
  successFactors: [
    { title: "Expert people", text: "Consultants with senior, hands-on experience in the sectors they advise." },
    { title: "Rigorous research", text: "Sound data and economic analysis behind every recommendation." },
    { title: "Client intimacy", text: "Understanding each client's context, culture and constraints before we advise." },
    { title: "Quality assurance", text: "Peer review of every deliverable before it reaches a client." },
    { title: "Strong networks", text: "Relationships with regulators, industry bodies and partners across the continent." },
    { title: "Thought leadership", text: "Published insight that keeps our thinking sharp and our brand trusted." },
    { title: "Technology", text: "Modern analytical and collaboration tools that make us faster and more accurate." },
    { title: "Ethical conduct", text: "Independence, confidentiality and integrity in every engagement." },
  ],
  whyChooseUs: {
    intro: `Clients choose ${firm.name} because we combine continental insight with the practical know-how to deliver.`,
    points: [
      { title: "Proven experience", text: "Our leaders have run banks, programmes and public institutions, not only advised them." },
      { title: "Pan-African reach", text: "We work across East, Central, Southern and West Africa, and with investors from the rest of the world." },
      { title: "Tailored solutions", text: "No templates: every engagement is designed around your goals and context." },
      { title: "Results that last", text: "We build your team's capacity so the gains continue after we leave." },
      { title: "Value for money", text: "A lean model keeps our fees competitive without compromising quality." },
    ],
  },
} as const satisfies AboutContent;
