#!/usr/bin/env node
// Draws the 1200×630 social card (og:image / twitter:image) from the shared content and writes
// public/social-card.svg, then renders public/social-card.png with the system Chromium (social
// networks do not accept SVG). Both files are committed: rerun this when the firm's name or the
// home heading changes. Usage: node scripts/social-card.mjs   (needs /usr/bin/chromium or CHROME_PATH)
import { writeFileSync } from "node:fs";
import { escapeHtml as escapeXml } from "@site/shared/html";
import { fileURLToPath } from "node:url";
import { firm, homeContent } from "@site/shared/content";
import { brandMarkShapes, brandMarkSvg } from "./brand-mark.mjs";

/** Splits a heading into lines of at most `max` characters, at spaces. */
function wrap(text, max) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function socialCardSvg() {
  const mark = brandMarkSvg(brandMarkShapes).replace(/^<svg[^>]*>|<\/svg>\n$/g, "");
  const heading = wrap(homeContent.hero.heading, 20)
    .map(
      (line, index) => `<text x="80" y="${300 + index * 76}" class="h">${escapeXml(line)}</text>`,
    )
    .join("");
  const kente = Array.from({ length: 25 }, (_, index) => {
    const colours = ["#0b4f4a", "#d9a13b", "#c8693f", "#f2ece0"];
    return `<rect x="${index * 48}" y="606" width="48" height="24" fill="${colours[index % 4]}"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<style>.h{font:700 64px "Iowan Old Style",Palatino,Georgia,"DejaVu Serif",serif;fill:#fdfaf3}.n{font:700 40px "Iowan Old Style",Palatino,Georgia,"DejaVu Serif",serif;fill:#fdfaf3}.t{font:700 24px system-ui,"DejaVu Sans",sans-serif;letter-spacing:4px;fill:#d9a13b;text-transform:uppercase}</style>
<rect width="1200" height="630" fill="#073833"/>
<circle cx="1030" cy="190" r="120" fill="#d9a13b"/>
<circle cx="1030" cy="190" r="170" fill="none" stroke="#d9a13b" stroke-opacity=".35" stroke-width="3" stroke-dasharray="3 14"/>
<path d="M780 606 930 360l150 246Z" fill="#146b63"/><path d="M960 606 1080 420l140 186Z" fill="#0b4f4a"/>
<g transform="translate(80 80) scale(1.25)">${mark}</g>
<text x="180" y="135" class="n">${escapeXml(firm.name)}</text>
<text x="80" y="220" class="t">${escapeXml(firm.tagline.toUpperCase())}</text>
${heading}
${kente}
</svg>
`;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const svgPath = fileURLToPath(new URL("../public/social-card.svg", import.meta.url));
  const pngPath = fileURLToPath(new URL("../public/social-card.png", import.meta.url));
  writeFileSync(svgPath, socialCardSvg());
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.goto(`file://${svgPath}`);
  await page.screenshot({ path: pngPath, type: "png" });
  await browser.close();
  console.log(`wrote ${svgPath} and ${pngPath}`);
}
