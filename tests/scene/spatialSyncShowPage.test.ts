import fc from "fast-check";
import { generateNKeysBetween } from "fractional-indexing";
import { describe, expect, it } from "vitest";
import { addNodes, deleteNodes } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import { isSceneNode, type GroupNode, type Id, type RectNode } from "../../src/doc/types";
import { pageBoxesSteps, SpatialSync } from "../../src/scene/spatialSync";
import { bruteForce } from "../support/spatialOracle";
import { emptyDocumentStore } from "../support/store";
import { loadCore } from "../core/loadCore.ts";

const coordinate = fc.integer({ min: -2000, max: 2000 });
const node = fc.record({
  group: fc.boolean(),
  x: coordinate,
  y: coordinate,
  size: fc.integer({ min: 0, max: 400 }),
  rotation: fc.double({ min: -3, max: 3, noNaN: true }),
  into: fc.nat(),
});
const rectangle = fc
  .tuple(coordinate, coordinate, coordinate, coordinate)
  .map(([x0, y0, x1, y1]) => ({
    minX: Math.min(x0, x1),
    minY: Math.min(y0, y1),
    maxX: Math.max(x0, x1),
    maxY: Math.max(y0, y1),
  }));

/** A page of rectangles and rotated groups nested in one another, made in one transaction. */
function buildPage(nodes: readonly NodeSpec[]): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("build", (tx) => {
    const containers: Id[] = ["page"];
    nodes.forEach((spec, i) => {
      const parent = containers[spec.into % containers.length]!;
      const transform = {
        x: spec.x,
        y: spec.y,
        rotation: spec.rotation,
        scaleX: 1,
        scaleY: 1,
        skewX: 0,
      };
      if (spec.group) {
        const group = makeNode<GroupNode>("group", `g${i}`, parent, "a0", {});
        addNodes(tx, parent, [{ ...group, transform }]);
        containers.push(group.id);
      } else {
        const rect = makeNode<RectNode>("rect", `r${i}`, parent, "a0", {
          width: spec.size,
          height: spec.size / 2,
          radii: [0, 0, 0, 0],
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
        });
        addNodes(tx, parent, [{ ...rect, transform }]);
      }
    });
  });
  return store;
}

type NodeSpec = typeof node extends fc.Arbitrary<infer T> ? T : never;

describe("showing a page indexes it in one pass", () => {
  it("answers as the document does, before and after later commits", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(node, { maxLength: 60 }),
        fc.array(rectangle, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        async (nodes, queries, pick) => {
          const store = buildPage(nodes);
          core.index.clear();
          // Something indexed before is replaced, not kept.
          core.index.insert(12345, -1e6, -1e6, 1e6, 1e6);
          const sync = new SpatialSync(store, core.index);
          sync.showPage("page");
          const check = (): void => {
            for (const query of queries)
              expect(sync.queryRect(query).sort()).toEqual(bruteForce(store, "page", query));
          };
          check();
          const scene = [...store.all()].filter(isSceneNode);
          const target = scene[pick % Math.max(1, scene.length)];
          if (target !== undefined) {
            store.transact("move", (tx) =>
              tx.update(target.id, {
                transform: { ...target.transform, x: target.transform.x + 37 },
              }),
            );
            check();
            store.transact("delete", (tx) => deleteNodes(tx, [target.id]));
            check();
          }
          sync.dispose();
        },
      ),
      { numRuns: 80 },
    );
  });

  it("answers the same while the bulk load waits, by scanning the boxes, and loads before an edit", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(node, { maxLength: 60 }),
        fc.array(rectangle, { minLength: 1, maxLength: 4 }),
        fc.nat(),
        fc.boolean(),
        async (nodes, queries, pick, editFirst) => {
          const store = buildPage(nodes);
          core.index.clear();
          const tasks: (() => void)[] = [];
          let cancelled = 0;
          const sync = new SpatialSync(store, core.index, store, (task) => {
            tasks.push(task);
            return () => (cancelled += 1);
          });
          sync.showPage("page");
          expect(sync.loaded).toBe(false);
          expect(core.index.size).toBe(0);
          const check = (): void => {
            for (const query of queries) {
              const expected = bruteForce(store, "page", query);
              expect(sync.queryRect(query).sort()).toEqual(expected);
              const point = { x: query.minX, y: query.minY };
              expect(sync.queryPoint(point.x, point.y).sort()).toEqual(
                bruteForce(store, "page", {
                  minX: point.x,
                  minY: point.y,
                  maxX: point.x,
                  maxY: point.y,
                }),
              );
            }
          };
          check();
          const scene = [...store.all()].filter(isSceneNode);
          const target = scene[pick % Math.max(1, scene.length)];
          if (editFirst && target !== undefined) {
            // An edit before the load puts the page into the index first, then itself.
            store.transact("move", (tx) =>
              tx.update(target.id, {
                transform: { ...target.transform, x: target.transform.x + 37 },
              }),
            );
            expect(sync.loaded).toBe(true);
          } else {
            expect(tasks).toHaveLength(1);
            tasks[0]!();
            expect(sync.loaded).toBe(true);
          }
          expect(core.index.size).toBe(scene.filter((n) => n.type !== "group").length);
          check();
          // A task that comes after all does nothing more.
          for (const task of tasks) task();
          check();
          sync.showPage("page");
          sync.dispose();
          expect(cancelled).toBeGreaterThan(0);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("indexes a page bigger than a task's share over several tasks, answering the same at each, and a rename of the document indexes nothing", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(node, { minLength: 1, maxLength: 60 }),
        fc.array(rectangle, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.nat(),
        async (nodes, queries, perTask, editAfter, pick) => {
          const store = buildPage(nodes);
          const scene = [...store.all()].filter(isSceneNode);
          const indexed = scene.filter((n) => n.type !== "group").length;
          fc.pre(indexed > 0);
          core.index.clear();
          const tasks: (() => void)[] = [];
          const sync = new SpatialSync(
            store,
            core.index,
            store,
            (task) => {
              tasks.push(task);
              return () => undefined;
            },
            perTask,
          );
          const check = (): void => {
            for (const query of queries)
              expect(sync.queryRect(query).sort()).toEqual(bruteForce(store, "page", query));
          };
          sync.showPage("page");
          // Renaming the document (as opening a file does) leaves the page to its tasks.
          store.transact("Rename", (tx) => tx.update(store.document.id, { name: "Renamed" }));
          expect(core.index.size).toBe(0);
          const sliceTasks = Math.ceil(indexed / perTask);
          const stopAt = editAfter % (2 * sliceTasks + 1);
          let ran = 0;
          while (ran < tasks.length && ran < stopAt) {
            tasks[ran++]!();
            check();
            expect(core.index.size).toBe(Math.min(indexed, ran * perTask));
          }
          if (ran === tasks.length) {
            // Every task ran: boxes in slices, then the ids numbered in slices.
            expect(ran).toBe(2 * sliceTasks);
            expect(sync.loaded).toBe(true);
          }
          // An edit at any point finishes the index first, then goes into it.
          const target = scene.filter((n) => n.type !== "group")[pick % indexed]!;
          store.transact("move", (tx) =>
            tx.update(target.id, {
              transform: { ...target.transform, x: target.transform.x + 37 },
            }),
          );
          expect(sync.loaded).toBe(true);
          expect(core.index.size).toBe(indexed);
          check();
          sync.dispose();
        },
      ),
      { numRuns: 80 },
    );
  });

  it("shows a page from boxes worked out beforehand in steps, as from its own walk", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(node, { maxLength: 60 }),
        fc.array(rectangle, { minLength: 1, maxLength: 4 }),
        async (nodes, queries) => {
          const store = buildPage(nodes);
          const prepared = pageBoxesSteps(store, "page");
          let step = prepared.next();
          while (step.done !== true) step = prepared.next();
          core.index.clear();
          const sync = new SpatialSync(store, core.index);
          sync.showPage("page", step.value);
          for (const query of queries)
            expect(sync.queryRect(query).sort()).toEqual(bruteForce(store, "page", query));
          // Boxes of another store are not taken for this one.
          const other = buildPage([]);
          const empty = pageBoxesSteps(other, "page").next();
          expect(empty.done).toBe(true);
          sync.showPage("page", empty.value ?? null);
          for (const query of queries)
            expect(sync.queryRect(query).sort()).toEqual(bruteForce(store, "page", query));
          sync.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("measures a big page in many steps", () => {
    // Put in one transaction as they are: addNodes would sort the page for each.
    const store = emptyDocumentStore();
    const keys = generateNKeysBetween(null, null, 5000);
    store.transact("build", (tx) => {
      keys.forEach((index, i) => {
        const rect = makeNode<RectNode>("rect", `r${i}`, "page", index, {
          width: 10,
          height: 5,
          radii: [0, 0, 0, 0],
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
        });
        tx.put({ ...rect, transform: { ...rect.transform, x: i % 100, y: Math.floor(i / 100) } });
      });
    });
    const steps = pageBoxesSteps(store, "page");
    let yields = 0;
    let step = steps.next();
    while (step.done !== true) {
      yields += 1;
      step = steps.next();
    }
    expect(yields).toBeGreaterThanOrEqual(4);
    expect(step.value.ids).toHaveLength(5000);
  });
});
