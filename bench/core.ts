// Benchmarks the compute core on drawing-like scenes. Prints JSON when run alone:
// npx tsx bench/core.ts

import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { buildWasm } from "../scripts/build-wasm.mjs";
import { coreImports, createCore, type Core } from "../engine/core/index.ts";
import { mulberry32 } from "./random.ts";

const PITCH = 100;
/** Sides of the ~1% large boxes (frames, backgrounds, big groups). */
const LARGE_MIN = 500;
const LARGE_MAX = 5000;

async function instantiate(module: WebAssembly.Module): Promise<Core> {
  const { imports, bind } = coreImports({
    abort(message: string): never {
      throw new Error(message);
    },
  });
  return createCore(await WebAssembly.instantiate(module, imports), bind);
}

interface Stats {
  mean: number;
  p50: number;
  p99: number;
  ops: number;
}

function round(v: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** Times each call separately (µs); the mean includes timer overhead of ~0.05 µs. */
function timeEach(ops: number, run: (i: number) => void): Stats {
  const samples = new Float64Array(ops);
  for (let i = 0; i < Math.min(ops, 1000); i++) run(i); // warm-up
  for (let i = 0; i < ops; i++) {
    const t0 = performance.now();
    run(i);
    samples[i] = (performance.now() - t0) * 1000;
  }
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const s of samples) sum += s;
  return {
    mean: round(sum / ops),
    p50: round(sorted[Math.floor(ops * 0.5)]!),
    p99: round(sorted[Math.floor(ops * 0.99)]!),
    ops,
  };
}

/** Times a batch (µs per op); for operations too fast to time one by one. */
function timeBatch(ops: number, run: (i: number) => void): number {
  const t0 = performance.now();
  for (let i = 0; i < ops; i++) run(i);
  return round(((performance.now() - t0) * 1000) / ops);
}

function scene(n: number, random: () => number): Float64Array {
  const side = Math.ceil(Math.sqrt(n));
  const boxes = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    const x = (i % side) * PITCH;
    const y = Math.floor(i / side) * PITCH;
    const large = random() < 0.01;
    const w = large ? LARGE_MIN + random() * (LARGE_MAX - LARGE_MIN) : 10 + random() * 190;
    const h = large ? LARGE_MIN + random() * (LARGE_MAX - LARGE_MIN) : 10 + random() * 190;
    boxes.set([x, y, x + w, y + h], i * 4);
  }
  return boxes;
}

async function benchSize(module: WebAssembly.Module, n: number) {
  const random = mulberry32(n);
  const core = await instantiate(module);
  const index = core.index;
  const boxes = scene(n, random);
  const extent = Math.ceil(Math.sqrt(n)) * PITCH;
  const at = (i: number): number => boxes[i]!;

  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    index.insert(i, at(4 * i), at(4 * i + 1), at(4 * i + 2), at(4 * i + 3));
  const buildMs = performance.now() - t0;

  const points = Float64Array.from({ length: 40_000 }, () => random() * extent);
  const out: number[] = [];
  let hits = 0;
  const point = timeEach(20_000, (i) => {
    hits += index.queryPoint(points[2 * i]!, points[2 * i + 1]!, out).length;
  });

  const rect = (zoom: number, ops: number) => {
    const w = 1280 / zoom;
    const h = 800 / zoom;
    let found = 0;
    const stats = timeEach(ops, (i) => {
      const x = points[(2 * i) % points.length]! - w / 2;
      const y = points[(2 * i + 1) % points.length]! - h / 2;
      found += index.queryRect(x, y, x + w, y + h, out).length;
    });
    return { ...stats, meanResults: Math.round(found / (ops + Math.min(ops, 1000))) };
  };
  const rectZoom1 = rect(1, 10_000);
  const rectZoom01 = rect(0.1, 1_000);

  const nearest = timeEach(10_000, (i) => {
    index.nearest(points[2 * i]!, points[2 * i + 1]!, 8, Infinity, out);
  });

  // Moves keep each box near its home so the scene stays drawing-like.
  const moveOps = 200_000;
  const ids = Int32Array.from({ length: moveOps }, () => Math.floor(random() * n));
  const jitter = Float64Array.from({ length: moveOps * 2 }, () => random() - 0.5);
  const move = (span: number) => (i: number) => {
    const id = ids[i]!;
    const dx = jitter[2 * i]! * span;
    const dy = jitter[2 * i + 1]! * span;
    index.update(
      id,
      at(4 * id) + dx,
      at(4 * id + 1) + dy,
      at(4 * id + 2) + dx,
      at(4 * id + 3) + dy,
    );
  };
  const updateSmall = timeBatch(moveOps, move(4));
  const updateSmallEach = timeEach(20_000, move(4));
  const updateAcross = timeBatch(moveOps, move(2000));
  const removeInsert = timeBatch(moveOps, (i) => {
    const id = ids[i]!;
    index.remove(id);
    index.insert(id, at(4 * id), at(4 * id + 1), at(4 * id + 2), at(4 * id + 3));
  });

  return {
    n,
    buildMs: round(buildMs, 1),
    insertUsPerOp: round((buildMs * 1000) / n),
    pointQueryUs: { ...point, meanResults: round(hits / (20_000 + 1000), 2) },
    rectQueryZoom1Us: rectZoom1,
    rectQueryZoom0_1Us: rectZoom01,
    nearestK8Us: nearest,
    updateSmallMoveUsPerOp: updateSmall,
    updateSmallMoveTimedEachUs: updateSmallEach,
    updateAcrossCellsUsPerOp: updateAcross,
    removeInsertUsPerPair: removeInsert,
    memoryBytes: core.exports.memory.buffer.byteLength,
  };
}

/** Queries and updates of the core's spatial index at 100k and 1M boxes. */
export async function benchCore(): Promise<object> {
  const wasmPath = await buildWasm();
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  const results = [];
  for (const n of [100_000, 1_000_000]) results.push(await benchSize(module, n));
  return {
    unit: "microseconds per op unless named otherwise",
    scene: `grid pitch ${PITCH}, sides 10-200, 1% large with sides ${LARGE_MIN}-${LARGE_MAX}`,
    results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchCore(), null, 2)}\n`);
}
