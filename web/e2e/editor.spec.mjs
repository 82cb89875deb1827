// The board editor (#/editor/<game>): a position built by drags in every game id (the palette
// onto cells, cells into hands and back, off the board), the rules' faults listed by name, and
// the embed builder: marks and arrows drawn with the right button, a caption and a mode, and the
// element it writes showing the same board on a page of another origin.
import { test, expect } from "@playwright/test";
import { GAMES, closeHosts, drag, hostPage } from "./helpers.mjs";

test.afterEach(closeHosts);

const palette = (kind, owner) => `[data-palette-piece][data-kind="${kind}"][data-owner="${owner}"]`;
const onBoard = (sq) => `.pieces [data-square="${sq}"]`;

/** Right-button press on one cell and release on another (or the same). */
async function rightDrag(page, from, to) {
  const a = await page.locator(`[data-cell="${from}"]`).boundingBox();
  const b = await page.locator(`[data-cell="${to}"]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down({ button: "right" });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up({ button: "right" });
}

test.describe("the board editor", () => {
  test.skip(({ isMobile }) => isMobile, "the editor is tested on the desktop window");

  for (const game of GAMES) {
    test(`${game}: a position built by drags is legal; pieces go into a hand, back, and away`, async ({ page }) => {
      await page.goto(`/#/editor/${game}`);
      await expect(page.locator("[data-editor]")).toBeVisible();
      await page.locator('[data-action="clear"]').click();
      await expect(page.locator(".pieces [data-piece]")).toHaveCount(0);
      const cells = await page.locator("[data-cell]").evaluateAll((cs) => cs.map((c) => c.getAttribute("data-cell")));
      const players = game === "sangoku" ? 3 : 2;
      // the royals far apart, a pawn in the middle
      const places = [cells[cells.length - 1], cells[0], cells[5]];
      for (let p = 0; p < players; p++) {
        await drag(page, palette("K", p), `[data-cell="${places[p]}"]`);
        await expect(page.locator(onBoard(places[p]))).toHaveAttribute("data-owner", String(p));
      }
      const middle = cells[Math.floor(cells.length / 2) + 1];
      await drag(page, palette("P", 0), `[data-cell="${middle}"]`);
      await expect(page.locator(onBoard(middle))).toHaveAttribute("data-piece", "P");
      await expect(page.locator("[data-fault]")).toHaveCount(0);
      await expect(page.locator("[data-legal]")).toBeVisible();
      await expect(page.locator("[data-position]")).not.toHaveValue("");
      await expect(page.locator('[data-action="analyse"]')).toBeVisible();
      if ((await page.locator('[data-hand="0"]').count()) > 0) {
        // into sente's hand, and back onto the board from it
        await drag(page, onBoard(middle), '[data-hand="0"]');
        await expect(page.locator('[data-hand="0"] [data-piece="P"]')).toHaveCount(1);
        await expect(page.locator(onBoard(middle))).toHaveCount(0);
        await drag(page, '[data-hand="0"] [data-piece="P"]', `[data-cell="${middle}"]`);
        await expect(page.locator('[data-hand="0"] [data-piece="P"]')).toHaveCount(0);
        await expect(page.locator(onBoard(middle))).toHaveAttribute("data-piece", "P");
      }
      // off the board, onto the palette: gone
      await drag(page, onBoard(middle), "[data-palette]");
      await expect(page.locator(onBoard(middle))).toHaveCount(0);
      if (game === "shogi") {
        await expect(page.locator("[data-position]")).toHaveValue("k8/9/9/9/9/9/9/9/8K b - 1");
        // the position opens on the analysis board
        await page.locator('[data-action="analyse"]').click();
        await expect(page.locator("[data-analysis]")).toBeVisible();
        await expect(page.locator('.pieces [data-square="1i"]')).toHaveAttribute("data-piece", "K");
      }
    });
  }

  test("an illegal position lists every fault by name, and nothing is offered until it is mended", async ({ page }) => {
    await page.goto("/#/editor/shogi?sfen=" + encodeURIComponent("4k4/9/9/9/9/9/9/9/4K4 b - 1"));
    await expect(page.locator("[data-legal]")).toBeVisible();
    await drag(page, palette("K", 0), '[data-cell="1i"]');
    await drag(page, palette("P", 0), '[data-cell="1a"]');
    await drag(page, palette("P", 0), '[data-cell="5g"]');
    await drag(page, palette("P", 0), '[data-cell="5f"]');
    const faults = page.locator("[data-fault]");
    await expect(faults).toHaveCount(3);
    const list = page.locator("ul.faults");
    await expect(list).toContainText("sente has more than one king");
    await expect(list).toContainText("the piece on 1a can never move from there");
    await expect(list).toContainText("sente has two pawns on file 5");
    await expect(page.locator("[data-position]")).toHaveValue("");
    await expect(page.locator('[data-action="analyse"]')).toHaveCount(0);
    // mended but for gote in check with sente to move
    for (const sq of ["1i", "1a", "5f"]) await drag(page, onBoard(sq), "[data-palette]");
    await drag(page, palette("R", 0), '[data-cell="5e"]');
    await expect(faults).toHaveCount(1);
    await expect(faults.nth(0)).toContainText("gote is in check");
    // gote to move: legal
    await page.locator('select[name="turn"]').selectOption("1");
    await expect(faults).toHaveCount(0);
    await expect(page.locator("[data-position]")).toHaveValue("4k4/9/9/9/4R4/9/4P4/9/4K4 w - 1");
  });

  test("the element it writes shows the same board, marks and arrows on a page of another origin", async ({ page }) => {
    await page.goto("/#/editor/shogi?sfen=" + encodeURIComponent("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"));
    await page.locator("details.snippet summary").click();
    await page.locator('[data-brush="red"]').click();
    await rightDrag(page, "5e", "5e");
    await page.locator('[data-brush="blue"]').click();
    await rightDrag(page, "5g", "5f");
    await expect(page.locator('[data-mark="5e"]')).toHaveCount(1);
    await expect(page.locator('[data-arrow="5g>5f"]')).toHaveCount(1);
    // the same again takes a mark away; drawn again
    await page.locator('[data-brush="red"]').click();
    await rightDrag(page, "5e", "5e");
    await expect(page.locator('[data-mark="5e"]')).toHaveCount(0);
    await rightDrag(page, "5e", "5e");
    await page.locator('input[name="caption"]').fill("二歩: the pawn cannot be dropped on file 5");
    await page.locator('select[name="mode"]').selectOption("play");
    const element = await page.locator('[data-snippet="element"]').inputValue();
    expect(element).toContain('marks="5e:red"');
    expect(element).toContain('arrows="5g>5f:blue"');
    expect(element).toContain('mode="play"');
    const iframe = await page.locator('[data-snippet="iframe"]').inputValue();
    expect(iframe).toMatch(/^<iframe src="http:\/\/[^"]+\/embed\.html\?game=shogi&amp;sfen=4k4/);
    // the live preview is the real embed
    const preview = page.frameLocator("iframe[data-preview]");
    await expect(preview.locator('[data-mark="5e"]')).toHaveCount(1);
    await expect(preview.locator('.pieces [data-square="5g"]')).toHaveAttribute("data-piece", "P");
    // pasted into a plain page of another origin
    await hostPage(page, "lesson.html", `<!DOCTYPE html><meta charset="utf-8"><h1>Nifu</h1>${element}`);
    const board = page.locator("koma-board");
    await expect(board.locator('.pieces [data-square="5i"]')).toHaveAttribute("data-piece", "K", { timeout: 20_000 });
    await expect(board.locator('.pieces [data-square="5g"]')).toHaveAttribute("data-piece", "P");
    await expect(board.locator('[data-hand="0"] [data-piece="P"]')).toHaveCount(1);
    await expect(board.locator('[data-mark="5e"]')).toHaveCount(1);
    await expect(board.locator('[data-arrow="5g>5f"]')).toHaveCount(1);
    await expect(board.locator("[data-caption]")).toContainText("二歩");
  });
  test("an exercise it writes is judged by the rules on a page of another origin", async ({ page }) => {
    await page.goto("/#/editor/shogi?sfen=" + encodeURIComponent("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"));
    await page.locator("details.snippet summary").click();
    await page.locator('select[name="mode"]').selectOption("exercise");
    await page.locator('input[name="goal"]').fill("foul:nifu");
    const element = await page.locator('[data-snippet="element"]').inputValue();
    expect(element).toContain('mode="exercise"');
    expect(element).toContain('goal="foul:nifu"');
    // the preview judges it as the page will
    const preview = page.frameLocator("iframe[data-preview]");
    await expect(preview.locator("[data-goal]")).toHaveAttribute("data-goal", "foul:nifu");
    // a goal that cannot be read is named in the preview
    await page.locator('input[name="goal"]').fill("foul:pawns");
    await expect(preview.locator('[data-error="embed"]')).toContainText("pawns");
    await page.locator('input[name="goal"]').fill("foul:nifu");
    await hostPage(page, "exercise.html", `<!DOCTYPE html><meta charset="utf-8"><h1>Nifu</h1>${element}
      <script>window.got = []; addEventListener("koma:exercise", (e) => window.got.push(e.detail));</script>`);
    const board = page.locator("koma-board");
    await expect(board.locator("[data-exercise-state]")).toHaveAttribute("data-exercise-state", "waiting", { timeout: 20_000 });
    // a legal drop is not the answer; the one the rule forbids is
    await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="4e"]', { scope: board });
    await expect(board.locator("[data-exercise-state]")).toHaveAttribute("data-exercise-state", "wrong");
    await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="5e"]', { scope: board });
    await expect(board.locator("[data-exercise-state]")).toHaveAttribute("data-exercise-state", "done");
    await expect(board.locator('[data-foul="nifu"]')).toBeVisible();
    const got = await page.evaluate(() => window.got);
    expect(got.map((g) => g.state)).toEqual(["wrong", "done"]);
    expect(got[0]).toMatchObject({ rule: "legal", game: "shogi" });
    expect(got[1]).toMatchObject({ stars: 2 });
  });
});
