// Draws the app's PNG icons from web/icon.svg with the system's Chromium (the committed
// web/pwa/icons/*.png were made by this script): 192 and 512 px ("any"), a 512 px maskable one
// whose piece stands inside the central 80 % safe zone on a full-bleed ground, and the pages'
// 32 px favicon (a PNG: an SVG favicon is parsed as a document of its own on the page's main
// thread while the app starts; a small PNG is only decoded).
// Run from web/: node pwa/icons.mjs
import { chromium } from "playwright-core";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const svg = await readFile(join(here, "../icon.svg"), "utf8");
const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>\s*$/, "");
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" fill="#e8c27a"/>
  <g transform="translate(17 17) scale(0.66)">${inner.replace(/<rect[^>]*\/>/, "")}</g>
</svg>`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const page = await browser.newPage();
for (const [name, size, body] of [
  ["icon-32.png", 32, svg],
  ["icon-192.png", 192, svg],
  ["icon-512.png", 512, svg],
  ["icon-maskable-512.png", 512, maskable],
]) {
  await page.setViewportSize({ width: size, height: size });
  const html = `<body style="margin:0;background:transparent">${body.replace(
    "<svg ",
    `<svg width="${size}" height="${size}" `,
  )}</body>`;
  await page.setContent(html);
  await page.screenshot({ path: join(here, "icons", name), omitBackground: true });
  console.log(`web/pwa/icons/${name}`);
}
await browser.close();
