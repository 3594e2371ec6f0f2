import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHADOW, withShadows } from "../../src/actions/dropShadow";
import { worldBox } from "../../src/actions/geometry";
import { worldMatrix } from "../../src/doc/commands";
import type { GroupNode, SceneNode } from "../../src/doc/types";
import { transformBox } from "../../src/geometry/bounds";
import { exportSvg } from "../../src/io/export/svg";
import { pngSize } from "../../src/io/export/png";
import { SpatialSync } from "../../src/scene/spatialSync";
import { effectBox } from "../../src/shapes/effectBounds";
import { editNodes } from "../../src/ui/properties/edits";
import { at, editorWith, group, rect } from "../actions/support";
import { farShadow } from "../support/farShadow";
import { loadCore } from "../core/loadCore.ts";

const SHADOW_ONLY = { minX: 150, minY: 40, maxX: 160, maxY: 60 };

describe("effect bounds: culling and export include a group's shadow", () => {
  it("culling finds a group whose shadow alone is in view, with its content", async () => {
    const core = await loadCore();
    core.index.clear();
    const { store } = farShadow();
    const sync = new SpatialSync(store, core.index);
    sync.showPage("page");
    // The content's box is far left of the view; only the shadow reaches it.
    expect(sync.queryRect(SHADOW_ONLY)).toEqual([]);
    expect(new Set(sync.queryEffects(SHADOW_ONLY))).toEqual(new Set(["g", "sq"]));
    expect(sync.queryEffects({ minX: 800, minY: 40, maxX: 900, maxY: 60 })).toEqual([]);

    // The box follows moves of the group and of what holds it, a removed filter and a deletion.
    store.transact("Move outer", (tx) => tx.update("outer", { transform: at(0, 1000) }));
    expect(sync.queryEffects(SHADOW_ONLY)).toEqual([]);
    expect(sync.queryEffects({ ...SHADOW_ONLY, minY: 1040, maxY: 1060 })).toContain("g");
    store.transact("Back", (tx) => tx.update("outer", { transform: at(0, 0) }));
    expect(sync.queryEffects(SHADOW_ONLY)).toContain("g");
    store.transact("Hide", (tx) => tx.update("g", { hidden: true }));
    expect(sync.queryEffects(SHADOW_ONLY)).toEqual([]);
    store.transact("Show", (tx) => tx.update("g", { hidden: false }));
    store.transact("Unfilter", (tx) => {
      const { filter: _f, ...rest } = tx.get("g") as GroupNode;
      tx.put(rest as SceneNode);
    });
    expect(sync.queryEffects(SHADOW_ONLY)).toEqual([]);
    sync.dispose();
  });

  it("an effect box is the filter region under the group's world matrix (property)", async () => {
    const core = await loadCore();
    const coordinate = fc.integer({ min: -3000, max: 3000 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          x: coordinate,
          y: coordinate,
          rotation: fc.double({ min: -3, max: 3, noNaN: true }),
          scale: fc.double({ min: 0.1, max: 5, noNaN: true }),
          dx: coordinate,
          dy: coordinate,
        }),
        fc.tuple(coordinate, coordinate, fc.nat({ max: 500 }), fc.nat({ max: 500 })),
        async (t, [qx, qy, qw, qh]) => {
          core.index.clear();
          const editor = editorWith([
            group("outer", "page", "a0", {
              ...at(t.x, t.y, 0, t.scale, t.scale),
              rotation: t.rotation,
            }),
            group("g", "outer", "a0", at(-t.y, t.x)),
            rect("sq", "g", "a0", at(0, 0), 80, 40),
          ]);
          const live = new SpatialSync(editor.store, core.index);
          live.showPage("page");
          editNodes(editor.store, "Add drop shadow", ["g"], (n) =>
            withShadows(editor.store, n, [{ ...DEFAULT_SHADOW, dx: t.dx, dy: t.dy }]),
          );
          const g = editor.store.get("g") as GroupNode;
          const box = transformBox(effectBox(g)!, worldMatrix(editor.store, "g"));
          const query = { minX: qx, minY: qy, maxX: qx + qw, maxY: qy + qh };
          const meets =
            box.minX <= query.maxX &&
            box.maxX >= query.minX &&
            box.minY <= query.maxY &&
            box.maxY >= query.minY;
          expect(live.queryEffects(query).includes("g")).toBe(meets);
          live.dispose();
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the export fits the shadow; the selection frame stays on the content", () => {
    const { store } = farShadow();
    const content = worldBox(store, "g")!;
    expect(content).toEqual({ minX: -500, minY: 0, maxX: -400, maxY: 100 });
    const exported = exportSvg(store, { scope: { page: "page" } });
    // The shadow: 600 right, three deviations (4) wide.
    expect(exported.bounds.maxX).toBeGreaterThanOrEqual(-400 + 600 + 12);
    expect(exported.bounds.minX).toBeLessThanOrEqual(-500);
    expect(exported.bounds.maxY).toBeGreaterThanOrEqual(100 + 12);
    // PNG and PDF take their size from these bounds.
    expect(pngSize(exported.bounds, 1).width).toBeGreaterThanOrEqual(712);
  });
});
