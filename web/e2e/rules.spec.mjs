// The rules page (rules.html), as a reader uses it: every rule's board loads, and each demo
// does what its text says: a foul refused by name, a promotion asked, a repetition scored, a
// puzzle answered, the lion's special moves, in either language, offline too; and every
// section's exercise, copied to a page of another origin, solved by hand in both languages.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { closeHosts, drag, hostPage, playMove, tap } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cli = process.env.KOMA_CLI ?? resolve(here, "../../target/release/koma");

test.afterEach(closeHosts);

test.skip(({ isMobile }) => isMobile, "the rules page is tested on the desktop window");

const rule = (page, id) => page.locator(`[data-rule="${id}"]`);

/** Open the page and bring every board in once (each mounts as it comes into view), so that
 * nothing moves under the pointer later. */
async function open(page, lang) {
  await page.goto(`/rules.html?lang=${lang}`);
  const n = await page.locator("koma-board").count();
  for (let i = 0; i < n; i++) {
    const b = page.locator("koma-board").nth(i);
    await b.scrollIntoViewIfNeeded();
    await expect(b.locator("[data-cell]").first()).toBeAttached({ timeout: 20_000 });
  }
}

/** Scroll a rule's demo board (the section's own, not its exercise's) into view and wait for
 * it to mount; the board element, to look in. */
async function board(page, id) {
  const r = rule(page, id).locator(":scope > koma-board");
  await r.scrollIntoViewIfNeeded();
  await expect(r.locator("[data-cell]").first()).toBeAttached({ timeout: 20_000 });
  // the whole board in the window, hands and controls too
  await r.locator(".koma-embed").evaluate((e) => e.scrollIntoView({ block: "center" }));
  return r;
}

test("every rule has a board that loads, in English and in Japanese; the start screen links here", async ({ page }) => {
  await page.goto("/#/");
  await expect(page.locator('[data-action="rules"]')).toHaveAttribute("href", /rules\.html\?lang=(ja|en)/);
  await open(page, "en");
  const ids = await page.locator("section[data-rule]").evaluateAll((s) => s.map((e) => e.dataset.rule));
  expect(ids.length).toBeGreaterThanOrEqual(28);
  for (const id of ids) {
    await board(page, id);
    const r = rule(page, id);
    await expect(r.locator('[data-error="embed"]'), id).toHaveCount(0);
    await expect(r.locator("h3 [lang=en]"), id).toBeVisible();
    await expect(r.locator("h3 [lang=ja]"), id).toBeHidden();
    // the section's exercise, its prompt in the page's language
    await expect(r.locator("[data-exercise] > p[lang=en]"), id).toBeVisible();
    await expect(r.locator("[data-exercise] > p[lang=ja]"), id).toBeHidden();
  }
  await open(page, "ja");
  await expect(rule(page, "nifu").locator("h3 [lang=ja]")).toHaveText("二歩");
  await expect(rule(page, "nifu").locator("h3 [lang=en]")).toBeHidden();
});

test("shogi's fouls are refused by name on the board", async ({ page }) => {
  await open(page, "en");
  let r = await board(page, "nifu");
  await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="5e"]', { scope: r });
  await expect(r.locator('[data-foul="nifu"]')).toContainText("two pawns");
  r = await board(page, "uchifuzume");
  await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="1b"]', { scope: r });
  await expect(r.locator('[data-foul="uchifuzume"]')).toContainText("pawn-drop mate");
  r = await board(page, "dead-piece");
  await drag(page, '[data-hand="0"] [data-piece="N"]', '[data-cell="7b"]', { scope: r });
  await expect(r.locator('[data-foul="dead-piece"]')).toBeVisible();
  // in Japanese, the refusal is in Japanese
  await open(page, "ja");
  r = await board(page, "nifu");
  await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="5e"]', { scope: r });
  await expect(r.locator('[data-foul="nifu"]')).toContainText("二歩：");
});

test("promotion is asked when optional and applied when forced; a drop lands", async ({ page }) => {
  await open(page, "en");
  let r = await board(page, "promotion");
  await drag(page, '.pieces [data-square="5d"]', '[data-cell="5c"]', { scope: r });
  await expect(r.locator('[data-promote="yes"]')).toBeVisible();
  await tap(page, '[data-promote="yes"]', { scope: r });
  await expect(r.locator('[data-piece="+S"][data-square="5c"]')).toHaveCount(1);
  r = await board(page, "forced-promotion");
  await drag(page, '.pieces [data-square="9b"]', '[data-cell="9a"]', { scope: r });
  await expect(r.locator('[data-piece="+P"][data-square="9a"]')).toHaveCount(1);
  r = await board(page, "drops");
  await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="5b"]', { scope: r });
  await expect(r.locator('[data-piece="G"][data-owner="0"][data-square="5b"]')).toHaveCount(1);
});

test("repetitions are scored by each game's rule: a draw, perpetual check, minishogi's sente loses", async ({ page }) => {
  await open(page, "en");
  for (const [id, result, reason] of [
    ["sennichite", "draw", "repetition"],
    ["perpetual-check", "1", "perpetual-check"],
    ["minishogi-repetition", "1", "repetition"],
  ]) {
    const r = await board(page, id);
    await expect(r.locator("[data-status]"), id).toHaveAttribute("data-result", "ongoing");
    await tap(page, '[data-nav="last"]', { scope: r });
    await expect(r.locator("[data-status]"), id).toHaveAttribute("data-result", result);
    await expect(r.locator("[data-status]"), id).toHaveAttribute("data-reason", reason);
  }
});

test("the mate-in-one puzzle answers a wrong try, then is solved", async ({ page }) => {
  await open(page, "en");
  const r = await board(page, "tsume");
  await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="6b"]', { scope: r });
  await expect(r.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "wrong");
  await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="5b"]', { scope: r });
  await expect(r.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "solved");
  await expect(r.locator("[data-status]")).toHaveAttribute("data-reason", "checkmate");
});

test("chu shogi: igui takes without moving, a protected lion cannot be taken from afar, 66 places", async ({ page }) => {
  await open(page, "en");
  let r = await board(page, "chu-igui");
  await tap(page, '.pieces [data-square="7g"]', { scope: r });
  await tap(page, '[data-cell="7f"]', { scope: r });
  await tap(page, '[data-cell="7g"]', { scope: r });
  await expect(r.locator('.pieces [data-square="7f"]')).toHaveCount(0);
  await expect(r.locator('[data-piece="N"][data-owner="0"][data-square="7g"]')).toHaveCount(1);
  for (const id of ["chu-lion-trading", "chu-lion-trading-lishogi"]) {
    r = await board(page, id);
    await drag(page, '.pieces [data-square="7f"]', '[data-cell="7d"]', { scope: r });
    await expect(r.locator('[data-foul="lion-protected"]'), id).toBeVisible();
  }
  r = await board(page, "chu-counter-strike");
  await drag(page, '.pieces [data-square="7f"]', '[data-cell="7e"]', { scope: r });
  await expect(r.locator('.pieces [data-piece="N"][data-owner="1"]')).toHaveCount(0);
  await drag(page, '.pieces [data-square="3g"]', '[data-cell="3h"]', { scope: r });
  await expect(r.locator('[data-foul="lion-counter-strike"]')).toBeVisible();
  r = await board(page, "placement");
  const hand = r.locator('[data-hand="0"] [data-piece]');
  const before = await hand.count();
  await tap(page, '[data-hand="0"] [data-piece]', { scope: r });
  const dest = await r.locator("[data-dest]").first().getAttribute("data-dest");
  await tap(page, `[data-cell="${dest}"]`, { scope: r });
  await expect(r.locator(`.pieces [data-square="${dest}"]`)).toHaveCount(1);
  expect(await r.locator('[data-hand="0"] [data-piece]').count()).toBeLessThanOrEqual(before);
});

test("the rules page works offline after one visit", async ({ page, context }) => {
  await open(page, "en");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  await page.reload();
  const r = await board(page, "chu-lion");
  await expect(r.locator('[data-piece="N"]')).toHaveCount(1);
  await context.setOffline(false);
});

test("the hexagon: a check makes the turn jump, a double check, the centre wins, infantry promotes", async ({ page }) => {
  await open(page, "en");
  let r = await board(page, "sangoku-turn");
  await drag(page, '.pieces [data-square="-1,1"]', '[data-cell="-2,2"]', { scope: r });
  // C, in check, moves next (not B)
  await expect(r.locator("[data-status]")).toHaveAttribute("data-turn", "2");
  r = await board(page, "sangoku-double-check");
  await drag(page, '.pieces [data-square="2,-2"]', '[data-cell="-2,-2"]', { scope: r });
  // both in check: B, next round the table after the checker, moves first
  await expect(r.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  r = await board(page, "sangoku-centre");
  await drag(page, '.pieces [data-square="0,1"]', '[data-cell="0,0"]', { scope: r });
  await expect(r.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  await drag(page, '.pieces [data-square="4,-2"]', '[data-cell="4,-1"]', { scope: r });
  await expect(r.locator("[data-status]")).toHaveAttribute("data-turn", "2");
  await drag(page, '.pieces [data-square="-2,-2"]', '[data-cell="-2,-1"]', { scope: r });
  await expect(r.locator("[data-status]")).toHaveAttribute("data-result", "0");
  await expect(r.locator("[data-status]")).toHaveAttribute("data-reason", "general-on-centre");
  r = await board(page, "sangoku-promotion");
  await drag(page, '.pieces [data-square="2,-1"]', '[data-cell="3,-2"]', { scope: r });
  await expect(r.locator('[data-promote="yes"]')).toBeVisible();
});

test("every section's exercise is solved by hand on a page of another origin, in Japanese and in English", async ({ page, baseURL }) => {
  const dist = resolve(here, "../../dist/rules.html");
  const html = readFileSync(dist, "utf8");
  const blocks = [...html.matchAll(/<div class="exercise" data-exercise="([^"]+)">[\s\S]*?<\/div>/g)];
  expect(blocks.length).toBe((html.match(/<section data-rule=/g) ?? []).length);
  // each exercise's way, from the rules (`koma learn page`): the learner's moves
  const out = spawnSync(cli, ["learn", "page", dist], { encoding: "utf8" });
  expect(out.status, out.stderr).toBe(0);
  const ways = new Map(
    out.stdout
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => {
        const [section, , learner, moves] = l.split("\t");
        return [section, { learner: Number(learner), moves: moves.split(" ") }];
      }),
  );
  expect([...ways.keys()].sort()).toEqual(blocks.map((b) => b[1]).sort());
  for (const lang of ["ja", "en"]) {
    const body = blocks.map((b) => b[0].replace("<koma-board ", `<koma-board lang="${lang}" `)).join("\n");
    await hostPage(
      page,
      `exercises-${lang}.html`,
      `<!DOCTYPE html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
       <style>[data-exercise] { width: 480px; margin: 0 auto 48px; }</style>
       <script>
         window.done = {};
         addEventListener("koma:exercise", (e) => {
           if (e.detail.state === "done") window.done[e.target.closest("[data-exercise]").dataset.exercise] = e.detail.stars;
         });
       </script>
       <script type="module" src="${baseURL}/koma-embed.js"></script>
       <h1>Exercises</h1>${body}`,
    );
    for (const [section, way] of ways) {
      const ex = page.locator(`[data-exercise="${section}"]`);
      await ex.scrollIntoViewIfNeeded();
      const frame = ex.locator("[data-embed='exercise']");
      await expect(frame, section).toHaveAttribute("data-exercise-state", "waiting", { timeout: 20_000 });
      await expect(frame).toHaveAttribute("lang", lang);
      await ex.evaluate((e) => e.scrollIntoView({ block: "center" }));
      for (let i = 0; i < way.moves.length; i++) {
        await expect(ex.locator("[data-status]")).toHaveAttribute("data-turn", String(way.learner));
        await playMove(page, way.moves[i], way.learner, { scope: ex });
        if (i + 1 < way.moves.length) await expect(frame).toHaveAttribute("data-moves", String(i + 1));
      }
      await expect(frame, section).toHaveAttribute("data-exercise-state", "done");
      await expect(ex.locator("[data-stars]")).toHaveAttribute("data-stars", "3");
    }
    const done = await page.evaluate(() => window.done);
    expect(Object.keys(done).sort()).toEqual([...ways.keys()].sort());
  }
});
