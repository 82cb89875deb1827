// Every word in the chosen language: each page is walked in Japanese and in English, and every
// text a person reads or hears (text, button and option labels, placeholders, accessible names)
// is checked for the other language's words.
import { test, expect } from "@playwright/test";
import { GAMES, anyMove, play } from "./helpers.mjs";

test.skip(({ isMobile }) => isMobile, "the words are the same on every window");

// Names that are the same in both languages: the notations' names, the app's name, the
// language switch itself.
const BOTH = ["SFEN", "USI", "KIF", "CSA", "JSON", "UTF-8", "Shift_JIS", "Koma", "English", "日本語"];

/** Every text of the page a person meets, but the board's drawing (pieces and coordinates are
 * in the game's own script), the move list (its notation is a setting of its own), the
 * buttons that switch those notations, and a game's name in the other language on its start
 * card (given on purpose, marked with its own lang). */
async function texts(page) {
  return page.evaluate(() => {
    const skip = (e) =>
      e.closest("svg.board text, .moves, [data-action=notation], [data-action=piece-style], [data-action=numbers], [data-action=lang], .other-name");
    const out = new Set();
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
      const n = walk.currentNode;
      const t = n.textContent.trim();
      if (t && n.parentElement && !skip(n.parentElement) && n.parentElement.closest("select, option, [hidden]") === null) out.add(t);
    }
    for (const e of document.querySelectorAll("option")) out.add(e.textContent.trim());
    for (const e of document.querySelectorAll("[placeholder], [aria-label]")) {
      if (skip(e)) continue;
      for (const a of ["placeholder", "aria-label"]) if (e.getAttribute(a)) out.add(e.getAttribute(a));
    }
    return [...out];
  });
}

const english = (t) => BOTH.reduce((s, w) => s.replaceAll(w, ""), t).match(/[A-Za-z]{3,}/);
// Japanese text with no English beside it (a Japanese term glossed in English is meant)
const japaneseOnly = (t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(BOTH.reduce((s, w) => s.replaceAll(w, ""), t)) && !/[A-Za-z]{3,}/.test(t);

async function visit(page, lang) {
  const pages = ["/#/", "/#/games"];
  for (const game of GAMES) pages.push(play(game, { clock: "600+30" }));
  const found = [];
  for (const url of pages) {
    await page.goto(url);
    if ((await page.locator("main").getAttribute("lang")) !== lang) {
      await page.locator('[data-action="lang"]').click();
      await expect(page.locator("main")).toHaveAttribute("lang", lang);
    }
    if (url.includes("/play/")) {
      await anyMove(page);
      await page.locator("details.record summary").click();
      await page.locator('[data-export-format="usi"]').click();
    }
    for (const t of await texts(page)) {
      const bad = lang === "ja" ? english(t) : japaneseOnly(t);
      if (bad) found.push(`${url}: ${t.slice(0, 80)}`);
    }
  }
  return found;
}

test("in Japanese no English words are left", async ({ page }) => {
  expect(await visit(page, "ja")).toEqual([]);
});

test("in English no Japanese-only texts are left", async ({ page }) => {
  expect(await visit(page, "en")).toEqual([]);
});

// What a person gave, quoted back in a fault: an address's `key=value` and text in 「」.
const given = (t) => t.replace(/[a-z]+=[^：\s]*/g, "").replace(/「[^」]*」/g, "");

test("in Japanese a fault is said in Japanese: addresses, embeds, records", async ({ page }) => {
  await page.goto("/#/");
  if ((await page.locator("main").getAttribute("lang")) !== "ja") {
    await page.locator('[data-action="lang"]').click();
    await expect(page.locator("main")).toHaveAttribute("lang", "ja");
  }
  const address = '[data-error="address"]';
  const cases = [
    [play("shogi", { sfen: "9/9 b - 1" }), address, "盤が2段あります"],
    [play("shogi", { sfen: "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b 0P 1" }), address, "枚数が0です"],
    [play("shogi", { clock: "soon" }), address, "持ち時間"],
    [play("chushogi", { preset: "x" }), address, "中将棋のルール"],
    [play("shogi", { computer: "7" }), address, "席は対局者の番号"],
    [play("shogi", { setup: "queen" }), address, "手合い"],
    ["/#/analysis/shogi?moves=7g7f,7f7e", address, "2手目"],
    ["/#/analysis/shogi?lines=9", address, "1から5"],
    ["/#/editor/shogi?sfen=x", address, "段"],
    ["/embed.html?mode=x", '[data-error="embed"]', "のどれかです"],
    ["/embed.html?moves=7g7f%209a1i", '[data-error="embed"]', "2手目"],
    ["/embed.html?marks=9z", '[data-error="embed"]', "マスではありません"],
  ];
  for (const [url, where, word] of cases) {
    await page.goto(url);
    await expect(page.locator(where), url).toContainText(word);
    const t = (await page.locator(where).textContent()).trim();
    expect(english(given(t)), `${url}: ${t}`).toBeNull();
  }
  // a record that cannot be loaded: named in Japanese, the game kept
  await page.goto(play("shogi"));
  await page.locator("details.record summary").click();
  for (const [record, word] of [
    ["position startpos moves 7g7f 9a1i", "手目"],
    ["手合割：謎落ち", "手合割"],
    ["position sfen 9/9 b - 1", "段"],
  ]) {
    await page.locator("[data-import]").fill(record);
    await page.locator('[data-action="import"]').click();
    await expect(page.locator("[data-import-error]"), record).toContainText(word);
    const t = (await page.locator("[data-import-error]").textContent()).trim();
    expect(english(given(t)), `${record}: ${t}`).toBeNull();
  }
  await expect(page.locator(".moves li[data-ply]")).toHaveCount(0);
});
