import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_ENV } from "./e2e/chromium";

// Another port lets two test runs share a machine.
const PORT = Number(process.env.LINEWORK_TEST_PORT || 4173);

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1024, height: 700 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
      env: CHROMIUM_ENV,
    },
  },
  webServer: {
    command: `node scripts/serve.mjs --build --test-hooks --port ${PORT} --root dist-e2e-${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
