// Boards embedded in other pages, as a teacher's page uses them: an iframe on another origin
// that reports its moves, the custom element thirty times on one page, every mode, new
// positions from the host, hostile parameters, and a strict Content-Security-Policy.
import { test, expect } from "@playwright/test";
import { GAMES, closeHosts, drag, hostPage, tap } from "./helpers.mjs";

test.afterEach(closeHosts);

test.describe("embedded boards", () => {
  test.skip(({ isMobile }) => isMobile, "the embeds are tested on the desktop window");

  test("an iframe on another origin reports ready, moves, refusals and the end to its host", async ({ page, baseURL }) => {
    const src = `${baseURL}/embed.html?game=shogi&sfen=${encodeURIComponent("4k4/9/9/9/9/9/4P4/9/4K4 b GP 1")}&mode=play&lang=en&id=demo`;
    await hostPage(
      page,
      "lesson.html",
      `<!DOCTYPE html><meta charset="utf-8"><h1>二歩</h1><iframe id="f" src="${src}" width="420" height="560"></iframe>
       <script>window.got = []; addEventListener("message", (e) => window.got.push({ origin: e.origin, data: e.data }));</script>`,
    );
    const frame = page.frameLocator("#f");
    await expect(frame.locator("[data-cell]").first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.got.map((g) => g.data.type))).toContain("koma:ready");
    // a drop on the pawn's file: refused by name, in words on the board
    await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="5e"]', { scope: frame });
    await expect(frame.locator('[data-foul="nifu"]')).toContainText("two pawns");
    // a legal drop: reported with its move, position and ply
    await drag(page, '[data-hand="0"] [data-piece="P"]', '[data-cell="4e"]', { scope: frame });
    await expect.poll(() => page.evaluate(() => window.got.filter((g) => g.data.type === "koma:move").length)).toBe(1);
    const got = await page.evaluate(() => window.got);
    const move = got.find((g) => g.data.type === "koma:move");
    expect(move.origin).toBe(new URL(baseURL).origin);
    expect(move.data).toMatchObject({ id: "demo", game: "shogi", move: "P*4e", ply: 1, by: "reader" });
    expect(move.data.position).toContain("4k4/");
    const foul = got.find((g) => g.data.type === "koma:foul");
    expect(foul.data).toMatchObject({ id: "demo", rule: "nifu" });
    // the host shows another position by message
    await page.evaluate(() =>
      document.getElementById("f").contentWindow.postMessage(
        { type: "koma:set", options: { game: "minishogi", mode: "view", caption: "5五将棋" } },
        "*",
      ),
    );
    await expect(frame.locator("[data-cell]")).toHaveCount(25);
    await expect(frame.locator("[data-caption]")).toHaveText("5五将棋");
  });

  test("replay steps through the moves with a caption per ply; view does not move", async ({ page }) => {
    await page.goto(`/embed.html?game=shogi&moves=7g7f+3c3d+8h2b%2B&ply=0&mode=replay&captions=${encodeURIComponent("start|pawn|pawn|the bishop takes and promotes")}`);
    await expect(page.locator("[data-caption]")).toHaveText("start");
    await page.locator('[data-nav="next"]').click();
    await expect(page.locator("[data-caption]")).toHaveText("pawn");
    await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
    await page.locator('[data-nav="last"]').click();
    await expect(page.locator("[data-caption]")).toHaveText("the bishop takes and promotes");
    await expect(page.locator('[data-piece="+B"][data-square="2b"]')).toHaveCount(1);
    await page.locator('[data-nav="first"]').click();
    await expect(page.locator('[data-piece="B"][data-owner="0"][data-square="8h"]')).toHaveCount(1);
    // a still board: a piece picked up shows no destinations
    await page.goto("/embed.html?game=chushogi&mode=view&marks=7g:red+6f&arrows=7i>7h:blue");
    await expect(page.locator("[data-mark]")).toHaveCount(2);
    await expect(page.locator('[data-arrow="7i>7h"]')).toHaveCount(1);
    await tap(page, '.pieces [data-square="7i"]');
    await expect(page.locator("[data-dest]")).toHaveCount(0);
  });

  test("a puzzle: a wrong try is answered and taken back, the right move gets the reply, then solved", async ({ page }) => {
    // the line: the reader's check, the king's step aside, the reader's next drop
    const sfen = "4k4/9/4P4/9/9/9/9/9/4K4 b 2G 1";
    await page.goto(`/embed.html?game=shogi&sfen=${encodeURIComponent(sfen)}&moves=${encodeURIComponent("G*4b 5a6a G*5b")}&mode=puzzle&lang=en`);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "waiting");
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="6b"]');
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "wrong");
    await expect(page.locator('[data-hand="0"] [data-piece="G"]')).toHaveCount(1);
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="4b"]');
    // the reply comes by itself
    await expect(page.locator('[data-piece="K"][data-owner="1"][data-square="6a"]')).toHaveCount(1);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "right");
  });

  test("a mate puzzle takes another mate as fast; a puzzle with no moves is the solver's mate", async ({ page }) => {
    // two golds mate in one, the stored line names one of them: the other is right too
    const two = "8k/9/7G1/9/9/9/9/9/K8 b G 1";
    await page.goto(`/embed.html?game=shogi&sfen=${encodeURIComponent(two)}&moves=${encodeURIComponent("G*1b")}&mode=puzzle&lang=en`);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "waiting");
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="2b"]');
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "solved");
    await expect(page.locator('[data-piece="G"][data-owner="0"][data-square="2b"]')).toHaveCount(1);
    // a check that does not mate is still wrong, and taken back
    await page.goto(`/embed.html?game=shogi&sfen=${encodeURIComponent(two)}&moves=${encodeURIComponent("G*1b")}&mode=puzzle&lang=en`);
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="2a"]');
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "wrong");
    await expect(page.locator('[data-hand="0"] [data-piece="G"]')).toHaveCount(1);
    // no moves: the solver's mate in three is the solution; its defence follows by itself
    const three = "9/4k4/9/4P4/9/9/9/9/K8 b 2G 1";
    await page.goto(`/embed.html?game=shogi&sfen=${encodeURIComponent(three)}&mode=puzzle&lang=en`);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "waiting");
    await drag(page, '[data-hand="0"] [data-piece="G"]', '[data-cell="5c"]');
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "right");
    // the king's reply comes by itself: then the second gold mates wherever it went
    await expect(page.locator('[data-piece="K"][data-owner="1"]:not([data-square="5b"])')).toHaveCount(1);
    const king = await page.locator('[data-piece="K"][data-owner="1"]').getAttribute("data-square");
    const file = Number(king[0]);
    const mate = king[1] === "a" ? `${file}b` : `${file}${String.fromCharCode(king.charCodeAt(1) + 1)}`;
    await drag(page, '[data-hand="0"] [data-piece="G"]', `[data-cell="${mate}"]`);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "solved");
    // a position with no mate by checks says so, and the board stays still
    await page.goto(`/embed.html?game=shogi&sfen=${encodeURIComponent("4k4/9/9/9/9/9/9/9/4K4 b P 1")}&mode=puzzle&lang=en`);
    await expect(page.locator("[data-puzzle]")).toHaveAttribute("data-puzzle", "nomate");
    await expect(page.locator("[data-puzzle]")).toContainText("No mate by checks");
  });

  test("thirty <koma-board> elements on a page of another origin: the wasm loads once, boards mount as they come into view", async ({ page, baseURL, context }) => {
    const boards = Array.from({ length: 30 }, (_, i) => {
      const game = GAMES[i % GAMES.length];
      return `<section><h2>Board ${i + 1}</h2><koma-board id="b${i}" game="${game}" mode="replay" moves="" caption="board ${i + 1}"></koma-board></section>`;
    }).join("\n");
    const wasmLoads = [];
    page.on("request", (r) => r.url().endsWith(".wasm") && wasmLoads.push(r.url()));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const t0 = Date.now();
    // Timed in the page, from its start: when the first board's cells are in the document, and
    // when the frame that shows them has been drawn. The test waits for the page's console line
    // and runs nothing in the page before it (see offline.spec.mjs: Playwright's own script,
    // evaluated in the page by a poll, takes the page's main thread).
    const firstShown = page.waitForEvent("console", { predicate: (m) => m.text() === "koma:first-board", timeout: 30_000 });
    await hostPage(
      page,
      "thirty.html",
      `<!DOCTYPE html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
       <style>section { width: 420px; margin: 0 auto 40px; }</style>
       <script>
         new MutationObserver((_, o) => {
           if (!document.querySelector("#b0 [data-cell]")) return;
           o.disconnect();
           window.__cells = performance.now();
           requestAnimationFrame(() => setTimeout(() => {
             window.__shown = performance.now();
             console.log("koma:first-board");
           }));
         }).observe(document, { childList: true, subtree: true });
       </script>
       <script type="module" src="${baseURL}/koma-embed.js"></script>
       <h1>Thirty boards</h1>${boards}`,
    );
    await firstShown;
    const [first, firstCells] = (await page.evaluate(() => [window.__shown, window.__cells])).map(Math.round);
    await expect(page.locator("#b0 [data-cell]").first()).toBeVisible();
    // far below the fold: not mounted yet
    await expect(page.locator("#b29 [data-cell]")).toHaveCount(0);
    for (let i = 0; i < 30; i++) {
      await page.locator(`#b${i}`).scrollIntoViewIfNeeded();
      await expect(page.locator(`#b${i} [data-cell]`).first()).toBeAttached({ timeout: 30_000 });
    }
    const all = Date.now() - t0;
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    expect(new Set(wasmLoads).size).toBe(1);
    const metrics = Object.fromEntries((await cdp.send("Performance.enable").then(() => cdp.send("Performance.getMetrics"))).metrics.map((m) => [m.name, m.value]));
    const bytes = await page.evaluate(() =>
      performance.getEntriesByType("resource").filter((e) => /koma|board|embed/.test(e.name)).reduce((n, e) => n + e.transferSize, 0),
    );
    const wasmMemory = await page.evaluate(() => customElements.get("koma-board").memoryBytes());
    expect(wasmMemory).toBeGreaterThan(0);
    console.log(
      `embed figures: 30 boards, CPU 4x: the first shown ${first} ms after the page started (its cells in the page at ${firstCells} ms), all 30 ${all} ms (scrolled through); ` +
        `bytes loaded for the boards ${bytes}; wasm memory ${(wasmMemory / 1e6).toFixed(1)} MB, ` +
        `JS heap ${(metrics.JSHeapUsedSize / 1e6).toFixed(1)} MB, DOM nodes ${metrics.Nodes}`,
    );
    // each board is a live one: a replay element takes a new position by attribute
    await page.evaluate(() => document.getElementById("b0").setAttribute("moves", "7g7f 3c3d"));
    await expect(page.locator("#b0 [data-nav]").first()).toBeVisible();
    const events = await page.evaluate(
      () =>
        new Promise((ok) => {
          const el = document.getElementById("b0");
          el.addEventListener("koma:move", (e) => ok(e.detail));
          el.querySelector('[data-nav="first"]').click();
        }),
    );
    expect(events).toMatchObject({ type: "koma:move", game: "shogi", ply: 0 });
  });

  test("hostile parameters are data: no markup runs, bad positions get a message, huge texts are cut", async ({ page, baseURL }) => {
    const evil = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    await page.goto(`/embed.html?game=shogi&mode=view&caption=${encodeURIComponent(evil)}`);
    await expect(page.locator("[data-caption]")).toHaveText(evil);
    await expect(page.locator("[data-caption] img, [data-caption] script")).toHaveCount(0);
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    for (const [q, word] of [
      [`sfen=${encodeURIComponent("<script>alert(1)</script>")}`, "position"],
      [`game=${encodeURIComponent("javascript:alert(1)")}`, "javascript:alert(1)"],
      [`moves=${encodeURIComponent("7g7f <b>x</b>")}`, "move 2"],
      [`mode=${encodeURIComponent('" onmouseover="alert(1)')}`, "mode"],
      [`marks=${"9z ".repeat(3)}`, "9z"],
    ]) {
      await page.goto(`/embed.html?${q}&lang=en`);
      await expect(page.locator('[data-error="embed"]'), q).toContainText(word);
      expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
    }
    await page.goto(`/embed.html?caption=${"x".repeat(12_000)}`);
    expect((await page.locator("[data-caption]").textContent()).length).toBe(2000);
    // the element: the same reading
    await hostPage(
      page,
      "evil.html",
      `<!DOCTYPE html><meta charset="utf-8"><script type="module" src="${baseURL}/koma-embed.js"></script>
       <koma-board id="e" game="shogi" caption="${evil.replaceAll('"', "&quot;")}"></koma-board>
       <koma-board id="g" game="&lt;script&gt;x&lt;/script&gt;"></koma-board>`,
    );
    await expect(page.locator("#e [data-caption]")).toHaveText(evil);
    await expect(page.locator('#g [data-error="embed"]')).toContainText("<script>x</script>");
    expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
  });

  test("under a strict Content-Security-Policy (no inline script, wasm-unsafe-eval only) the embed plays", async ({ page }) => {
    const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; frame-ancestors *";
    await page.route("**/embed.html*", async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), "content-security-policy": csp } });
    });
    const violations = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && violations.push(m.text()));
    await page.goto("/embed.html?game=minishogi&mode=play&lang=ja");
    await expect(page.locator("[data-cell]")).toHaveCount(25);
    await drag(page, '.pieces [data-square="5d"]', '[data-cell="5c"]');
    await expect(page.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
    expect(violations).toEqual([]);
  });
});
