import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addNodes, deleteNodes, isAncestorOrSelf, moveNodes } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { isSceneNode, type GroupNode, type RectNode } from "../../src/doc/types";
import { SpatialSync } from "../../src/scene/spatialSync";
import { bruteForce } from "../support/spatialOracle";
import { emptyDocumentStore } from "../support/store";
import { loadCore } from "../core/loadCore.ts";

const coordinate = fc.integer({ min: -2000, max: 2000 });
const step = fc.oneof(
  fc.record({
    kind: fc.constant("rect" as const),
    x: coordinate,
    y: coordinate,
    w: fc.integer({ min: 0, max: 400 }),
    into: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("group" as const),
    x: coordinate,
    y: coordinate,
    rotation: fc.double({ min: -3, max: 3, noNaN: true }),
    into: fc.nat(),
  }),
  fc.record({
    kind: fc.constant("moveGroup" as const),
    target: fc.nat(),
    x: coordinate,
    y: coordinate,
  }),
  fc.record({ kind: fc.constant("reparent" as const), target: fc.nat(), into: fc.nat() }),
  fc.record({ kind: fc.constant("delete" as const), target: fc.nat() }),
);

describe("spatial index follows the document through patches", () => {
  it("rectangle queries equal a brute-force scan after every commit", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.array(fc.tuple(coordinate, coordinate, coordinate, coordinate), {
          minLength: 3,
          maxLength: 3,
        }),
        async (steps, queries) => {
          core.index.clear();
          const store = emptyDocumentStore();
          const sync = new SpatialSync(store, core.index);
          sync.showPage("page");
          let counter = 0;
          for (const s of steps) {
            const nodes = [...store.all()].filter(isSceneNode);
            const groups = nodes.filter((n) => n.type === "group");
            const containers = ["page", ...groups.map((g) => g.id)];
            const pickNode = (i: number) => nodes[i % Math.max(1, nodes.length)];
            store.transact("step", (tx) => {
              if (s.kind === "rect") {
                const rect = makeNode<RectNode>("rect", `r${counter++}`, "page", "a0", {
                  width: s.w,
                  height: s.w / 2,
                  radii: [0, 0, 0, 0],
                  fill: DEFAULT_FILL,
                  stroke: DEFAULT_STROKE,
                });
                addNodes(tx, containers[s.into % containers.length]!, [
                  { ...rect, transform: { ...rect.transform, x: s.x, y: s.y } },
                ]);
              } else if (s.kind === "group") {
                const group = makeNode<GroupNode>("group", `g${counter++}`, "page", "a0", {});
                addNodes(tx, containers[s.into % containers.length]!, [
                  {
                    ...group,
                    transform: { ...group.transform, x: s.x, y: s.y, rotation: s.rotation },
                  },
                ]);
              } else if (s.kind === "moveGroup") {
                const group = groups[s.target % Math.max(1, groups.length)];
                if (group)
                  tx.update(group.id, { transform: { ...group.transform, x: s.x, y: s.y } });
              } else if (s.kind === "reparent") {
                const node = pickNode(s.target);
                const into = containers[s.into % containers.length]!;
                if (node && !isAncestorOrSelf(tx, node.id, into)) moveNodes(tx, [node.id], into);
              } else {
                const node = pickNode(s.target);
                if (node) deleteNodes(tx, [node.id]);
              }
            });
            for (const [x0, y0, x1, y1] of queries) {
              const query = {
                minX: Math.min(x0, x1),
                minY: Math.min(y0, y1),
                maxX: Math.max(x0, x1),
                maxY: Math.max(y0, y1),
              };
              expect(sync.queryRect(query).sort()).toEqual(bruteForce(store, "page", query));
            }
          }
          sync.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });
});
