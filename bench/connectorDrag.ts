// Dragging a hub box that 1,000 bound arrows are attached to, with the real mouse in headless
// Chromium, in a document of 10k other shapes: frame time (mean, median, p95) and the time of the
// drag step inside each frame (the pointer handled, the hub moved, its arrows following, every
// commit listener run), against the same drag with no arrows and against panning the same view.
// Prints JSON. Run alone: npx tsx bench/connectorDrag.ts. Serves dist/ (build it first: npm run
// build), or BENCH_DRAG_ROOT. BENCH_DRAG_SHAPES, BENCH_DRAG_CONNECTORS, BENCH_DRAG_STEPS and
// BENCH_DRAG_ZOOMS (comma-separated) change the scene and the drag; BENCH_DRAG_ROUTE=curved or
// elbow routes the arrows so (straight by default).
//
// The arrows and their boxes are spread through the document's order (one pair after every few
// of the other shapes), as a diagram drawn over time would be, so a drag touches shapes in every
// part of the page's drawing order, not one run of it.
//
// Each drag step is one mouse move followed by waiting for the frame that drew it. In the page,
// a frame is timed from its animation-frame callback to the next one's (with the frame cap off,
// as bench/render.ts runs, that is the frame's work and its wait for the rasteriser); the step is
// from the frame's start to the start of drawing (input, the edit and its listeners), and
// `renderCpuMs` is the drawing's share on the main thread.

import { generateKeyBetween } from "fractional-indexing";
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import type { DocRecord, LineNode, LineRoute, RectNode, SceneNode } from "../src/doc/types.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { serveApp } from "./appServer.ts";
import { bareScene, benchBare } from "./bareWebgl.ts";
import { makeDocument } from "./document.ts";

const SHAPES = Number(process.env.BENCH_DRAG_SHAPES ?? 10_000);
const CONNECTORS = Number(process.env.BENCH_DRAG_CONNECTORS ?? 1000);
const STEPS = Number(process.env.BENCH_DRAG_STEPS ?? 60);
/**
 * Zoom 1, and 0.5 with every arrow in view. Not 0.25 or less: there chunks are drawn from
 * textures, and this scene's chunks (grid rows plus boxes all round the hub) make textures
 * that overlap over the whole view, which is the texture cache's cost, not the drag's.
 */
const ZOOMS = (process.env.BENCH_DRAG_ZOOMS ?? "1,0.5").split(",").map(Number);
/** How the arrows run: straight, curved or elbow (see LineRoute). */
const ROUTE = (process.env.BENCH_DRAG_ROUTE ?? "straight") as LineRoute;
const PORT = Number(process.env.BENCH_DRAG_PORT ?? 4614);
const ROOT = resolve(process.env.BENCH_DRAG_ROOT ?? "dist");
const VIEW = { width: 1280, height: 800 };
const PITCH = 100;
/** How far the leaf boxes sit from the hub, in page units. */
const RADIUS = 1500;
/** Frames let pass before the timed steps, so the first edit's one-off work is not timed. */
const WARM_UP_STEPS = 5;
const HUB = "hub";
/** When set, a CPU profile of each drag is written into this folder (for chrome://inspect). */
const PROFILE_DIR = process.env.BENCH_DRAG_PROFILE ?? null;

/** The browser tests' flags, plus no frame cap so frame times show the work, not vsync. */
const FLAGS = [...CHROMIUM_ARGS, "--disable-frame-rate-limit", "--disable-gpu-vsync"];

/**
 * `shapes` shapes on a grid (bench/document.ts's scene), a hub box in its middle, drawn last,
 * and `connectors` leaf boxes round it, each joined to it by a bound arrow when `arrows`.
 */
export function hubScene(shapes: number, connectors: number, arrows: boolean): DocRecord[] {
  const records = makeDocument(shapes);
  const head = records.filter((record) => record.type === "document" || record.type === "page");
  const grid = records.filter((record) => record.type !== "document" && record.type !== "page");
  const side = Math.ceil(Math.sqrt(shapes));
  const centre = { x: (side * PITCH) / 2, y: (Math.ceil(shapes / side) * PITCH) / 2 };
  const box = (id: string, x: number, y: number): RectNode => {
    const node = makeNode<RectNode>("rect", id, "page", "a0", {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width: 80,
      height: 60,
      radii: [0, 0, 0, 0],
    });
    return { ...node, transform: { ...node.transform, x: x - 40, y: y - 30 } };
  };
  const ordered: SceneNode[] = [];
  const every = Math.max(1, Math.floor(grid.length / Math.max(1, connectors)));
  let next = 0;
  for (let i = 0; i < connectors; i++) {
    for (let k = 0; k < every && next < grid.length; k++) ordered.push(grid[next++] as SceneNode);
    const angle = (i / connectors) * Math.PI * 2;
    const x = centre.x + Math.cos(angle) * RADIUS;
    const y = centre.y + Math.sin(angle) * RADIUS;
    ordered.push(box(`leaf${i}`, x, y));
    if (!arrows) continue;
    ordered.push(
      makeNode<LineNode>("line", `arrow${i}`, "page", "a0", {
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
        start: { ...centre },
        end: { x, y },
        startHead: "none",
        endHead: "arrow",
        startBinding: { node: HUB, anchor: { x: 0.5, y: 0.5 }, exact: false },
        endBinding: { node: `leaf${i}`, anchor: { x: 0.5, y: 0.5 }, exact: false },
        route: ROUTE,
        bend: ROUTE === "curved" ? 150 : 0.5,
      }),
    );
  }
  while (next < grid.length) ordered.push(grid[next++] as SceneNode);
  ordered.push(box(HUB, centre.x, centre.y));
  let index: string | null = null;
  const nodes = ordered.map((node) => ({
    ...node,
    index: (index = generateKeyBetween(index, null)),
  }));
  return [...head, ...nodes];
}

interface Frames {
  readonly meanMs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

interface DragResult {
  readonly zoom: number;
  readonly frame: Frames;
  /** From the frame's start to the start of drawing: input, the edit, its commit listeners. */
  readonly step: Frames;
  /** The drawing's main-thread share of the frame. */
  readonly renderCpu: Frames;
  /** Chunk builds per drag step, from the renderer's statistics. */
  readonly chunkBuildsPerStep: number;
  /** Frames that drew nothing new (the move arrived between fixed steps); not in the figures. */
  readonly framesWithoutMove: number;
  /** How far the hub went, in page units, so a drag that did nothing cannot pass. */
  readonly hubMovedBy: number;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function summary(times: readonly number[]): Frames {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))] ?? 0;
  return { meanMs: round(mean), medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

/**
 * Installs the frame probe: an animation-frame loop registered after the engine's (so it runs
 * after the engine's work in each frame) and hooks on the drawing's start and end.
 */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    interface FrameRecord {
      start: number;
      renders: number;
      drawStart: number;
      drawEnd: number;
    }
    const app = window.linework!;
    const engine = app.engine as unknown as {
      renders: number;
      gfx: {
        renderer: {
          runners: {
            prerender: { add(item: object): void };
            postrender: { add(item: object): void };
          };
        };
      };
    };
    const frames: FrameRecord[] = [];
    let drawStart = Number.NaN;
    let drawEnd = Number.NaN;
    engine.gfx.renderer.runners.prerender.add({ prerender: () => (drawStart = performance.now()) });
    engine.gfx.renderer.runners.postrender.add({ postrender: () => (drawEnd = performance.now()) });
    const waiting: Array<() => void> = [];
    const tick = (start: number) => {
      frames.push({ start, renders: engine.renders, drawStart, drawEnd });
      drawStart = drawEnd = Number.NaN;

      for (const done of waiting.splice(0)) done();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    (globalThis as { __dragProbe?: unknown }).__dragProbe = {
      frames,
      nextFrame: () => new Promise<void>((done) => waiting.push(done)),
    };
  });
}

/**
 * Waits for the frame that draws the last move and the one after it (which ends it), then
 * returns that frame's figures, or null when no frame drew within a few frames.
 */
async function measureStep(page: Page, before: { renders: number; frames: number }) {
  return page.evaluate(async (before) => {
    const probe = (
      globalThis as {
        __dragProbe?: {
          frames: { start: number; renders: number; drawStart: number; drawEnd: number }[];
          nextFrame(): Promise<void>;
        };
      }
    ).__dragProbe!;
    for (let i = 0; i < 30; i += 1) {
      await probe.nextFrame();
      const frames = probe.frames;
      const last = frames.length - 1;
      // The frame that drew: the first with more renders than before the move.
      let drewAt = -1;
      for (let k = Math.max(1, before.frames); k <= last && drewAt < 0; k += 1)
        if (frames[k]!.renders > before.renders) drewAt = k;
      if (drewAt < 0 || drewAt >= last) continue;
      const drew = frames[drewAt]!;
      const after = frames[drewAt + 1]!;
      return {
        frameMs: after.start - drew.start,
        stepMs: drew.drawStart - drew.start,
        renderCpuMs: drew.drawEnd - drew.drawStart,
        skipped: drewAt - before.frames,
      };
    }
    return null;
  }, before);
}

async function openScene(page: Page, records: DocRecord[]): Promise<void> {
  await page.goto(`http://localhost:${PORT}/`);
  await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
    timeout: 60_000,
  });
  const text = serializeDocument(records);
  await page.evaluate(async (text) => {
    const result = await window.linework!.importDocument(text, "connector drag");
    if (!result.ok) throw new Error(result.error);
  }, text);
  await page.evaluate(() => window.linework!.persistence?.whenSnapshotChecked());
  await installProbe(page);
}

/** The hub's centre on the page's screen, and its x in page units. */
async function hubAt(page: Page): Promise<{ x: number; y: number; worldX: number }> {
  const canvas = await page.locator("canvas").boundingBox();
  if (canvas === null) throw new Error("no canvas");
  const at = await page.evaluate((id) => {
    const app = window.linework!;
    const hub = app.editor.store.get(id) as unknown as { transform: { x: number; y: number } };
    const p = app.current.camera.worldToScreen({
      x: hub.transform.x + 40,
      y: hub.transform.y + 30,
    });
    return { x: p.x, y: p.y, worldX: hub.transform.x };
  }, HUB);
  return { x: canvas.x + at.x, y: canvas.y + at.y, worldX: at.worldX };
}

/** The engine's renders so far and the probe's frames so far, taken just before a move. */
async function mark(page: Page): Promise<{ renders: number; frames: number }> {
  return page.evaluate(() => ({
    renders: (window.linework!.engine as unknown as { renders: number }).renders,
    frames: (globalThis as { __dragProbe?: { frames: unknown[] } }).__dragProbe!.frames.length,
  }));
}

async function chunkBuilds(page: Page): Promise<number> {
  return page.evaluate(() => window.linework!.current.renderer.chunkStats.builds);
}

/** Centres the camera on the hub at `zoom`, selects the hub, and lets the view settle. */
async function frameHub(page: Page, zoom: number): Promise<void> {
  await page.evaluate(
    ({ id, zoom, view }) => {
      const app = window.linework!;
      const hub = app.editor.store.get(id) as unknown as { transform: { x: number; y: number } };
      const cx = hub.transform.x + 40;
      const cy = hub.transform.y + 30;
      app.current.camera.set({
        x: view.width / 2 - cx * zoom,
        y: view.height / 2 - cy * zoom,
        zoom,
      });
      app.editor.store.setSelection([id]);
    },
    { id: HUB, zoom, view: VIEW },
  );
  // Past the renderer's zoom settling (200 ms) and autosave's quiet time.
  await page.waitForTimeout(600);
  await page
    .getByTestId("save-state")
    .filter({ hasText: "Saved" })
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
}

async function drag(page: Page, zoom: number): Promise<DragResult> {
  await frameHub(page, zoom);
  const start = await hubAt(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const profiler = PROFILE_DIR === null ? null : await page.context().newCDPSession(page);
  if (profiler !== null) {
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.start");
  }
  const frames: number[] = [];
  const steps: number[] = [];
  const renderCpu: number[] = [];
  let skipped = 0;
  let buildsBefore = 0;
  for (let step = 1; step <= WARM_UP_STEPS + STEPS; step += 1) {
    if (step === WARM_UP_STEPS + 1) buildsBefore = await chunkBuilds(page);
    const before = await mark(page);
    await page.mouse.move(start.x + step * 3, start.y + step);
    const sample = await measureStep(page, before);
    if (sample === null) throw new Error(`no frame drew drag step ${step}`);
    if (step <= WARM_UP_STEPS) continue;
    frames.push(sample.frameMs);
    steps.push(sample.stepMs);
    renderCpu.push(sample.renderCpuMs);
    skipped += sample.skipped;
  }
  const builds = (await chunkBuilds(page)) - buildsBefore;
  if (profiler !== null) {
    const { profile } = await profiler.send("Profiler.stop");
    mkdirSync(PROFILE_DIR!, { recursive: true });
    const name = `drag-${(await page.evaluate(() => document.title)).length}-${zoom}-${Date.now()}`;
    writeFileSync(join(PROFILE_DIR!, `${name}.cpuprofile`), JSON.stringify(profile));
    await profiler.detach();
  }
  await page.mouse.up();
  const end = await hubAt(page);
  // Put the hub back, so the next drag starts from the same scene.
  await page.keyboard.press("Control+z");
  return {
    zoom,
    frame: summary(frames),
    step: summary(steps),
    renderCpu: summary(renderCpu),
    chunkBuildsPerStep: round(builds / STEPS),
    framesWithoutMove: skipped,
    hubMovedBy: round(end.worldX - start.worldX),
  };
}

/** The same view panned by the camera one step a frame: what drawing the scene costs unedited. */
async function pan(page: Page, zoom: number): Promise<Frames> {
  await frameHub(page, zoom);
  const times = await page.evaluate(
    async ({ frames, zoom }) => {
      const { camera } = window.linework!.current;
      const out: number[] = [];
      let last = performance.now();
      await new Promise<void>((done) => {
        let i = 0;
        const step = (now: number) => {
          if (i > 0) out.push(now - last);
          last = now;
          if (i === frames) return done();
          i += 1;
          camera.panBy(3 * zoom, 1 * zoom);
          requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      });
      return out;
    },
    { frames: STEPS, zoom },
  );
  return summary(times);
}

async function benchScene(browser: Browser, arrows: boolean) {
  const context = await browser.newContext({ viewport: VIEW });
  // tsx names the functions it compiles with a helper the page does not have.
  await context.addInitScript("globalThis.__name = (f) => f;");
  const page = await context.newPage();
  try {
    await openScene(page, hubScene(SHAPES, CONNECTORS, arrows));
    const results = [];
    for (const zoom of ZOOMS) {
      const dragged = await drag(page, zoom);
      const panned = await pan(page, zoom);
      results.push({ ...dragged, panFrame: panned });
      process.stderr.write(`${JSON.stringify({ arrows, ...results.at(-1) })}\n`);
    }
    return results;
  } finally {
    await context.close();
  }
}

export async function benchConnectorDrag(): Promise<object> {
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
  try {
    const withConnectors = await benchScene(browser, true);
    const withoutConnectors = await benchScene(browser, false);
    // The floor, in the same browser: the scene with connectors drawn by a bare renderer.
    const bare = await benchBare(
      browser,
      bareScene(hubScene(SHAPES, CONNECTORS, true), HUB),
      VIEW,
      ZOOMS,
      STEPS,
    );
    const ratios = withConnectors.map((drag, i) => ({
      zoom: drag.zoom,
      // The drag's frames against the bare renderer's drag, and against Linework's own pan of
      // the same view (what drawing the scene costs it unedited).
      dragOverBareMean: round(drag.frame.meanMs / bare[i]!.dragFrame.meanMs),
      dragOverBareP95: round(drag.frame.p95Ms / bare[i]!.dragFrame.p95Ms),
      dragOverOwnPanMean: round(drag.frame.meanMs / drag.panFrame.meanMs),
    }));
    return {
      what:
        `dragging a hub that ${CONNECTORS} bound ${ROUTE} arrows are attached to, with the real mouse, ` +
        `in ${SHAPES} other shapes; ${STEPS} steps, one mouse move per frame; panFrame is the ` +
        "same view panned by the camera, unedited; bare is the scene drawn by a bare WebGL2 " +
        "renderer (bench/bareWebgl.ts) in the same browser",
      target:
        "drag frame mean and p95 ≤ 1.25× the bare renderer's (issue 17); no chunk builds per " +
        "step, whatever the number of chunks the arrows are in",
      loadAverage: loadavg().map((n) => round(n)),
      viewport: VIEW,
      withConnectors,
      withoutConnectors,
      bare,
      ratios,
    };
  } finally {
    await browser.close();
    server?.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchConnectorDrag()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
