// Benchmarks SVG import: parse, convert and one transaction into a store, for generated files of
// 10k and 100k paths. Prints JSON when run alone: npx tsx bench/import.ts
// Targets: 10k paths ≤ 1 s, 100k paths ≤ 8 s.

import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createDocument } from "../src/doc/factory.ts";
import { DocumentStore } from "../src/doc/store.ts";
import { importIntoDocument } from "../src/io/import/intoDocument.ts";
import { importSvg } from "../src/io/import/svg/index.ts";

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

export async function benchImport(): Promise<object> {
  const results = [];
  for (const paths of SIZES) results.push(await benchSize(paths));
  return { what: "SVG import: parse + convert + one transaction into a store", results };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchImport(), null, 2)}\n`);
}
