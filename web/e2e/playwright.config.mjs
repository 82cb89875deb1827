// Browser tests: Chromium from the system (never downloaded), against the release build in dist/.
import { defineConfig } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { dirname, resolve } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../../dist");

const port = Number(process.env.KOMA_E2E_PORT ?? 8090);

export default defineConfig({
  testDir: ".",
  outputDir: "test-results",
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  use: {
    // KOMA_E2E_TRACE=1 keeps a trace of each failing test (web/e2e/test-results)
    trace: process.env.KOMA_E2E_TRACE ? "retain-on-failure" : "off",
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 900 } } },
    { name: "phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  ],
  webServer: {
    command: `node "${resolve(here, "../serve.mjs")}" "${dist}" ${port}`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
