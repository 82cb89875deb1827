// Three Kingdoms shogi on the hexagon, by pointer: three players sharing one device.
import { test, expect } from "@playwright/test";
import { drag, tap, cell, inHand, play, status } from "./helpers.mjs";

test("the 61-cell hexagon with three homes and the centre", async ({ page }, info) => {
  await page.goto(play("sangoku"));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(61);
  await expect(page.locator("svg.board .pieces [data-piece]")).toHaveCount(33);
  await expect(page.locator('[data-cell="0,0"]')).toHaveClass(/centre/);
  await expect(page.locator('[data-piece="K"][data-owner="0"][data-square="-2,4"]')).toHaveCount(1);
  await expect(page.locator('[data-hand]')).toHaveCount(3);
  await page.screenshot({ path: info.outputPath("sangoku-start.png") });
});

test("a check moves the turn out of order and back", async ({ page }, info) => {
  // generals A (-2,4), B (4,-2), C (-4,0); A's spearman on (1,-1), A's infantry on (-4,2)
  await page.goto(play("sangoku", { sfen: "5/6/6bK/4aS3/cK8/7aP/aP6/6/2aK2 a - -" }));
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
  // the spearman steps onto B's row: B is in check and moves next, out of turn
  await drag(page, cell("1,-1"), cell("1,-2"));
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  await expect(page.locator("[data-status]")).toContainText("then back to A");
  await page.screenshot({ path: info.outputPath("sangoku-check.png") });
  // B steps out of the line; the turn returns to A, C is skipped
  await drag(page, cell("4,-2"), cell("4,-3"));
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
  // A's infantry steps into C's camp, promoting (asked), and checks C: C moves next
  await drag(page, cell("-4,2"), cell("-4,1"));
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+P"][data-owner="0"][data-square="-4,1"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "2");
  // C takes it: the captured piece goes to C's hand unpromoted, and the turn returns to A
  await drag(page, cell("-4,0"), cell("-4,1"));
  await expect(page.locator(inHand(2, "P"))).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
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
