// The play screen fits the window (crates/app/src/screen.rs): in five windows, for every game,
// the board's every cell, the hands, the status line and the controls (data-controls) are
// inside the window without scrolling, and the board is as large as the window allows. Hands
// filled with every kind they can hold still fit. Prints the fit table (window x game: the
// board's drawn size in px).
import { test, expect } from "@playwright/test";
import { GAMES, play } from "./helpers.mjs";

const WINDOWS = [
  [1366, 768],
  [1280, 720],
  [1920, 1080],
  [390, 844],
  [844, 390],
];

// every piece off the board, in hand (each side holds every kind it can)
const FULL_HANDS = {
  shogi: "4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
  minishogi: "4k/5/5/5/K4 b RBGSPrbgsp 1",
  shogi66: "k5/6/6/6/6/5K b RBGSNL3Prbgsnl3p 1",
};

/** The boxes of what must be in view, measured in the page. */
async function measure(page) {
  return page.evaluate(() => {
    const box = (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
    };
    const all = (sel) => [...document.querySelectorAll(sel)].map(box);
    const union = (boxes) =>
      boxes.reduce(
        (u, b) => ({
          left: Math.min(u.left, b.left),
          top: Math.min(u.top, b.top),
          right: Math.max(u.right, b.right),
          bottom: Math.max(u.bottom, b.bottom),
        }),
        { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity },
      );
    const cells = all("svg.board [data-cell]");
    const trays = all("svg.board .hand-bg");
    const pieces = all("svg.board .hand [data-piece]");
    const drawn = union([...cells, ...trays]);
    return {
      window: { width: innerWidth, height: innerHeight },
      scrollY: scrollY,
      scrollX: scrollX,
      cells,
      trays,
      pieces,
      status: box(document.querySelector("[data-status]")),
      controls: box(document.querySelector("[data-controls]")),
      buttons: all("[data-controls] button"),
      svg: box(document.querySelector("svg.board")),
      viewBox: (({ width, height }) => ({ width, height }))(document.querySelector("svg.board").viewBox.baseVal),
      board: union(cells),
      drawn: { ...drawn, width: drawn.right - drawn.left, height: drawn.bottom - drawn.top },
    };
  });
}

function inside(what, b, w) {
  const ok = b.left >= -0.5 && b.top >= -0.5 && b.right <= w.width + 0.5 && b.bottom <= w.height + 0.5;
  return ok ? null : `${what} ${JSON.stringify(b)} outside ${w.width}x${w.height}`;
}

function check(m, label) {
  const w = m.window;
  const problems = [];
  if (m.scrollX !== 0 || m.scrollY !== 0) problems.push(`scrolled ${m.scrollX},${m.scrollY}`);
  m.cells.forEach((c, i) => problems.push(inside(`cell ${i}`, c, w)));
  m.trays.forEach((c, i) => problems.push(inside(`hand ${i}`, c, w)));
  m.pieces.forEach((c, i) => problems.push(inside(`piece in hand ${i}`, c, w)));
  problems.push(inside("status", m.status, w));
  problems.push(inside("controls", m.controls, w));
  m.buttons.forEach((c, i) => problems.push(inside(`control ${i}`, c, w)));
  // as large as the window allows: the drawing (its viewBox, scaled to fit) fills the board's
  // box in one direction, and that box takes the window's height (a wide window) or its width
  // (a tall one)
  const scale = Math.min(m.svg.width / m.viewBox.width, m.svg.height / m.viewBox.height);
  const fills = m.viewBox.width * scale >= 0.99 * m.svg.width || m.viewBox.height * scale >= 0.99 * m.svg.height;
  if (!fills) problems.push(`the drawing ${JSON.stringify(m.viewBox)} does not fill its box ${JSON.stringify(m.svg)}`);
  const wide = w.width >= w.height;
  const takes = wide ? m.svg.height >= w.height - 64 : m.svg.width >= w.width - 20;
  if (!takes) problems.push(`the board's box ${JSON.stringify(m.svg)} is smaller than the window allows`);
  return problems.filter(Boolean).map((p) => `${label}: ${p}`);
}

test.describe("the play screen fits", () => {
  test.skip(({ isMobile }) => isMobile, "sets its own windows");

  test("every game in five windows: board, hands, status and controls in view, the board as large as it can be", async ({ page }) => {
    const rows = [];
    const problems = [];
    for (const [width, height] of WINDOWS) {
      await page.setViewportSize({ width, height });
      for (const game of GAMES) {
        await page.goto(play(game));
        await expect(page.locator("svg.board [data-cell]").first()).toBeVisible();
        const m = await measure(page);
        problems.push(...check(m, `${width}x${height} ${game}`));
        rows.push(`${width}x${height} ${game}: board ${Math.round(m.board.right - m.board.left)}x${Math.round(m.board.bottom - m.board.top)} px, with hands ${Math.round(m.drawn.width)}x${Math.round(m.drawn.height)}`);
      }
    }
    console.log(`fit table (window game: the board's cells, and with the hands):\n${rows.join("\n")}`);
    expect(problems).toEqual([]);
  });

  test("hands holding every kind still fit, in every window", async ({ page }) => {
    const problems = [];
    for (const [width, height] of WINDOWS) {
      await page.setViewportSize({ width, height });
      for (const [game, sfen] of Object.entries(FULL_HANDS)) {
        await page.goto(play(game, { sfen }));
        await expect(page.locator("svg.board [data-cell]").first()).toBeVisible();
        const m = await measure(page);
        // every kind but the king, for both sides
        expect(m.pieces.length, `${game}: pieces in hand`).toBeGreaterThanOrEqual(10);
        problems.push(...check(m, `${width}x${height} ${game} full hands`));
      }
    }
    expect(problems).toEqual([]);
  });

  test("the move list beside the board scrolls inside its column to keep the current move in view", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    // 44 plies that never repeat a position: each king walks a snake over three ranks
    const range = (from, to) => {
      const out = [];
      for (let f = from; from <= to ? f <= to : f >= to; f += from <= to ? 1 : -1) out.push(f);
      return out;
    };
    const sentePath = [...range(4, 1).map((f) => `${f}i`), ...range(1, 9).map((f) => `${f}h`), ...range(9, 1).map((f) => `${f}g`)];
    const gotePath = [...range(6, 9).map((f) => `${f}a`), ...range(9, 1).map((f) => `${f}b`), ...range(1, 9).map((f) => `${f}c`)];
    const walk = (from, path) => path.map((to) => { const m = `${from}${to}`; from = to; return m; });
    const sente = walk("5i", sentePath);
    const gote = walk("5a", gotePath);
    const moves = sente.flatMap((m, i) => [m, gote[i]]);
    // a saved game (as the app keeps one) of those moves, opened by its address
    await page.goto("/");
    await page.evaluate((moves) => {
      const entry = { schema: 1, id: "long1", created: 1, updated: 2, game: "shogi", level: 4, position: "4k4/9/9/9/9/9/9/9/4K4 b - 1", moves };
      localStorage.setItem("koma.game.long1", JSON.stringify(entry));
    }, moves);
    await page.goto(play("shogi", { saved: "long1" }));
    const list = page.locator(".side .moves");
    await expect(list.locator("li[data-ply]")).toHaveCount(moves.length);
    const shown = (ply) =>
      list.evaluate((ol, ply) => {
        const li = ol.querySelector(`li[data-ply="${ply}"]`);
        const [a, b] = [ol.getBoundingClientRect(), li.getBoundingClientRect()];
        return { scrolls: ol.scrollHeight > ol.clientHeight, inView: b.top >= a.top - 1 && b.bottom <= a.bottom + 1, pageY: scrollY };
      }, ply);
    // the newest move is in view, and the list (not the page) scrolled to it
    let s = await shown(moves.length);
    expect(s.scrolls, "44 moves overflow the column").toBe(true);
    expect(s.inView).toBe(true);
    expect(s.pageY).toBe(0);
    // back to the first move: the list scrolls back
    await page.locator('[data-nav="first"]').click();
    await page.locator('[data-nav="next"]').click();
    s = await shown(1);
    expect(s.inView).toBe(true);
    expect(s.pageY).toBe(0);
    // the board, hands and controls still in view
    expect(check(await measure(page), "1366x768 shogi, 44 moves")).toEqual([]);
  });
});
