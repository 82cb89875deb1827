// Three Kingdoms shogi on the hexagon, by pointer: three players sharing one device.
import { test, expect } from "@playwright/test";
import { drag, tap, cell, centre, inHand, onBoard, play, status } from "./helpers.mjs";

test("the 61-cell hexagon with three homes and the centre", async ({ page }, info) => {
  await page.goto(play("sangoku"));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(61);
  await expect(page.locator("svg.board .pieces [data-piece]")).toHaveCount(33);
  await expect(page.locator('[data-cell="0,0"]')).toHaveClass(/centre/);
  await expect(page.locator('[data-piece="K"][data-owner="0"][data-square="-2,4"]')).toHaveCount(1);
  await expect(page.locator('[data-hand]')).toHaveCount(3);
  await page.screenshot({ path: info.outputPath("sangoku-start.png") });
});

test("a three-player game: a check out of turn and back, a promotion, a drop, a double check, a win by capture", async ({ page }, info) => {
  // generals A (-2,4), B (4,-2), C (-4,0); A's spearman on (1,-1), A's cavalry on (-1,1) stands
  // between B's cavalry on (2,1) and C's general's row; A's infantry on (-4,2) and (3,1)
  await page.goto(play("sangoku", { sfen: "5/6/6bK/4aS3/cK8/3aC2bCaP/aP6/6/2aK2 a - -" }));
  const s = page.locator("[data-status]");
  await expect(s).toHaveAttribute("data-turn", "0");
  // the spearman steps onto B's row: B is in check and moves next, out of turn
  await drag(page, cell("1,-1"), cell("1,-2"));
  await expect(s).toHaveAttribute("data-turn", "1");
  await expect(s).toContainText("B is in check and moves now; then back to A");
  await expect(page.locator(".cell.check")).toHaveAttribute("data-cell", "4,-2");
  await page.screenshot({ path: info.outputPath("sangoku-check.png") });
  // staying on the spearman's row is refused: the general would still be attacked
  await drag(page, cell("4,-2"), cell("3,-2"));
  await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "king-in-check");
  await expect(s).toHaveAttribute("data-turn", "1");
  // B steps out of the line; the turn returns to A, C is skipped
  await drag(page, cell("4,-2"), cell("4,-3"));
  await expect(s).toHaveAttribute("data-turn", "0");
  // A's infantry steps into C's camp, promoting (asked), and checks C: C moves next
  await drag(page, cell("-4,2"), cell("-4,1"));
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+P"][data-owner="0"][data-square="-4,1"]')).toHaveCount(1);
  await expect(s).toHaveAttribute("data-turn", "2");
  // C takes it: the captured piece goes to C's hand unpromoted, and the turn returns to A
  await drag(page, cell("-4,0"), cell("-4,1"));
  await expect(page.locator(inHand(2, "P"))).toHaveCount(1);
  await expect(s).toHaveAttribute("data-turn", "0");
  // quiet moves round the table: A, then B
  await drag(page, cell("-2,4"), cell("-3,4"));
  await expect(s).toHaveAttribute("data-turn", "1");
  await drag(page, cell("2,1"), cell("1,1"));
  await expect(s).toHaveAttribute("data-turn", "2");
  await page.screenshot({ path: info.outputPath("sangoku-hand.png") });
  // C drops the captured infantry from its hand, by its edge
  await drag(page, inHand(2, "P"), cell("-3,-1"));
  await expect(page.locator('[data-piece="P"][data-owner="2"][data-square="-3,-1"]')).toHaveCount(1);
  await expect(page.locator('[data-hand="2"] [data-piece]')).toHaveCount(0);
  await expect(s).toHaveAttribute("data-turn", "0");
  // A's cavalry steps aside: it checks B and uncovers B's cavalry onto C's general; B and C are
  // both in check, and B, next round the table, moves first
  await drag(page, cell("-1,1"), cell("-1,2"));
  await expect(s).toHaveAttribute("data-turn", "1");
  await expect(s).toContainText("double check");
  await page.screenshot({ path: info.outputPath("sangoku-double-check.png") });
  // B captures C's general and wins
  await drag(page, cell("1,1"), cell("-4,1"));
  expect(await status(page)).toEqual({ turn: "2", result: "1", reason: "royal-captured" });
  await expect(s).toContainText("B wins");
  await page.screenshot({ path: info.outputPath("sangoku-won.png") });
});

test("a general on the centre wins when its owner's turn comes again", async ({ page }) => {
  await page.goto(play("sangoku", { sfen: "5/6/6bK/8/cK8/4aK3/7/6/5 a - -" }));
  const s = page.locator("[data-status]");
  await drag(page, cell("0,1"), cell("0,0"));
  await expect(s).toHaveAttribute("data-turn", "1");
  await expect(s).toContainText("A's general is on the centre");
  await drag(page, cell("4,-2"), cell("4,-3"));
  await expect(s).toHaveAttribute("data-result", "ongoing");
  await drag(page, cell("-4,0"), cell("-4,1"));
  expect(await status(page)).toEqual({ turn: "0", result: "0", reason: "general-on-centre" });
});

test("a refusal named, click then click, takeback, and a seat kept at the bottom", async ({ page }) => {
  await page.goto(play("sangoku"));
  const s = page.locator("[data-status]");
  const below = async (sel) => {
    const c = await centre(page, cell("0,0"));
    const p = await centre(page, sel);
    return p.y > c.y;
  };
  const general = (o) => `.pieces [data-piece="K"][data-owner="${o}"]`;
  expect(await below(general(0))).toBe(true);
  // a move the infantry cannot make is refused, named, and nothing changes
  await drag(page, cell("-1,3"), cell("-1,1"));
  await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "cannot-move-there");
  await expect(s).toHaveAttribute("data-turn", "0");
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="-1,3"]')).toHaveCount(1);
  // A's infantry by two clicks; the board turns to B
  await tap(page, onBoard("-1,3"));
  await expect(page.locator('[data-dest="-1,2"]')).toHaveCount(1);
  await tap(page, cell("-1,2"));
  await expect(s).toHaveAttribute("data-turn", "1");
  expect(await below(general(1))).toBe(true);
  expect(await below(general(0))).toBe(false);
  // takeback: the infantry goes home and A is to move again
  await tap(page, '[data-action="undo"]');
  await expect(s).toHaveAttribute("data-turn", "0");
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="-1,3"]')).toHaveCount(1);
  // keep C at the bottom: the board no longer turns
  await page.locator('select[name="seat"]').selectOption("2");
  expect(await below(general(2))).toBe(true);
  await drag(page, cell("-1,3"), cell("-1,2"));
  await expect(s).toHaveAttribute("data-turn", "1");
  expect(await below(general(2))).toBe(true);
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="-1,2"]')).toHaveCount(1);
});

test("janken decides who moves first, and the seats follow round the table", async ({ page }, info) => {
  await page.goto("/#/");
  await page.locator('select[name="game"]').selectOption("sangoku");
  for (const [i, n] of ["Alice", "Bob", "Carol"].entries()) {
    await page.locator(`input[name="player${i}"]`).fill(n);
  }
  const start = page.locator('[data-action="start"]');
  await expect(start).toBeDisabled();
  const hand = (h) => tap(page, `[data-janken="${h}"]`);
  // all rock: あいこ, thrown again
  await expect(page.locator("[data-janken-next]")).toContainText("Alice, throw");
  await hand("rock");
  await expect(page.locator("[data-janken-next]")).toContainText("Bob, throw");
  await expect(page.locator("[data-janken-next]")).toContainText("Alice thrown, hidden");
  await hand("rock");
  await hand("rock");
  await expect(page.locator('[data-round="1"]')).toContainText("again");
  // Alice and Bob win with paper; Carol is out
  await hand("paper");
  await hand("paper");
  await hand("rock");
  await expect(page.locator('[data-round="2"]')).toContainText("Alice and Bob throw again");
  await expect(page.locator("[data-janken-next]")).toContainText("Alice, throw");
  // Bob's scissors beat Alice's paper: Bob is A, then Carol (B) and Alice (C) round the table
  await hand("paper");
  await hand("scissors");
  await expect(page.locator("[data-janken-winner]")).toHaveAttribute("data-janken-winner", "1");
  await expect(page.locator("[data-janken-winner]")).toContainText("Seats: A Bob, B Carol, C Alice");
  await page.screenshot({ path: info.outputPath("janken.png") });
  await start.click();
  // (nothing else chosen: no clock, casual play)
  await expect(page).toHaveURL(/#\/play\/sangoku\?names=Bob,Carol,Alice&saved=[0-9a-z]+$/);
  await expect(page.locator("[data-status]")).toContainText("A (Bob) to move");
  await drag(page, cell("-1,3"), cell("-1,2"));
  await expect(page.locator("[data-status]")).toContainText("B (Carol) to move");
});

test("a fixed choice: the first listed moves first; throwing for everyone settles at once", async ({ page }) => {
  await page.goto("/#/");
  await page.locator('select[name="game"]').selectOption("sangoku2");
  await expect(page.locator('[data-seating] input')).toHaveCount(2);
  await tap(page, '[data-action="janken-random"]');
  await expect(page.locator("[data-janken-winner]")).toHaveCount(1);
  await page.locator('select[name="first"]').selectOption("fixed");
  await page.locator('input[name="player0"]').fill("花子");
  await page.locator('input[name="player1"]').fill("Taro Yamada");
  await page.locator('[data-action="start"]').click();
  await expect(page).toHaveURL(new RegExp(`#/play/sangoku2\\?names=${encodeURIComponent("花子")},Taro%20Yamada&saved=[0-9a-z]+$`));
  await expect(page.locator("[data-status]")).toContainText("A (花子) to move");
  await drag(page, cell("-1,3"), cell("-1,2"));
  await expect(page.locator("[data-status]")).toContainText("B (Taro Yamada) to move");
});

test("two players: a capture of the general ends the game", async ({ page }) => {
  // A's cavalry on (-3,3) slides along its diagonal to B's general on (2,-2)
  await page.goto(play("sangoku2", { sfen: "5/6/4bK2/8/9/8/7/1aC4/2aK2 a - -" }));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(61);
  await drag(page, cell("-3,3"), cell("2,-2"));
  expect(await status(page)).toEqual({ turn: "1", result: "0", reason: "royal-captured" });
});

test("a hex game's record is exported and imported back", async ({ page }) => {
  await page.goto(play("sangoku"));
  await drag(page, cell("-1,3"), cell("-1,2"));
  await page.locator(".record summary").click();
  await page.locator('[data-export-format="usi"]').click();
  const text = await page.locator("[data-export]").inputValue();
  expect(text).toMatch(/ moves -1,3:-1,2$/);
  await page.goto(play("sangoku", { fresh: "1" }));
  await page.locator(".record summary").click();
  await page.locator("[data-import]").fill(text);
  await page.locator('[data-action="import"]').click();
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="-1,2"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
});

test("on the hexagon every piece stays inside its own cell, whatever the seat", async ({ page }) => {
  await page.goto(play("sangoku"));
  for (const seat of ["0", "1", "2"]) {
    await page.locator('select[name="seat"]').selectOption(seat);
    const outside = await page.evaluate(() => {
      const bad = [];
      for (const piece of document.querySelectorAll(".pieces [data-square]")) {
        const cell = document.querySelector(`[data-cell="${piece.getAttribute("data-square")}"]`);
        const body = piece.querySelector(".piece-body");
        const toCell = cell.getScreenCTM().inverse().multiply(body.getScreenCTM());
        for (const p of body.points) {
          const q = new DOMPoint(p.x, p.y).matrixTransform(toCell);
          if (!cell.isPointInFill(q) && !cell.isPointInStroke(q)) bad.push(piece.getAttribute("data-square"));
        }
      }
      return [...new Set(bad)];
    });
    expect(outside, `seat ${seat}`).toEqual([]);
  }
});
