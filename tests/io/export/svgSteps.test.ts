import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../../src/doc/factory";
import { DocumentStore } from "../../../src/doc/store";
import type { DocRecord, GroupNode, Id, RectNode } from "../../../src/doc/types";
import { documentExports } from "../../../src/io/export/documentExports";
import { runExport } from "../../../src/io/export/inTasks";
import { exportSvg, exportSvgSteps, type ExportScope } from "../../../src/io/export/svg";
import { scopeSnapshotSteps } from "../../../src/io/export/snapshot";
import { svgClipboardSteps } from "../../../src/io/export/clipboard";
import { ESTIMATED_MEASURE } from "../../../src/io/export/textLayout";
import type { TaskOptions } from "../../../src/io/steps";
import { makeNode } from "../../../src/shapes/makeNode";
import { documentArb } from "../../support/arbitraries";
import { storeWith } from "../../support/store";

function rect(id: Id, parent: Id, index: string, x: number): RectNode {
  return {
    ...makeNode<RectNode>("rect", id, parent, index, {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0.5, b: 1, a: 1 } },
      stroke: NO_STROKE,
    }),
    transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
  };
}

/** `count` rectangles: three in four on the page, then the rest inside a group in front of them. */
function manyRects(count: number): DocumentStore {
  const nodes: DocRecord[] = [makeNode<GroupNode>("group", "g", "page", "c0", {})];
  const key = (i: number): string => `b${i.toString(36).padStart(4, "0")}`;
  for (let i = 0; i < count; i++)
    nodes.push(rect(`r${i}`, i % 4 === 0 ? "g" : "page", key(i), i * 12));
  return storeWith(...nodes);
}

/** A clock that moves 1 ms each time it is read, and pauses that are counted. */
function countedTasks(sliceMs: number): TaskOptions & { readonly pauses: () => number } {
  let now = 0;
  let pauses = 0;
  return {
    clock: () => now++,
    sliceMs,
    pause: () => {
      pauses += 1;
      return new Promise((resume) => setTimeout(resume, 0));
    },
    pauses: () => pauses,
  };
}

const exportsOf = (store: DocumentStore) =>
  documentExports(
    () => store,
    () => Promise.reject(new Error("no fonts here")),
    () => ESTIMATED_MEASURE,
  );

/** The scopes a document offers: each page, each page's first node, and each group. */
function scopesOf(store: DocumentStore): ExportScope[] {
  const scopes: ExportScope[] = [];
  for (const page of store.pages()) {
    scopes.push({ page: page.id });
    const children = store.childrenOf(page.id);
    if (children.length > 0) scopes.push({ nodes: [children[0]!.id] });
    const frame = children.find((node) => node.type === "frame");
    if (frame !== undefined) scopes.push({ frame: frame.id });
  }
  return scopes;
}

/** The file's text, or the error's message when the export is refused. */
async function outcome(make: () => string | Promise<string>): Promise<string> {
  try {
    return await make();
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
}

describe("SVG export in steps", () => {
  it("a step writes at most one node: the steps outnumber the nodes", () => {
    const store = manyRects(3000);
    const steps = exportSvgSteps(store, { scope: { page: "page" } });
    let count = 0;
    while (steps.next().done !== true) count += 1;
    expect(count).toBeGreaterThan(3000);
  });

  it("gives the page turns while it writes, reporting progress up to every node", async () => {
    const store = manyRects(3000);
    const tasks = countedTasks(20);
    const seen: Array<[number, number]> = [];
    const exported = await runExport(
      exportSvgSteps(store, { scope: { page: "page" } }, (done, total) => seen.push([done, total])),
      undefined,
      tasks,
    );
    // Every read of the clock is a millisecond: a 20 ms slice is about 20 steps.
    expect(tasks.pauses()).toBeGreaterThan(100);
    expect(exported.svg).toBe(exportSvg(store, { scope: { page: "page" } }).svg);
    expect(seen[0]).toEqual([0, 3001]);
    expect(seen.at(-1)).toEqual([3001, 3001]);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).toBeGreaterThan(seen[i - 1]![0]);
  });

  it("Cancel stops it between steps with an AbortError, and nothing more is written", async () => {
    const store = manyRects(3000);
    const controller = new AbortController();
    const tasks = countedTasks(5);
    let last = 0;
    const pause = tasks.pause;
    const run = runExport(
      exportSvgSteps(store, { scope: { page: "page" } }, (done) => (last = done)),
      controller.signal,
      {
        ...tasks,
        pause: () => {
          if (tasks.pauses() === 3) controller.abort();
          return pause();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    const atCancel = last;
    expect(atCancel).toBeLessThan(3001);
    await new Promise((resume) => setTimeout(resume, 20));
    expect(last).toBe(atCancel);
  });

  it("a file made over tasks is the one-shot export to the byte, for any document (property)", async () => {
    await fc.assert(
      fc.asyncProperty(documentArb({ maxPages: 2 }), async (records) => {
        const store = new DocumentStore(records);
        const exports = exportsOf(store);
        for (const scope of scopesOf(store))
          for (const background of [false, true]) {
            const options = { scope, background };
            const once = await outcome(() => exportSvg(store, options).svg);
            const stepped = await outcome(async () => (await exports.svgFile(options)).text());
            expect(stepped).toBe(once);
            if (!once.startsWith("refused"))
              expect(exportSvg(store, options).pieces.join("")).toBe(once);
          }
      }),
      { numRuns: 60 },
    );
  });

  it("is of the document as it was when it started: edits meanwhile do not reach the file", async () => {
    const store = manyRects(2000);
    const before = exportSvg(store, { scope: { page: "page" } }).svg;
    let edited = false;
    const file = exportsOf(store).svgFile(
      { scope: { page: "page" } },
      {
        onProgress: (done) => {
          if (edited || done === 0) return;
          edited = true;
          // The group is written last: without a copy of the document these would reach it.
          store.transact("Edit", (tx) => {
            tx.remove("r1998");
            tx.put(rect("late", "g", "zz", -500));
            tx.update<RectNode>("r0", { width: 99 });
          });
        },
      },
    );
    const text = await (await file).text();
    expect(edited).toBe(true);
    expect(text).toBe(before);
    expect(exportSvg(store, { scope: { page: "page" } }).svg).not.toBe(before);
  });

  it("copies the scope in steps, and again at once when the document changed between them", () => {
    const store = manyRects(5000);
    const edit = (): void => {
      store.transact("Edit", (tx) => {
        tx.put(rect("late", "page", "d0", -500));
        tx.update<RectNode>("r0", { width: 99 });
      });
    };
    const quiet = scopeSnapshotSteps(store, { page: "page" });
    let steps = 0;
    let copy = quiet.next();
    for (; copy.done !== true; copy = quiet.next()) steps += 1;
    expect(steps).toBeGreaterThan(2);
    expect(exportSvg(copy.value, { scope: { page: "page" } }).svg).toBe(
      exportSvg(store, { scope: { page: "page" } }).svg,
    );
    const edited = scopeSnapshotSteps(store, { page: "page" });
    edited.next();
    edit();
    let last = edited.next();
    while (last.done !== true) last = edited.next();
    // The copy is of the document after the edit, not of a mix of before and after.
    expect(exportSvg(last.value, { scope: { page: "page" } }).svg).toBe(
      exportSvg(store, { scope: { page: "page" } }).svg,
    );
  });

  it("Copy as SVG's payload is made a Blob of pieces a step, the same text in each type", async () => {
    const store = manyRects(20_000);
    const exported = exportSvg(store, { scope: { page: "page" } });
    const steps = svgClipboardSteps(exported);
    let count = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) count += 1;
    expect(exported.pieces.length).toBeGreaterThan(40);
    expect(count).toBeGreaterThan(exported.pieces.length / 20);
    const payload = step.value;
    expect(await payload["image/svg+xml"]!.text()).toBe(exported.svg);
    expect(await payload["text/plain"]!.text()).toBe(exported.svg);
    expect(await payload["text/html"]!.text()).toBe(
      `<meta charset="utf-8">${exported.svg.replace(/^<\?xml[^>]*\?>\s*/, "").trimEnd()}`,
    );
  });
});
