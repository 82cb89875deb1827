// The computer opponent: a game against it in every game id, the form that seats it, the page
// staying responsive while it thinks (Long Tasks API), takeback and resign while it thinks, the
// hint, and a worker that fails.
import { test, expect } from "@playwright/test";
import { GAMES, drag, tap, cell, play, status } from "./helpers.mjs";

const statusEl = (page) => page.locator("[data-status]");

/** Wait until the computer has moved (nobody is thinking) and say whether the game goes on. */
async function computerDone(page) {
  await expect(statusEl(page)).not.toHaveAttribute("data-thinking", { timeout: 20_000 });
  return (await statusEl(page).getAttribute("data-result")) === "ongoing";
}

/** The person to move plays a legal move with taps: a piece of theirs (on the board, then in
 * hand) that shows destinations, then the first destination; a promotion is taken, a lion's
 * first step is stopped at. */
async function personMove(page, seat) {
  const before = await page.locator(".moves [data-ply]").count();
  const own = page.locator(`.pieces [data-owner="${seat}"], [data-hand="${seat}"] [data-piece]`);
  const n = await own.count();
  for (let i = 0; i < n; i++) {
    await tap(page, own.nth(i));
    const dests = page.locator("[data-dest]");
    if ((await dests.count()) === 0) continue;
    const to = await dests.first().getAttribute("data-dest");
    await tap(page, cell(to));
    if ((await page.locator('[data-promote="yes"]').count()) > 0) {
      await tap(page, '[data-promote="yes"]');
    }
    if ((await page.locator(".moves [data-ply]").count()) === before && (await page.locator("[data-dest]").count()) > 0) {
      // a lion waiting for its second step: stop on the first square
      await tap(page, cell(to));
    }
    // (the computer may have answered already)
    await expect.poll(() => page.locator(".moves [data-ply]").count()).toBeGreaterThan(before);
    return;
  }
  throw new Error(`seat ${seat} found no move`);
}

// the computer takes the second seat, the person the others (in sangoku two of three)
for (const game of GAMES) {
  const seats = "1";
  test(`${game}: a game against the computer, 20 plies or the end`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(play(game, { computer: seats, level: "1" }));
    const plies = page.locator(".moves [data-ply]");
    while ((await plies.count()) < 20) {
      if (!(await computerDone(page))) break;
      const turn = await statusEl(page).getAttribute("data-turn");
      expect(seats.split(","), "a person is to move").not.toContain(turn);
      await personMove(page, turn);
    }
    await computerDone(page);
    const result = await statusEl(page).getAttribute("data-result");
    expect((await plies.count()) >= 20 || result !== "ongoing", "20 plies or the end").toBe(true);
    // the computer's moves are in the list like the person's, and nobody thinks now
    await expect(page.locator("[data-error]")).toHaveCount(0);
  });
}

test("the new-game form seats the computer at a level", async ({ page }) => {
  await page.goto("/#/");
  await page.locator('select[name="first"]').selectOption("fixed");
  await page.locator('select[name="who1"]').selectOption("computer");
  await page.locator('select[name="level"]').selectOption("2");
  await page.locator('[data-action="start"]').click();
  await expect(page).toHaveURL(/#\/play\/shogi\?names=[^&]*,(Computer|%E3%82%B3[^&]*)&computer=1&level=2&saved=[0-9a-z]+$/);
  // the person (sente) moves; the computer (gote) answers
  await drag(page, cell("7g"), cell("7f"));
  await computerDone(page);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(2);
  expect((await status(page)).turn).toBe("0");
});

test("three computers play the hexagon while the page watches", async ({ page }) => {
  await page.goto(play("sangoku", { computer: "0,1,2", level: "1" }));
  // (at level 1 a game may end soon after)
  await expect
    .poll(() => page.locator(".moves [data-ply]").count(), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(6);
});

test("the page stays responsive while the top level thinks (no task over 50 ms)", async ({ page }, info) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(play("shogi", { computer: "1", level: "8" }));
  // the page has loaded and readied its code before the measure starts
  await expect(page.locator("html")).toHaveAttribute("data-koma-ready", "");
  const from = await page.evaluate(() => performance.now());
  await drag(page, cell("7g"), cell("7f"));
  await expect(statusEl(page)).toHaveAttribute("data-thinking", "");
  await expect(page.locator(".thinking")).toBeVisible();
  // the board answers while the computer thinks: it turns round and back
  await page.locator('[data-action="flip"]').click();
  await expect(page.locator(".board")).toHaveAttribute("data-flipped", "true");
  await page.screenshot({ path: info.outputPath("thinking.png") });
  await page.locator('[data-action="flip"]').click();
  await expect(page.locator(".board")).toHaveAttribute("data-flipped", "false");
  await computerDone(page);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(2);
  const long = await page.evaluate((from) => window.__longTasks.filter((t) => t.start >= from), from);
  console.log(`long tasks while the computer thought: ${JSON.stringify(long)}`);
  expect(long).toEqual([]);
});

test("takeback and resign act at once while the computer thinks", async ({ page }) => {
  await page.goto(play("shogi", { computer: "1", level: "8" }));
  await drag(page, cell("7g"), cell("7f"));
  await expect(statusEl(page)).toHaveAttribute("data-thinking", "");
  await page.locator('[data-action="undo"]').click();
  await expect(statusEl(page)).not.toHaveAttribute("data-thinking");
  await expect(page.locator('[data-piece="P"][data-square="7g"]')).toHaveCount(1);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(0);
  // the stopped search never plays: after longer than the top level thinks, still sente's turn
  await page.waitForTimeout(3500);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(0);
  // after a reply, takeback goes back to the person's move
  await drag(page, cell("2g"), cell("2f"));
  await computerDone(page);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(2);
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator(".moves [data-ply]")).toHaveCount(0);
  await expect(page.locator('[data-piece="P"][data-square="2g"]')).toHaveCount(1);
  // resign while it thinks: the person resigns, and the game ends at once
  await drag(page, cell("7g"), cell("7f"));
  await expect(statusEl(page)).toHaveAttribute("data-thinking", "");
  await page.locator('[data-action="resign"]').click();
  expect(await status(page)).toEqual({ turn: "1", result: "1", reason: "resignation" });
  await expect(statusEl(page)).not.toHaveAttribute("data-thinking");
  await expect(page.locator(".moves [data-ply]")).toHaveCount(1);
  // leaving while it thinks: the start screen at once, and the search never lands anywhere
  await page.goto(play("shogi", { computer: "1", level: "7" }));
  await drag(page, cell("7g"), cell("7f"));
  await expect(statusEl(page)).toHaveAttribute("data-thinking", "");
  await page.locator('.buttons a[href="#/"]').click();
  await expect(page.locator('[data-form="new-game"]')).toBeVisible();
  await page.locator('[data-game-id="shogi"] h2 a').first().click();
  await page.waitForTimeout(3500);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(0);
  expect(await status(page)).toEqual({ turn: "0", result: "ongoing", reason: "" });
});

test("a hint shows the engine's move on the board, and it can be played", async ({ page }) => {
  await page.goto(play("minishogi"));
  await page.locator('[data-action="hint"]').click();
  const hint = page.locator("[data-hint-move]");
  await expect(hint).toHaveCount(1, { timeout: 10_000 });
  const usi = await hint.getAttribute("data-hint-move");
  const m = /^([1-5][a-e])([1-5][a-e])(\+?)$/.exec(usi);
  expect(m, `a board move: ${usi}`).not.toBeNull();
  await expect(page.locator("[data-cell][data-hint]")).toHaveCount(2);
  await expect(page.locator(`[data-cell="${m[1]}"]`)).toHaveAttribute("data-hint", "");
  await drag(page, cell(m[1]), cell(m[2]));
  if (await page.locator('[data-promote="yes"]').count()) await tap(page, '[data-promote="yes"]');
  await expect(page.locator(".moves [data-ply]")).toHaveCount(1);
  // the hint goes with the position it was for
  await expect(page.locator("[data-cell][data-hint]")).toHaveCount(0);
  await expect(hint).toHaveCount(0);
});

test("a computer that fails is reported, the game stays, and it can be restarted", async ({ page }, info) => {
  let broken = true;
  await page.context().route("**/koma-worker_bg.wasm", (route) =>
    broken ? route.fulfill({ status: 500, body: "broken" }) : route.continue(),
  );
  await page.goto(play("shogi", { computer: "1", level: "1" }));
  await drag(page, cell("7g"), cell("7f"));
  const error = page.locator('[data-error="computer"]');
  await expect(error).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: info.outputPath("computer-failed.png") });
  await expect(statusEl(page)).not.toHaveAttribute("data-thinking");
  // the game is as it was: the person's move stands, gote to move, nothing else played
  expect(await status(page)).toEqual({ turn: "1", result: "ongoing", reason: "" });
  await expect(page.locator('[data-piece="P"][data-square="7f"]')).toHaveCount(1);
  broken = false;
  await page.locator('[data-action="restart-computer"]').click();
  await computerDone(page);
  await expect(page.locator(".moves [data-ply]")).toHaveCount(2);
  await expect(error).toHaveCount(0);
});

// The engine's speed in the browser's worker (wasm in Chromium): the top level's first move in
// each game, printed with the test run. A measure, not a timed test: it only checks that a
// search was made and reported.
test("the engine's speed in the browser, each game", async ({ page }) => {
  test.skip(test.info().project.name !== "desktop", "measured once");
  test.setTimeout(120_000);
  const rows = [];
  for (const game of GAMES) {
    await page.goto(play(game, { computer: "0", level: "8" }));
    const info = page.locator("[data-engine-nodes]");
    await expect(info).toHaveCount(1, { timeout: 20_000 });
    const nodes = Number(await info.getAttribute("data-engine-nodes"));
    const ms = Number(await info.getAttribute("data-engine-ms"));
    expect(nodes).toBeGreaterThan(0);
    rows.push(`${game}: ${nodes} nodes in ${ms} ms, ${Math.round((nodes * 1000) / Math.max(ms, 1))} nodes/s`);
  }
  console.log(`the top level's first move in headless Chromium:\n  ${rows.join("\n  ")}`);
});
