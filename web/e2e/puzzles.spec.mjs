// Puzzles (#/puzzles) as a reader meets them: a puzzle of the shipped collection solved by real
// drags, another mate as fast accepted, a wrong try refuted on the board and taken back, the
// rating moving and kept across a reload, hints and the solution, the daily puzzle, a streak, and
// every game's puzzles with no network.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GAMES, drag, tap } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const shipped = readFileSync(resolve(here, "../../dist/puzzles/puzzles.tsv"), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => {
    const [id, game, position, moves, plies, themes, rating] = l.split("\t");
    return { id, game, position, moves: moves.split(" "), plies: Number(plies), themes: themes.split(","), rating: Number(rating) };
  });

// a small collection of known puzzles, served in place of the shipped one where a test needs
// a position it knows
const line = (id, sfen, moves, themes, rating) => [id, "shogi", sfen, moves, moves.split(" ").length, themes, rating, "test"].join("\t");
const KNOWN = [
  // two golds mate in one: the stored line names G*1b, G*2b mates as well
  line("shogi-aa01", "8k/9/7G1/9/9/9/9/9/K8 b G 1", "G*1b", "mate,mateIn1", 800),
  // one gold in hand, a pawn on 5c: G*5b mates, G*4b or G*6b does not
  line("shogi-aa02", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "G*5b", "mate,mateIn1", 900),
  // a mate in three by two golds
  line("shogi-aa03", "9/4k4/9/4P4/9/9/9/9/K8 b 2G 1", "G*5c 5b4a G*4b", "mate,mateIn2", 1100),
].join("\n") + "\n";

async function known(page) {
  await page.route("**/puzzles/puzzles.tsv", (route) => route.fulfill({ status: 200, contentType: "text/tab-separated-values", body: KNOWN }));
}

const state = (page) => page.locator("[data-puzzle]");
const rating = async (page) => Number(await page.locator("[data-my-rating]").getAttribute("data-my-rating"));

/** Play sente's move written in USI (a drop, or a board move outside the promotion zone, where
 * the board asks nothing) by a drag. */
async function playUsi(page, mv) {
  if (mv[1] === "*") {
    await drag(page, `[data-hand="0"] [data-piece="${mv[0]}"]`, `[data-cell="${mv.slice(2, 4)}"]`);
  } else {
    await drag(page, `.pieces [data-square="${mv.slice(0, 2)}"]`, `[data-cell="${mv.slice(2, 4)}"]`);
  }
}

/** Whether sente's move asks no promotion question: a drop, or a board move whose both cells
 * are outside sente's promotion zone (ranks a to c). */
const asksNothing = (mv) => mv[1] === "*" || (!mv.endsWith("+") && !"abc".includes(mv[1]) && !"abc".includes(mv[3]));

test.describe("puzzles", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("koma-test-lang")) {
        localStorage.setItem("koma.settings", JSON.stringify({ schema: 1, lang: "en" }));
        sessionStorage.setItem("koma-test-lang", "1");
      }
    });
  });

  test("the shipped collection: every game has puzzles, and a shogi mate is solved by its drags", async ({ page }) => {
    const per = Object.fromEntries(GAMES.map((g) => [g, shipped.filter((p) => p.game === g).length]));
    for (const g of GAMES) expect(per[g], g).toBeGreaterThan(0);
    // a mate of the collection whose moves are drops and plain board moves, sente to move
    const p = shipped.find(
      (q) => q.game === "shogi" && q.themes.includes("mate") && q.plies >= 3 && q.position.includes(" b ") && q.moves.filter((_, i) => i % 2 === 0).every(asksNothing),
    );
    expect(p).toBeTruthy();
    await page.goto(`/#/puzzles/shogi?id=${p.id}`);
    await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", p.id);
    await expect(page.locator("[data-puzzle-rating]")).toHaveAttribute("data-puzzle-rating", String(p.rating));
    for (const t of p.themes) await expect(page.locator(`[data-theme="${t}"]`)).toHaveCount(1);
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
    for (let i = 0; i < p.moves.length; i += 2) {
      await playUsi(page, p.moves[i]);
      if (i + 1 < p.moves.length) {
        await expect(state(page)).toHaveAttribute("data-puzzle", "right");
        // the reply comes by itself, then the board is the reader's again
        await expect(page.locator('[data-status]')).toHaveAttribute("data-turn", "0");
      }
    }
    await expect(state(page)).toHaveAttribute("data-puzzle", "solved");
    expect(await rating(page)).toBeGreaterThan(1500);
    await expect(page.locator("[data-solved-count]")).toHaveAttribute("data-solved-count", "1");
    await page.screenshot({ path: test.info().outputPath("puzzles-solved.png") });
  });

  test("another mate as fast is right; a wrong try is refuted, taken back, and the rating falls and stays after a reload", async ({ page }) => {
    await known(page);
    await page.goto("/#/puzzles?id=shogi-aa01");
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="2b"]');
    await expect(state(page)).toHaveAttribute("data-puzzle", "solved");
    const up = await rating(page);
    expect(up).toBeGreaterThan(1500);
    // a check that does not mate: wrong, the engine's answer shown, then both taken back
    await page.goto("/#/puzzles?id=shogi-aa02");
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="4b"]');
    await expect(state(page)).toHaveAttribute("data-puzzle", "wrong");
    // the king takes the gold or steps away: the refutation on the board
    await expect(page.locator('[data-piece="K"][data-owner="1"]:not([data-square="5a"])')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath("puzzles-refuted.png") });
    // then the position as it was, the gold back in hand, the board the reader's again
    await expect(page.locator('[data-piece="K"][data-owner="1"][data-square="5a"]')).toHaveCount(1);
    await expect(page.locator('[data-hand="0"] [data-piece="G"]')).toHaveCount(1);
    const down = await rating(page);
    expect(down).toBeLessThan(up);
    // the right move now solves it, but the rating counted the first try only
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="5b"]');
    await expect(state(page)).toHaveAttribute("data-puzzle", "solved");
    expect(await rating(page)).toBe(down);
    await page.reload();
    await expect(page.locator("[data-my-rating]")).toHaveAttribute("data-my-rating", String(down));
    await expect(page.locator("[data-solved-count]")).toHaveAttribute("data-solved-count", "1");
  });

  test("a hint marks the piece, the solution plays itself out, next brings another puzzle", async ({ page }) => {
    await known(page);
    await page.goto("/#/puzzles?id=shogi-aa03");
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
    await tap(page, '[data-action="hint"]');
    await expect(page.locator('[data-mark="5c"]')).toHaveCount(1);
    await tap(page, '[data-action="solution"]');
    await expect(state(page)).toHaveAttribute("data-puzzle", "solved");
    await expect(page.locator('[data-piece="G"][data-owner="0"][data-square="4b"]')).toHaveCount(1);
    expect(await rating(page)).toBeLessThan(1500);
    await expect(page.locator('[data-action="hint"]')).toBeDisabled();
    await tap(page, '[data-action="next"]');
    await expect(page.locator("[data-puzzle-id]")).not.toHaveAttribute("data-puzzle-id", "shogi-aa03");
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
  });

  test("the daily puzzle is the date's, the same on every visit; a theme and a streak choose by them", async ({ page }) => {
    await page.goto("/#/puzzles/daily");
    const id = await page.locator("[data-puzzle-id]").getAttribute("data-puzzle-id");
    const date = new Date().toISOString().slice(0, 10);
    let h = 0xcbf29ce484222325n;
    for (const b of Buffer.from(date)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
    const ids = [...new Set(shipped.map((p) => p.id))].sort();
    expect(id).toBe(ids[Number(h % BigInt(ids.length))]);
    await page.reload();
    await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", id);
    // a theme: the puzzle has it
    await page.goto("/#/puzzles/minishogi?theme=mateIn2");
    await expect(page.locator('[data-theme="mateIn2"]')).toHaveCount(1);
    await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", /^minishogi-/);
    // the book problems of shogi: the theme is offered and chosen, named in the reader's language
    await page.goto("/#/puzzles/shogi?theme=tsume");
    await expect(page.locator('[data-theme="tsume"]')).toHaveCount(1);
    await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", /^shogi-/);
    await expect(page.locator('select[data-action="theme"] option[value="tsume"]')).toHaveCount(1);
    // a streak starts from the easiest puzzles
    await page.goto("/#/puzzles/shogi?streak=1");
    await expect(page.locator("[data-streak]")).toHaveAttribute("data-streak", "0");
    expect(Number(await page.locator("[data-puzzle-rating]").getAttribute("data-puzzle-rating"))).toBeLessThanOrEqual(900);
  });

  test("every game's puzzles show, the hexagon's too, and a missing puzzle is named", async ({ page }) => {
    for (const g of GAMES) {
      await page.goto(`/#/puzzles/${g}`);
      await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", new RegExp(`^${g}-`));
      await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
      await expect(page.locator("[data-cell]").first()).toBeVisible();
    }
    await page.goto("/#/puzzles?id=shogi-nothing");
    await expect(page.locator("[data-puzzle-missing]")).toContainText("shogi-nothing");
    await page.goto("/#/puzzles/chess");
    await expect(page.locator('[data-error="address"]')).toBeVisible();
  });

  test("the embed builder offers a puzzle from the collection, and its preview is that puzzle", async ({ page }) => {
    await page.goto("/#/editor/minishogi");
    await page.locator("details.snippet summary").click();
    await page.locator('select[name="mode"]').selectOption("collection");
    const choice = page.locator('select[name="puzzle"]');
    await expect(choice.locator("option")).toHaveCount(shipped.filter((p) => p.game === "minishogi").length);
    const p = shipped.filter((q) => q.game === "minishogi")[3];
    await choice.selectOption(p.id);
    const element = await page.locator('[data-snippet="element"]').inputValue();
    expect(element).toContain(`sfen="${p.position}"`);
    expect(element).toContain(`moves="${p.moves.join(" ")}"`);
    expect(element).toContain('mode="puzzle"');
    await expect(page.frameLocator("iframe[data-preview]").locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "waiting");
  });
});

test("puzzles with no network: after one visit every game's puzzles load from the service worker", async ({ page, context }) => {
  await page.goto("/#/puzzles/shogi");
  await expect(page.locator("[data-puzzle-id]")).toHaveCount(1);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await context.setOffline(true);
  for (const g of GAMES) {
    await page.goto(`/#/puzzles/${g}`);
    await page.reload();
    await expect(page.locator("[data-puzzle-id]")).toHaveAttribute("data-puzzle-id", new RegExp(`^${g}-`));
    await expect(state(page)).toHaveAttribute("data-puzzle", "waiting");
  }
});
