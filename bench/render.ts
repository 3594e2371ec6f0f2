// Benchmarks the renderer in headless Chromium: load to first frame, panning at zoom 1 and 0.1, a
// zoom sweep, the JS heap and React commits while panning, for scenes of 1k, 10k, 100k (and, when
// asked, 1M) shapes. Prints JSON.
// Run alone: npx tsx bench/render.ts (BENCH_RENDER_SIZES=1000,1000000 for other sizes;
// BENCH_RENDER_UNFILLED=1 for outlines only, as the peers' harness draws them). Serves
// dist/ (build it first: node scripts/build-wasm.mjs && npx vite build), or BENCH_RENDER_ROOT.
// Software GL makes absolute GPU times pessimistic; CPU-side costs are still comparable.
//
// Two load figures: `loadToFirstFrameMs` is the whole import (parse, store, storing the file in
// the library, spatial index, the renderer) to the first frame; `showPageToFirstFrameMs` shows the
// loaded page again (renderer and spatial index only), which is the renderer's own share.
// `loadMainThreadCpuMs` is the main thread's CPU time during the load, which waiting for a core
// on a busy machine does not inflate.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import type { DocRecord } from "../src/doc/types.ts";
import { makeDocument } from "./document.ts";
import { openAppPage, REACT_COMMIT_COUNTER, serveApp } from "./appServer.ts";

// 1M takes a few minutes (making and handing over the document's text, and the pans); ask for it
// with BENCH_RENDER_SIZES=1000,10000,100000,1000000.
const SIZES = (process.env.BENCH_RENDER_SIZES ?? "1000,10000,100000").split(",").map(Number);
const PORT = Number(process.env.BENCH_RENDER_PORT ?? 4610);
const ROOT = resolve(process.env.BENCH_RENDER_ROOT ?? "dist");
const VIEW = { width: 1280, height: 800 };
const FRAMES = 60;
const PITCH = 100;
/**
 * Outlines only: an unfilled shape's inside costs a software rasteriser nothing once it is left
 * out of the mesh, a filled one's the cost of a flat colour, so both scenes are worth watching.
 */
const UNFILLED = process.env.BENCH_RENDER_UNFILLED === "1";

function scene(shapes: number): DocRecord[] {
  const records = makeDocument(shapes);
  if (!UNFILLED) return records;
  return records.map((record) =>
    "fill" in record ? { ...record, fill: { type: "none" } } : record,
  );
}

/** The browser tests' flags, plus no frame cap so frame times show the work, not vsync. */
const FLAGS = [...CHROMIUM_ARGS, "--disable-frame-rate-limit", "--disable-gpu-vsync"];

interface Frames {
  readonly meanMs: number;
  readonly p95Ms: number;
}

interface SizeResult {
  readonly shapes: number;
  readonly loadToFirstFrameMs: number;
  /**
   * CPU time of the page's main thread during that load: on a shared machine the wall time also
   * holds the time spent waiting for a core, this does not (GPU and storage work not included).
   */
  readonly loadMainThreadCpuMs: number;
  readonly showPageToFirstFrameMs: number;
  readonly panZoom1: Frames;
  readonly panZoom01: Frames;
  readonly zoomSweep: Frames;
  readonly heapMiB: number;
  readonly chunks: number;
  readonly chunksBuilt: number;
  /** React commits during both pans: the chrome must not render per frame. */
  readonly reactCommitsDuringPan: number;
  /** All React commits of the page so far: shows the counter is live (the chrome's mount). */
  readonly reactCommitsTotal: number;
}

async function reactCommits(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as { __reactCommits?: number }).__reactCommits ?? -1);
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Moves the camera once per animation frame for `FRAMES` frames and returns the intervals
 * between the callbacks (each includes the frame the engine rendered for the previous move) and
 * the React commits made during those frames. Setting the starting zoom happens before, so a
 * zoom display updating for it does not count against the pan.
 */
async function frames(page: Page, kind: "pan" | "sweep", zoom: number, centre: number) {
  return page.evaluate(
    async ({ kind, zoom, centre, frames, view }) => {
      const { camera } = window.linework!.current;
      const at = (z: number, dx: number) =>
        camera.set({
          x: view.width / 2 - (centre + dx) * z,
          y: view.height / 2 - centre * z,
          zoom: z,
        });
      at(zoom, 0);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const commits = () => (globalThis as { __reactCommits?: number }).__reactCommits ?? 0;
      const commitsBefore = commits();
      const times: number[] = [];
      let last = performance.now();
      await new Promise<void>((done) => {
        let i = 0;
        const step = () => {
          const now = performance.now();
          if (i > 0) times.push(now - last);
          last = now;
          if (i === frames) return done();
          i += 1;
          if (kind === "pan") at(zoom, (i * 20) / zoom);
          else {
            // 1 → 0.1 → 1, geometric, so each frame scales by the same factor.
            const t = i / frames;
            at(Math.pow(0.1, t < 0.5 ? t * 2 : (1 - t) * 2), 0);
          }
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      return { times, commits: commits() - commitsBefore };
    },
    { kind, zoom, centre, frames: FRAMES, view: VIEW },
  );
}

function summary(times: number[]): Frames {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
  return { meanMs: round(mean), p95Ms: round(p95) };
}

/**
 * Characters per message when handing the document's text to the page: the DevTools connection
 * closes on a message over 100 MiB, and a 1M-shape document is about 116 million characters.
 */
const TEXT_PIECE = 1 << 24;

/** Puts `text` into the page as `__benchText`, in pieces; the load is timed from there. */
export async function handOver(page: Page, text: string): Promise<void> {
  await page.evaluate(() => {
    (globalThis as { __benchPieces?: string[] }).__benchPieces = [];
  });
  for (let i = 0; i < text.length; i += TEXT_PIECE) {
    await page.evaluate(
      (piece) => {
        (globalThis as { __benchPieces?: string[] }).__benchPieces!.push(piece);
      },
      text.slice(i, i + TEXT_PIECE),
    );
  }
  await page.evaluate(() => {
    const scope = globalThis as { __benchPieces?: string[]; __benchText?: string };
    scope.__benchText = scope.__benchPieces!.join("");
    delete scope.__benchPieces;
  });
}

/** CPU time the page's main thread has used, from the DevTools performance metrics. */
async function mainThreadCpuMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((metric) => metric.name === "ThreadTime")?.value ?? Number.NaN) * 1000;
}

async function benchSize(page: Page, shapes: number): Promise<SizeResult> {
  await handOver(page, serializeDocument(scene(shapes)));
  const metrics = await page.context().newCDPSession(page);
  await metrics.send("Performance.enable", { timeDomain: "threadTicks" });
  const cpuBefore = await mainThreadCpuMs(metrics);
  const loadToFirstFrameMs = await page.evaluate(async () => {
    const app = window.linework!;
    const scope = globalThis as { __benchText?: string };
    const text = scope.__benchText!;
    // The page keeps no copy of its own: the heap figure below is the document's.
    delete scope.__benchText;
    const started = performance.now();
    const result = await app.importDocument(text, "bench");
    if (!result.ok) throw new Error(result.error);
    // The engine renders in its own animation frame; two callbacks later that frame is done.
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return performance.now() - started;
  });
  const loadMainThreadCpuMs = (await mainThreadCpuMs(metrics)) - cpuBefore;
  await metrics.detach();
  // The stored document's read-back check runs once the first frame is drawn; the figures below
  // are the renderer's, so it is let finish first.
  await page.evaluate(() => window.linework!.persistence?.whenSnapshotChecked());
  const showPageToFirstFrameMs = await page.evaluate(async () => {
    const current = window.linework!.current;
    const started = performance.now();
    current.showPage(current.renderer.currentPage!);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return performance.now() - started;
  });
  const centre = (Math.ceil(Math.sqrt(shapes)) * PITCH) / 2;
  const pan1 = await frames(page, "pan", 1, centre);
  const pan01 = await frames(page, "pan", 0.1, centre);
  const panZoom1 = summary(pan1.times);
  const panZoom01 = summary(pan01.times);
  const reactCommitsDuringPan = pan1.commits + pan01.commits;
  const zoomSweep = summary((await frames(page, "sweep", 1, centre)).times);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = await cdp.send("Runtime.getHeapUsage");
  await cdp.detach();
  const { chunks, builds } = await page.evaluate(
    () => window.linework!.current.renderer.chunkStats,
  );
  return {
    shapes,
    loadToFirstFrameMs: round(loadToFirstFrameMs),
    loadMainThreadCpuMs: round(loadMainThreadCpuMs),
    showPageToFirstFrameMs: round(showPageToFirstFrameMs),
    panZoom1,
    panZoom01,
    zoomSweep,
    heapMiB: round(heap.usedSize / 1024 / 1024),
    chunks,
    chunksBuilt: builds,
    reactCommitsDuringPan,
    reactCommitsTotal: await reactCommits(page),
  };
}

export async function benchRender(): Promise<object> {
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  const results: SizeResult[] = [];
  try {
    for (const shapes of SIZES) {
      const { context, page } = await openAppPage(browser, PORT, VIEW, [REACT_COMMIT_COUNTER]);
      results.push(await benchSize(page, shapes));
      process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill();
  }
  return {
    viewport: VIEW,
    framesPerRun: FRAMES,
    filled: !UNFILLED,
    targets:
      "load 10k ≤ 150 ms, 100k ≤ 600 ms, 1M ≤ 6 s; pan z=1 100k p95 ≤ 20 ms and ≤ 1.5× 1k; " +
      "pan z=0.1 100k p95 ≤ 40 ms; zoom sweep 100k mean ≤ 40 ms; heap 1M ≤ 1.5 GB; " +
      "no React commits while panning",
    sizes: results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchRender()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
