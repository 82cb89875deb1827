// Online play as people meet it: the release build served by a real koma-server (its own
// process, a SQLite file in a scratch folder, a free loopback port), several browser contexts
// as several devices, and real drags. `cargo xtask test` builds the server and names it in
// KOMA_SERVER.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { drag, tap, cell, onBoard } from "./helpers.mjs";
import { startServer } from "./servers.mjs";

let server;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

/** A phone-sized device of its own (its own storage: a person on their own phone). */
async function phone(browser) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    baseURL: server.url,
  });
  return context.newPage();
}

/** Create a game by the API, as the start screen's "Play online" does. */
async function create(page, spec) {
  const r = await page.request.post(`${server.url}/api/games`, { data: spec });
  expect(r.status()).toBe(201);
  return r.json();
}

const statusOf = (page) => page.locator("[data-status]");

test("the start screen offers online play where the server answers, and makes a game with invitations", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const context = await browser.newContext({ baseURL: server.url });
  const a = await context.newPage();
  await a.goto("/#/");
  await expect(a.locator('[data-action="play-online"]')).toHaveCount(1);
  await a.locator('input[name="online-name"]').fill("Hanako");
  await tap(a, '[data-action="play-online"]');
  await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=[0-9a-f]{32}$/);
  await expect(a.locator("[data-online]").first()).toHaveCount(1);
  // the invitation for the other seat: a link and a QR code
  const invite = a.locator('[data-invite="1"] input');
  await expect(invite).toHaveValue(/#\/online\/[0-9a-f]{16}\?seat=[0-9a-f]{32}$/);
  await expect(a.locator('[data-qr="1"] svg')).toHaveCount(1);
  await expect(a.locator("[data-waiting]")).toHaveCount(1);
  await a.screenshot({ path: info.outputPath("online-invitations.png") });
  const link = await invite.inputValue();
  // the invited player opens it on another device: the game starts for both
  const b = await (await browser.newContext()).newPage();
  await b.goto(link);
  await expect(b.locator('[data-connection="0"]')).toHaveAttribute("value", "online");
  await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
  await expect(a.locator("[data-waiting]")).toHaveCount(0);
  await expect(a.locator('[data-connection="0"]')).toContainText("Hanako");
  // the invited player names itself on the play screen: everybody sees it
  await b.locator('.online-seats input[name="online-name"]').fill("Taro");
  await b.locator('.online-seats input[name="online-name"]').press("Enter");
  await expect(a.locator('[data-connection="1"]')).toContainText("Taro");
  // sente moves by a drag; gote sees it
  await drag(a, onBoard("7g"), cell("7f"));
  await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await expect(statusOf(b)).toHaveAttribute("data-turn", "1");
  // sente cannot move gote's pieces
  await drag(a, onBoard("3c"), cell("3d"));
  await expect(a.locator('[data-piece="P"][data-owner="1"][data-square="3c"]')).toHaveCount(1);
  await b.context().close();
  await context.close();
});

test("two players play shogi; one reloads mid-game and plays on; a watcher sees each move", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "the phones' test is below");
  const a = await phone(browser);
  const game = await create(a, { game: "shogi", clock: "600+30" });
  await a.goto("/" + game.seats[0]);
  const b = await phone(browser);
  await b.goto("/" + game.seats[1]);
  const w = await phone(browser);
  await w.goto("/" + game.watch);
  await expect(w.locator("[data-watching]")).toHaveCount(1);
  for (const p of [a, b, w]) await expect(p.locator('[data-clock="0"]')).toHaveClass(/running/);
  await drag(a, onBoard("7g"), cell("7f"));
  await expect(w.locator('[data-square="7f"][data-owner="0"]')).toHaveCount(1);
  await drag(b, onBoard("3c"), cell("3d"));
  await expect(w.locator('[data-square="3d"][data-owner="1"]')).toHaveCount(1);
  // gote asks for its move back; sente agrees; gote plays it again
  await tap(b, '[data-action="undo"]');
  await expect(a.locator('[data-offer="takeback"]')).toHaveCount(1);
  await tap(a, '[data-action="accept-offer"]');
  for (const p of [a, b, w]) await expect(p.locator(".moves li[data-ply]")).toHaveCount(1);
  await expect(w.locator('[data-piece="P"][data-owner="1"][data-square="3c"]')).toHaveCount(1);
  await drag(b, onBoard("3c"), cell("3d"));
  await expect(w.locator('[data-square="3d"][data-owner="1"]')).toHaveCount(1);
  // sente reloads: back in its seat with the game as it was
  await a.reload();
  await expect(statusOf(a)).toHaveAttribute("data-turn", "0");
  await expect(a.locator(".moves li[data-ply]")).toHaveCount(2);
  await expect(b.locator('[data-connection="0"]')).toHaveAttribute("value", "online");
  await drag(a, onBoard("8h"), cell("2b"));
  await tap(a, '[data-promote="yes"]');
  await expect(w.locator('[data-piece="+B"][data-square="2b"]')).toHaveCount(1);
  await expect(b.locator('[data-piece="+B"][data-square="2b"]')).toHaveCount(1);
  // the watcher cannot move
  await drag(w, onBoard("3a"), cell("2b"));
  await expect(w.locator('[data-piece="+B"][data-square="2b"]')).toHaveCount(1);
  // gote resigns: everybody sees the result
  await tap(b, '[data-action="resign"]');
  for (const p of [a, b, w]) {
    await expect(statusOf(p)).toHaveAttribute("data-result", "0");
    await expect(statusOf(p)).toHaveAttribute("data-reason", "resignation");
  }
  await w.screenshot({ path: info.outputPath("online-watcher.png") });
  // gote leaves: the others see its seat disconnected
  await b.context().close();
  await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "offline");
  await expect(w.locator('[data-connection="1"]')).toContainText("disconnected");
  // the finished game is kept in the saved games, marked online
  await a.goto("/#/games");
  await expect(a.locator(`[data-saved-game][data-online="${game.id}"]`)).toHaveCount(1);
  await expect(a.locator(`[data-online="${game.id}"]`)).toHaveAttribute("data-result", "0");
  for (const p of [a, w]) await p.context().close();
});

test("three phones take the three seats of Three Kingdoms shogi by their links and play through a turn jump", async ({ browser }, info) => {
  test.skip(info.project.name !== "phone", "three phones");
  const pages = [];
  const first = await phone(browser);
  const game = await create(first, { game: "sangoku" });
  pages.push(first);
  pages.push(await phone(browser));
  pages.push(await phone(browser));
  for (let i = 0; i < 3; i++) await pages[i].goto("/" + game.seats[i]);
  for (const p of pages) {
    for (let s = 0; s < 3; s++) {
      await expect(p.locator(`[data-connection="${s}"]`)).toHaveAttribute("value", "online");
    }
  }
  // A, B, C in turn; then A's chariot checks C, who moves out of turn; then back to A
  const moves = [
    [0, "-1,3", "0,2", "1"],
    [1, "3,-1", "2,-1", "2"],
    [2, "-1,-2", "0,-2", "0"],
    [0, "-1,4", "-1,-3", "2"],
    [2, "-2,-2", "-1,-3", "0"],
  ];
  for (const [seat, from, to, next] of moves) {
    await drag(pages[seat], cell(from), cell(to));
    for (const p of pages) await expect(statusOf(p)).toHaveAttribute("data-turn", next);
  }
  await expect(pages[0].locator(".moves li[data-ply]")).toHaveCount(5);
  await pages[2].screenshot({ path: info.outputPath("online-sangoku-c.png") });
  const seen = async (p) =>
    p.evaluate(() =>
      [...document.querySelectorAll(".pieces [data-piece]")]
        .map((e) => `${e.getAttribute("data-piece")}:${e.getAttribute("data-owner")}:${e.getAttribute("data-square")}`)
        .sort(),
    );
  const a = await seen(pages[0]);
  expect(await seen(pages[1])).toEqual(a);
  expect(await seen(pages[2])).toEqual(a);
  for (const p of pages) await p.context().close();
});

test("the lobby lists an open game and fills it", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const a = await phone(browser);
  const game = await create(a, { game: "minishogi", open: true });
  await a.goto("/" + game.seats[0]);
  const b = await phone(browser);
  await b.goto("/#/lobby");
  const row = b.locator(`[data-lobby-game="${game.id}"]`);
  await expect(row).toHaveCount(1);
  await tap(b, `[data-lobby-game="${game.id}"] [data-take="1"]`);
  await expect(b).toHaveURL(new RegExp(`#/online/${game.id}\\?seat=`));
  await expect(statusOf(b)).toHaveAttribute("data-turn", "0");
  await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
  // full: it leaves the lobby
  await b.goto("/#/lobby");
  await expect(b.locator("[data-lobby-empty], .lobby-games")).toHaveCount(1);
  await expect(b.locator(`[data-lobby-game="${game.id}"]`)).toHaveCount(0);
  await a.context().close();
  await b.context().close();
});

test("online play is hidden when the app is served without the server", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  // the test's own static server (web/serve.mjs): no API behind the page; once the app's
  // question to it is answered, nothing of online play shows
  const asked = page.waitForResponse((r) => r.url().includes("api/health"));
  await page.goto("/#/");
  await asked;
  // two frames after the answer: time for the form to show what it learnt
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.locator('[data-form="new-game"]')).toHaveCount(1);
  await expect(page.locator('[data-action="play-online"]')).toHaveCount(0);
  await expect(page.locator("[data-online-choices]")).toHaveCount(0);
});

test("with no network the start screen says online play needs it, and local play goes on", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/#/");
  await expect(page.locator('[data-action="play-online"]')).toHaveCount(1);
  await context.setOffline(true);
  // the start screen asked again (a new visit of it): no server, no network
  await page.evaluate(() => (location.hash = "#/games"));
  await page.evaluate(() => (location.hash = "#/"));
  await expect(page.locator("[data-online-offline]")).toHaveCount(1);
  await expect(page.locator('[data-action="play-online"]')).toHaveCount(0);
  // a local game still starts
  await tap(page, '[data-action="start"]');
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
  await context.close();
});

test("two players on two servers of one PostgreSQL see each other online; the database restarts and both show reconnecting, then play on", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const postgres = process.env.KOMA_TEST_POSTGRES;
  const restart = process.env.KOMA_TEST_POSTGRES_RESTART;
  test.skip(!postgres || !restart, "KOMA_TEST_POSTGRES and KOMA_TEST_POSTGRES_RESTART are not set (cargo xtask test sets them where it starts a PostgreSQL cluster)");
  const servers = [await startServer({ database: postgres }), await startServer({ database: postgres })];
  try {
    const r = await (await browser.newContext()).request.post(`${servers[0].url}/api/games`, { data: { game: "shogi" } });
    expect(r.status()).toBe(201);
    const game = await r.json();
    // sente on the first server, gote on the second
    const [a, b] = await Promise.all(
      servers.map(async (s) => (await browser.newContext({ baseURL: s.url })).newPage()),
    );
    await a.goto("/" + game.seats[0]);
    await b.goto("/" + game.seats[1]);
    await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
    await expect(b.locator('[data-connection="0"]')).toHaveAttribute("value", "online");
    await drag(a, onBoard("7g"), cell("7f"));
    await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
    // each page notes whether it ever showed "reconnecting" (however briefly)
    for (const p of [a, b]) {
      await p.evaluate(() => {
        window.sawReconnecting = false;
        const look = () => {
          if (document.querySelector('[data-line="reconnecting"]')) window.sawReconnecting = true;
        };
        new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    }
    const restarted = spawnSync(restart, { stdio: "inherit" });
    expect(restarted.status).toBe(0);
    for (const p of [a, b]) {
      await expect.poll(() => p.evaluate(() => window.sawReconnecting)).toBe(true);
      await expect(p.locator('.online-seats[data-line="open"]')).toHaveCount(1);
    }
    await a.screenshot({ path: info.outputPath("online-after-database-restart.png") });
    // the game goes on where it was, across the two servers
    await drag(b, onBoard("3c"), cell("3d"));
    await expect(a.locator('[data-piece="P"][data-owner="1"][data-square="3d"]')).toHaveCount(1);
    await expect(a.locator(".moves li[data-ply]")).toHaveCount(2);
    await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
    await expect(b.locator('[data-connection="0"]')).toHaveAttribute("value", "online");
    for (const p of [a, b]) await p.context().close();
  } finally {
    for (const s of servers) await s.stop();
  }
});

test("a player calls the game off before its first move; the board then takes no move", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const a = await phone(browser);
  const game = await create(a, { game: "minishogi", clock: "300+0" });
  await a.goto("/" + game.seats[0]);
  const b = await phone(browser);
  await b.goto("/" + game.seats[1]);
  await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
  await drag(a, onBoard("5d"), cell("5c"));
  await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
  // sente has moved: no abort for it; gote has not
  await expect(a.locator('[data-action="abort"]')).toHaveCount(0);
  await tap(b, '[data-action="abort"]');
  for (const p of [a, b]) await expect(p.locator("[data-aborted]")).toHaveCount(1);
  for (const p of [a, b]) await expect(p.locator("[data-clock].running")).toHaveCount(0);
  await b.screenshot({ path: info.outputPath("aborted.png") });
  // nobody moves in a game called off
  await drag(b, onBoard("1b"), cell("1c"));
  await expect(b.locator('[data-piece="P"][data-owner="1"][data-square="1b"]')).toHaveCount(1);
  await a.context().close();
  await b.context().close();
});
