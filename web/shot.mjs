import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const shots = [
  ["wide", 1366, 768, "/#/analysis/shogi?moves=7g7f,3c3d,2g2f,8c8d,2f2e,8d8e,6i7h,4a3b&lines=3&ply=6"],
  ["tall", 390, 844, "/#/analysis/shogi?moves=7g7f,3c3d,2g2f,8c8d&lines=3"],
  ["hex", 1366, 768, "/#/analysis/sangoku?lines=2"],
  ["chu", 1366, 768, "/#/analysis/chushogi?lines=2"],
];
for (const [name, w, h, url] of shots) {
  const p = await b.newPage({ viewport: { width: w, height: h } });
  await p.goto("http://127.0.0.1:8099" + url);
  await p.waitForSelector('[data-line="1"]');
  if (name === "wide") {
    await p.locator('.tree-move[data-ply="2"]').first().click();
    await p.mouse.move(0,0);
    // a variation
    const box = async (s) => { const b = await p.locator(s).boundingBox(); return [b.x + b.width/2, b.y + b.height/2]; };
    const [x1,y1] = await box('[data-cell="2g"]'); const [x2,y2] = await box('[data-cell="2f"]');
    await p.mouse.move(x1,y1); await p.mouse.down(); await p.mouse.move(x2,y2,{steps:5}); await p.mouse.up();
  }
  await p.waitForTimeout(2500);
  await p.screenshot({ path: `/tmp/an-${name}.png` });
  await p.close();
}
await b.close();
