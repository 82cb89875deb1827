// Accounts as people meet them: the release build served by a real koma-server (its own
// process, a SQLite file in a scratch folder), a person signing up, finding themselves signed
// in after a reload, signing out, a wrong password refused in words, and signing in again.
import { test, expect } from "@playwright/test";
import { cell, drag, onBoard, tap } from "./helpers.mjs";
import { startServer } from "./servers.mjs";

let server;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

test("a person signs up from the lobby, stays signed in across a reload, signs out and in again", async ({ browser }, info) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: info.project.use.viewport, hasTouch: info.project.use.hasTouch, isMobile: info.project.use.isMobile });
  const page = await context.newPage();
  // a name of this project's own (the same server serves both window sizes)
  const name = `Hana-${info.project.name}`;
  await page.goto("/#/lobby");
  await tap(page, '[data-action="account"]');
  const form = page.locator("[data-signin]");
  await expect(form).toBeVisible();
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill("correct horse");
  await tap(page, '[data-action="sign-up"]');
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", name);
  // the session is a cookie the page cannot read
  expect(await page.evaluate(() => document.cookie)).not.toContain("koma_session");
  await page.screenshot({ path: info.outputPath("account-signed-in.png") });
  await page.reload();
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", name);
  await tap(page, '[data-action="sign-out"]');
  await expect(page.locator("[data-signin]")).toBeVisible();
  // the same name again is taken, whatever its case
  await form.locator('input[name="name"]').fill(name.toUpperCase());
  await form.locator('input[name="password"]').fill("another horse");
  await tap(page, '[data-action="sign-up"]');
  await expect(page.locator('[data-error="account"]')).toBeVisible();
  // a wrong password is refused in words; the right one signs in
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill("wrong horse");
  await tap(page, '[data-action="sign-in"]');
  await expect(page.locator('[data-error="account"]')).toContainText(/wrong name or password|違います/);
  await form.locator('input[name="password"]').fill("correct horse");
  await tap(page, '[data-action="sign-in"]');
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", name);
  await expect(page.locator('[data-error="account"]')).toHaveCount(0);
  await context.close();
});

test("a passkey is registered and signs in through Chromium's virtual authenticator, then is removed", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  // a passkey belongs to a host name: the server as localhost (an address of digits has none)
  const base = server.url.replace("127.0.0.1", "localhost");
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await page.goto("/#/account");
  const form = page.locator("[data-signin]");
  await form.locator('input[name="name"]').fill("Key-Hanako");
  await form.locator('input[name="password"]').fill("correct horse");
  await tap(page, '[data-action="sign-up"]');
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", "Key-Hanako");
  // no passkey yet: signing in with one is refused in words
  await expect(page.locator("[data-passkeys]")).toHaveAttribute("data-passkeys", "0");
  await tap(page, '[data-action="add-passkey"]');
  await expect(page.locator("[data-passkey]")).toHaveCount(1);
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  await page.screenshot({ path: info.outputPath("passkey-added.png") });
  // signed out, the name and the passkey sign in: no password typed
  await tap(page, '[data-action="sign-out"]');
  await expect(form).toBeVisible();
  await form.locator('input[name="name"]').fill("nobody-here");
  await tap(page, '[data-action="passkey-sign-in"]');
  await expect(page.locator('[data-error="account"]')).toContainText(/no passkey for this name/);
  await form.locator('input[name="name"]').fill("key-hanako");
  await tap(page, '[data-action="passkey-sign-in"]');
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", "Key-Hanako");
  await expect(page.locator("[data-passkey]")).toContainText(/last used/);
  // the authenticator counted the signature the server checked
  const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);
  // removed, it signs in no more
  await tap(page, '[data-action="remove-passkey"]');
  await expect(page.locator("[data-passkey]")).toHaveCount(0);
  await tap(page, '[data-action="sign-out"]');
  await form.locator('input[name="name"]').fill("Key-Hanako");
  await tap(page, '[data-action="passkey-sign-in"]');
  await expect(page.locator('[data-error="account"]')).toContainText(/no passkey for this name/);
  await context.close();
});

/** A person of their own device who signs up (or, `how` = "sign-in", in) on `#/account`. */
async function signedUp(browser, name, { srv = server, how = "sign-up" } = {}) {
  const context = await browser.newContext({ baseURL: srv.url });
  const page = await context.newPage();
  await page.goto("/#/account");
  const form = page.locator("[data-signin]");
  await form.locator('input[name="name"]').fill(name);
  await form.locator('input[name="password"]').fill("correct horse");
  await tap(page, `[data-action="${how}"]`);
  await expect(page.locator("[data-account]")).toHaveAttribute("data-account", name);
  return page;
}

test("two signed-in people play a rated game from the lobby and see their new ratings", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const a = await signedUp(browser, "Rated-Hanako");
  const b = await signedUp(browser, "Rated-Taro");
  // no rated game yet
  await expect(a.locator("[data-ratings]")).toContainText(/No rated game|まだありません/);
  // the start screen offers a rated game to a signed-in person
  await a.goto("/#/");
  await a.locator('select[name="clock"]').selectOption("600+30");
  await a.locator('[data-rated] input[name="rated"]').check();
  await tap(a, '[data-action="play-online"]');
  await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=[0-9a-f]{32}$/);
  await expect(a.locator("[data-rated-waiting]")).toHaveCount(1);
  await expect(a.locator("[data-invite]")).toHaveCount(0);
  const id = a.url().match(/online\/([0-9a-f]{16})/)[1];
  // the other takes it from the lobby, where it is marked rated
  await b.goto("/#/lobby");
  const row = b.locator(`[data-lobby-game="${id}"]`);
  await expect(row.locator("[data-rated-game]")).toHaveCount(1);
  await expect(row).toContainText("Rated-Hanako");
  await tap(b, `[data-lobby-game="${id}"] [data-take="1"]`);
  await expect(b).toHaveURL(new RegExp(`#/online/${id}\\?seat=`));
  // they play by drags under their accounts' names
  await expect(a.locator('[data-connection="1"]')).toContainText("Rated-Taro");
  await drag(a, onBoard("7g"), cell("7f"));
  await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  await drag(b, onBoard("3c"), cell("3d"));
  await expect(a.locator('[data-piece="P"][data-owner="1"][data-square="3d"]')).toHaveCount(1);
  await tap(b, '[data-action="resign"]');
  await expect(a.locator("[data-status]")).toHaveAttribute("data-result", "0");
  // each sees the new rating: shogi, rapid (10 minutes and 30 s byoyomi), provisional
  for (const [page, up] of [[a, true], [b, false]]) {
    await page.goto("/#/account");
    const r = page.locator('[data-rating][data-game="shogi"][data-speed="rapid"]');
    await expect(r).toHaveAttribute("data-provisional", "true");
    const points = Number(await r.getAttribute("data-rating"));
    expect(up ? points > 1500 : points < 1500).toBe(true);
  }
  // shogi ratings as kyu and dan, where the player asks, kept across a reload
  await expect(a.locator("[data-rank]")).toHaveCount(0);
  await a.locator('input[name="ranks"]').check();
  const rank = a.locator('[data-rating][data-game="shogi"][data-speed="rapid"] [data-rank]');
  await expect(rank).toHaveAttribute("data-rank", "1 kyu");
  await a.reload();
  await expect(rank).toHaveAttribute("data-rank", "1 kyu");
  await a.screenshot({ path: info.outputPath("account-rated.png") });
  // the other's public profile, from the link on one's own: ratings and a graph of them
  await tap(a, '[data-action="profile"]');
  await expect(a).toHaveURL(/#\/@\/Rated-Hanako$/);
  await a.goto("/#/@/rated-taro");
  await expect(a.locator("[data-profile]")).toHaveAttribute("data-profile", "Rated-Taro");
  const graph = a.locator('svg[data-rating-graph][data-game="shogi"][data-speed="rapid"]');
  await expect(graph.locator("circle[data-point]")).toHaveCount(1);
  expect(Number(await graph.locator("circle[data-point]").getAttribute("data-point"))).toBeLessThan(1500);
  await a.screenshot({ path: info.outputPath("profile.png") });
  // the games played, filtered, each opening in the analysis board; all in one archive
  await expect(a.locator("[data-played]")).toHaveCount(1);
  await a.locator('select[name="played-game"]').selectOption("minishogi");
  await expect(a.locator("[data-played]")).toHaveCount(0);
  await a.locator('select[name="played-game"]').selectOption("shogi");
  await expect(a.locator('[data-played][data-game="shogi"]')).toHaveCount(1);
  const archive = await a.request.get(await a.locator('[data-action="export"]').getAttribute("href"));
  expect(archive.headers()["content-type"]).toBe("application/zip");
  await tap(a, '[data-played] [data-action="analyse"]');
  await expect(a).toHaveURL(/#\/analysis\/shogi\?moves=7g7f,3c3d&ply=2$/);
  await expect(a.locator('[data-square="3d"][data-owner="1"]')).toHaveCount(1);
  await a.goto("/#/@/nobody-here");
  await expect(a.locator('[data-error="profile"]')).toBeVisible();
  await a.context().close();
  await b.context().close();
});

test("a challenge from a profile is declined, sent again and played; a seek's rating range turns a player away", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const a = await signedUp(browser, "Chal-Hanako");
  const b = await signedUp(browser, "Chal-Taro");
  // from Taro's profile, Hanako's start screen with his name to challenge
  await a.goto("/#/@/Chal-Taro");
  await tap(a, '[data-action="challenge"]');
  await expect(a).toHaveURL(/#\/$/);
  await expect(a.locator('input[name="challenge"]')).toHaveValue("Chal-Taro");
  await tap(a, '[data-action="play-online"]');
  await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=[0-9a-f]{32}$/);
  await expect(a.locator("[data-challenge-waiting]")).toContainText("Chal-Taro");
  await expect(a.locator("[data-invite]")).toHaveCount(0);
  const first = a.url().match(/online\/([0-9a-f]{16})/)[1];
  // Taro finds it on his start screen, and declines: Hanako's game is called off
  await b.goto("/#/");
  await expect(b.locator(`[data-challenge="${first}"]`)).toContainText(/Chal-Hanako challenges you|Chal-Hanakoさんからの挑戦/);
  await b.screenshot({ path: info.outputPath("challenge-received.png") });
  await tap(b, `[data-challenge="${first}"] [data-action="decline"]`);
  await expect(b.locator(`[data-challenge="${first}"]`)).toHaveCount(0);
  await expect(a.locator("[data-aborted]")).toHaveCount(1);
  // a rated one, typed by hand in another case; accepted, it is played by drags
  await a.goto("/#/");
  await a.locator('select[name="clock"]').selectOption("600+30");
  await a.locator('[data-rated] input[name="rated"]').check();
  await a.locator('input[name="challenge"]').fill("chal-taro");
  await expect(a.locator("[data-range-form]")).toHaveCount(0);
  await tap(a, '[data-action="play-online"]');
  await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=/);
  const second = a.url().match(/online\/([0-9a-f]{16})/)[1];
  await b.goto("/#/");
  await tap(b, `[data-challenge="${second}"] [data-action="accept"]`);
  await expect(b).toHaveURL(new RegExp(`#/online/${second}$`));
  await expect(a.locator('[data-connection="1"]')).toContainText("Chal-Taro");
  await drag(a, onBoard("7g"), cell("7f"));
  await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
  // Taro's seat is his account's (no link): he reloads and moves the moment his board shows
  await b.reload();
  await drag(b, onBoard("3c"), cell("3d"));
  await expect(a.locator('[data-piece="P"][data-owner="1"][data-square="3d"]')).toHaveCount(1);
  await expect(b.locator("[data-pending]")).toHaveCount(0);
  await tap(b, '[data-action="resign"]');
  await expect(a.locator("[data-status]")).toHaveAttribute("data-result", "0");
  // Hanako seeks a rated game for 1600 to 2000 only: Taro, now below 1500, is turned away
  await a.goto("/#/");
  await a.locator('select[name="clock"]').selectOption("600+30");
  await a.locator('[data-rated] input[name="rated"]').check();
  await a.locator('input[name="range-min"]').fill("1600");
  await a.locator('input[name="range-max"]').fill("2000");
  await tap(a, '[data-action="play-online"]');
  await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=/);
  const third = a.url().match(/online\/([0-9a-f]{16})/)[1];
  await b.goto("/#/lobby");
  const row = b.locator(`[data-seek="${third}"]`);
  await expect(row.locator("[data-range]")).toHaveAttribute("data-range", "1600-2000");
  await tap(b, `[data-seek="${third}"] [data-take="1"]`);
  await expect(b.locator('[data-error="take"]')).toContainText("range");
  await b.screenshot({ path: info.outputPath("seek-range-refused.png") });
  await a.context().close();
  await b.context().close();
});

test("a player leaves a rated game: the other sees the count down, claims the win and is rated for it", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const srv = await startServer({ args: ["--leave-seconds", "3"] });
  try {
    const a = await signedUp(browser, "Left-Hanako", { srv });
    const b = await signedUp(browser, "Left-Taro", { srv });
    await a.goto("/#/");
    await a.locator('select[name="clock"]').selectOption("600+30");
    await a.locator('[data-rated] input[name="rated"]').check();
    await tap(a, '[data-action="play-online"]');
    await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=/);
    const id = a.url().match(/online\/([0-9a-f]{16})/)[1];
    await b.goto("/#/lobby");
    await tap(b, `[data-seek="${id}"] [data-take="1"]`);
    await expect(b).toHaveURL(new RegExp(`#/online/${id}\\?seat=`));
    // a moves once it sees the other arrive (the waiting note then gives way to the board)
    await expect(a.locator('[data-connection="1"]')).toContainText("Left-Taro");
    await drag(a, onBoard("7g"), cell("7f"));
    await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
    // with the other here there is nothing to claim
    await expect(a.locator("[data-left]")).toHaveCount(0);
    // Taro closes his browser: Hanako sees the count down, then the claims
    await b.context().close();
    await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "offline");
    const left = a.locator("[data-left]");
    await expect(left).toHaveCount(1);
    expect(Number(await left.getAttribute("data-countdown"))).toBeGreaterThan(0);
    await a.screenshot({ path: info.outputPath("left-countdown.png") });
    await expect(left).toHaveAttribute("data-countdown", "0");
    await expect(a.locator('[data-action="claim-draw"]')).toHaveCount(1);
    await a.screenshot({ path: info.outputPath("left-claim.png") });
    await tap(a, '[data-action="claim-win"]');
    await expect(a.locator("[data-status]")).toHaveAttribute("data-result", "0");
    await expect(a.locator("[data-status]")).toHaveAttribute("data-reason", "abandoned");
    await expect(a.locator("[data-left]")).toHaveCount(0);
    await a.goto("/#/account");
    const r = a.locator('[data-rating][data-game="shogi"][data-speed="rapid"]');
    expect(Number(await r.getAttribute("data-rating"))).toBeGreaterThan(1500);
    await a.context().close();
  } finally {
    await srv.stop();
  }
});

test("three accounts play a rated Three Kingdoms game; two leave, the third claims it, and three ratings change", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const srv = await startServer({ args: ["--leave-seconds", "2"] });
  try {
    const [a, b, c] = [
      await signedUp(browser, "Hex-Liu", { srv }),
      await signedUp(browser, "Hex-Cao", { srv }),
      await signedUp(browser, "Hex-Sun", { srv }),
    ];
    await a.goto("/#/");
    await a.locator('select[name="game"]').selectOption("sangoku");
    await a.locator('select[name="clock"]').selectOption("600+30");
    await a.locator('[data-rated] input[name="rated"]').check();
    await tap(a, '[data-action="play-online"]');
    await expect(a).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=/);
    const id = a.url().match(/online\/([0-9a-f]{16})/)[1];
    // the two others take seats B and C from the lobby
    for (const [page, seat] of [[b, 1], [c, 2]]) {
      await page.goto("/#/lobby");
      await expect(page.locator(`[data-seek="${id}"]`)).toContainText("Hex-Liu");
      await tap(page, `[data-seek="${id}"] [data-take="${seat}"]`);
      await expect(page).toHaveURL(new RegExp(`#/online/${id}\\?seat=`));
    }
    const pages = [a, b, c];
    for (const p of pages) await expect(p.locator("[data-status]")).toHaveAttribute("data-turn", "0");
    // a round of the table by drags, each on its own screen
    for (const [seat, from, to, next] of [
      [0, "1,3", "0,2", "1"],
      [1, "3,1", "2,0", "2"],
      [2, "-4,1", "-2,0", "0"],
    ]) {
      await drag(pages[seat], cell(from), cell(to));
      for (const p of pages) await expect(p.locator("[data-status]")).toHaveAttribute("data-turn", next);
    }
    // Cao and Sun close their browsers; Liu waits out the count down and claims the game
    await b.context().close();
    await c.context().close();
    await expect(a.locator("[data-left]")).toHaveAttribute("data-countdown", "0");
    await tap(a, '[data-action="claim-win"]');
    await expect(a.locator("[data-status]")).toHaveAttribute("data-result", "0");
    await expect(a.locator("[data-status]")).toHaveAttribute("data-reason", "abandoned");
    // the winner first, the two others second together: three ratings changed
    await a.goto("/#/account");
    const mine = a.locator('[data-rating][data-game="sangoku"][data-speed="rapid"]');
    expect(Number(await mine.getAttribute("data-rating"))).toBeGreaterThan(1500);
    const theirs = [];
    for (const name of ["Hex-Cao", "Hex-Sun"]) {
      await a.goto(`/#/@/${name}`);
      const r = a.locator('[data-profile] [data-rating][data-game="sangoku"][data-speed="rapid"]');
      theirs.push(Number(await r.getAttribute("data-rating")));
    }
    expect(theirs[0]).toBeLessThan(1500);
    expect(theirs[1]).toBe(theirs[0]);
    await a.screenshot({ path: info.outputPath("hex-rated-profile.png") });
    await a.context().close();
  } finally {
    await srv.stop();
  }
});

test("two signed-in people pair through a pool, play the rated game by drags and see their ratings", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  const a = await signedUp(browser, "Pool-Hanako");
  const b = await signedUp(browser, "Pool-Taro");
  // signed out, a pool is refused in words with the way to sign in
  const stranger = await (await browser.newContext({ baseURL: server.url })).newPage();
  await stranger.goto("/#/lobby");
  await tap(stranger, '[data-pool="minishogi-blitz"]');
  await expect(stranger.locator('[data-error="pool"] a[href="#/account"]')).toHaveCount(1);
  await stranger.context().close();
  // one waits in the pool; the other joins it: both go to the game
  await a.goto("/#/lobby");
  await tap(a, '[data-pool="minishogi-blitz"]');
  await expect(a.locator('[data-pool-waiting="minishogi-blitz"]')).toHaveCount(1);
  await b.goto("/#/lobby");
  await expect(b.locator('[data-pool="minishogi-blitz"]')).toHaveAttribute("data-waiting", "1");
  await b.screenshot({ path: info.outputPath("pools.png") });
  await tap(b, '[data-pool="minishogi-blitz"]');
  for (const p of [a, b]) await expect(p).toHaveURL(/#\/online\/[0-9a-f]{16}\?seat=[0-9a-f]{32}$/);
  expect(a.url().match(/online\/([0-9a-f]{16})/)[1]).toBe(b.url().match(/online\/([0-9a-f]{16})/)[1]);
  // the seats were drawn: sente is whoever's own seat is 0
  await expect(a.locator('[data-connection="0"]')).toHaveAttribute("value", "online");
  await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
  const aIsSente = (await a.locator('[data-connection="0"]').textContent()).includes("Pool-Hanako");
  const [sente, gote] = aIsSente ? [a, b] : [b, a];
  await drag(sente, onBoard("5d"), cell("5c"));
  await expect(gote.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
  await drag(gote, onBoard("1b"), cell("1c"));
  await expect(sente.locator('[data-piece="P"][data-owner="1"][data-square="1c"]')).toHaveCount(1);
  await tap(gote, '[data-action="resign"]');
  await expect(sente.locator("[data-status]")).toHaveAttribute("data-result", "0");
  const game = sente.url();
  for (const [page, up] of [[sente, true], [gote, false]]) {
    await page.goto("/#/account");
    const r = page.locator('[data-rating][data-game="minishogi"][data-speed="blitz"]');
    const points = Number(await r.getAttribute("data-rating"));
    expect(up ? points > 1500 : points < 1500).toBe(true);
  }
  // back at the game, the loser asks for a rematch; the winner sees it offered and accepts:
  // both in the new game, colours swapped
  const gameId = game.match(/online\/([0-9a-f]{16})/)[1];
  for (const p of [sente, gote]) await p.goto(`/#/online/${gameId}`);
  await tap(gote, '[data-action="rematch"]');
  await expect(gote).not.toHaveURL(new RegExp(gameId));
  await expect(sente.locator("[data-rematch-offered]")).toHaveCount(1);
  await sente.screenshot({ path: info.outputPath("rematch-offered.png") });
  await tap(sente, '[data-action="rematch"]');
  await expect(sente).not.toHaveURL(new RegExp(gameId));
  const goteName = aIsSente ? "Pool-Taro" : "Pool-Hanako";
  for (const p of [sente, gote]) {
    await expect(p.locator('[data-connection="0"]')).toContainText(goteName);
    await expect(p.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
  }
  // the plates show each player's rating now (the winner's above 1500, provisional)
  for (const p of [sente, gote]) await expect(p.locator("[data-plate-rating]")).toHaveCount(2);
  // (seat 1 is the first game's winner now, seat 0 its loser)
  const plate = async (seat) => Number(await sente.locator(`[data-plate="${seat}"] [data-plate-rating]`).getAttribute("data-plate-rating"));
  expect(await plate(1)).toBeGreaterThan(1500);
  expect(await plate(0)).toBeLessThan(1500);
  await expect(sente.locator('[data-plate="1"] [data-plate-rating]')).toContainText("?");
  await sente.screenshot({ path: info.outputPath("rematch-plates.png") });
  // the old gote now moves first
  await drag(gote, onBoard("5d"), cell("5c"));
  await expect(sente.locator('[data-piece="P"][data-owner="0"][data-square="5c"]')).toHaveCount(1);
  await a.context().close();
  await b.context().close();
});

test("a correspondence game waits across a server restart; its player moves from another device", async ({ browser }, info) => {
  test.skip(info.project.name !== "desktop", "one device size is enough here");
  // a server of this test's own: it is killed and started again
  let own = await startServer();
  try {
    const a = await signedUp(browser, "Corr-Hanako", { srv: own });
    const b = await signedUp(browser, "Corr-Taro", { srv: own });
    await a.goto("/#/");
    await a.locator('select[name="clock"]').selectOption("1d");
    await a.locator('[data-rated] input[name="rated"]').check();
    await tap(a, '[data-action="play-online"]');
    await expect(a.locator("[data-rated-waiting]")).toHaveCount(1);
    const id = a.url().match(/online\/([0-9a-f]{16})/)[1];
    await b.goto("/#/lobby");
    await tap(b, `[data-lobby-game="${id}"] [data-take="1"]`);
    await expect(a.locator('[data-connection="1"]')).toHaveAttribute("value", "online");
    // a day a move: the clock reads in hours
    await expect(a.locator('[data-clock="0"]')).toHaveText(/^(23:59:\d\d|1d 0:00)$/);
    await drag(a, onBoard("7g"), cell("7f"));
    await expect(b.locator('[data-piece="P"][data-owner="0"][data-square="7f"]')).toHaveCount(1);
    // the start screen tells gote it is its move, and sente nothing
    await b.goto("/#/");
    await expect(b.locator(`[data-my-turn="${id}"]`)).toHaveCount(1);
    await a.goto("/#/");
    await expect(a.locator("[data-my-games]")).toHaveCount(0);
    // the server dies and starts again on the same database
    await own.kill();
    own = await own.again();
    // gote, on another device, signs in and finds the game waiting for its move
    const phone = await signedUp(browser, "Corr-Taro", { srv: own, how: "sign-in" });
    await expect(phone.locator(`[data-my-game="${id}"][data-my-turn]`)).toHaveCount(1);
    await phone.goto("/#/");
    await tap(phone, `[data-my-turn="${id}"] a`);
    await expect(phone).toHaveURL(new RegExp(`#/online/${id}$`));
    await expect(phone.locator('[data-connection="1"]')).toContainText(/\(you\)|あなた/);
    await expect(phone.locator(".moves li[data-ply]")).toHaveCount(1);
    await drag(phone, onBoard("3c"), cell("3d"));
    await expect(phone.locator('[data-piece="P"][data-owner="1"][data-square="3d"]')).toHaveCount(1);
    await phone.screenshot({ path: info.outputPath("correspondence.png") });
    // now it is sente's move, on its start screen
    await a.goto("/#/");
    await a.reload();
    await expect(a.locator(`[data-my-turn="${id}"]`)).toHaveCount(1);
    for (const p of [a, b, phone]) await p.context().close();
  } finally {
    await own.stop();
  }
});
