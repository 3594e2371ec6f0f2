// A document switch to a stored drawing of N paths (default 100k), traced in headless Chromium:
// the drawing is made in Node (the SVG import's paths, written as a .linework text), stored in the
// library with `importDocument`, a new empty document opened, then the stored one again with
// `open`, under a Chromium trace; then away from it again (New), the switch that lets the big
// drawing go. Prints, for each switch, the main thread's longest tasks by thread time (with wall
// time and the garbage collection inside), the major collections, and the load average.
// Run on a build: npm run build && npx tsx bench/switchTrace.ts
// BENCH_SWITCH_PATHS sets N; BENCH_SWITCH_PORT (default 4614) and BENCH_SWITCH_ROOT (dist/) where
// the app is served; BENCH_SWITCH_TRACE=<prefix> keeps the traces for DevTools.

import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { createDocument } from "../src/doc/factory.ts";
import { DocumentStore } from "../src/doc/store.ts";
import { importIntoDocument } from "../src/io/import/intoDocument.ts";
import { importSvg } from "../src/io/import/svg/index.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { serveApp } from "./appServer.ts";
import { generateSvg } from "./import.ts";
import type { TraceEvent } from "./threadTimes.ts";

const PATHS = Number(process.env.BENCH_SWITCH_PATHS ?? 100_000);
const PORT = Number(process.env.BENCH_SWITCH_PORT ?? 4614);
const ROOT = resolve(process.env.BENCH_SWITCH_ROOT ?? "dist");
const TRACE_PREFIX = process.env.BENCH_SWITCH_TRACE;

/** The SVG import's drawing of `paths` paths as a .linework text. */
function nativeText(paths: number): string {
  const store = new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "bench", created: "2026-01-01T00:00:00Z" }),
  );
  const read = importSvg(generateSvg(paths), "bench");
  if (!read.ok) throw new Error(read.error);
  const placed = importIntoDocument(store, read, { parent: "page", at: { x: 0, y: 0 } });
  if (!placed.ok) throw new Error(placed.error);
  return serializeDocument(store.snapshot());
}

/** The renderer's main thread: the CrRendererMain with the most task time. */
function mainThread(events: readonly TraceEvent[]): { pid: number; tid: number } {
  const names = events.filter((e) => e.ph === "M" && e.args?.name === "CrRendererMain");
  let best = { pid: 0, tid: 0, time: -1 };
  for (const thread of names) {
    let time = 0;
    for (const e of events) {
      if (e.pid === thread.pid && e.tid === thread.tid && e.name === "RunTask") time += e.dur ?? 0;
    }
    if (time > best.time) best = { pid: thread.pid, tid: thread.tid, time };
  }
  return best;
}

const ms = (us: number | undefined): number => Math.round((us ?? 0) / 1000);
const load = (): number[] => loadavg().map((n) => Math.round(n * 100) / 100);

/** The main thread's tasks in a trace: the longest by thread time, with the collections in them. */
function summarise(buffer: Buffer) {
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = mainThread(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X");
  const tasks = onMain.filter((e) => e.name === "RunTask");
  const gcs = onMain.filter((e) => e.name === "MajorGC" || e.name === "MinorGC");
  const gcIn = (task: TraceEvent): number =>
    ms(
      gcs
        .filter((g) => g.ts >= task.ts && g.ts < task.ts + (task.dur ?? 0))
        .reduce((sum, g) => sum + (g.tdur ?? g.dur ?? 0), 0),
    );
  const longest = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 6);
  return {
    tasksOver50msWall: tasks.filter((t) => (t.dur ?? 0) > 50_000).length,
    tasksOver100msThread: tasks.filter((t) => (t.tdur ?? 0) > 100_000).length,
    longestByThreadTime: longest.map((t) => ({
      threadMs: ms(t.tdur),
      wallMs: ms(t.dur),
      gcMs: gcIn(t),
    })),
    totalThreadMs: ms(tasks.reduce((sum, t) => sum + (t.tdur ?? 0), 0)),
    majorGcThreadMs: gcs.filter((g) => g.name === "MajorGC").map((g) => ms(g.tdur ?? g.dur)),
  };
}

/** Runs `action` in the page under a trace, then summarises the trace. */
async function traced(browser: Browser, page: Page, name: string, action: string) {
  const loadBefore = load();
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8"],
  });
  const timing = await page.evaluate(async (source) => {
    const lw = window.linework!;
    const run = new Function("lw", `return (async () => { ${source} })();`) as (
      lw: unknown,
    ) => Promise<void>;
    const t0 = performance.now();
    await run(lw);
    const t1 = performance.now();
    while (lw.current.renderer.building) await new Promise((done) => requestAnimationFrame(done));
    const t2 = performance.now();
    await new Promise((done) => setTimeout(done, 3000));
    return {
      switchMs: Math.round(t1 - t0),
      toAllDrawnMs: Math.round(t2 - t0),
      nodes: lw.editor.store.size,
    };
  }, action);
  const buffer = await browser.stopTracing();
  if (TRACE_PREFIX !== undefined) writeFileSync(`${TRACE_PREFIX}-${name}.json`, buffer);
  return { loadAverage: { before: loadBefore, after: load() }, ...timing, ...summarise(buffer) };
}

async function main(): Promise<void> {
  const text = nativeText(PATHS);
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript("globalThis.__name = (f) => f;");
    const page = await context.newPage();
    await page.goto(`http://localhost:${PORT}/`);
    await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
      timeout: 60_000,
    });
    const path = await page.evaluate(async (source) => {
      const lw = window.linework!;
      const imported = await lw.importDocument(source, "Big");
      if (!imported.ok || imported.path === null) throw new Error("the drawing was not stored");
      await lw.persistence?.whenSnapshotChecked();
      await lw.persistence?.whenSaved();
      await lw.newDocument();
      return imported.path;
    }, text);
    await page.waitForTimeout(1000);
    const to = await traced(browser, page, "to", `await lw.open(${JSON.stringify(path)});`);
    const away = await traced(browser, page, "away", "await lw.newDocument();");
    const result = {
      paths: PATHS,
      textMiB: Math.round((text.length / 1048576) * 10) / 10,
      toTheBigDrawing: to,
      awayFromIt: away,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    await context.close();
  } finally {
    await browser.close();
    server?.kill();
  }
}

await main();
