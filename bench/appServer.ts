// What the browser benchmarks share: the built app served on a port, and React's commit count.

import type { Browser, BrowserContext, Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/**
 * Serves the built app in `root` on `port`, or uses a server already answering there. Returns
 * the started server (null when one was already up), for the caller to stop.
 */
export async function serveApp(port: number, root: string): Promise<ChildProcess | null> {
  const url = `http://localhost:${port}/`;
  const up = (): Promise<boolean> =>
    fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
  if (await up()) return null;
  if (!existsSync(resolve(root, "index.html")))
    throw new Error(`${root}/index.html is missing: run "npm run build" first`);
  const server = spawn(
    process.execPath,
    ["scripts/serve.mjs", "--port", String(port), "--root", root],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 100; i += 1) {
    if (await up()) return server;
    await new Promise((done) => setTimeout(done, 100));
  }
  server.kill();
  throw new Error(`the app server did not start on port ${port}`);
}

/**
 * An init script counting React commits through the hook React's DevTools use, which React
 * (production builds included) calls after every commit when it is present before React loads.
 */
export const REACT_COMMIT_COUNTER = `
  globalThis.__reactCommits = 0;
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    checkDCE() {},
    onCommitFiberRoot() { globalThis.__reactCommits += 1; },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onScheduleFiberRoot() {},
    setStrictMode() {},
  };
`;

/**
 * A fresh page of the app served on `port`, in a context of its own (so one scene's caches and
 * heap do not weigh on the next), with `scripts` run before the app's, once `window.linework` is
 * there. Close the context when done.
 */
export async function openAppPage(
  browser: Browser,
  port: number,
  viewport: { readonly width: number; readonly height: number },
  scripts: readonly string[] = [],
): Promise<{ readonly context: BrowserContext; readonly page: Page }> {
  const context = await browser.newContext({ viewport });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript("globalThis.__name = (f) => f;");
  for (const script of scripts) await context.addInitScript(script);
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/`);
  await page.waitForFunction(() => window.linework !== undefined, null, { timeout: 30_000 });
  return { context, page };
}
