// Shared helpers: real pointer drags and taps on a board, one helper a gesture (`drag`, `tap`),
// each taking the `scope` its elements are found in (the page by default; a frame or a section
// of the page). On the phone-sized window (a touch screen) they are made with a finger, through
// Chromium's touch input; on the desktop window with the mouse. `serve` starts a static server
// over a folder; `GAMES` is read from the rules' own list of game ids.
import { expect, test } from "@playwright/test";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

const byTouch = () => Boolean(test.info().project.use.hasTouch);

/** A finger drag through Chromium's touch input (CDP), in small steps. */
export async function fingerDrag(page, from, to, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch("touchStart", from);
  for (let i = 1; i <= steps; i++) {
    await touch("touchMove", { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps });
  }
  // a finger settles on the square before it lifts (a lift still moving at the drag's speed
  // would be a fling, and Chromium drops the click of a tap that follows one)
  await touch("touchMove", to);
  await new Promise((ok) => setTimeout(ok, 80));
  await touch("touchMove", to);
  await touch("touchEnd");
  await cdp.detach();
}

/** The centre of the first element `selector` finds in `scope` (the page, a frame or a
 * locator), in the page's coordinates. */
export async function centre(scope, selector) {
  const box = await scope.locator(selector).first().boundingBox();
  expect(box, `${selector} has a box`).not.toBeNull();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Fail, naming what is there, unless the point is on the element `sel` names or, for a cell,
 * on the piece standing on it: a press must land where the test means it to, and a board that
 * moved after its position was read would otherwise take the gesture somewhere else. */
export async function expectHit(page, p, sel) {
  const hit = await page.evaluate(
    ({ x, y, sel }) => {
      const el = document.elementFromPoint(x, y);
      if (!el) return "nothing";
      if (el.closest(sel)) return "ok";
      const cell = /^\[data-cell="([^"]+)"\]$/.exec(sel);
      const piece = el.closest("[data-square]");
      if (cell && piece && piece.getAttribute("data-square") === cell[1]) return "ok";
      return el.outerHTML.slice(0, 120);
    },
    { x: p.x, y: p.y, sel },
  );
  expect(hit, `the press at ${Math.round(p.x)},${Math.round(p.y)} lands on ${sel}`).toBe("ok");
}

/** Drag from one element's centre to another's, in small steps: by finger on a touch screen,
 * else with the mouse. The elements are found in `scope` (default: the page, where the press is
 * also checked to land on the element). */
export async function drag(page, fromSel, toSel, { scope = page, steps = 10 } = {}) {
  const from = await centre(scope, fromSel);
  const to = await centre(scope, toSel);
  if (scope === page) await expectHit(page, from, fromSel);
  if (byTouch()) {
    return fingerDrag(page, from, to, steps);
  }
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  }
  await page.mouse.up();
}

/** Tap the centre of an element (a selector found in `scope`, default the page, or a locator):
 * a finger on a touch screen, else a mouse click. An element below the fold (the start screen's
 * form on a phone, under the game cards) is scrolled to first, as a person would. */
export async function tap(page, sel, { scope = page } = {}) {
  const loc = typeof sel === "string" ? scope.locator(sel).first() : sel;
  await loc.scrollIntoViewIfNeeded();
  const box = await loc.boundingBox();
  expect(box, `${sel} has a box`).not.toBeNull();
  const p = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  if (byTouch()) {
    await page.touchscreen.tap(p.x, p.y);
  } else {
    await page.mouse.click(p.x, p.y);
  }
}

export const cell = (sq) => `[data-cell="${sq}"]`;
export const onBoard = (sq) => `.pieces [data-square="${sq}"]`;
export const inHand = (owner, letter) => `[data-hand="${owner}"] [data-piece="${letter}"]`;

export function play(game, params = {}) {
  const q = new URLSearchParams(params).toString();
  return `/#/play/${game}${q ? "?" + q : ""}`;
}

export async function status(page) {
  const s = page.locator("[data-status]");
  return {
    turn: await s.getAttribute("data-turn"),
    result: await s.getAttribute("data-result"),
    reason: await s.getAttribute("data-reason"),
  };
}

/** Make some legal move for the side to move, by taps as a person would: the `pick`-th piece
 * (hand first, then the board, round the list) that shows destinations goes to its first one;
 * an optional promotion is taken. Waits until the move list holds the move (a computer
 * opponent may have answered it already: the list may then hold one more). */
export async function anyMove(page, pick = 0) {
  const turn = await page.locator("[data-status]").getAttribute("data-turn");
  const before = await page.locator(".moves li[data-ply]").count();
  const sources = await page.evaluate((turn) => {
    const hand = [...document.querySelectorAll(`[data-hand="${turn}"] [data-piece]`)].map(
      (e) => `[data-hand="${turn}"] [data-piece="${e.getAttribute("data-piece")}"]`,
    );
    const board = [...document.querySelectorAll(`.pieces [data-owner="${turn}"]`)].map(
      (e) => `.pieces [data-square="${e.getAttribute("data-square")}"]`,
    );
    return [...hand, ...board];
  }, turn);
  expect(sources.length, "the side to move has pieces").toBeGreaterThan(0);
  for (let i = 0; i < sources.length; i++) {
    const src = sources[(pick + i) % sources.length];
    await tap(page, src);
    const dests = page.locator("[data-dest]");
    if ((await dests.count()) === 0) continue;
    const to = await dests.first().getAttribute("data-dest");
    await tap(page, `[data-cell="${to}"]`);
    const promote = page.locator('[data-promote="yes"]');
    if ((await promote.count()) > 0) await tap(page, '[data-promote="yes"]');
    await expect(page.locator(".moves li[data-ply]").nth(before)).toBeAttached();
    return;
  }
  throw new Error("no piece of the side to move could move");
}

/** What a person sees of the game: every piece, the hands, the move list, whose turn, the
 * result, and the clocks. */
export async function seen(page) {
  return page.evaluate(() => {
    const attrs = (sel, names) =>
      [...document.querySelectorAll(sel)].map((e) => names.map((n) => e.getAttribute(n)).join(":")).sort();
    const s = document.querySelector("[data-status]");
    return {
      pieces: attrs(".pieces [data-piece]", ["data-piece", "data-owner", "data-square"]),
      hands: attrs("[data-hand] [data-piece]", ["data-piece", "data-count"]),
      moves: [...document.querySelectorAll(".moves li[data-ply]")].map((e) => e.textContent),
      turn: s.getAttribute("data-turn"),
      result: s.getAttribute("data-result"),
      reason: s.getAttribute("data-reason"),
      clocks: [...document.querySelectorAll("[data-clock]")].map((e) => ({
        seat: e.getAttribute("data-clock"),
        ms: Number(e.getAttribute("data-ms")),
        running: e.classList.contains("running"),
      })),
    };
  });
}

/** Every game id, as the rules list them (`GameId::as_str`'s names, in `GameId::ALL`'s order). */
export const GAMES = (() => {
  const src = readFileSync(join(here, "../../crates/rules/src/variant/mod.rs"), "utf8");
  const names = /const NAMES: \[&str; \d+\] = \[([^\]]*)\]/.exec(src);
  if (!names) throw new Error("the rules' list of game ids is not where the tests read it");
  return [...names[1].matchAll(/"([a-z0-9]+)"/g)].map((m) => m[1]);
})();

/** Serve the folder `dir` over HTTP on a free loopback port (`web/serve.mjs`, as the tests'
 * own server does); resolves to its origin and a `stop`. */
export async function serve(dir) {
  const server = spawn(process.execPath, [join(here, "../serve.mjs"), dir, "0"], { stdio: "pipe" });
  const origin = await new Promise((ok, fail) => {
    let out = "";
    server.stdout.on("data", (d) => {
      out += d;
      const m = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (m) ok(m[1]);
    });
    server.on("exit", (c) => fail(new Error(`the static server exited (${c}): ${out}`)));
  });
  return { origin, stop: () => server.kill() };
}

const hosts = [];

/** Open `html` as page `name` of a host of another origin: its own static server on the
 * loopback, over a folder the test writes (Chromium lets a loopback page load Koma from the
 * loopback); the page's name rather than its address makes it another origin than the app's.
 * `closeHosts` (after each test) stops them. */
export async function hostPage(page, name, html) {
  const dir = await mkdtemp(join(tmpdir(), "koma-host-"));
  await writeFile(join(dir, name), html);
  const server = await serve(dir);
  hosts.push({ server, dir });
  await page.goto(`${server.origin.replace("127.0.0.1", "localhost")}/${name}`);
}

/** Stop the host pages' servers and remove their folders. */
export async function closeHosts() {
  for (const { server, dir } of hosts.splice(0)) {
    server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A move in a game's notation, split: a drop (`P*3b`, `P*0,0`), a board move (`7g7f+`,
 * `0,1:0,0+`) or a lion's double move (`6h6g5f`). */
export function parseMove(mv) {
  const promote = mv.endsWith("+");
  const m = promote ? mv.slice(0, -1) : mv;
  if (m.includes("*")) {
    const [piece, to] = m.split("*");
    return { drop: piece, to, promote };
  }
  if (m.includes(":")) {
    const [from, to] = m.split(":");
    return { from, to, promote };
  }
  const cells = m.match(/\d+[a-l]/g);
  if (cells.length === 3) return { from: cells[0], mid: cells[1], to: cells[2], promote };
  return { from: cells[0], to: cells[1], promote };
}

/** Play `player`'s move `mv` (the game's notation) by hand on the board in `scope`: a drag (a
 * drop from the hand), the promotion answered when the board asks, a lion's second step
 * tapped; `declare` or `impasse`, an exercise's claim, its button tapped. */
export async function playMove(page, mv, player, { scope = page } = {}) {
  // an exercise's claim, made instead of a move (`koma learn lines` writes the goal's word)
  if (mv === "declare" || mv === "impasse") {
    await tap(page, scope.locator(`[data-action="${mv}"]`));
    return;
  }
  const m = parseMove(mv);
  if (m.drop) {
    await drag(page, inHand(player, m.drop), cell(m.to), { scope });
    return;
  }
  if (m.mid) {
    await drag(page, onBoard(m.from), cell(m.mid), { scope });
    await expect(scope.locator(`[data-dest="${m.to}"]`)).toHaveCount(1);
    await tap(page, cell(m.to), { scope });
    return;
  }
  await drag(page, onBoard(m.from), cell(m.to), { scope });
  // an optional promotion is asked; a forced one or none is not; a lion's step onto a square
  // from which a second step exists waits there (the square itself stops it); a refused move
  // is named
  const ask = scope.locator(`[data-promote="${m.promote ? "yes" : "no"}"]`);
  const moved = scope.locator(`.pieces [data-owner="${player}"][data-square="${m.to}"]`);
  const stop = scope.locator(`[data-dest="${m.to}"]`);
  const refused = scope.locator("[data-foul]");
  await expect(ask.or(moved).or(stop).or(refused).first()).toBeVisible();
  if ((await stop.count()) && !(await moved.count())) {
    await tap(page, cell(m.to), { scope });
    await expect(ask.or(moved).or(refused).first()).toBeVisible();
  }
  if (await ask.count()) await tap(page, ask);
}
