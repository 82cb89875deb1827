// How moves feel: a moved piece slides (about 120 ms) unless it was dragged there or the system
// asks for reduced motion, and the slide never holds the next move back; sounds for a move, a
// capture and a check, off until switched on and kept; the pieces each side has taken in chu
// shogi (no drops, so no hands show them).
import { test, expect } from "@playwright/test";
import { cell, drag, onBoard, play, tap } from "./helpers.mjs";

/** Record every animation the page starts (the square of its node and its duration), as it
 *  starts: reading the running animations after a move would race the 120 ms slide, which a busy
 *  machine can let end before the read. */
const recordSlides = (page) =>
  page.addInitScript(() => {
    window.__slides = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...a) {
      const anim = animate.apply(this, a);
      // only what is seen: the page's own boards, not the unseen board that readies the code
      if (this.isConnected) window.__slides.push({ square: this.getAttribute("data-square"), ms: anim.effect.getTiming().duration });
      return anim;
    };
  });

/** The durations of the animations started so far on the piece now standing on `sq`. */
const slides = (page, sq) =>
  page.evaluate((sq) => window.__slides.filter((s) => s.square === sq).map((s) => s.ms), sq);

test("a piece moved by taps slides to its square; a dragged one is already there", async ({ page }) => {
  await recordSlides(page);
  await page.goto(play("shogi"));
  await tap(page, onBoard("7g"));
  await tap(page, cell("7f"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  await expect.poll(() => slides(page, "7f")).toEqual([120]);
  // the next move at once, while the pawn still slides: it is taken
  await tap(page, onBoard("3c"));
  await tap(page, cell("3d"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
  await expect.poll(() => slides(page, "3d")).toEqual([120]);
  // a drag carries the piece: nothing slides after the release
  await drag(page, onBoard("2g"), cell("2f"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(3);
  // a tap move after it, so that a slide started late for the drag would be seen
  await tap(page, onBoard("4a"));
  await tap(page, cell("4b"));
  await expect.poll(() => slides(page, "4b")).toEqual([120]);
  expect(await slides(page, "2f")).toEqual([]);
});

test.describe("with reduced motion", () => {
  test.use({ reducedMotion: "reduce" });
  test("nothing slides", async ({ page }) => {
    await recordSlides(page);
    await page.goto(play("shogi"));
    await tap(page, onBoard("7g"));
    await tap(page, cell("7f"));
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
    await tap(page, onBoard("3c"));
    await tap(page, cell("3d"));
    await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
    expect(await page.evaluate(() => window.__slides)).toEqual([]);
  });
});

test("sounds: off until switched on, then a move, a capture and a check each sound, and the choice is kept", async ({ page }) => {
  // the tones the page starts, read from the Web Audio API
  await page.addInitScript(() => {
    window.__tones = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...a) {
      window.__tones.push(Math.round(this.frequency.value));
      return start.apply(this, a);
    };
  });
  // sente's pawn takes gote's, then the rook checks
  const sfen = "4k4/9/9/9/4p4/4P4/9/9/R3K4 b - 1";
  await page.goto(play("shogi", { sfen }));
  const tones = () => page.evaluate(() => window.__tones);
  const sound = page.locator('[data-action="sound"]');
  await expect(sound).toHaveAttribute("aria-pressed", "false");
  await tap(page, onBoard("9i"));
  await tap(page, cell("9h"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  await tap(page, onBoard("5a"));
  await tap(page, cell("4a"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(2);
  expect(await tones()).toEqual([]);
  await sound.click();
  await expect(sound).toHaveAttribute("aria-pressed", "true");
  // a capture
  await tap(page, onBoard("5f"));
  await tap(page, cell("5e"));
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(3);
  await expect.poll(tones).toEqual([170, 240]);
  // a move
  await tap(page, onBoard("4a"));
  await tap(page, cell("3a"));
  await expect.poll(tones).toEqual([170, 240, 190]);
  // a check
  await tap(page, onBoard("9h"));
  await tap(page, cell("3h"));
  await expect.poll(tones).toEqual([170, 240, 190, 660, 880]);
  await expect(page.locator("[data-status]")).toContainText(/check|王手/);
  // kept for the next game
  await page.goto(play("minishogi"));
  await expect(page.locator('[data-action="sound"]')).toHaveAttribute("aria-pressed", "true");
});

test("chu shogi shows the pieces each side has taken", async ({ page }) => {
  // a pawn facing a pawn
  const sfen = "5k6/12/12/12/12/5p6/5P6/12/12/12/12/6K5 b - 1";
  await page.goto(play("chushogi", { sfen }));
  await expect(page.locator('[data-captured="0"]')).toContainText("0");
  await expect(page.locator('[data-captured="1"]')).toContainText("0");
  await tap(page, '.pieces [data-piece="P"][data-owner="0"]');
  await tap(page, "[data-dest]");
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(1);
  await expect(page.locator('[data-captured="0"]')).toContainText("1");
  await expect(page.locator('[data-captured="1"]')).toContainText("0");
});
