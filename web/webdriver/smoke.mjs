// A smoke test of Koma in Firefox's and Safari's engines (Firefox ESR, and WebKitGTK's
// MiniBrowser), which Playwright cannot drive in the system's builds: through WebDriver
// (geckodriver, WebKitWebDriver) with selenium-webdriver. In each engine every game opens with
// every cell and piece of its start, and a drag, a move by two taps, a drop and a promotion
// question land, with real pointer actions.
//
//   node web/webdriver/smoke.mjs [dist] [--only firefox|webkit]
//
// Needs: firefox-esr, webkit2gtk-driver and xvfb (Debian's packages), geckodriver (crates.io);
// `cargo xtask test` installs them. A browser whose driver is missing is reported and skipped;
// the run fails when a browser that started fails a check.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Builder, Origin } from "selenium-webdriver";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : null;
const dist = resolve(args.find((a) => !a.startsWith("--") && a !== only) ?? resolve(here, "../../dist"));

// the start of every game: cells, and pieces on the board and in hand
const GAMES = {
  shogi: { cells: 81, board: 40, hand: 0 },
  minishogi: { cells: 25, board: 12, hand: 0 },
  shogi66: { cells: 36, board: 12, hand: 14 },
  chushogi: { cells: 144, board: 92, hand: 0 },
  sangoku: { cells: 61, board: 33, hand: 0 },
  sangoku2: { cells: 61, board: 22, hand: 0 },
};

const MINIBROWSER = [
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
].find(existsSync);

const which = (cmd) => {
  const r = spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
};

const freePort = () =>
  new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

async function waitFor(what, check, ms = 20000) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    try {
      const v = await check();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ""}`);
}

async function waitForUrl(url) {
  await waitFor(`${url} to answer`, async () => {
    try {
      const r = await fetch(url);
      return r.status < 500;
    } catch {
      return false;
    }
  });
}

/** Start a process; it is killed when the run ends. */
const children = [];
function start(cmd, argv, env = {}) {
  const p = spawn(cmd, argv, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, ...env } });
  let err = "";
  p.stderr.on("data", (d) => (err = (err + d).slice(-2000)));
  p.lastError = () => err;
  children.push(p);
  return p;
}
process.on("exit", () => children.forEach((c) => c.kill()));

/** The centre of the first element `sel` names, in the viewport's CSS pixels. */
async function centre(driver, sel) {
  const r = await driver.executeScript(
    `const e = document.querySelector(arguments[0]); if (!e) return null;
     e.scrollIntoView({ block: "nearest", inline: "nearest" });
     const b = e.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2];`,
    sel,
  );
  if (!r) throw new Error(`nothing matches ${sel}`);
  return { x: Math.round(r[0]), y: Math.round(r[1]) };
}

async function tap(driver, sel) {
  const p = await centre(driver, sel);
  await driver.actions({ async: true }).move({ x: p.x, y: p.y, origin: Origin.VIEWPORT }).press().release().perform();
}

async function dragTo(driver, fromSel, toSel) {
  const a = await centre(driver, fromSel);
  const b = await centre(driver, toSel);
  let act = driver.actions({ async: true }).move({ x: a.x, y: a.y, origin: Origin.VIEWPORT }).press();
  for (let i = 1; i <= 8; i++) {
    act = act.move({ x: Math.round(a.x + ((b.x - a.x) * i) / 8), y: Math.round(a.y + ((b.y - a.y) * i) / 8), origin: Origin.VIEWPORT, duration: 20 });
  }
  await act.release().perform();
}

const count = (driver, sel) => driver.executeScript("return document.querySelectorAll(arguments[0]).length", sel);
const plies = (driver) => count(driver, ".moves li[data-ply]");

async function smoke(driver, base, log) {
  await driver.manage().window().setRect({ width: 1280, height: 900 });
  for (const [game, want] of Object.entries(GAMES)) {
    await driver.get(`${base}/#/play/${game}`);
    const seen = await waitFor(`${game}'s board`, async () => {
      const cells = await count(driver, "svg.board [data-cell]");
      const board = await count(driver, "svg.board .pieces [data-piece]");
      const hand = await driver.executeScript(
        `return [...document.querySelectorAll("svg.board .hand [data-piece]")].reduce((n, e) => n + Number(e.getAttribute("data-count")), 0)`,
      );
      return cells === want.cells && board === want.board && hand === want.hand && { cells, board, hand };
    });
    log(`${game}: ${seen.cells} cells, ${seen.board} pieces on the board, ${seen.hand} in hand`);
  }
  // shogi: a drag, then a move by two taps
  await driver.get(`${base}/#/play/shogi`);
  await waitFor("the shogi board", async () => (await count(driver, "svg.board [data-cell]")) === 81);
  await dragTo(driver, '.pieces [data-square="7g"]', '[data-cell="7f"]');
  await waitFor("the dragged pawn on 7f", async () => (await plies(driver)) === 1 && (await count(driver, '.pieces [data-square="7f"][data-piece="P"]')) === 1);
  log("a drag: 7g7f");
  await tap(driver, '.pieces [data-square="3c"]');
  await tap(driver, '[data-cell="3d"]');
  await waitFor("the tapped pawn on 3d", async () => (await plies(driver)) === 2 && (await count(driver, '.pieces [data-square="3d"]')) === 1);
  log("two taps: 3c3d");
  // a drop (dragged from the hand), then the promotion question
  const sfen = encodeURIComponent("4k4/9/9/7P1/9/9/9/9/4K4 b P 1");
  await driver.get(`${base}/#/play/shogi?sfen=${sfen}`);
  await waitFor("the position", async () => (await count(driver, '[data-hand="0"] [data-piece="P"]')) === 1);
  await dragTo(driver, '[data-hand="0"] [data-piece="P"]', '[data-cell="5e"]');
  await waitFor("the dropped pawn", async () => (await plies(driver)) === 1 && (await count(driver, '.pieces [data-square="5e"]')) === 1);
  log("a drop: P*5e");
  await tap(driver, '.pieces [data-square="5a"]');
  await tap(driver, '[data-cell="4a"]');
  await waitFor("gote's king move", async () => (await plies(driver)) === 2);
  await tap(driver, '.pieces [data-square="2d"]');
  await tap(driver, '[data-cell="2c"]');
  await waitFor("the promotion question", async () => (await count(driver, '[data-promote="yes"]')) === 1);
  await tap(driver, '[data-promote="yes"]');
  await waitFor("the promoted pawn", async () => (await plies(driver)) === 3 && (await count(driver, '.pieces [data-square="2c"][data-piece="+P"]')) === 1);
  log("a promotion: 2d2c+, asked and answered");
}

const engines = {
  async firefox(base) {
    const gecko = which("geckodriver");
    const firefox = which("firefox-esr") ?? which("firefox");
    if (!gecko || !firefox) return `skipped: ${!gecko ? "geckodriver" : "firefox-esr"} is not installed`;
    const port = await freePort();
    const driverProc = start(gecko, ["--port", String(port), "--host", "127.0.0.1"]);
    await waitForUrl(`http://127.0.0.1:${port}/status`).catch((e) => {
      throw new Error(`geckodriver did not start: ${e.message} ${driverProc.lastError()}`);
    });
    const version = spawnSync(firefox, ["--version"], { encoding: "utf8" }).stdout.trim();
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: "firefox", "moz:firefoxOptions": { binary: firefox, args: ["-headless"] } })
      .build();
    return { driver, version };
  },
  async webkit(base) {
    const wd = which("WebKitWebDriver");
    const xvfb = which("Xvfb");
    if (!wd || !MINIBROWSER || !xvfb) return `skipped: ${!wd ? "WebKitWebDriver (webkit2gtk-driver)" : !MINIBROWSER ? "MiniBrowser" : "Xvfb"} is not installed`;
    // WebKitGTK draws into a display: a virtual one
    const display = `:${90 + (process.pid % 9)}`;
    start(xvfb, [display, "-screen", "0", "1400x1000x24", "-nolisten", "tcp"]);
    await new Promise((r) => setTimeout(r, 500));
    const port = await freePort();
    const driverProc = start(wd, [`--port=${port}`, "--host=127.0.0.1"], { DISPLAY: display });
    await waitForUrl(`http://127.0.0.1:${port}/status`).catch((e) => {
      throw new Error(`WebKitWebDriver did not start: ${e.message} ${driverProc.lastError()}`);
    });
    const version = spawnSync("sh", ["-c", "dpkg-query -W -f '${Version}' libwebkit2gtk-4.1-0 2>/dev/null"], { encoding: "utf8" }).stdout.trim();
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] } })
      .build();
    return { driver, version: `WebKitGTK ${version}` };
  },
};

async function main() {
  if (!existsSync(resolve(dist, "index.html"))) throw new Error(`no build in ${dist}: run trunk build --release first`);
  const port = await freePort();
  start(process.execPath, [resolve(here, "../serve.mjs"), dist, String(port)]);
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(`${base}/`);
  let ran = 0;
  let failed = 0;
  for (const [name, open] of Object.entries(engines)) {
    if (only && only !== name) continue;
    const got = await open(base).catch((e) => e);
    if (typeof got === "string") {
      console.log(`${name}: ${got}`);
      continue;
    }
    if (got instanceof Error) {
      console.log(`${name}: FAILED to start: ${got.message}`);
      failed += 1;
      continue;
    }
    const { driver, version } = got;
    console.log(`${name} (${version}):`);
    const t = Date.now();
    try {
      await smoke(driver, base, (line) => console.log(`  ${line}`));
      console.log(`  passed in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      ran += 1;
    } catch (e) {
      console.log(`  FAILED: ${e.message}`);
      failed += 1;
    } finally {
      await driver.quit().catch(() => {});
    }
  }
  if (failed > 0) throw new Error(`${failed} browser(s) failed`);
  if (ran === 0) console.log("webdriver smoke: skipped, no engine installed (see above)");
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`webdriver smoke: ${e.message}`);
    process.exit(1);
  },
);
