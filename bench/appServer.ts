// What the browser benchmarks share: the built app served on a port, and React's commit count.

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
