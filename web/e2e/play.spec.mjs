// Playing by the rules with real pointers: drops, fouls, promotion, endings, setups.
import { test, expect } from "@playwright/test";
import { drag, tap, cell, onBoard, inHand, play, status } from "./helpers.mjs";

test("shogi: a drop from the hand, 二歩 refused by name, then a drop that lands", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1" }));
  await expect(page.locator(inHand(0, "P"))).toHaveCount(1);
  await drag(page, inHand(0, "P"), cell("5e"));
  await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "nifu");
  await expect(page.locator("[data-foul]")).toContainText("二歩");
  await expect(page.locator(inHand(0, "P"))).toHaveCount(1);
  await drag(page, inHand(0, "P"), cell("4e"));
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="4e"]')).toHaveCount(1);
  await expect(page.locator(inHand(0, "P"))).toHaveCount(0);
  await expect(page.locator("[data-foul]")).toHaveCount(0);
});

test("shogi: promotion is asked on the board when optional", async ({ page }, info) => {
  await page.goto(play("shogi", { sfen: "4k4/9/9/4S4/9/9/9/9/4K4 b - 1" }));
  await drag(page, cell("5d"), cell("5c"));
  await expect(page.locator('[data-promote="yes"]')).toHaveCount(1);
  await expect(page.locator('[data-promote="no"]')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath("promotion-choice.png") });
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+S"][data-square="5c"]')).toHaveCount(1);
  await expect(page.locator("[data-promote]")).toHaveCount(0);
});

test("shogi: a forced promotion is applied without asking", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4k4/P8/9/9/9/9/9/9/4K4 b - 1" }));
  await drag(page, cell("9b"), cell("9a"));
  await expect(page.locator('[data-piece="+P"][data-square="9a"]')).toHaveCount(1);
  await expect(page.locator("[data-promote]")).toHaveCount(0);
});

test("shogi: checkmate by a dropped gold ends the game with its reason", async ({ page }, info) => {
  // a gold dropped on 1b mates: the king on 1a, the gold supported by the pawn on 1c
  await page.goto(play("shogi", { sfen: "8k/9/8P/9/9/9/9/9/K8 b G 1" }));
  await drag(page, inHand(0, "G"), cell("1b"));
  await expect(page.locator("[data-status]")).toHaveAttribute("data-result", "0");
  await expect(page.locator("[data-status]")).toHaveAttribute("data-reason", "checkmate");
  await expect(page.locator("[data-status]")).toContainText("詰み");
  await page.screenshot({ path: info.outputPath("checkmate.png") });
});

test("shogi: click-then-click moves, takeback restores, resign ends", async ({ page }) => {
  await page.goto(play("shogi"));
  await tap(page, onBoard("2g"));
  await expect(page.locator('[data-dest="2f"]')).toHaveCount(1);
  await tap(page, cell("2f"));
  await expect(page.locator('[data-piece="P"][data-square="2f"]')).toHaveCount(1);
  await page.locator('[data-action="undo"]').click();
  await expect(page.locator('[data-piece="P"][data-square="2g"]')).toHaveCount(1);
  await page.locator('[data-action="resign"]').click();
  expect(await status(page)).toEqual({ turn: "0", result: "1", reason: "resignation" });
});

test("shogi strict play: a foul is made and loses, named", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1", mode: "strict" }));
  await drag(page, inHand(0, "P"), cell("5e"));
  expect(await status(page)).toEqual({ turn: "0", result: "1", reason: "foul" });
  await expect(page.locator("[data-status]")).toContainText("二歩");
  await expect(page.locator('[data-action="undo"]')).toHaveCount(0);
});

test("minishogi: a game on 5x5 with a capture and a drop", async ({ page }) => {
  await page.goto(play("minishogi"));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(25);
  // sente's bishop 2e takes gote's pawn on 1b? Use the pawn: 5d takes 5c? (empty): play 5d5c
  await drag(page, cell("5d"), cell("5c"));
  await expect(page.locator('[data-piece="P"][data-square="5c"]')).toHaveCount(1);
  await drag(page, cell("1b"), cell("1c"));
  await drag(page, cell("5c"), cell("5b"));
  await expect(page.locator("[data-promote]")).toHaveCount(0);
  // 5b is not in the zone on 5x5 (the far rank only): no choice was asked
  await drag(page, cell("4a"), cell("5b"));
  await expect(page.locator(inHand(1, "P"))).toHaveCount(1);
  await drag(page, cell("2e"), cell("1d"));
  await drag(page, inHand(1, "P"), cell("3c"));
  await expect(page.locator('[data-piece="P"][data-owner="1"][data-square="3c"]')).toHaveCount(1);
});

test("66 shogi: the placement phase, then play", async ({ page }, info) => {
  await page.goto(play("shogi66"));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(36);
  await expect(page.locator("[data-status]")).toContainText("place");
  await drag(page, inHand(0, "K"), cell("3f"));
  await expect(page.locator('[data-piece="K"][data-owner="0"][data-square="3f"]')).toHaveCount(1);
  // off the first rank: refused by name
  await drag(page, inHand(1, "K"), cell("3c"));
  await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "placement");
  await drag(page, inHand(1, "K"), cell("4a"));
  // placing the rook sends the bishop back to the box
  await drag(page, inHand(0, "R"), cell("1f"));
  await expect(page.locator(inHand(0, "B"))).toHaveCount(0);
  const rest = [["G", "4f"], ["S", "2f"], ["N", "5f"], ["L", "6f"]];
  const restGote = [["B", "6a"], ["G", "3a"], ["S", "5a"], ["N", "2a"], ["L", "1a"]];
  await drag(page, inHand(1, "B"), cell("6a"));
  for (let i = 0; i < 4; i++) {
    await drag(page, inHand(0, rest[i][0]), cell(rest[i][1]));
    await drag(page, inHand(1, restGote[i + 1][0]), cell(restGote[i + 1][1]));
  }
  await expect(page.locator("[data-status]")).not.toContainText("place");
  await drag(page, cell("3e"), cell("3d"));
  await expect(page.locator('[data-piece="P"][data-square="3d"]')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath("shogi66.png") });
});

test("chu shogi: a lion's two steps, with igui", async ({ page }, info) => {
  await page.goto(play("chushogi", { sfen: "k11/12/12/12/12/6p5/6N5/12/12/12/12/11K b - 1" }));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(144);
  // the first step onto the pawn: the second-step squares appear, the start among them
  await drag(page, cell("6g"), cell("6f"));
  await expect(page.locator('[data-dest="6g"]')).toHaveCount(1);
  await expect(page.locator('[data-dest="6e"]')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath("lion-second-step.png") });
  await tap(page, cell("6g"));
  await expect(page.locator('[data-piece="N"][data-square="6g"]')).toHaveCount(1);
  await expect(page.locator(onBoard("6f"))).toHaveCount(0);
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲６六獅子居喰い");
});

test("chu shogi handicap: fill the hole, a pre-move, Done, then the giver moves first", async ({ page }) => {
  await page.goto(play("chushogi", { setup: "side-mover" }));
  await expect(page.locator(onBoard("12c"))).toHaveCount(0);
  await expect(page.locator("[data-status]")).toContainText("fill");
  await drag(page, cell("11a"), cell("12c"));
  await expect(page.locator('[data-piece="F"][data-owner="1"][data-square="12c"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toContainText("2 pre-move");
  await drag(page, cell("9a"), cell("9b"));
  await expect(page.locator("[data-status]")).toContainText("1 pre-move");
  await page.locator('[data-action="pass"]').click();
  await expect(page.locator('[data-action="pass"]')).toHaveCount(0);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  await drag(page, cell("6d"), cell("6e"));
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
});

test("a malformed position in the address gets a clear message", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "9/9 b - 1" }));
  await expect(page.locator('[data-error="address"]')).toContainText("ranks");
});

test("clocks: time running out loses, named", async ({ page }) => {
  await page.goto(play("shogi", { clock: "1+0" }));
  await expect(page.locator('[data-clock="0"]')).toHaveClass(/running/);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-reason", "time", { timeout: 5000 });
  await expect(page.locator("[data-status]")).toHaveAttribute("data-result", "1");
  await expect(page.locator('[data-clock="0"]')).toHaveAttribute("data-ms", "0");
});

test("clocks: a move in time passes the clock, byoyomi after main time", async ({ page }) => {
  await page.goto(play("shogi", { clock: "60+10" }));
  await drag(page, cell("7g"), cell("7f"));
  await expect(page.locator('[data-clock="1"]')).toHaveClass(/running/);
  await expect(page.locator('[data-clock="0"]')).not.toHaveClass(/running/);
  const ms = Number(await page.locator('[data-clock="0"]').getAttribute("data-ms"));
  expect(ms).toBeGreaterThan(50_000);
  expect(ms).toBeLessThanOrEqual(60_000);
});

test("records: KIF exported and imported back, a bad record refused untouched", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("7g"), cell("7f"));
  await drag(page, cell("3c"), cell("3d"));
  await drag(page, cell("8h"), cell("2b"));
  await tap(page, '[data-promote="yes"]');
  await page.locator(".record summary").click();
  await page.locator('[data-export-format="kif"]').click();
  const kif = await page.locator("[data-export]").inputValue();
  expect(kif).toContain("２二角成(88)");
  // a fresh game, then load the record
  await page.goto(play("shogi", { fresh: "1" }));
  await page.locator(".record summary").click();
  await page.locator("[data-import]").fill("this is not a record");
  await page.locator('[data-action="import"]').click();
  await expect(page.locator("[data-import-error]")).toContainText("position");
  await expect(page.locator("svg.board .pieces [data-piece]")).toHaveCount(40);
  await page.locator("[data-import]").fill(kif);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('[data-piece="+B"][data-owner="0"][data-square="2b"]')).toHaveCount(1);
  await expect(page.locator('.moves li[data-ply="3"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  // USI too (the panel may have closed with the new game)
  if ((await page.locator(".record").getAttribute("open")) === null) {
    await page.locator(".record summary").click();
  }
  await page.locator('[data-export-format="usi"]').click();
  await expect(page.locator("[data-export]")).toHaveValue(/moves 7g7f 3c3d 8h2b\+$/);
});

// Sente is mated under the JCSA rules; under lishogi's, play goes on and 3j4j is legal.
const CHU_RECORD =
  "position sfen lf1skth1s1fl/ac1gt2ger1a/mvr1dx1qc2m/2pp2dppp2/pp2pbp1hvQp/1H1iPp3b2/2HI6p1/P2+o1B1PiCPP/4nKP5/MFRSO4RVM/A2G3SGDFA/L1CX1E2T1BL b - 241 moves 3j4j";

test("records: a chu record is judged by the preset of the game it is loaded into", async ({ page }) => {
  await page.goto(play("chushogi", { preset: "lishogi" }));
  await page.locator(".record summary").click();
  await page.locator("[data-import]").fill(CHU_RECORD);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveCount(1);
  await expect(page.locator("[data-import-error]")).toHaveCount(0);
  expect(await status(page)).toEqual({ turn: "1", result: "ongoing", reason: "" });
  // under the JCSA rules the game had ended before that move: said where and why, untouched
  await page.goto(play("chushogi", { fresh: "1" }));
  await page.locator(".record summary").click();
  await page.locator("[data-import]").fill(CHU_RECORD);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator("[data-import-error]")).toContainText(
    "move 241 (3j4j): the game ended at move 240, gote won by checkmate (JCSA rules)",
  );
  await expect(page.locator("svg.board .pieces [data-piece]")).toHaveCount(92);
  await expect(page.locator(".moves li")).toHaveCount(0);
});

test("records by clipboard: copied from one game, pasted into a fresh one; bad text refused", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(play("minishogi"));
  await drag(page, cell("5d"), cell("5c"));
  await page.locator(".record summary").click();
  await page.locator('[data-export-format="usi"]').click();
  await page.locator('[data-action="copy"]').click();
  await expect(page.locator("[data-notice]")).toContainText("Copied");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/ moves 5d5c$/);
  await page.goto(play("minishogi", { fresh: "1" }));
  await page.locator(".record summary").click();
  await page.locator('[data-action="paste"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  // nonsense on the clipboard: a message, and the game as it was
  await page.evaluate(() => navigator.clipboard.writeText("7g7f? no"));
  if ((await page.locator(".record").getAttribute("open")) === null) {
    await page.locator(".record summary").click();
  }
  await page.locator('[data-action="paste"]').click();
  await expect(page.locator("[data-import-error]")).toBeVisible();
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
});

test("a clipboard the page may not read: a message saying what to do, the game untouched", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("7g"), cell("7f"));
  await page.locator(".record summary").click();
  await page.locator('[data-action="paste"]').click();
  await expect(page.locator("[data-import-error]")).toContainText("paste into the box below");
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
});

test("shogi: the entering-king declaration shows its conditions, then wins", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "GGGGSSSS1/4K4/NN7/9/9/9/9/9/4k4 b RB16P 1" }));
  await expect(page.locator("[data-impasse-points]")).toHaveAttribute("data-impasse-points", "36,0");
  await page.locator('[data-action="declare"]').click();
  await expect(page.locator('[data-condition="king-in-camp"]')).toContainText("✓");
  await expect(page.locator('[data-condition="pieces"]')).toContainText("(10)");
  await expect(page.locator('[data-condition="points"]')).toContainText("36");
  await page.locator('[data-action="declare-confirm"]').click();
  expect(await status(page)).toEqual({ turn: "0", result: "0", reason: "declaration" });
});

test("shogi: impasse by agreement once both kings have entered", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4K4/9/9/9/9/9/9/9/4k4 b RB18Prb4g4s4n4l 1" }));
  await expect(page.locator("[data-impasse-points]")).toHaveAttribute("data-impasse-points", "28,26");
  await page.locator('[data-action="impasse"]').click();
  expect(await status(page)).toEqual({ turn: "0", result: "draw", reason: "impasse" });
});

test("the keyboard moves pieces and drops from the hand", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4k4/9/9/9/9/9/2P6/9/4K4 b G 1" }));
  await page.locator("svg.board").focus();
  await expect(page.locator("[data-cursor]")).toHaveAttribute("data-cursor", "5e");
  for (const k of ["ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowDown"]) await page.keyboard.press(k);
  await expect(page.locator("[data-cursor]")).toHaveAttribute("data-cursor", "7g");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-dest="7f"]')).toHaveCount(1);
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  // gote's turn: the king steps down with the keyboard too
  for (const k of ["ArrowRight", "ArrowRight", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp", "ArrowUp"]) await page.keyboard.press(k);
  await expect(page.locator("[data-cursor]")).toHaveAttribute("data-cursor", "5a");
  await page.keyboard.press("Enter");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-piece="K"][data-owner="1"][data-square="5b"]')).toHaveCount(1);
  // a drop: G picks the gold from the hand
  await page.keyboard.press("g");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-piece="G"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
});

test("the move list steps back and forward through the game", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("7g"), cell("7f"));
  await drag(page, cell("3c"), cell("3d"));
  await page.locator('[data-nav="prev"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="1"][data-square="3c"]')).toHaveCount(1);
  await expect(page.locator('.moves li.current')).toHaveAttribute("data-ply", "1");
  await page.locator('[data-nav="first"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7g"]')).toHaveCount(1);
  // looking back, nothing moves
  await drag(page, cell("2g"), cell("2f"));
  await expect(page.locator('[data-piece="P"][data-square="2g"]')).toHaveCount(1);
  await page.locator('[data-nav="next"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await page.locator('[data-nav="last"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="1"][data-square="3d"]')).toHaveCount(1);
  await page.locator('.moves li[data-ply="1"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="1"][data-square="3c"]')).toHaveCount(1);
  await page.locator('.moves li[data-ply="2"]').click();
  await drag(page, cell("2g"), cell("2f"));
  await expect(page.locator('[data-piece="P"][data-square="2f"]')).toHaveCount(1);
});

test("Japanese and English, switchable", async ({ page }) => {
  await page.goto(play("shogi", { sfen: "4k4/9/9/9/9/9/4P4/9/4K4 b P 1" }));
  await expect(page.locator('[data-action="resign"]')).toHaveText("Resign");
  await page.locator('[data-action="lang"]').click();
  await expect(page.locator('[data-action="resign"]')).toHaveText("投了");
  await expect(page.locator("[data-status]")).toContainText("先手の手番");
  await drag(page, inHand(0, "P"), cell("5e"));
  await expect(page.locator("[data-foul]")).toHaveText("二歩：5筋にはもう歩があります");
  await page.locator('[data-action="lang"]').click();
  await expect(page.locator('[data-action="resign"]')).toHaveText("Resign");
});

test("piece names: one character for shogi, two for chu, switchable", async ({ page }, info) => {
  await page.goto(play("shogi"));
  await expect(page.locator(".pieces [data-square='2h'] text")).toHaveText("飛");
  await page.locator('[data-action="piece-style"]').click();
  await expect(page.locator(".pieces [data-square='2h'] text")).toHaveText("飛車");
  await page.goto(play("chushogi"));
  await expect(page.locator(".pieces [data-square='7j'] text")).toHaveText("獅子");
  await page.screenshot({ path: info.outputPath("chu-two-character.png") });
});

test("the move list in Japanese or USI", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("7g"), cell("7f"));
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲７六歩");
  await page.locator('[data-action="notation"]').click();
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("7g7f");
});

test("a move's release draws the board at once and the text around it in the frame after", async ({ page }) => {
  await page.goto(play("shogi"));
  await expect(page.locator(onBoard("7g"))).toHaveCount(1);
  // a listener on the window runs after the app's (and after the app's render, in microtasks):
  // what it sees is what the release's own task drew
  await page.evaluate(() => {
    window.__komaSeen = [];
    window.addEventListener("pointerup", () => {
      window.__komaSeen.push({
        moved: document.querySelector('.pieces [data-square="7f"]') !== null,
        listed: document.querySelectorAll(".moves li[data-ply]").length,
      });
    });
  });
  await tap(page, onBoard("7g"));
  await tap(page, cell("7f"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  // the move's release: the piece stands on its square, the move list has not been laid out
  // again in the same task (it is, once the board's frame is painted)
  expect((await page.evaluate(() => window.__komaSeen)).at(-1)).toEqual({ moved: true, listed: 0 });
});
