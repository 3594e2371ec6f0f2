// Moving a shape that 1,000 connectors are bound to, in documents of 10k and 100k other shapes:
// the time of one drag step (a transaction moving the shape; its connectors follow inside it),
// against the same step with no connectors, to show the cost grows with the connectors touched,
// not with the document. Prints JSON when run alone: npx tsx bench/connectors.ts

import { generateKeyBetween } from "fractional-indexing";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import type { DocRecord, LineNode, RectNode } from "../src/doc/types.ts";
import { DocumentStore } from "../src/doc/store.ts";
import { BindingFollower } from "../src/editing/bindingFollower.ts";
import { CommitPipeline } from "../src/editing/commitPipeline.ts";
import { History } from "../src/history/history.ts";
import { makeDocument } from "./document.ts";

const SIZES = (process.env.BENCH_CONNECTOR_SIZES ?? "10000,100000").split(",").map(Number);
const CONNECTORS = Number(process.env.BENCH_CONNECTORS ?? 1000);
const STEPS = Number(process.env.BENCH_CONNECTOR_STEPS ?? 30);

const round = (n: number): number => Math.round(n * 1000) / 1000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The document, a hub box, and `connectors` boxes each joined to the hub by a bound arrow. */
function diagram(shapes: number, connectors: number): DocRecord[] {
  const records = makeDocument(shapes);
  let index = generateKeyBetween(null, null);
  for (const record of records)
    if (record.type !== "document" && record.type !== "page")
      index = generateKeyBetween(index, null);
  const next = () => (index = generateKeyBetween(index, null));
  const box = (id: string, x: number, y: number): RectNode => {
    const node = makeNode<RectNode>("rect", id, "page", next(), {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width: 80,
      height: 60,
      radii: [0, 0, 0, 0],
    });
    return { ...node, transform: { ...node.transform, x, y } };
  };
  records.push(box("hub", -2000, -2000));
  for (let i = 0; i < connectors; i++) {
    const angle = (i / connectors) * Math.PI * 2;
    const x = -2000 + Math.cos(angle) * 1500;
    const y = -2000 + Math.sin(angle) * 1500;
    records.push(box(`leaf${i}`, x, y));
    records.push(
      makeNode<LineNode>("line", `arrow${i}`, "page", next(), {
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
        start: { x: -1960, y: -1970 },
        end: { x: x + 40, y: y + 30 },
        startHead: "none",
        endHead: "arrow",
        startBinding: { node: "hub", anchor: { x: 0.5, y: 0.5 }, exact: false },
        endBinding: { node: `leaf${i}`, anchor: { x: 0.5, y: 0.5 }, exact: false },
      }),
    );
  }
  return records;
}

function dragSteps(shapes: number, connectors: number) {
  // The parts of an editor a drag step runs through, wired as `createEditor` wires them.
  const store = new DocumentStore(diagram(shapes, connectors));
  const commits = new CommitPipeline(store);
  new BindingFollower(store, commits.stage("bindings"));
  const history = new History(store, undefined, commits.stage("history"));
  history.beginGesture("Move");
  const times: number[] = [];
  let changes = 0;
  for (let i = 0; i < STEPS; i++) {
    const t = performance.now();
    const commit = store.transact("Move", (tx) => {
      const hub = tx.get("hub") as RectNode;
      tx.put({ ...hub, transform: { ...hub.transform, x: hub.transform.x + 3 } });
    });
    times.push(performance.now() - t);
    changes = commit?.patch.changes.length ?? 0;
  }
  history.endGesture();
  return {
    stepMs: round(median(times)),
    // The quickest step: what the work costs when nothing else competes for the processor.
    bestStepMs: round(Math.min(...times)),
    worstStepMs: round(Math.max(...times)),
    changesPerStep: changes,
  };
}

export async function benchConnectors(): Promise<object> {
  const results = [];
  for (const shapes of SIZES) {
    results.push({
      shapes,
      connectors: CONNECTORS,
      withConnectors: dragSteps(shapes, CONNECTORS),
      withoutConnectors: dragSteps(shapes, 0),
    });
  }
  return {
    what: `one drag step of a shape bound to ${CONNECTORS} connectors (the transaction, its connectors following inside it, history and the bindings index); median of ${STEPS}`,
    target: "proportional to the connectors touched, flat in the document's size",
    results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchConnectors(), null, 2)}\n`);
}
