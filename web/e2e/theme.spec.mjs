// The dark theme: the page follows the system's colour scheme; text stays readable on it.
import { test, expect } from "@playwright/test";
import { play } from "./helpers.mjs";

test.use({ colorScheme: "dark" });

const luminance = (rgb) => {
  const [r, g, b] = rgb.match(/\d+/g).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

test("with the system's dark scheme the page is dark and its text light, the board as it is", async ({ page }, info) => {
  await page.goto(play("shogi"));
  await expect(page.locator("[data-cell]").first()).toBeVisible();
  const colours = await page.evaluate(() => {
    const css = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
    return {
      body: css("body", "backgroundColor"),
      text: css("[data-status]", "color"),
      button: css('[data-action="resign"]', "backgroundColor"),
      buttonText: css('[data-action="resign"]', "color"),
      coord: css("svg.board .coord", "fill"),
      wood: css("svg.board .board-bg", "fill"),
    };
  });
  expect(luminance(colours.body)).toBeLessThan(60);
  expect(luminance(colours.text)).toBeGreaterThan(180);
  expect(luminance(colours.buttonText) - luminance(colours.button)).toBeGreaterThan(120);
  expect(luminance(colours.coord)).toBeGreaterThan(180);
  // the wood stays wood
  expect(luminance(colours.wood)).toBeGreaterThan(150);
  await page.screenshot({ path: info.outputPath("dark.png") });
});
