// Benchmarks saving and opening native documents of 10k, 100k and 1M shapes. Prints JSON.
// Run alone: npx tsx bench/document.ts (add --expose-gc through NODE_OPTIONS for steadier heap
// figures).

import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { generateKeyBetween } from "fractional-indexing";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import { DocumentStore } from "../src/doc/store.ts";
import type { DocRecord, EllipseNode, PathNode, PathSegment, RectNode } from "../src/doc/types.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { parseDocument } from "../src/io/native/parse.ts";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000,1000000").split(",").map(Number);
const PITCH = 100;
const PATH_POINTS = 12;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** 40% rectangles, 40% ellipses, 20% 12-point paths on a √N grid with a 100-unit pitch. */
export function makeDocument(shapes: number): DocRecord[] {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: `${shapes} shapes`,
    author: "bench",
    created: "2025-01-01T00:00:00.000Z",
  });
  const side = Math.ceil(Math.sqrt(shapes));
  let index: string | null = null;
  for (let i = 0; i < shapes; i++) {
    index = generateKeyBetween(index, null);
    const id = `s${i.toString(36)}`;
    const transform = {
      x: (i % side) * PITCH,
      y: Math.floor(i / side) * PITCH,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      skewX: 0,
    };
    const kind = i % 5;
    if (kind < 2) {
      records.push({
        ...makeNode<RectNode>("rect", id, "page", index, {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          width: 60,
          height: 40,
          radii: [0, 0, 0, 0],
        }),
        transform,
      });
    } else if (kind < 4) {
      records.push({
        ...makeNode<EllipseNode>("ellipse", id, "page", index, {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          width: 50,
          height: 50,
        }),
        transform,
      });
    } else {
      const segments: PathSegment[] = [];
      for (let p = 1; p < PATH_POINTS; p++) {
        const angle = (p / PATH_POINTS) * Math.PI * 2;
        segments.push({ type: "line", to: { x: 40 * Math.cos(angle), y: 40 * Math.sin(angle) } });
      }
      records.push({
        ...makeNode<PathNode>("path", id, "page", index, {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          subpaths: [{ start: { x: 40, y: 0 }, segments, closed: true }],
          fillRule: "nonzero",
        }),
        transform,
      });
    }
  }
  return records;
}

interface SizeResult {
  shapes: number;
  bytes: number;
  serializeMs: number;
  loadMs: number;
  /** JSON.parse alone, timed on its own run: the part of `parseValidateMs` no format code does. */
  jsonParseMs: number;
  parseValidateMs: number;
  storeMs: number;
  heapUsedAfterLoadMiB: number;
  /** Heap held by the loaded document and its store: after load minus before the run. */
  documentHeapMiB: number;
}

async function benchSize(shapes: number): Promise<SizeResult> {
  // What was on the heap before (other benchmarks in the same run) is not the document's.
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let records: DocRecord[] | null = makeDocument(shapes);
  let started = performance.now();
  let text: string | null = serializeDocument(records);
  const serializeMs = performance.now() - started;
  const bytes = Buffer.byteLength(text);
  records = null;
  gc();
  // Let the event loop breathe so timers and finalisers do not land inside the measurement.
  await new Promise((resolve) => setTimeout(resolve, 0));

  started = performance.now();
  JSON.parse(text);
  const jsonParseMs = performance.now() - started;
  gc();
  await new Promise((resolve) => setTimeout(resolve, 0));

  started = performance.now();
  const result = parseDocument(text);
  const parsed = performance.now();
  if (!result.ok) throw new Error(result.error);
  const store = new DocumentStore(result.records);
  const loaded = performance.now();
  text = null;
  gc();
  const heapUsed = process.memoryUsage().heapUsed;
  if (store.size !== shapes + 2) throw new Error("the document did not load whole");
  return {
    shapes,
    bytes,
    serializeMs: round(serializeMs),
    loadMs: round(loaded - started),
    jsonParseMs: round(jsonParseMs),
    parseValidateMs: round(parsed - started),
    storeMs: round(loaded - parsed),
    heapUsedAfterLoadMiB: round(heapUsed / 1024 / 1024),
    documentHeapMiB: round((heapUsed - baseline) / 1024 / 1024),
  };
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export async function benchDocuments(): Promise<object> {
  const results: SizeResult[] = [];
  for (const size of SIZES) {
    results.push(await benchSize(size));
    gc();
  }
  return {
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === "function",
    documents: results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchDocuments()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
