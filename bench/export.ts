// Benchmarks SVG export of documents of 10k and 100k paths (Node), at once and in steps over
// tasks (with the longest task). Prints JSON when run alone:
// npx tsx bench/export.ts (sizes from BENCH_EXPORT_SIZES).

import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { generateKeyBetween } from "fractional-indexing";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import { DocumentStore } from "../src/doc/store.ts";
import type { DocRecord, PathNode, PathSegment } from "../src/doc/types.ts";
import { EXPORT_TASKS, runExport } from "../src/io/export/inTasks.ts";
import { scopeSnapshotSteps } from "../src/io/export/snapshot.ts";
import { exportSvg, exportSvgSteps } from "../src/io/export/svg.ts";

const SIZES = (process.env.BENCH_EXPORT_SIZES ?? "10000,100000").split(",").map(Number);
const ROUNDS = 3;
const PITCH = 100;

/** N closed paths of 8 cubic segments each, on a √N grid. */
function pathDocument(paths: number): DocRecord[] {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    author: "bench",
    created: "2025-01-01T00:00:00.000Z",
  });
  const side = Math.ceil(Math.sqrt(paths));
  let index: string | null = null;
  for (let i = 0; i < paths; i++) {
    index = generateKeyBetween(index, null);
    const segments: PathSegment[] = [];
    for (let s = 1; s <= 8; s++) {
      const a = (s / 8) * Math.PI * 2;
      const b = ((s - 0.5) / 8) * Math.PI * 2;
      segments.push({
        type: "cubic",
        control1: { x: 30 * Math.cos(b), y: 30 * Math.sin(b) },
        control2: { x: 45 * Math.cos(b), y: 45 * Math.sin(b) },
        to: { x: 40 * Math.cos(a), y: 40 * Math.sin(a) },
      });
    }
    records.push({
      ...makeNode<PathNode>("path", `n${i.toString(36)}`, "page", index, {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        subpaths: [{ start: { x: 40, y: 0 }, segments, closed: true }],
        fillRule: "nonzero",
      }),
      transform: {
        x: (i % side) * PITCH,
        y: Math.floor(i / side) * PITCH,
        rotation: i % 7 === 0 ? 0.3 : 0,
        scaleX: 1,
        scaleY: 1,
        skewX: 0,
      },
    });
  }
  return records;
}

const round = (n: number): number => Math.round(n * 10) / 10;

export async function benchExport(): Promise<object> {
  const results = [];
  for (const paths of SIZES) {
    const store = new DocumentStore(pathDocument(paths));
    const times: number[] = [];
    let bytes = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      bytes = exportSvg(store, { scope: { page: "page" }, background: true }).svg.length;
      times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    times.sort((a, b) => a - b);
    // The file as Export as SVG makes it: a copy of the page, then the writing, over tasks of
    // EXPORT_SLICE_MS with a macrotask between; its longest task is what a person would feel.
    const tasks: number[] = [];
    let taskStarted = performance.now();
    const steppedStarted = taskStarted;
    const timed = {
      ...EXPORT_TASKS,
      clock: () => performance.now(),
      pause: async () => {
        tasks.push(performance.now() - taskStarted);
        await EXPORT_TASKS.pause();
        taskStarted = performance.now();
      },
    };
    const snapshot = await runExport(scopeSnapshotSteps(store, { page: "page" }), undefined, timed);
    const steps = exportSvgSteps(snapshot, { scope: { page: "page" }, background: true });
    const stepped = (await runExport(steps, undefined, timed)).pieces.length;
    tasks.push(performance.now() - taskStarted);
    results.push({
      paths,
      svgMiB: round(bytes / 1024 / 1024),
      medianMs: round(times[Math.floor(times.length / 2)]!),
      bestMs: round(times[0]!),
      inTasksMs: round(performance.now() - steppedStarted),
      inTasksLongestTaskMs: round(Math.max(...tasks)),
      inTasksTasks: tasks.length,
      inTasksPieces: stepped,
    });
  }
  return { svg: results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchExport()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
