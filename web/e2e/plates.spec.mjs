// The play screen says who is playing and shows every message whole: a plate by each side of
// the board (the computer's seat with its level, in both languages, every game id), the longest
// refusal of each language wrapped inside its box without covering the board or the controls,
// and a move list that reads as a record (a column a seat, rows at their text's height from the
// top, chu shogi's moves in Japanese with the lion's two steps written out).
import { test, expect } from "@playwright/test";
import { GAMES, cell, drag, play, tap } from "./helpers.mjs";

/** Switch the page's language to `lang` (the header's switch, kept in the settings). */
async function language(page, lang) {
  if ((await page.locator("main").getAttribute("lang")) !== lang) {
    await page.locator('[data-action="lang"]').click();
    await expect(page.locator("main")).toHaveAttribute("lang", lang);
  }
}

for (const game of GAMES) {
  test(`${game}: a plate by each seat, the computer's with its level, in both languages`, async ({ page }) => {
    const players = game === "sangoku" ? 3 : 2;
    const computer = players === 3 ? "1,2" : "1";
    await page.goto(play(game, { computer, level: "6", names: "Hanako" }));
    for (const lang of ["ja", "en"]) {
      await language(page, lang);
      await expect(page.locator("[data-plate]")).toHaveCount(players);
      const mine = page.locator('[data-plate="0"]');
      await expect(mine).not.toHaveAttribute("data-computer", /.*/);
      await expect(mine).toContainText("Hanako");
      for (let seat = 1; seat < players; seat++) {
        const plate = page.locator(`[data-plate="${seat}"]`);
        await expect(plate).toHaveAttribute("data-computer", "6");
        await expect(plate).toContainText(lang === "ja" ? "コンピュータ　レベル6" : "Computer, level 6");
      }
      // one seat is marked to move, and it is the status line's
      const turn = await page.locator("[data-status]").getAttribute("data-turn");
      await expect(page.locator(`[data-plate="${turn}"]`)).toHaveAttribute("data-to-move", "");
    }
  });
}

/** The foul's box, the board's and the controls', and whether the text overflows its box. */
async function foulBoxes(page) {
  return page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    const foul = document.querySelector("[data-foul]");
    return {
      window: { width: innerWidth, height: innerHeight },
      foul: box(foul),
      overflows: foul.scrollWidth > foul.clientWidth + 1 || foul.scrollHeight > foul.clientHeight + 1,
      cells: [...document.querySelectorAll("svg.board [data-cell]")].map(box),
      controls: [...document.querySelectorAll("[data-controls] button, [data-controls] select, [data-controls] a")].map(box),
      text: foul.textContent,
    };
  });
}

const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

test.describe("refusals", () => {
  test.skip(({ isMobile }) => isMobile, "sets its own windows");

  test("the longest refusal of each language fits its box in 1366x768 and 390x844, over neither the board nor the controls", async ({ page }) => {
    for (const [width, height] of [[1366, 768], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const lang of ["ja", "en"]) {
        // a chu handicap's setup steps: the giver's lion may not move yet (the longest refusal)
        await page.goto(play("chushogi", { setup: "side-mover" }));
        await language(page, lang);
        await drag(page, `.pieces [data-square="6c"]`, cell("6e"));
        await expect(page.locator("[data-foul]")).toHaveAttribute("data-foul", "setup");
        const m = await foulBoxes(page);
        const where = `${width}x${height} ${lang}`;
        expect(m.text.length, `${where}: the message`).toBeGreaterThan(lang === "ja" ? 20 : 100);
        expect(m.overflows, `${where}: the text stays inside its box`).toBe(false);
        const w = m.window;
        expect(m.foul.left >= 0 && m.foul.right <= w.width && m.foul.top >= 0 && m.foul.bottom <= w.height, `${where}: the box is in the window ${JSON.stringify(m.foul)}`).toBe(true);
        const onBoard = m.cells.filter((c) => overlap(c, m.foul)).length;
        expect(onBoard, `${where}: cells under the message`).toBe(0);
        const onControls = m.controls.filter((c) => overlap(c, m.foul)).length;
        expect(onControls, `${where}: controls under the message`).toBe(0);
      }
    }
  });
});

test("the move list reads as a record: a column a seat, rows at their text's height from the top", async ({ page }) => {
  await page.goto(play("shogi"));
  await drag(page, `.pieces [data-square="7g"]`, cell("7f"));
  await drag(page, `.pieces [data-square="3c"]`, cell("3d"));
  await drag(page, `.pieces [data-square="2g"]`, cell("2f"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(3);
  const m = await page.evaluate(() => {
    const list = document.querySelector(".moves");
    const items = [...list.querySelectorAll("li[data-ply]")].map((e) => {
      const r = e.getBoundingClientRect();
      const style = getComputedStyle(e);
      return { top: r.top, left: r.left, height: r.height, line: parseFloat(style.lineHeight), pad: parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) };
    });
    const lr = list.getBoundingClientRect();
    const ls = getComputedStyle(list);
    return { top: lr.top + parseFloat(ls.paddingTop) + parseFloat(ls.borderTopWidth), items };
  });
  const [first, second, third] = m.items;
  expect(Math.abs(first.top - m.top), "the first row is at the list's top").toBeLessThanOrEqual(1);
  for (const it of m.items) expect(Math.abs(it.height - it.line - it.pad), "a row is its text's height").toBeLessThanOrEqual(1);
  expect(second.top, "sente and gote share a row").toBeCloseTo(first.top, 0);
  expect(second.left, "gote's column is right of sente's").toBeGreaterThan(first.left);
  expect(third.left, "sente's next move in sente's column").toBeCloseTo(first.left, 0);
  expect(third.top, "on the next row").toBeGreaterThan(first.top);
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲７六歩");
});

test("chu shogi's list is in Japanese, a lion's two steps written out; USI is the other choice", async ({ page }) => {
  await page.goto(play("chushogi", { sfen: "k11/12/12/12/12/5p6/5N6/12/12/12/12/K11 b - 1" }));
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(144);
  // the lion takes the pawn on 7f and, once its second steps are shown, goes on to 7e
  await drag(page, `.pieces [data-square="7g"]`, cell("7f"));
  await expect(page.locator('[data-dest="7e"]')).toHaveCount(1);
  await tap(page, cell("7e"));
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲７六獅子・７五");
  await page.locator('[data-action="notation"]').click();
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("7g7f7e");
  await page.locator('[data-action="notation"]').click();
  await expect(page.locator('.moves li[data-ply="1"]')).toHaveText("▲７六獅子・７五");
});
