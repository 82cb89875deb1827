// Offline play and saved games, as a person meets them: the app installs, works with no network
// (from / and from a sub-path), every game comes back after a reload, a corrupt entry is set
// aside, a full storage is reported, and a new build is offered, never forced.
import { test, expect, chromium } from "@playwright/test";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GAMES, anyMove, play, seen, serve, tap } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../../dist");

/** Wait until the service worker is active and controls the page (a reload after the first
 * visit), its cache filled. */
async function controlled(page, path = "/") {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto(path);
  // (a change of the hash alone loads nothing: load the page again)
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The origins every request of the page went to. */
function origins(page) {
  const seenOrigins = new Set();
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.protocol !== "data:" && u.protocol !== "blob:") seenOrigins.add(u.origin);
  });
  return seenOrigins;
}

test("the app is installable: Chromium finds no installability error", async ({ baseURL }, info) => {
  // (Playwright's own contexts are incognito, which Chromium never installs from: a profile)
  const profile = await mkdtemp(join(tmpdir(), "koma-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...info.project.use.launchOptions,
    viewport: info.project.use.viewport,
  });
  try {
    await installable(await context.newPage(), baseURL);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

async function installable(page, baseURL) {
  await page.goto(`${baseURL}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await page.request.get(`${baseURL}/manifest.webmanifest`)).json();
  for (const key of ["id", "name", "short_name", "description", "start_url", "scope", "theme_color", "background_color"]) {
    expect(manifest[key], key).toBeTruthy();
  }
  expect(manifest.display).toBe("standalone");
  const sizes = manifest.icons.map((i) => `${i.sizes}/${i.purpose}/${i.type}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192/any/image/png", "512x512/any/image/png", "512x512/maskable/image/png"]));
  for (const icon of manifest.icons) {
    expect((await page.request.get(`${baseURL}/${icon.src}`)).status(), icon.src).toBe(200);
  }
}

test("offline: after one visit every game starts and plays with no network, the computer and the analysis board too", async ({ page, context, baseURL }) => {
  const reached = origins(page);
  await page.goto("/");
  await controlled(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("[data-game-id]").first()).toBeVisible();
  for (const game of GAMES) {
    await page.goto(play(game));
    await expect(page.locator("[data-cell]").first()).toBeVisible();
    await anyMove(page);
    await anyMove(page, 3);
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
  }
  // the engine's worker and its wasm come from the cache too
  await page.goto(play("minishogi", { computer: "1", level: "1" }));
  await anyMove(page);
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
  await expect(page.locator('[data-error="computer"]')).toHaveCount(0);
  // the analysis board's engine too
  await page.goto("/#/analysis/shogi?lines=2");
  await expect(page.locator("[data-line]")).toHaveCount(2);
  await context.setOffline(false);
  expect([...reached]).toEqual([new URL(baseURL).origin]);
});

test("offline from a sub-path: /koma/ is its own scope and plays with no network", async ({ page, context }) => {
  await page.goto("/koma/");
  await controlled(page, "/koma/");
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope));
  expect(new URL(scope).pathname).toBe("/koma/");
  await context.setOffline(true);
  await page.goto("/koma/#/play/shogi");
  await anyMove(page);
  await page.reload();
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  await context.setOffline(false);
});

for (const game of GAMES) {
  test(`${game}: a reload in the middle of a game finds the same position, moves, clocks and turn`, async ({ page }) => {
    await page.goto(play(game, { clock: "600+30", names: "Ann,Ben,Cy" }));
    for (let i = 0; i < 7; i++) await anyMove(page, i * 5);
    await expect(page).toHaveURL(/saved=[0-9a-z]+/);
    const before = await seen(page);
    const url = page.url();
    await page.reload();
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(7);
    const after = await seen(page);
    expect(page.url()).toBe(url);
    expect({ ...after, clocks: [] }).toEqual({ ...before, clocks: [] });
    expect(after.clocks.length).toBe(before.clocks.length);
    for (const [i, c] of after.clocks.entries()) {
      const b = before.clocks[i];
      expect(c.seat).toBe(b.seat);
      expect(c.running).toBe(b.running);
      // the clock stands where it stood (the running one less the moment the reload took)
      expect(c.ms).toBeLessThanOrEqual(b.ms);
      expect(c.ms).toBeGreaterThan(b.ms - (c.running ? 5000 : 1));
    }
    // and the game goes on from there
    await anyMove(page, 2);
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(8);
  });
}

test("saved games: listed, resumed, exported and deleted; a finished game replays", async ({ page }) => {
  page.on("dialog", (d) => d.accept());
  await page.goto(play("shogi"));
  await anyMove(page);
  await anyMove(page);
  const firstUrl = page.url();
  await page.goto(play("minishogi"));
  await anyMove(page);
  await page.locator('[data-action="resign"]').click();
  await expect(page.locator("[data-status]")).toHaveAttribute("data-reason", "resignation");
  await page.locator('[data-action="saved-games"]').click();
  const rows = page.locator("[data-saved-game]");
  await expect(rows).toHaveCount(2);
  const mini = page.locator('[data-saved-game][data-game="minishogi"]');
  // gote (to move after sente's one move) resigned: sente won
  await expect(mini).toHaveAttribute("data-result", "0");
  await expect(mini).toHaveAttribute("data-plies", "1");
  const shogi = page.locator('[data-saved-game][data-game="shogi"]');
  await expect(shogi).toHaveAttribute("data-result", "ongoing");
  await shogi.locator('[data-action="export"]').click();
  const kif = await shogi.locator('a[data-download="kif"]').getAttribute("href");
  expect(decodeURIComponent(kif)).toContain("手数----指手");
  const usi = decodeURIComponent(await shogi.locator('a[data-download="usi"]').getAttribute("href"));
  expect(usi).toMatch(/moves \S+ \S+$/);
  // the start screen offers the unfinished game
  await page.goto("/#/");
  await page.locator('[data-action="resume-last"]').click();
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
  expect(page.url()).toBe(firstUrl);
  // the finished one replays: its moves and result, the board steps back
  await page.goto("/#/games");
  await mini.locator('[data-action="resume"]').click();
  await expect(page.locator("[data-status]")).toHaveAttribute("data-reason", "resignation");
  await page.locator('[data-nav="first"]').click();
  await page.goto("/#/games");
  await mini.locator('[data-action="delete"]').click();
  await expect(rows).toHaveCount(1);
});

test("a corrupt entry is reported and set aside; the other games still open", async ({ page }) => {
  await page.goto(play("shogi"));
  await anyMove(page);
  const good = new URL(page.url()).hash;
  await page.evaluate(() => {
    localStorage.setItem("koma.game.bad1", "{not json at all");
    localStorage.setItem(
      "koma.game.bad2",
      JSON.stringify({ schema: 1, id: "bad2", created: 1, updated: 2, game: "shogi", level: 4, moves: ["7g7f", "9a1i"] }),
    );
    localStorage.setItem("koma.game.new1", JSON.stringify({ schema: 99, id: "new1", game: "shogi" }));
  });
  await page.goto("/#/games");
  await expect(page.locator('[data-aside="bad1"]')).toContainText("not JSON");
  await expect(page.locator('[data-aside="new1"]')).toContainText("newer");
  const raw = await page.locator('[data-aside="bad1"] a[data-download="raw"]').getAttribute("href");
  expect(decodeURIComponent(raw)).toContain("{not json at all");
  await expect(page.locator("[data-saved-game]")).toHaveCount(2);
  // the entry whose moves the rules refuse: reported when opened, then set aside
  await page.locator('[data-saved-game="bad2"] [data-action="resume"]').click();
  await expect(page.locator('[data-error="saved-game"]')).toContainText("9a1i");
  await page.goto("/#/games");
  await expect(page.locator('[data-aside="bad2"]')).toContainText("move 2");
  await expect(page.locator("[data-saved-game]")).toHaveCount(1);
  // the good game opens as it was
  await page.goto(`/${good}`);
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  await page.goto("/#/games");
  await page.locator('[data-aside="bad1"] [data-action="delete-aside"]').click();
  await expect(page.locator('[data-aside="bad1"]')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("koma.aside.bad2"))).toContain("9a1i");
});

test("a full storage is reported and the game goes on in memory", async ({ page }) => {
  await page.goto(play("shogi"));
  await anyMove(page);
  await page.evaluate(() => {
    const block = "x".repeat(256 * 1024);
    for (let i = 0; ; i++) {
      try {
        localStorage.setItem(`filler.${i}`, block);
      } catch {
        break;
      }
    }
    // then smaller and smaller, until not one more character fits
    for (let n = 64 * 1024, k = 0; n >= 1; ) {
      try {
        localStorage.setItem(`filler.small.${k++}`, "y".repeat(n));
      } catch {
        n = Math.floor(n / 2);
      }
    }
  });
  for (let i = 0; i < 3; i++) await anyMove(page, i);
  await expect(page.locator('[data-error="storage"]')).toBeVisible();
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(4);
  // room again: the next move is saved and the message goes
  await page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith("filler.")) localStorage.removeItem(k);
  });
  await anyMove(page, 4);
  await expect(page.locator('[data-error="storage"]')).toHaveCount(0);
  await page.reload();
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(5);
});

test("settings are kept: language, piece names, orientation, rank numbers, clock and level", async ({ page }) => {
  await page.goto("/#/");
  const before = await page.locator("main").getAttribute("lang");
  await page.locator('[data-action="lang"]').click();
  await page.locator('select[name="clock"]').selectOption("300i5");
  await page.locator('select[name="level"]').selectOption("6");
  await page.goto(play("shogi"));
  const y = (sq) => page.locator(`[data-cell="${sq}"]`).getAttribute("y").then(Number);
  const king = () => page.locator('.pieces [data-piece="K"][data-owner="0"] text').textContent();
  expect(await y("5i")).toBeGreaterThan(await y("5a"));
  const style = await king();
  await page.locator('[data-action="flip"]').click();
  await page.locator('[data-action="numbers"]').click();
  await page.locator('[data-action="piece-style"]').click();
  expect(await y("5i")).toBeLessThan(await y("5a"));
  const changed = await king();
  expect(changed).not.toBe(style);
  // a new game, and a new visit, keep them
  await page.goto(play("minishogi"));
  await expect(page).toHaveURL(/minishogi\?saved=/);
  await page.goto(play("shogi"));
  await expect(page).toHaveURL(/shogi\?saved=/);
  await page.reload();
  expect(await y("5i")).toBeLessThan(await y("5a"));
  expect(await king()).toBe(changed);
  await expect(page.locator("main")).not.toHaveAttribute("lang", before);
  await page.goto("/#/");
  await expect(page.locator('select[name="clock"]')).toHaveValue("300i5");
  await expect(page.locator('select[name="level"]')).toHaveValue("6");
});

test("a new build is offered, never forced: the prompt waits for the player", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "one window is enough");
  const dir = await mkdtemp(join(tmpdir(), "koma-update-"));
  await cp(dist, dir, { recursive: true });
  const server = await serve(dir);
  try {
    const origin = server.origin;
    await page.goto(`${origin}/`);
    await controlled(page, `${origin}/#/play/shogi`);
    await anyMove(page);
    const oldKeys = await page.evaluate(() => caches.keys());
    expect(oldKeys).toHaveLength(1);
    // the server gets a new build
    const sw = await readFile(join(dir, "sw.js"), "utf8");
    const next = sw.replace(/const VERSION = "([0-9a-f]+)"/, 'const VERSION = "$1next"');
    expect(next).not.toBe(sw);
    await writeFile(join(dir, "sw.js"), next);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await expect(page.locator("[data-update]")).toBeVisible();
    // nothing reloaded by itself: the game is where it was
    await page.waitForTimeout(500);
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
    await page.screenshot({ path: info.outputPath("update-prompt.png") });
    await Promise.all([page.waitForEvent("load"), page.locator('[data-action="reload"]').click()]);
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
    await expect(page.locator("[data-update]")).toHaveCount(0);
    const keys = await page.evaluate(() => caches.keys());
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(oldKeys[0]);
    expect(keys[0]).toMatch(/next$/);
  } finally {
    server.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test("figures: cold start to a playable board (CPU 4x slower), precache size, save time on the chu board", async ({ page, context, baseURL }, info) => {
  test.skip(info.project.name !== "desktop", "measured on the desktop window");
  const sw = await (await page.request.get(`${baseURL}/sw.js`)).text();
  const files = JSON.parse(/const FILES = (\[[\s\S]*?\]);/.exec(sw)[1]);
  let bytes = 0;
  for (const f of files) bytes += (await (await page.request.get(`${baseURL}/${f}`)).body()).length;
  await page.goto("/");
  await controlled(page);
  // Timed in the page, from the navigation's start: when the board's cells (with their
  // handlers) are in the document, and when the frame that shows them has been drawn (a task
  // queued from that frame's animation callback runs after its paint). The test runs nothing in
  // the page until then: it waits for the page's console line, which the browser sends without
  // a round trip. Polling from the test (`waitForFunction`) first evaluates Playwright's own
  // script in the page, on the page's main thread, and it landed before the board's first
  // frame (docs/performance.md).
  await page.addInitScript(() => {
    if (location.protocol === "about:") return;
    window.__koma_board = {};
    new MutationObserver((_, observer) => {
      if (document.querySelector("[data-cell]") === null) return;
      observer.disconnect();
      window.__koma_board.cells = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          window.__koma_board.shown = performance.now();
          console.log("koma:board-shown");
        }),
      );
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const coldStart = async () => {
    await page.goto("about:blank");
    const shownLine = page.waitForEvent("console", (m) => m.text() === "koma:board-shown");
    await page.goto(play("shogi"), { waitUntil: "commit" });
    await shownLine;
    const { cells, shown } = await page.evaluate(() => window.__koma_board);
    expect(cells).toBeLessThanOrEqual(shown);
    await expect(page.locator("[data-cell]").first()).toBeVisible();
    return { cells, shown };
  };
  const online = [];
  const offline = [];
  for (let i = 0; i < 5; i++) online.push(await coldStart());
  await context.setOffline(true);
  for (let i = 0; i < 5; i++) offline.push(await coldStart());
  await context.setOffline(false);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  // saves on the chu board: 40 moves
  await page.goto(play("chushogi"));
  for (let i = 0; i < 40; i++) await anyMove(page, i * 7);
  const saves = await page.evaluate(() => performance.getEntriesByName("koma:save").map((e) => e.duration));
  expect(saves.length).toBeGreaterThanOrEqual(40);
  const sorted = [...saves].sort((a, b) => a - b);
  const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1];
  const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
  const runs = (rs, key) => `${rs.map((r) => Math.round(r[key])).join("/")} (median ${Math.round(median(rs.map((r) => r[key])))})`;
  const cold = (rs) => `shown ${runs(rs, "shown")} ms, cells in the page ${runs(rs, "cells")} ms`;
  console.log(
    `offline figures: precache ${files.length} files, ${bytes} bytes; cold start to a playable board, CPU 4x: ` +
      `online: ${cold(online)}; offline: ${cold(offline)}; ` +
      `chu save p95 ${p95.toFixed(2)} ms over ${saves.length} saves (max ${sorted.at(-1).toFixed(2)} ms)`,
  );
});
