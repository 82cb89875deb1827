import { chromium } from "@playwright/test";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox"] });
const p = await b.newPage({ viewport: { width: +process.argv[3] || 1280, height: +process.argv[4] || 900 } });
await p.goto("http://127.0.0.1:8091/#/puzzles?lang=en" + (process.argv[5]||""));
await p.goto("http://127.0.0.1:8091/" + process.argv[2]);
await p.waitForTimeout(1500);
await p.screenshot({ path: "/tmp/shot.png" });
await b.close();
