// Accounts as people meet them: the release build served by a real koma-server (its own
// process, a SQLite file in a scratch folder), a person signing up, finding themselves signed
// in after a reload, signing out, a wrong password refused in words, and signing in again.
import { test, expect } from "@playwright/test";
import { tap } from "./helpers.mjs";
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
