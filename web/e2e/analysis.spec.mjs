// The analysis board (#/analysis/<game>): the engine's lines for the position shown, with their
// scores, first moves drawn as arrows and the evaluation bar; a line's move clicked plays the
// line; moves made from an earlier position make variations, which KIF keeps both ways; a KIF
// with branches from another program loads them; the play screen and the saved games open it.
import { test, expect } from "@playwright/test";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { GAMES, anyMove, cell, drag, play, tap } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));

function analysis(game, params = {}) {
  const q = Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replace(/%2C/g, ",")}`)
    .join("&");
  return `/#/analysis/${game}${q ? "?" + q : ""}`;
}

/** The `[data-arrow]` value a line's first move draws (`7g>7f`, a drop `G*>2b`). */
function arrowOf(usi) {
  if (usi.includes("*")) {
    const [piece, to] = usi.split("*");
    return `${piece}*>${to}`;
  }
  return `${usi.slice(0, 2)}>${usi.slice(2, 4)}`;
}

/** The record's moves and variations as the tree shows them. */
async function treeShape(page) {
  return page.evaluate(() => {
    const walk = (el) =>
      [...el.children].map((c) =>
        c.matches("[data-variation]") ? { v: c.getAttribute("data-variation"), m: walk(c) } : c.textContent,
      );
    return walk(document.querySelector("[data-tree]"));
  });
}

test("a known mate in 3 shows mate in 3, its first move as an arrow, the bar full", async ({ page }) => {
  await page.goto(analysis("shogi", { sfen: "7k1/9/9/9/9/9/9/9/K8 b BG 1" }));
  await expect(page.locator("[data-analysis]")).toBeVisible();
  const line = page.locator('[data-line="1"]');
  await expect(line).toHaveAttribute("data-score", "mate:5");
  await expect(line.locator(".score")).toHaveText(/mate in 3|5手詰/);
  await expect(page.locator("[data-done]")).toBeVisible();
  const first = (await line.getAttribute("data-moves")).split(" ")[0];
  await expect(page.locator(`[data-arrow="${arrowOf(first)}"]`)).toHaveCount(1);
  await expect(page.locator("[data-eval-bar]")).toHaveAttribute("data-sente", "100.0");
  // playing the line to its end (its last move clicked) mates: the game is over there
  const last = (await line.getAttribute("data-moves")).split(" ").length - 1;
  await line.locator(`[data-line-move="${last}"]`).click();
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "5");
  await expect(page.locator("[data-engine-over]")).toBeVisible();
});

test("three lines: three different first moves, each drawn, best first", async ({ page }) => {
  await page.goto(analysis("shogi", { lines: "3" }));
  const lines = page.locator("[data-line]");
  await expect(lines).toHaveCount(3);
  await expect(page.locator('[data-line="1"]')).toHaveAttribute("data-depth", /^([4-9]|\d\d)$/);
  const firsts = await lines.evaluateAll((ls) => ls.map((l) => l.getAttribute("data-moves").split(" ")[0]));
  expect(new Set(firsts).size).toBe(3);
  await expect(page.locator("[data-arrow]")).toHaveCount(3);
  // the worker analyses at the engine's own speed
  const nps = Number(await page.locator("[data-engine-nps]").getAttribute("data-engine-nps"));
  expect(nps).toBeGreaterThan(10_000);
  // fewer lines at once, and stopped
  await page.locator('select[name="lines"]').selectOption("1");
  await expect(lines).toHaveCount(1);
  await page.locator('[data-action="think"]').click();
  await expect(page.locator('[data-action="think"]')).toHaveAttribute("aria-pressed", "false");
});

test("every game id analyses, the hexagon with a score for each seat", async ({ page }) => {
  for (const game of GAMES) {
    await page.goto(analysis(game, { lines: "2" }));
    const line = page.locator('[data-line="1"]');
    await expect(line, game).toHaveAttribute("data-depth", /^[1-9]/);
    await expect(page.locator("[data-line]"), game).toHaveCount(2);
    const score = await line.getAttribute("data-score");
    if (game === "sangoku") {
      expect(score.split(","), score).toHaveLength(3);
      for (const s of score.split(",")) expect(s).toMatch(/^(cp|mate):-?\d+$/);
      await expect(line.locator(".score")).toContainText("A ");
    } else {
      expect(score).toMatch(/^(cp|mate):-?\d+$/);
    }
    await expect(page.locator("[data-arrow]").first(), game).toBeAttached();
  }
});

test("a move from an earlier position makes a variation; KIF keeps it both ways", async ({ page }) => {
  await page.goto(analysis("shogi", { moves: "7g7f,3c3d,2g2f,8c8d", ply: "1" }));
  await expect(page.locator(".tree-move.current")).toHaveAttribute("data-ply", "1");
  // gote answers otherwise than the record: a branch at move 2, the main line kept
  await drag(page, cell("8c"), cell("8d"));
  await expect(page.locator('[data-variation="2"]')).toHaveCount(1);
  await expect(page.locator(".tree-move[data-ply]")).toHaveCount(5);
  await expect(page.locator(".tree-move.current")).toHaveAttribute("data-ply", "2");
  // the same move again from the same position follows the branch, adds nothing
  await page.locator('[data-nav="prev"]').click();
  await drag(page, cell("8c"), cell("8d"));
  await expect(page.locator(".tree-move[data-ply]")).toHaveCount(5);
  // a branch inside the branch
  await drag(page, cell("6g"), cell("6f"));
  await page.locator('[data-nav="prev"]').click();
  await drag(page, cell("2g"), cell("2f"));
  await expect(page.locator('[data-variation="3"]')).toHaveCount(1);
  const before = await treeShape(page);
  // KIF out, with its branches
  await page.locator("details.record summary").click();
  await page.locator('[data-export-format="kif"]').click();
  const kif = await page.locator("[data-export]").inputValue();
  expect(kif).toContain("変化：2手");
  expect(kif).toContain("変化：3手");
  // and back in: the same tree
  await page.goto(analysis("shogi"));
  await page.locator("details.record summary").click();
  await page.locator("[data-import]").fill(kif);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator(".tree-move[data-ply]")).toHaveCount(7);
  expect(await treeShape(page)).toEqual(before);
  // promoted: the branch at move 2 becomes the main line
  await page.locator('[data-variation="2"] .tree-move[data-ply="2"]').click();
  await page.locator('[data-action="promote"]').click();
  await page.locator('[data-export-format="usi"]').click();
  await expect(page.locator("[data-export]")).toHaveValue(/moves 7g7f 8c8d/);
  // deleted: the move shown and what follows
  await page.locator('[data-action="delete"]').click();
  await expect(page.locator(".tree-move[data-ply]")).toHaveCount(4);
  await expect(page.locator("[data-variation]")).toHaveCount(0);
});

test("a KIF with branches written by another program loads them, and a bad one is named", async ({ page }) => {
  // the same record in UTF-8 and in Shift_JIS (decoded by the browser), then bytes that are neither
  for (const file of ["branches.kif", "branches-sjis.kif"]) {
    await page.goto("about:blank");
    await page.goto(analysis("shogi"));
    await page.locator("details.record summary").click();
    await page.locator("[data-import-file]").setInputFiles(join(here, "data", file));
    await expect(page.locator("[data-variation]"), file).toHaveCount(2);
    await expect(page.locator('[data-variation="2"] .tree-move').first()).toContainText("８四歩");
    await expect(page.locator('[data-variation="3"] .tree-move').first()).toContainText("６八銀");
  }
  const neither = Buffer.from([0x81, 0x20, 0xff, 0xfe, 0x0a]);
  await page.locator("[data-import-file]").setInputFiles({ name: "bad.kif", mimeType: "text/plain", buffer: neither });
  await expect(page.locator("[data-import-error]")).toContainText("neither UTF-8 nor Shift_JIS");
  await expect(page.locator("[data-variation]")).toHaveCount(2);
  // a record whose variation follows no move: named, the tree kept
  await page.locator("[data-import]").fill("手合割：平手\n   1 ７六歩(77)\n\n変化：5手\n   5 ２六歩(27)\n");
  await page.locator('[data-action="import"]').click();
  await expect(page.locator("[data-import-error]")).toContainText("variation");
  await expect(page.locator("[data-variation]")).toHaveCount(2);
});

test("the play screen's Analyse opens the game at the move shown; a saved game's too", async ({ page }) => {
  await page.goto(play("minishogi"));
  for (let i = 0; i < 4; i++) await anyMove(page, i);
  await page.locator('[data-nav="prev"]').click();
  await page.locator('[data-action="analyse"]').click();
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "3");
  await expect(page.locator(".tree-move[data-ply]")).toHaveCount(4);
  await expect(page.locator('[data-line="1"]')).toHaveAttribute("data-depth", /^[1-9]/);
  // the saved game (kept as it was played) opens from the saved games' list
  await page.goto("/#/games");
  await page.locator('[data-action="analyse"]').first().click();
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "4");
});

test("a bad address is named", async ({ page }) => {
  await page.goto(analysis("shogi", { moves: "7g7f,7f7e" }));
  await expect(page.locator('[data-error="address"]')).toContainText("move 2 (7f7e)");
  await page.goto(analysis("shogi", { lines: "9" }));
  await expect(page.locator('[data-error="address"]')).toContainText("lines=9");
});

/** A saved game in the browser's storage, as the play screen keeps one (`koma.game.<id>`). */
async function saveGame(page, id, game, moves) {
  await page.goto("/");
  await page.evaluate(
    ([id, game, moves]) =>
      localStorage.setItem(
        `koma.game.${id}`,
        JSON.stringify({ schema: 1, id, created: Date.now(), updated: Date.now(), game, level: 4, moves }),
      ),
    [id, game, moves],
  );
}

const usi = (name) => readFileSync(join(here, "data", name), "utf8").trim().split(/\s+/);

test("a review of a saved 40-move game draws the graph, marks the blunder planted in it, and is kept", async ({ page }) => {
  // a game of the engine at level 5, where sente's 11th move (ply 21) drops its bishop where
  // the rook takes it for nothing (B*3d): the planted blunder
  await saveGame(page, "blunder40", "shogi", usi("blunder40.usi"));
  await page.goto("/#/analysis/shogi?saved=blunder40&ply=0");
  await page.locator('[data-action="think"]').click();
  await page.locator('[data-action="review"]').click();
  const review = page.locator("[data-review]");
  // (41 positions at the review's budget: about ten seconds; the bound is 30 s for 101)
  await expect(review).toHaveAttribute("data-done", "", { timeout: 30_000 });
  await expect(review).toHaveAttribute("data-progress", "41/41");
  await expect(page.locator("svg[data-graph] [data-graph-ply]")).toHaveCount(41);
  const blunder = page.locator('[data-judgement="blunder"][data-ply="21"]');
  await expect(blunder).toHaveCount(1);
  // the judged move shown: the engine's better move drawn in green
  await blunder.click();
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "21");
  const better = await blunder.getAttribute("data-better");
  expect(better).not.toBe("B*3d");
  await expect(page.locator(".arrow.green[data-arrow]")).toHaveCount(1);
  // a click on the graph jumps there
  await page.locator('[data-graph-ply="5"]').click();
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "5");
  // kept with the saved game: shown again at once, no second run
  await page.reload();
  await expect(page.locator("[data-review]")).toHaveAttribute("data-done", "");
  await expect(page.locator('[data-judgement="blunder"][data-ply="21"]')).toHaveCount(1);
  // deleting the game deletes its review
  await page.goto("/#/games");
  page.once("dialog", (d) => d.accept());
  await page.locator('[data-action="delete"]').first().click();
  expect(await page.evaluate(() => localStorage.getItem("koma.review.blunder40"))).toBeNull();
});

// Figures, printed with the test run (measures, not timed tests): the worker's nodes a second
// while analysing against the engine's own search in the same build, the longest main-thread
// task during analysis and review, and the review of a 100-move game.
test("figures: analysis speed, long tasks, the review of a 100-move game", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "measured once, on the desktop window");
  test.setTimeout(120_000);
  // the engine's search speed in the same build: the top level's first move
  await page.goto(play("shogi", { computer: "0", level: "8" }));
  const played = page.locator("[data-engine-nodes]");
  await expect(played).toHaveCount(1, { timeout: 20_000 });
  const searchNps = Number(await played.getAttribute("data-engine-nps"));
  // the same position analysed (the start), with the long tasks watched
  await saveGame(page, "game100", "shogi", usi("game100.usi"));
  await page.goto("/#/analysis/shogi?saved=game100&ply=0");
  // watched from the board shown on (the study tools' wasm loads with the address)
  await expect(page.locator("[data-analysis]")).toHaveCount(1);
  await page.evaluate(() => {
    window.longest = 0;
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.longest = Math.max(window.longest, e.duration);
    }).observe({ type: "longtask", buffered: false });
  });
  // (read after a few seconds of thinking, as the level-8 search's figure is: the wasm is
  // compiled to its optimised tier while it runs)
  await expect(page.locator('[data-line="1"]')).toHaveAttribute("data-depth", /^(1[4-9]|[2-9][0-9])$/, { timeout: 30_000 });
  const analysisNps = Number(await page.locator("[data-engine-nps]").getAttribute("data-engine-nps"));
  await page.locator('[data-action="think"]').click();
  const t0 = Date.now();
  await page.locator('[data-action="review"]').click();
  await expect(page.locator("[data-review]")).toHaveAttribute("data-done", "", { timeout: 90_000 });
  const reviewMs = Date.now() - t0;
  const longest = await page.evaluate(() => window.longest);
  console.log(
    `analysis figures: worker ${analysisNps} nodes/s analysing, ${searchNps} nodes/s in the top level's search ` +
      `(ratio ${(analysisNps / searchNps).toFixed(2)}); review of 100 moves (101 positions) in ${(reviewMs / 1000).toFixed(1)} s; ` +
      `longest main-thread task ${longest.toFixed(0)} ms`,
  );
  expect(analysisNps).toBeGreaterThan(0);
});

test("mate search: a mate by checks with its line, played by clicks; a pawn-drop mate is none; the hexagon for three has no button", async ({ page }) => {
  await page.goto(analysis("shogi", { sfen: "7k1/9/7P1/9/9/9/9/9/K8 b RS 1" }));
  await tap(page, '[data-action="mate"]');
  const mate = page.locator("[data-mate]");
  await expect(mate).toHaveAttribute("data-mate", "mate");
  // (the king may go either way: 2a1a S*1b, 2a3a S*4b)
  await expect(mate).toHaveAttribute("data-moves", /^R\*2b 2a[13]a S\*[14]b$/);
  await expect(mate).toContainText(/3手詰め|Mate in 2:/);
  await page.screenshot({ path: test.info().outputPath("mate-search.png") });
  // its last move played: the game is over there
  await tap(page, '[data-mate-move="2"]');
  await expect(page.locator("[data-analysis]")).toHaveAttribute("data-ply", "3");
  await expect(page.locator("[data-engine-over]")).toBeVisible();
  // P*1b would mate: 打ち歩詰め, so there is none
  await page.goto(analysis("shogi", { sfen: "7nk/9/7G1/9/9/9/9/9/K8 b P 1" }));
  await tap(page, '[data-action="mate"]');
  await expect(page.locator("[data-mate]")).toHaveAttribute("data-mate", "nomate");
  await page.goto(analysis("sangoku"));
  await expect(page.locator("[data-analysis]")).toBeVisible();
  await expect(page.locator('[data-action="mate"]')).toHaveCount(0);
});
