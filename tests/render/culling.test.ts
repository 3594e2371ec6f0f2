import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addNodes, moveNodes, worldMatrix } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import { isSceneNode, type GroupNode, type Id, type RectNode } from "../../src/doc/types";
import type { Container as PixiContainer } from "pixi.js";
import type { SceneRenderer as SceneRendererType } from "../../src/render/sceneRenderer";
import { transformBox } from "../../src/geometry/bounds";
import { localBounds } from "../../src/shapes/bounds";
import { SpatialSync } from "../../src/scene/spatialSync";
import { emptyDocumentStore } from "../support/store";
import { loadCore } from "../core/loadCore.ts";
import type { Box } from "../../src/math/box";

// PixiJS reads `navigator` when its modules load; building display objects needs no renderer.
let SceneRenderer: typeof SceneRendererType;
let Container: typeof PixiContainer;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ SceneRenderer } = await import("../../src/render/sceneRenderer"));
  ({ Container } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

function touches(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** The obvious answer: top-level nodes with any node under them touching the box. */
function topLevelTouching(store: DocumentStore, box: Box): Set<Id> {
  const out = new Set<Id>();
  for (const node of store.all()) {
    if (!isSceneNode(node)) continue;
    const local = localBounds(node);
    if (!local || !touches(transformBox(local, worldMatrix(store, node.id)), box)) continue;
    let top = node;
    while (top.parent !== "page") top = store.get(top.parent) as typeof top;
    out.add(top.id);
  }
  return out;
}

const coordinate = fc.integer({ min: -3000, max: 3000 });
const view = fc
  .tuple(
    coordinate,
    coordinate,
    fc.integer({ min: 1, max: 2000 }),
    fc.integer({ min: 1, max: 2000 }),
  )
  .map(([x, y, w, h]) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));
const step = fc.oneof(
  fc.record({ kind: fc.constant("view" as const), box: view }),
  fc.record({ kind: fc.constant("rect" as const), x: coordinate, y: coordinate, into: fc.nat() }),
  fc.record({ kind: fc.constant("group" as const), x: coordinate, y: coordinate }),
  fc.record({ kind: fc.constant("move" as const), target: fc.nat(), x: coordinate, y: coordinate }),
  fc.record({ kind: fc.constant("reparent" as const), target: fc.nat(), into: fc.nat() }),
);

describe("culling", () => {
  it("draws a group the view left out once a shape in view moves into it", async () => {
    const core = await loadCore();
    core.index.clear();
    const store = emptyDocumentStore();
    const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize: 1 });
    renderer.showPage("page");
    const spatial = new SpatialSync(store, core.index);
    spatial.showPage("page");
    store.transact("add", (tx) => {
      addNodes(tx, "page", [
        makeNode<GroupNode>("group", "far", "page", "a0", {}),
        makeNode<RectNode>("rect", "near", "page", "a1", {
          width: 100,
          height: 50,
          radii: [0, 0, 0, 0],
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
        }),
      ]);
    });
    renderer.cullTo(spatial.queryRect({ minX: 0, minY: 0, maxX: 1, maxY: 1 }));
    expect(renderer.isDrawn("far")).toBe(false);
    expect(renderer.isDrawn("near")).toBe(true);
    store.transact("into group", (tx) => moveNodes(tx, ["near"], "far"));
    expect(renderer.isDrawn("far")).toBe(true);
    spatial.dispose();
    renderer.dispose();
  });

  it("draws exactly the chunks holding top-level nodes the view touches, in document order, and never hides an edited one", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(1, 2, 3, 1024),
        async (steps, chunkSize) => {
          core.index.clear();
          const store = emptyDocumentStore();
          const root = new Container();
          const renderer = new SceneRenderer(store, root, () => {}, { chunkSize });
          renderer.showPage("page");
          const spatial = new SpatialSync(store, core.index);
          spatial.showPage("page");
          let last: Box | null = null;
          let counter = 0;
          // What culling flips: chunks, each a run of consecutive top-level siblings.
          const units = (): { culled: boolean; members: Id[] }[] =>
            renderer.chunkMembers().map((members) => ({
              culled: members.length > 0 && renderer.isDrawn(members[0]!) === false,
              members,
            }));
          const checkLayout = (): void => {
            const order = store.childrenOf("page").map((n) => n.id);
            expect(units().flatMap((u) => u.members)).toEqual(order);
            for (const { members } of units())
              expect(members.length).toBeLessThanOrEqual(Math.max(1, chunkSize * 2));
          };
          for (const s of steps) {
            if (s.kind === "view") {
              renderer.cullTo(spatial.queryRect(s.box));
              last = s.box;
              const expected = topLevelTouching(store, s.box);
              let drawn = 0;
              for (const { culled, members } of units()) {
                const wanted = members.some((id) => expected.has(id));
                expect(culled).toBe(!wanted);
                if (wanted) drawn += members.length;
              }
              expect(renderer.cullStats.drawn).toBe(drawn);
              checkLayout();
              continue;
            }
            const nodes = [...store.all()].filter(isSceneNode);
            const groups = ["page", ...nodes.filter((n) => n.type === "group").map((n) => n.id)];
            store.transact("step", (tx) => {
              if (s.kind === "rect") {
                const rect = makeNode<RectNode>("rect", `r${counter++}`, "page", "a0", {
                  width: 100,
                  height: 50,
                  radii: [0, 0, 0, 0],
                  fill: DEFAULT_FILL,
                  stroke: DEFAULT_STROKE,
                });
                addNodes(tx, groups[s.into % groups.length]!, [
                  { ...rect, transform: { ...rect.transform, x: s.x, y: s.y } },
                ]);
              } else if (s.kind === "group") {
                const group = makeNode<GroupNode>("group", `g${counter++}`, "page", "a0", {});
                addNodes(tx, "page", [
                  { ...group, transform: { ...group.transform, x: s.x, y: s.y } },
                ]);
              } else if (nodes.length > 0) {
                const node = nodes[s.target % nodes.length]!;
                if (s.kind === "move")
                  tx.update(node.id, { transform: { ...node.transform, x: s.x, y: s.y } });
                else {
                  const into = groups[s.into % groups.length]!;
                  let ancestor: Id | undefined = into;
                  let cycle = false;
                  while (ancestor && ancestor !== "page") {
                    if (ancestor === node.id) cycle = true;
                    ancestor = (tx.get(ancestor) as { parent?: Id } | undefined)?.parent;
                  }
                  if (!cycle) moveNodes(tx, [node.id], into);
                }
              }
            });
            // Between culls, whatever touches the last view is drawn, and nothing nested is culled.
            checkLayout();
            if (last) {
              const touching = topLevelTouching(store, last);
              for (const { culled, members } of units())
                if (members.some((id) => touching.has(id))) expect(culled).toBe(false);
            }
            for (const node of store.all()) {
              if (!isSceneNode(node) || node.parent === "page") continue;
              expect(renderer.displayOf(node.id)?.culled).toBe(false);
            }
          }
          spatial.dispose();
          renderer.dispose();
        },
      ),
      { numRuns: 120 },
    );
  });

  it("culls a page opened whole (its chunks cut in one pass) to exactly the chunks the view touches, before and after an edit", async () => {
    const core = await loadCore();
    const shape = fc.record({ x: coordinate, y: coordinate, group: fc.boolean(), into: fc.nat() });
    await fc.assert(
      fc.asyncProperty(
        fc.array(shape, { minLength: 1, maxLength: 40 }),
        fc.array(view, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(1, 2, 3, 1024),
        fc.nat(),
        async (shapes, views, chunkSize, pick) => {
          core.index.clear();
          const store = emptyDocumentStore();
          // The page is whole before it is shown, as a document opened from a file.
          store.transact("open", (tx) => {
            const groups: Id[] = [];
            shapes.forEach((spec, i) => {
              const at = { x: spec.x, y: spec.y };
              if (spec.group) {
                const group = makeNode<GroupNode>("group", `g${i}`, "page", "a0", {});
                addNodes(tx, "page", [{ ...group, transform: { ...group.transform, ...at } }]);
                groups.push(group.id);
                return;
              }
              const rect = makeNode<RectNode>("rect", `r${i}`, "page", "a0", {
                width: 100,
                height: 50,
                radii: [0, 0, 0, 0],
                fill: DEFAULT_FILL,
                stroke: DEFAULT_STROKE,
              });
              const parent = groups.length > 0 && spec.into % 3 === 0 ? groups.at(-1)! : "page";
              addNodes(tx, parent, [{ ...rect, transform: { ...rect.transform, ...at } }]);
            });
          });
          const renderer = new SceneRenderer(store, new Container(), () => {}, { chunkSize });
          renderer.showPage("page");
          const spatial = new SpatialSync(store, core.index);
          spatial.showPage("page");
          const check = (box: Box): void => {
            renderer.cullTo(spatial.queryRect(box));
            const expected = topLevelTouching(store, box);
            for (const members of renderer.chunkMembers()) {
              const culled = members.length > 0 && renderer.isDrawn(members[0]!) === false;
              expect(culled).toBe(!members.some((id) => expected.has(id)));
            }
          };
          for (const box of views) check(box);
          const rects = [...store.all()].filter(isSceneNode).filter((n) => n.type === "rect");
          const target = rects[pick % rects.length];
          if (target !== undefined)
            store.transact("move", (tx) =>
              tx.update(target.id, { transform: { ...target.transform, x: -target.transform.x } }),
            );
          for (const box of views) check(box);
          spatial.dispose();
          renderer.dispose();
        },
      ),
      { numRuns: 120 },
    );
  });
});
