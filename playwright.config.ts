import { defineConfig, devices } from "@playwright/test";

import { E2E } from "./tests/e2e/env.ts";

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // a long admin walk took 48 s at load 30 and the axe walks 45–50 s on a quiet CI run, 2 min beside another run:
  // 180 s leaves them room on a busy machine; only a failing test waits this long
  timeout: 180_000,
  // generous: on a busy 2-core CI machine a navigation and its render took over 7 s (a toast not seen in time);
  // an expectation that holds passes as soon as it holds, so only a failing test waits this long
  expect: { timeout: 15_000 },
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results",
  reporter: [["list"], ["json", { outputFile: process.env.PW_JSON ?? "reports/playwright.json" }]],
  use: {
    baseURL: E2E.baseURL,
    locale: "de-DE",
    trace: "retain-on-failure",
    // the app's service worker (push, offline page) stays out of other tests' page loads; channels.spec.ts allows it
    serviceWorkers: "block",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
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
    // The landing page shows one drop: the newest released one while it is live, else the next one's
    // countdown. channels.spec.ts watches a scheduled drop count down there, which any other test's live
    // drop would hide; so it runs first, on the fresh database, before the tests that release drops.
    {
      name: "drop-moment",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testMatch: /channels\.spec\.ts/,
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      testIgnore: [/mobile\.spec\.ts/, /channels\.spec\.ts/],
      dependencies: ["drop-moment"],
    },
    {
      name: "phone",
      use: { ...devices["Pixel 7"], viewport: { width: 375, height: 740 } },
      testMatch: /mobile\.spec\.ts/,
      dependencies: ["drop-moment"],
    },
  ],
  webServer: {
    command: "bash tests/e2e/start-server.sh",
    url: `${E2E.baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
