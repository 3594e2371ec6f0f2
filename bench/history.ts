// Benchmarks undo and redo of a 10k-shape move in documents of 10k, 100k and 1M shapes, and what
// one such undo step costs in memory. Prints JSON when run alone: npx tsx bench/history.ts
// (add --expose-gc through NODE_OPTIONS for steadier memory figures).

import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { DocumentStore } from "../src/doc/store.ts";
import { isSceneNode } from "../src/doc/types.ts";
import { History } from "../src/history/history.ts";
import { makeDocument } from "./document.ts";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const MOVED = 10_000;
const ROUNDS = 5;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const round = (n: number): number => Math.round(n * 100) / 100;

async function benchSize(shapes: number) {
  const store = new DocumentStore(makeDocument(shapes));
  const history = new History(store);
  const moved = [...store.all()].filter(isSceneNode).slice(0, MOVED);
  const move = (dx: number) =>
    store.transact("Move", (tx) => {
      for (const node of moved) {
        const current = tx.get(node.id);
        if (isSceneNode(current))
          tx.update(node.id, { transform: { ...current.transform, x: current.transform.x + dx } });
      }
    });

  const editMs: number[] = [];
  const undoMs: number[] = [];
  const redoMs: number[] = [];
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now();
    move(10);
    editMs.push(performance.now() - t);
    t = performance.now();
    history.undo();
    undoMs.push(performance.now() - t);
    t = performance.now();
    history.redo();
    redoMs.push(performance.now() - t);
  }
  gc();
  const heapAfter = process.memoryUsage().heapUsed;
  return {
    shapes,
    movedShapes: moved.length,
    moveTransactionMs: round(median(editMs)),
    undoMs: round(median(undoMs)),
    redoMs: round(median(redoMs)),
    undoSteps: history.depth.undo,
    heapPerStepBytes: Math.round((heapAfter - heapBefore) / ROUNDS),
    heapPerStepPerShapeBytes: Math.round((heapAfter - heapBefore) / ROUNDS / moved.length),
  };
}

export async function benchHistory(): Promise<object> {
  const results = [];
  for (const shapes of SIZES) results.push(await benchSize(shapes));
  return {
    what: `undo/redo of one transaction moving ${MOVED} shapes; median of ${ROUNDS}`,
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
    results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchHistory(), null, 2)}\n`);
}
