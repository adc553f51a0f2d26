/** The footer's Geographies column, in the spec's order: two regions, then the countries we work in. */
export const geographies = [
  "Sub Sahara Africa",
  "Rest of World",
  "Kenya",
  "Uganda",
  "Tanzania",
  "Rwanda",
  "South Sudan",
  "DR Congo",
  "Somalia",
  "Ethiopia",
  "Burundi",
  "Malawi",
  "Zambia",
  "Zimbabwe",
  "Mozambique",
  "Madagascar",
  "South Africa",
  "Angola",
  "Cameroon",
  "Ghana",
  "Nigeria",
] as const satisfies readonly string[];

export type Geography = (typeof geographies)[number];
