// Benchmarks SVG import: parse, convert and one transaction into a store, for generated files of
// 10k and 100k paths, in Node and, when the app is built, in headless Chromium through
// `linework.importFile` (the worker for large files), with the longest main-thread task seen
// meanwhile. Prints JSON when run alone: npx tsx bench/import.ts
// Targets: 10k paths ≤ 1 s, 100k paths ≤ 8 s, with progress shown.
// The browser part serves BENCH_IMPORT_ROOT (default dist/) on BENCH_IMPORT_PORT (default 4613).

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { createDocument } from "../src/doc/factory.ts";
import { DocumentStore } from "../src/doc/store.ts";
import { importIntoDocument } from "../src/io/import/intoDocument.ts";
import { importSvg } from "../src/io/import/svg/index.ts";
import { serveApp } from "./appServer.ts";

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "10000,100000").split(",").map(Number);

/** An SVG of `paths` filled and stroked cubic paths in a grid, from a fixed pseudo-random sequence. */
export function generateSvg(paths: number): string {
  let state = 1;
  const random = (): number => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 8) / 16_777_216;
  };
  const side = Math.ceil(Math.sqrt(paths));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side * 20}" height="${side * 20}" viewBox="0 0 ${side * 20} ${side * 20}">`,
  ];
  for (let i = 0; i < paths; i++) {
    const x = (i % side) * 20;
    const y = Math.floor(i / side) * 20;
    const n = (k: number): string => (random() * k).toFixed(2);
    const color = Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, "0");
    parts.push(
      `<path d="M${x} ${y}c${n(10)} ${n(10)} ${n(10)} ${n(10)} ${n(15)} ${n(15)}s${n(5)} ${n(5)} ${n(4)} -${n(8)}z" fill="#${color}" stroke="#000" stroke-width="0.5"/>`,
    );
  }
  parts.push("</svg>");
  return parts.join("\n");
}

function emptyStore(): DocumentStore {
  return new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "bench", created: "2026-01-01T00:00:00Z" }),
  );
}

const round = (n: number): number => Math.round(n);

async function benchSize(paths: number) {
  const svg = generateSvg(paths);
  let progressCalls = 0;
  // CPU time beside wall time: on a shared machine the wall clock also counts other processes.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = importSvg(svg, "bench", () => {
    progressCalls += 1;
  });
  const t1 = performance.now();
  if (!result.ok) throw new Error(result.error);
  const store = emptyStore();
  const placed = importIntoDocument(store, result, { parent: "page", at: { x: 0, y: 0 } });
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  if (!placed.ok) throw new Error(placed.error);
  return {
    paths,
    fileBytes: svg.length,
    parseAndConvertMs: round(t1 - t0),
    transactionMs: round(t2 - t1),
    totalMs: round(t2 - t0),
    totalCpuMs: round((cpu.user + cpu.system) / 1000),
    nodes: result.nodes.length,
    progressCalls,
  };
}

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 4613);
const ROOT = resolve(process.env.BENCH_IMPORT_ROOT ?? "dist");

/**
 * One import in the page: from the call to the promise settling (worker, transfer, the one
 * transaction), then to the first frame that shows it; the longest task the page's main thread
 * ran meanwhile (PerformanceObserver "longtask", tasks over 50 ms) and the longest gap between
 * animation frames, which is what a person sees as a freeze.
 */
async function benchSizeInBrowser(page: Page, paths: number) {
  const svg = generateSvg(paths);
  return page.evaluate(
    async ({ text }) => {
      const lw = window.linework!;
      const tasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(entry.duration);
      });
      observer.observe({ type: "longtask", buffered: false });
      let gap = 0;
      let last = performance.now();
      let watching = true;
      const watch = (now: number): void => {
        gap = Math.max(gap, now - last);
        last = now;
        if (watching) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
      const t0 = performance.now();
      const outcome = await lw.importFile("bench.svg", text, { x: 0, y: 0 });
      const t1 = performance.now();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const t2 = performance.now();
      // Long-task entries arrive after their task; give the observer a moment.
      await new Promise((done) => setTimeout(done, 200));
      watching = false;
      observer.disconnect();
      const nodes = lw.editor.store.snapshot().length;
      lw.editor.history.undo();
      return {
        ok: outcome.ok,
        importMs: Math.round(t1 - t0),
        toFirstFrameMs: Math.round(t2 - t0),
        longestMainThreadTaskMs: Math.round(Math.max(0, ...tasks)),
        longTasks: tasks.length,
        longestFrameGapMs: Math.round(gap),
        nodes,
      };
    },
    { text: svg },
  );
}

async function benchInBrowser(): Promise<object> {
  if (!existsSync(resolve(ROOT, "index.html")))
    return { skipped: `${ROOT}/index.html is missing: run "npm run build" first` };
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const results = [];
  try {
    for (const paths of SIZES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript("globalThis.__name = (f) => f;");
      const page = await context.newPage();
      await page.goto(`http://localhost:${PORT}/`);
      await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
        timeout: 60_000,
      });
      results.push({ paths, ...(await benchSizeInBrowser(page, paths)) });
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill();
  }
  return { root: ROOT, results };
}

export async function benchImport(): Promise<object> {
  const results = [];
  for (const paths of SIZES) results.push(await benchSize(paths));
  return {
    what: "SVG import: parse + convert + one transaction into a store",
    results,
    browser: await benchInBrowser(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchImport(), null, 2)}\n`);
}
