// The board: drawn from the rules crate, scaled to the window, moved by real pointers.
import { test, expect } from "@playwright/test";
import { centre, drag, fingerDrag, cell, onBoard, play } from "./helpers.mjs";

test("the start screen lists the games and opens one", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("[data-game-id]")).toHaveCount(6);
  // each card: the start position drawn small (no cells to press), the name in both languages,
  // the board and players, a line about the game, the handicaps and options folded
  for (const [game, facts] of [["shogi", /9×9.*2/], ["chushogi", /12×12.*2/], ["sangoku", /61.*3/]]) {
    const card = page.locator(`[data-game-id="${game}"]`);
    await expect(card.locator("svg.thumb .piece")).not.toHaveCount(0);
    await expect(card.locator("svg.thumb [data-cell]")).toHaveCount(0);
    await expect(card.locator("h2")).not.toBeEmpty();
    await expect(card.locator(".other-name")).toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await expect(card.locator("[data-facts]")).toHaveText(facts);
    await expect(card.locator(".desc")).not.toBeEmpty();
    await expect(card.locator("a.strict")).toBeHidden();
  }
  await page.locator('[data-game-id="chushogi"] summary').click();
  await expect(page.locator('[data-game-id="chushogi"] a[data-setup]').first()).toBeVisible();
  await page.locator('[data-game-id="shogi"] h2 a').first().click();
  await expect(page).toHaveURL(/#\/play\/shogi\?saved=[0-9a-z]+$/);
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(81);
});

test("the start position is drawn on a 9x9 board that fits the window", async ({ page }) => {
  await page.goto(play("shogi"));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(81);
  await expect(page.locator("svg.board .pieces [data-piece]")).toHaveCount(40);
  await expect(page.locator('[data-piece="K"][data-owner="0"][data-square="5i"]')).toHaveCount(1);
  await expect(page.locator('[data-piece="K"][data-owner="1"][data-square="5a"]')).toHaveCount(1);
  await expect(page.locator('[data-piece="R"][data-owner="0"][data-square="2h"]')).toHaveCount(1);
  const board = await page.locator("svg.board").boundingBox();
  const vp = page.viewportSize();
  expect(board.width).toBeLessThanOrEqual(vp.width);
  expect(board.y + board.height).toBeLessThanOrEqual(vp.height + 1);
  const a9 = await page.locator('[data-cell="9a"]').boundingBox();
  const i1 = await page.locator('[data-cell="1i"]').boundingBox();
  expect(a9.x).toBeLessThan(i1.x);
  expect(a9.y).toBeLessThan(i1.y);
  expect(Math.abs(a9.width - a9.height)).toBeLessThan(1);
});

test("a piece dragged with the mouse lands where it is dropped, and the turn passes", async ({ page }, info) => {
  await page.goto(play("shogi"));
  const from = await centre(page, cell("7g"));
  const to = await centre(page, cell("7f"));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
    if (i === 6) {
      const held = page.locator(onBoard("7g"));
      await expect(held).toHaveClass(/held/);
      expect(await held.getAttribute("transform")).toMatch(/^translate\(/);
      // destinations are shown while the piece is held
      await expect(page.locator('[data-dest="7f"]')).toHaveCount(1);
    }
  }
  await page.mouse.up();
  await expect(page.locator(onBoard("7g"))).toHaveCount(0);
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲７六歩");
  await page.screenshot({ path: info.outputPath("after-drag.png") });
});

test("an illegal drag is refused by name and the piece goes back", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, cell("2h"), cell("3g"));
  await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "cannot-move-there");
  await expect(page.locator('[data-piece="R"][data-square="2h"]')).toHaveCount(1);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "0");
});

test("a drag released off the board puts the piece back", async ({ page }) => {
  await page.goto(play("shogi"));
  const from = await centre(page, cell("2h"));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20);
  await page.mouse.move(2, 2);
  await page.mouse.up();
  await expect(page.locator('[data-piece="R"][data-square="2h"]')).toHaveCount(1);
  await expect(page.locator(onBoard("2h"))).not.toHaveAttribute("transform", /.+/);
});

test("a piece dragged by a finger lands where the finger lifts", async ({ page }, info) => {
  test.skip(!info.project.use.hasTouch, "touch runs on the phone-sized window");
  await page.goto(play("shogi"));
  const from = await centre(page, cell("3g"));
  const to = await centre(page, cell("3f"));
  await fingerDrag(page, from, to);
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="3f"]')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath("after-touch-drag.png") });
});

test("a tap on a cell counts from the press and the release, with no click", async ({ page }) => {
  // a browser may make no click of a tap that follows a quick drag (Chromium drops it as the end
  // of the drag's fling): the press and the release alone must move the selected piece there
  await page.goto(play("shogi"));
  await page.locator(onBoard("7g")).click();
  await expect(page.locator('[data-dest="7f"]')).toHaveCount(1);
  await page.evaluate(() => {
    const rect = document.querySelector('[data-cell="7f"]');
    const box = rect.getBoundingClientRect();
    const at = { bubbles: true, pointerId: 7, isPrimary: true, button: 0, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
    rect.dispatchEvent(new PointerEvent("pointerdown", at));
    rect.dispatchEvent(new PointerEvent("pointerup", at));
  });
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
});

test("the app is installable: manifest and icon are served", async ({ page, request }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const res = await request.get(href);
  expect(res.ok()).toBeTruthy();
  const manifest = await res.json();
  expect(manifest.name).toContain("Koma");
  expect((await request.get(manifest.icons[0].src)).ok()).toBeTruthy();
});

test("the board flips, and a drag still lands on the right square", async ({ page }, info) => {
  await page.goto(play("shogi"));
  await page.locator('[data-action="flip"]').click();
  await expect(page.locator("svg.board")).toHaveAttribute("data-flipped", "true");
  const a1 = await page.locator('[data-cell="1a"]').boundingBox();
  const i9 = await page.locator('[data-cell="9i"]').boundingBox();
  expect(a1.x).toBeLessThan(i9.x);
  expect(a1.y).toBeGreaterThan(i9.y);
  await drag(page, cell("7g"), cell("7f"));
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await page.locator('[data-action="numbers"]').click();
  await expect(page.locator("svg.board .coord").filter({ hasText: /^9$/ })).toHaveCount(2);
  await page.screenshot({ path: info.outputPath("flipped.png") });
});

test("furigoma tosses five pawns and seats the players: the game shows who is sente", async ({ page }) => {
  await page.goto("/");
  await page.locator('input[name="player0"]').fill("Hana");
  await page.locator('input[name="player1"]').fill("Taro");
  await page.locator('select[name="first"]').selectOption("draw");
  const start = page.locator('[data-action="start"]');
  await expect(start).toBeDisabled();
  await page.locator('[data-action="furigoma"]').click();
  await expect(page.locator(".toss-piece")).toHaveCount(5);
  const fu = Number(await page.locator("[data-furigoma]").getAttribute("data-furigoma"));
  const shownFu = await page.locator('.toss-piece[data-face="fu"]').count();
  expect(shownFu).toBe(fu);
  const [sente, gote] = fu >= 3 ? ["Hana", "Taro"] : ["Taro", "Hana"];
  await expect(page.locator("[data-furigoma] p")).toContainText(
    fu >= 3 ? `the tosser, ${sente}, plays sente` : `the other player, ${sente}, plays sente`,
  );
  await start.click();
  await expect(page).toHaveURL(new RegExp(`#/play/shogi\\?names=${sente},${gote}&saved=[0-9a-z]+$`));
  await expect(page.locator("[data-status]")).toContainText(`sente (${sente}) to move`);
});

test("the new-game form starts a handicap game with clocks in strict mode", async ({ page }) => {
  await page.goto("/");
  await page.locator('[name="game"]').selectOption("shogi");
  await page.locator('[name="setup"]').selectOption("bishop");
  await page.locator('[name="clock"]').selectOption("600+30");
  await page.locator('[name="mode"]').selectOption("strict");
  await page.locator('[data-action="start"]').click();
  await expect(page).toHaveURL(/#\/play\/shogi\?setup=bishop&clock=600%2B30&mode=strict&saved=[0-9a-z]+$/);
  await expect(page.locator('[data-cell="2b"]')).toHaveCount(1);
  await expect(page.locator('.pieces [data-square="2b"]')).toHaveCount(0);
  await expect(page.locator("[data-status]")).toHaveAttribute("data-turn", "1");
  await expect(page.locator('[data-clock="1"]')).toHaveClass(/running/);
  await expect(page.locator('[data-action="undo"]')).toHaveCount(0);
  // chu: its own handicap list
  await page.goto("/");
  await page.locator('[name="game"]').selectOption("chushogi");
  await expect(page.locator('[name="setup"] option[value="lion-3"]')).toHaveCount(1);
});
