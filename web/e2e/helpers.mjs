// Shared helpers: real pointer drags and clicks on the board.
import { expect } from "@playwright/test";

export async function centre(page, selector) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, `${selector} has a box`).not.toBeNull();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drag with the mouse from one element's centre to another's, in small steps. */
export async function drag(page, fromSel, toSel, steps = 10) {
  const from = await centre(page, fromSel);
  const to = await centre(page, toSel);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  }
  await page.mouse.up();
}

/** Click the centre of an element with the mouse. */
export async function tap(page, sel) {
  const p = await centre(page, sel);
  await page.mouse.click(p.x, p.y);
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
