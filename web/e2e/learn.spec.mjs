// Lessons (#/learn) as a newcomer meets them: whole courses finished by real drags and taps in
// a phone window (minishogi's on a square board; chu shogi's, with a lion's double move; the
// hexagon's, with its turn jump after a check), a wrong try explained by the rule's name, and
// the stars kept across a reload and with no network. Each step's line comes from the rules
// (`koma learn lines <game>`: the learner's shortest way, the opponents' answers as the app
// gives them), never typed here.
import { test, expect } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { drag, tap, cell, onBoard, inHand, playMove } from "./helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cli = process.env.KOMA_CLI ?? resolve(here, "../../target/release/koma");

/** Each step's line, in the course's order: `{ lesson, step, learner, moves, line }`, `moves`
 * the learner's, `line` every ply. */
function lines(game) {
  const out = spawnSync(cli, ["learn", "lines", game], { encoding: "utf8" });
  expect(out.status, `koma learn lines ${game}: ${out.stderr}`).toBe(0);
  return out.stdout
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => {
      const [lesson, step, learner, moves, line] = l.split("\t");
      return { lesson, step: Number(step), learner: Number(learner), moves: moves.split(" "), line: line.split(" ") };
    });
}

const frame = (page) => page.locator("[data-step] [data-embed='exercise']");
const play = (page, mv, learner) => playMove(page, mv, learner);

/** Finish every step of every lesson of `game` from its course page, by the lines. */
async function finishCourse(page, game) {
  const all = lines(game);
  await page.goto(`/#/learn/${game}`);
  const lessons = [...new Set(all.map((l) => l.lesson))];
  await expect(page.locator("[data-lesson]")).toHaveCount(lessons.length);
  // the first lesson from the list; each lesson's last "next" opens the next lesson
  await tap(page, `[data-lesson="${lessons[0]}"]`);
  for (const lesson of lessons) {
    await expect(page.locator("[data-learn]")).toHaveAttribute("data-lesson-id", lesson);
    for (const s of all.filter((l) => l.lesson === lesson)) {
      await expect(page.locator("[data-step]")).toHaveAttribute("data-step", String(s.step));
      await expect(frame(page)).toHaveAttribute("data-exercise-state", "waiting");
      await expect(page.locator("[data-goal]")).toBeVisible();
      // the learner's moves, each the moment the board is the learner's again (the
      // opponents' answers come by themselves)
      for (let i = 0; i < s.moves.length; i++) {
        await expect(page.locator("[data-step] [data-status]")).toHaveAttribute("data-turn", String(s.learner));
        await play(page, s.moves[i], s.learner);
        if (i + 1 < s.moves.length) await expect(frame(page)).toHaveAttribute("data-moves", String(i + 1));
      }
      await expect(frame(page)).toHaveAttribute("data-exercise-state", "done");
      await expect(page.locator("[data-stars]")).toHaveAttribute("data-stars", "3");
      await expect(page.locator("[data-step-done]")).toHaveCount(1);
      await tap(page, '[data-action="next"]');
    }
  }
  // the last lesson's next leads back to the course: every lesson done, three stars a step
  await expect(page.locator("[data-lesson]")).toHaveCount(lessons.length);
  for (const lesson of lessons) {
    const steps = all.filter((l) => l.lesson === lesson).length;
    const a = page.locator(`[data-lesson="${lesson}"]`);
    await expect(a).toHaveAttribute("data-lesson-done", "");
    await expect(a).toHaveAttribute("data-lesson-stars", String(3 * steps));
  }
}

test.describe("lessons", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem("koma-test-lang")) {
        localStorage.setItem("koma.settings", JSON.stringify({ schema: 1, lang: "en" }));
        sessionStorage.setItem("koma-test-lang", "1");
      }
    });
  });

  test("every game has lessons, each a link to its first step", async ({ page }) => {
    await page.goto("/#/learn");
    const games = page.locator("[data-learn-game]");
    await expect(games).toHaveCount(6);
    await tap(page, '[data-learn-game="shogi"]');
    await expect(page.locator('[data-lesson="rook"]')).toHaveAttribute("href", "#/learn/shogi/rook");
    await tap(page, '[data-lesson="rook"]');
    await expect(page.locator("[data-step]")).toHaveAttribute("data-step", "1");
    await expect(page.locator("[data-goal]")).toHaveAttribute("data-goal", /^reach:/);
  });

  test("a wrong try is named by its rule, lights the squares, and costs a star", async ({ page }, info) => {
    // the rook: two stars to visit; a diagonal step is refused by name
    await page.goto("/#/learn/shogi/rook");
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "waiting");
    // nothing lit before a wrong try
    await tap(page, onBoard("5e"));
    await expect(page.locator("[data-dest]")).toHaveCount(0);
    await drag(page, onBoard("5e"), cell("4d"));
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "refused");
    await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "cannot-move-there");
    // the squares the rook reaches are lit from now on
    await tap(page, onBoard("5e"));
    await expect(page.locator("[data-dest]").first()).toBeVisible();
    await page.screenshot({ path: info.outputPath("learn-wrong-try.png") });
    // a foul lesson: a legal drop is explained, the forbidden one is the answer, named
    const drops = lines("shogi").filter((l) => l.lesson === "drops");
    const nifu = drops.findIndex((l) => l.moves.length === 1 && l.moves[0].startsWith("P*"));
    await page.goto(`/#/learn/shogi/drops?step=${nifu + 1}`);
    await expect(page.locator("[data-goal]")).toHaveAttribute("data-goal", /^foul:/);
    const rule = (await page.locator("[data-goal]").getAttribute("data-goal")).slice(5);
    // a pawn dropped on the first file is legal: not the answer
    await drag(page, inHand(0, "P"), cell("1e"));
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "wrong");
    await expect(page.locator("[data-said]")).toHaveAttribute("data-wrong", "legal");
    await play(page, drops[nifu].moves[0], 0);
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "done");
    await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", rule);
    // one wrong try: two stars
    await expect(page.locator("[data-stars]")).toHaveAttribute("data-stars", "2");
  });

  test("show draws the way, and again starts over", async ({ page }) => {
    await page.goto("/#/learn/shogi/bishop");
    await tap(page, '[data-action="show"]');
    await expect(page.locator("svg.board [data-arrow]")).toHaveCount(1);
    const first = lines("shogi").find((l) => l.lesson === "bishop").moves;
    await play(page, first[0], 0);
    await expect(frame(page)).toHaveAttribute("data-moves", "1");
    await tap(page, '[data-action="retry"]');
    await expect(frame(page)).toHaveAttribute("data-moves", "0");
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "waiting");
  });

  test("a declaration is claimed once its conditions hold; a claim too early is explained", async ({ page }, info) => {
    const entering = lines("shogi").filter((l) => l.lesson === "entering-king");
    const at = entering.findIndex((l) => l.moves.at(-1) === "declare");
    expect(at).toBeGreaterThanOrEqual(0);
    await page.goto(`/#/learn/shogi/entering-king?step=${at + 1}`);
    await expect(page.locator("[data-goal]")).toHaveAttribute("data-goal", "declare");
    // nine pieces in the camp: the claim is not made, the condition not met is shown
    await tap(page, page.locator('[data-step] [data-action="declare"]'));
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "wrong");
    await expect(page.locator("[data-said]")).toHaveAttribute("data-wrong", "declaration");
    await expect(page.locator('[data-condition="pieces"]')).toHaveAttribute("data-met", "false");
    await expect(page.locator("[data-step] [data-status]")).toHaveAttribute("data-result", "ongoing");
    for (const mv of entering[at].moves) await play(page, mv, 0);
    await expect(frame(page)).toHaveAttribute("data-exercise-state", "done");
    await expect(page.locator('[data-condition="pieces"]')).toHaveAttribute("data-met", "true");
    await expect(page.locator("[data-step] [data-status]")).toHaveAttribute("data-reason", "declaration");
    // one early claim: two stars
    await expect(page.locator("[data-stars]")).toHaveAttribute("data-stars", "2");
    await page.screenshot({ path: info.outputPath("learn-declaration-done.png") });
  });

  test("minishogi's course by hand in a phone window, its stars kept across a reload and offline", async ({ page, context }, info) => {
    test.skip(!info.project.use.hasTouch, "a phone's course");
    await finishCourse(page, "minishogi");
    await page.screenshot({ path: info.outputPath("learn-minishogi-done.png") });
    await page.reload();
    const first = page.locator("[data-lesson]").first();
    await expect(first).toHaveAttribute("data-lesson-done", "");
    // no network: the lessons are in the app
    await page.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    await page.reload();
    await expect(first).toHaveAttribute("data-lesson-done", "");
    await tap(page, '[data-lesson="promotion"]');
    await expect(page.locator("[data-goal]")).toHaveAttribute("data-goal", "promote");
    await context.setOffline(false);
  });

  test("chu shogi's course by hand, a lion's double move among its steps", async ({ page }, info) => {
    test.skip(!info.project.use.hasTouch, "a phone's course");
    expect(lines("chushogi").some((l) => l.moves.some((m) => /^\d+[a-l]\d+[a-l]\d+[a-l]$/.test(m)))).toBe(true);
    await finishCourse(page, "chushogi");
  });

  test("the hexagon's course by hand: a check jumps the turn and it comes back", async ({ page }, info) => {
    test.skip(!info.project.use.hasTouch, "a phone's course");
    const check = lines("sangoku").find((l) => l.lesson === "check");
    // A checks, B answers out of turn, A again (C skipped)
    expect(check.moves.length).toBe(2);
    expect(check.line.length).toBe(3);
    await finishCourse(page, "sangoku");
    await page.screenshot({ path: info.outputPath("learn-sangoku-done.png") });
  });
});
