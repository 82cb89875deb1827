// The first screen: a 9x9 board drawn in SVG, and a piece dragged with a real pointer.
import { test, expect } from "@playwright/test";

async function centre(page, selector) {
  const box = await page.locator(selector).boundingBox();
  expect(box, `${selector} has a box`).not.toBeNull();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test("the start position is drawn on a 9x9 board that fits the window", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("svg.board [data-cell]")).toHaveCount(81);
  await expect(page.locator("svg.board [data-piece]")).toHaveCount(40);
  await expect(page.locator('[data-piece="K"][data-owner="0"][data-square="5i"]')).toHaveCount(1);
  await expect(page.locator('[data-piece="K"][data-owner="1"][data-square="5a"]')).toHaveCount(1);
  await expect(page.locator('[data-piece="R"][data-owner="0"][data-square="2h"]')).toHaveCount(1);
  const board = await page.locator("svg.board").boundingBox();
  const vp = page.viewportSize();
  expect(board.width).toBeLessThanOrEqual(vp.width);
  expect(board.y + board.height).toBeLessThanOrEqual(vp.height + 1);
  // cells are square and laid out in order: 9a is top-left, 1i bottom-right
  const a9 = await page.locator('[data-cell="9a"]').boundingBox();
  const i1 = await page.locator('[data-cell="1i"]').boundingBox();
  expect(a9.x).toBeLessThan(i1.x);
  expect(a9.y).toBeLessThan(i1.y);
  expect(Math.abs(a9.width - a9.height)).toBeLessThan(1);
});

test("a piece dragged with the mouse lands on the square it is dropped on", async ({ page }, info) => {
  await page.goto("/");
  const from = await centre(page, '[data-cell="7g"]');
  const to = await centre(page, '[data-cell="7e"]');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // move in steps, as a hand does; half way the piece follows the pointer
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    if (i === steps / 2) {
      const held = page.locator('[data-square="7g"]');
      await expect(held).toHaveClass(/held/);
      const t = await held.getAttribute("transform");
      expect(t).toMatch(/^translate\(/);
    }
  }
  await page.mouse.up();
  await expect(page.locator('[data-square="7g"]')).toHaveCount(0);
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7e"]')).toHaveCount(1);
  await expect(page.locator("svg.board [data-piece]")).toHaveCount(40);
  await page.screenshot({ path: info.outputPath("after-drag.png") });
});

test("a drag released off the board puts the piece back", async ({ page }) => {
  await page.goto("/");
  const from = await centre(page, '[data-cell="2h"]');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 5, from.y + 5);
  await page.mouse.move(2, 2);
  await page.mouse.up();
  await expect(page.locator('[data-piece="R"][data-square="2h"]')).toHaveCount(1);
  await expect(page.locator('[data-square="2h"]')).not.toHaveAttribute("transform", /.+/);
});

test("a piece dragged by a finger lands where the finger lifts", async ({ page }, info) => {
  test.skip(!info.project.use.hasTouch, "touch runs on the phone-sized window");
  await page.goto("/");
  const from = await centre(page, '[data-cell="3g"]');
  const to = await centre(page, '[data-cell="3e"]');
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch("touchStart", from);
  for (let i = 1; i <= 8; i++) {
    await touch("touchMove", { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 });
  }
  await touch("touchEnd");
  await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="3e"]')).toHaveCount(1);
  await expect(page.locator('[data-square="3g"]')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath("after-touch-drag.png") });
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
