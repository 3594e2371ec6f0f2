// Benchmarks what the pointer asks of the scene on documents of 100k and 1M shapes: hover hit
// tests, marquee selection, and snapping a moving box. Prints JSON when run alone:
// npx tsx bench/interaction.ts (BENCH_INTERACTION_SIZES=100000 for fewer sizes).

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { buildWasm } from "../scripts/build-wasm.mjs";
import { coreImports, createCore, type Core } from "../engine/core/index.ts";
import { DocumentStore } from "../src/doc/store.ts";
import type { Box } from "../src/math/box.ts";
import { Picker } from "../src/scene/picker.ts";
import { SpatialSync } from "../src/scene/spatialSync.ts";
import { SceneSnapper } from "../src/snap/snapper.ts";
import { DEFAULT_TOOL_SETTINGS } from "../src/editing/settings.ts";
import { makeDocument } from "./document.ts";
import { mulberry32 } from "./random.ts";

const SIZES = (process.env.BENCH_INTERACTION_SIZES ?? "100000,1000000").split(",").map(Number);
/** The grid pitch of bench/document.ts's scene. */
const PITCH = 100;
const HOVER_POINTS = 1000;
const SNAPS = 1000;
const MARQUEE_RUNS = 5;
/** Hover tolerance: 4 screen pixels at zoom 1. */
const HOVER_TOLERANCE = 4;
const VIEW = { width: 1280, height: 800 };

interface Timing {
  readonly meanMs: number;
  readonly p95Ms: number;
  readonly maxMs: number;
  /**
   * Process CPU time per call. The machine may be shared: wall times then include waiting for a
   * core, CPU time does not (it still includes cache misses caused by the neighbours).
   */
  readonly cpuMeanMs: number;
}

function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function timeEach(count: number, run: (i: number) => void, warmUp = Math.min(count, 200)): Timing {
  for (let i = 0; i < warmUp; i++) run(i);
  const samples = new Float64Array(count);
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    run(i);
    samples[i] = performance.now() - t0;
  }
  const cpuUsed = process.cpuUsage(cpu);
  const sorted = Float64Array.from(samples).sort();
  const mean = samples.reduce((s, t) => s + t, 0) / count;
  return {
    meanMs: round(mean),
    p95Ms: round(sorted[Math.min(count - 1, Math.ceil(count * 0.95) - 1)]!),
    maxMs: round(sorted[count - 1]!),
    cpuMeanMs: round((cpuUsed.user + cpuUsed.system) / 1000 / count),
  };
}

async function loadCore(): Promise<Core> {
  await buildWasm();
  const module = await WebAssembly.compile(
    readFileSync(new URL("../engine/core/build/linework.wasm", import.meta.url)),
  );
  const { imports, bind } = coreImports({
    abort(message: string): never {
      throw new Error(message);
    },
  });
  return createCore(await WebAssembly.instantiate(module, imports), bind);
}

function viewAround(x: number, y: number, zoom: number): Box {
  const w = VIEW.width / zoom / 2;
  const h = VIEW.height / zoom / 2;
  return { minX: x - w, minY: y - h, maxX: x + w, maxY: y + h };
}

async function benchSize(core: Core, shapes: number) {
  const random = mulberry32(shapes);
  const store = new DocumentStore(makeDocument(shapes));
  core.index.clear();
  const sync = new SpatialSync(store, core.index);
  let started = performance.now();
  sync.showPage("page");
  const indexMs = performance.now() - started;
  const picker = new Picker(store, sync);
  const side = Math.ceil(Math.sqrt(shapes));
  const extent = side * PITCH;
  const rows = Math.ceil(shapes / side);

  const points = Array.from({ length: HOVER_POINTS }, () => ({
    x: random() * extent,
    y: random() * rows * PITCH,
  }));
  let hits = 0;
  const hover = timeEach(HOVER_POINTS, (i) => {
    if (picker.pick(points[i]!, HOVER_TOLERANCE) !== null) hits += 1;
  });

  // ~100k shapes: the whole 100k document, or a 317×317-cell corner of the 1M one.
  const cells = Math.min(side, Math.ceil(Math.sqrt(100_000)));
  const area: Box = { minX: -10, minY: -10, maxX: cells * PITCH - 10, maxY: cells * PITCH - 10 };
  const marquee = (contained: boolean) => {
    let selected = 0;
    const timing = timeEach(MARQUEE_RUNS, () => {
      selected = picker.marquee(area, { contained }).length;
    });
    return { ...timing, selected };
  };
  const touching = marquee(false);
  const contained = marquee(true);

  /**
   * A 60×40 box (the size of the scene's rectangles) moved about among the shapes at a zoom:
   * `drag` moves it 1 px right and 0.5 px down per call from a random start, as a pointer does;
   * `jumps` puts it somewhere new each call, so nothing learnt from the last call helps.
   */
  const snapAt = (zoom: number) => {
    const view = viewAround(extent / 2, (rows * PITCH) / 2, zoom);
    const snapper = new SceneSnapper({
      store,
      spatial: sync,
      settings: () => ({
        ...DEFAULT_TOOL_SETTINGS,
        snap: { ...DEFAULT_TOOL_SETTINGS.snap, grid: true },
      }),
      zoom: () => zoom,
      view: () => view,
    });
    const ignore = new Set<string>();
    const run = (at: (i: number) => { x: number; y: number }) => {
      let snapped = 0;
      let guides = 0;
      const timing = timeEach(
        SNAPS,
        (i) => {
          const p = at(i);
          const moving = { minX: p.x, minY: p.y, maxX: p.x + 60, maxY: p.y + 40 };
          const result = snapper.snapBox(moving, ignore);
          if (result.dx !== 0 || result.dy !== 0) snapped += 1;
          guides += result.guides.length;
        },
        0,
      );
      return {
        ...timing,
        snappedShare: round(snapped / SNAPS, 2),
        meanGuides: round(guides / SNAPS, 1),
      };
    };
    const start = {
      x: view.minX + (view.maxX - view.minX) / 4,
      y: view.minY + (view.maxY - view.minY) / 4,
    };
    const drag = run((i) => ({ x: start.x + i / zoom, y: start.y + (i * 0.5) / zoom }));
    const jumps = run((i) => {
      const p = points[i % points.length]!;
      return {
        x: view.minX + (p.x / extent) * (view.maxX - view.minX),
        y: view.minY + (p.y / (rows * PITCH)) * (view.maxY - view.minY),
      };
    });
    return { zoom, drag, jumps };
  };

  started = performance.now();
  const result = {
    shapes,
    indexPageMs: round(indexMs, 1),
    hover: {
      ...hover,
      tolerance: HOVER_TOLERANCE,
      hitShare: round(hits / (HOVER_POINTS + 200), 2),
    },
    marquee: { area, touching, contained },
    snapping: [snapAt(1), snapAt(0.1), snapAt(0.02)],
  };
  sync.dispose();
  return result;
}

export async function benchInteraction(): Promise<object> {
  const core = await loadCore();
  const sizes = [];
  for (const shapes of SIZES) {
    sizes.push(await benchSize(core, shapes));
    process.stderr.write(`${JSON.stringify(sizes.at(-1))}\n`);
    (globalThis as { gc?: () => void }).gc?.();
  }
  return {
    targets: "hover ≤ 1 ms; marquee over ~100k shapes ≤ 16 ms; snapping ≤ 2 ms",
    view: VIEW,
    sizes,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchInteraction()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
