// Benchmarks PNG export of a large drawing in headless Chromium: N 8×8 rectangles on a grid of
// 250 columns (the export browser tests' drawing), exported through `exports.png` at 1× (one
// canvas) and 2× (above 16 Mpx: drawn in strips), as File → Export as PNG and Copy as PNG make
// their image. Reports for each the time to the Blob, the image's size, the layers loaded, and
// the page's longest task by thread time (the renderer's main thread in a Chromium trace of the
// export) and by wall time (a `longtask` observer, which under load also counts the time the page
// waited for a core), with the load average. Target: longest task ≤ 100 ms.
// Run alone: npx tsx bench/pngExport.ts. Serves dist/ (build it first: npm run build), or
// BENCH_PNG_ROOT, on BENCH_PNG_PORT (default 4616); BENCH_PNG_SHAPES sets N (default 100,000).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { generateKeyBetween } from "fractional-indexing";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { createDocument, NO_STROKE } from "../src/doc/factory.ts";
import type { DocRecord, RectNode } from "../src/doc/types.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import { openAppPage, serveApp } from "./appServer.ts";
import type { TraceEvent } from "./threadTimes.ts";

const SHAPES = Number(process.env.BENCH_PNG_SHAPES ?? 100_000);
const PORT = Number(process.env.BENCH_PNG_PORT ?? 4616);
const ROOT = resolve(process.env.BENCH_PNG_ROOT ?? "dist");
const SCALES = [1, 2];

/** `shapes` 8×8 rectangles, 250 to a row, 10 units apart, in paint order row by row. */
function gridDocument(shapes: number): DocRecord[] {
  const records: DocRecord[] = createDocument({
    id: "doc",
    pageId: "page",
    author: "bench",
    created: "2026-01-01T00:00:00.000Z",
  });
  let index: string | null = null;
  for (let i = 0; i < shapes; i++) {
    index = generateKeyBetween(index, null);
    const rect = makeNode<RectNode>("rect", `r${i}`, "page", index, {
      width: 8,
      height: 8,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.6, a: 1 } },
      stroke: NO_STROKE,
    });
    records.push({
      ...rect,
      transform: { ...rect.transform, x: (i % 250) * 10, y: Math.floor(i / 250) * 10 },
    });
  }
  return records;
}

interface PngRun {
  readonly scale: number;
  readonly width: number;
  readonly height: number;
  readonly ms: number;
  readonly layersLoaded: number;
  readonly longestTaskThreadMs: number;
  readonly tasksOver100ThreadMs: number;
  readonly longestTaskWallMs: number;
  readonly tasksOver100WallMs: number;
  readonly loadAverage: number;
}

/** Thread times in ms of the outermost tasks of the busiest renderer main thread in a trace. */
function mainThreadTasks(events: readonly TraceEvent[]): number[] {
  let best: number[] = [];
  let bestTime = -1;
  for (const thread of events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  )) {
    const tasks = events
      .filter(
        (e) =>
          e.pid === thread.pid &&
          e.tid === thread.tid &&
          e.ph === "X" &&
          e.name === "ThreadControllerImpl::RunTask",
      )
      .sort((a, b) => a.ts - b.ts);
    const outer: number[] = [];
    let end = -Infinity;
    let time = 0;
    for (const task of tasks) {
      if (task.ts < end) continue;
      end = task.ts + (task.dur ?? 0);
      outer.push((task.tdur ?? 0) / 1000);
      time += task.dur ?? 0;
    }
    if (time > bestTime) [best, bestTime] = [outer, time];
  }
  return best;
}

async function exportOnce(page: Page, scale: number): Promise<PngRun> {
  const folder = mkdtempSync(join(tmpdir(), "png-bench-"));
  const tracePath = join(folder, "trace.json");
  await page
    .context()
    .browser()!
    .startTracing(page, { path: tracePath, categories: ["toplevel"] });
  const run = await page.evaluate(async (scale) => {
    const tasks: { start: number; duration: number }[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, duration: entry.duration });
    });
    observer.observe({ type: "longtask" });
    const lw = window.linework!;
    let layersLoaded = 0;
    const started = performance.now();
    const blob = await lw.exports.png({
      scope: { page: lw.current.pageId() },
      scale,
      onProgress: (_done, total) => (layersLoaded = total),
    });
    const ended = performance.now();
    // Long tasks are reported after they end: one more turn lets the last of them in.
    await new Promise((done) => setTimeout(done, 100));
    observer.disconnect();
    const during = tasks.filter((task) => task.start >= started && task.start < ended);
    Object.assign(window, { benchPng: blob });
    return {
      ms: Math.round(ended - started),
      layersLoaded,
      longestTaskWallMs: Math.round(Math.max(0, ...during.map((task) => task.duration))),
      tasksOver100WallMs: during.filter((task) => task.duration > 100).length,
    };
  }, scale);
  const loadAverage = Math.round(loadavg()[0]! * 100) / 100;
  await page.context().browser()!.stopTracing();
  const trace = JSON.parse(readFileSync(tracePath, "utf8")) as { traceEvents: TraceEvent[] };
  rmSync(folder, { recursive: true, force: true });
  const threadMs = mainThreadTasks(trace.traceEvents);
  // Decoded after the trace, so the check of the image is not counted as the export's.
  const [width, height] = await page.evaluate(async () => {
    const bitmap = await createImageBitmap((window as unknown as { benchPng: Blob }).benchPng);
    return [bitmap.width, bitmap.height];
  });
  return {
    scale,
    width: width!,
    height: height!,
    ms: run.ms,
    layersLoaded: run.layersLoaded,
    longestTaskThreadMs: Math.round(Math.max(0, ...threadMs)),
    tasksOver100ThreadMs: threadMs.filter((ms) => ms > 100).length,
    longestTaskWallMs: run.longestTaskWallMs,
    tasksOver100WallMs: run.tasksOver100WallMs,
    loadAverage,
  };
}

export async function benchPngExport(): Promise<object> {
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const { context, page } = await openAppPage(browser, PORT, { width: 1280, height: 800 });
    await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
      timeout: 60_000,
    });
    const text = serializeDocument(gridDocument(SHAPES));
    await page.evaluate(async (text) => {
      const result = await window.linework!.importDocument(text, "bench");
      if (!result.ok) throw new Error(result.error);
      while (window.linework!.current.renderer.building)
        await new Promise((done) => requestAnimationFrame(done));
    }, text);
    const runs: PngRun[] = [];
    for (const scale of SCALES) runs.push(await exportOnce(page, scale));
    await context.close();
    return { shapes: SHAPES, target: "longest task ≤ 100 ms", runs };
  } finally {
    await browser.close();
    server?.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchPngExport()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
