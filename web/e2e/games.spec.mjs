// One scripted game for each square-board game, by real pointer drags: a drop (not chu), a
// promotion choice, a refused foul named, and the end with its reason.
import { test, expect } from "@playwright/test";
import { drag, tap, cell, inHand, play, status } from "./helpers.mjs";

const foul = (page) => page.locator("[data-foul]");

test("shogi, scripted", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("7g"), cell("7f"));
  await drag(page, cell("3c"), cell("3d"));
  await drag(page, cell("8h"), cell("2b"));
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+B"][data-square="2b"]')).toHaveCount(1);
  await drag(page, cell("3a"), cell("2b"));
  // a foul: the rook does not move diagonally
  await drag(page, cell("2h"), cell("3g"));
  await expect(foul(page)).toHaveAttribute("data-foul", "cannot-move-there");
  // a drop of the bishop taken
  await drag(page, inHand(0, "B"), cell("4e"));
  await expect(page.locator('[data-piece="B"][data-owner="0"][data-square="4e"]')).toHaveCount(1);
  await page.locator('[data-action="resign"]').click();
  expect(await status(page)).toEqual({ turn: "1", result: "0", reason: "resignation" });
});

test("minishogi, scripted", async ({ page }) => {
  await page.goto(play("minishogi", { sfen: "4k/2S2/5/2P2/K4 b P 1" }));
  // 二歩 on file 3
  await drag(page, inHand(0, "P"), cell("3c"));
  await expect(foul(page)).toHaveAttribute("data-foul", "nifu");
  // promotion into the far rank is optional for the silver
  await drag(page, cell("3b"), cell("3a"));
  await tap(page, '[data-promote="no"]');
  await expect(page.locator('[data-piece="S"][data-owner="0"][data-square="3a"]')).toHaveCount(1);
  await drag(page, cell("1a"), cell("1b"));
  // a drop: the pawn on 2c and the silver on 3a now both cover 2b
  await drag(page, inHand(0, "P"), cell("2c"));
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="2c"]')).toHaveCount(1);
  await drag(page, cell("1b"), cell("2b"));
  await expect(foul(page)).toHaveAttribute("data-foul", "king-in-check");
  await page.locator('[data-action="resign"]').click();
  expect(await status(page)).toEqual({ turn: "1", result: "0", reason: "resignation" });
});

test("66 shogi, scripted after the placement", async ({ page }) => {
  await page.goto(play("shogi66", { sfen: "2k3/6/1P4/6/6/3K2 b P 1" }));
  await drag(page, inHand(0, "P"), cell("5d"));
  await expect(foul(page)).toHaveAttribute("data-foul", "nifu");
  await drag(page, cell("5c"), cell("5b"));
  await expect(page.locator("[data-promote]")).toHaveCount(2);
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+P"][data-square="5b"]')).toHaveCount(1);
  await drag(page, cell("4a"), cell("3a"));
  await drag(page, inHand(0, "P"), cell("2d"));
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="2d"]')).toHaveCount(1);
  await page.locator('[data-action="resign"]').click();
  expect(await status(page)).toEqual({ turn: "1", result: "0", reason: "resignation" });
});

test("chu shogi, scripted to the capture of the king", async ({ page }) => {
  // sente: king 12l, lion 6g, gold 8e, rook 1l; gote: king 1a, gold 12b, lion 6e guarded by a pawn
  await page.goto(play("chushogi", { sfen: "11k/g11/12/6p5/4G1n5/12/6N5/12/12/12/12/K10R b - 1" }));
  await drag(page, cell("6g"), cell("6e"));
  await expect(foul(page)).toHaveAttribute("data-foul", "lion-protected");
  await drag(page, cell("8e"), cell("8d"));
  await tap(page, '[data-promote="yes"]');
  await expect(page.locator('[data-piece="+G"][data-owner="0"][data-square="8d"]')).toHaveCount(1);
  await drag(page, cell("12b"), cell("12c"));
  await drag(page, cell("1l"), cell("1a"));
  // taking in the zone: the rook may promote
  await tap(page, '[data-promote="no"]');
  await expect(page.locator("[data-status]")).toHaveAttribute("data-reason", "royal-captured");
  expect(await status(page)).toEqual({ turn: "1", result: "0", reason: "royal-captured" });
});
