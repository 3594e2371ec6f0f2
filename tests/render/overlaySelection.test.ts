import { generateKeyBetween } from "fractional-indexing";
import type { Graphics } from "pixi.js";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createDocument, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { RectNode } from "../../src/doc/types";
import { Camera } from "../../src/render/camera";
import type { Overlays as OverlaysClass } from "../../src/render/overlays/overlays";

// PixiJS reads `navigator` when its modules load.
let Overlays: typeof OverlaysClass;
let MAX_OUTLINED_SELECTION: number;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ Overlays, MAX_OUTLINED_SELECTION } = await import("../../src/render/overlays/overlays"));
});

function storeOf(count: number): DocumentStore {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Test",
    author: "test",
    created: "2026-01-01T00:00:00.000Z",
  });
  const rects: RectNode[] = [];
  let index: string | null = null;
  for (let i = 0; i < count; i += 1) {
    index = generateKeyBetween(index, null);
    const node = makeNode<RectNode>("rect", `r${i}`, "page", index, {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
    });
    rects.push({ ...node, transform: { ...node.transform, x: i * 20 } });
  }
  return new DocumentStore([...records, ...rects]);
}

/** Drawing instructions of the selection layer: outlines, the frame and its handles. */
function instructions(overlays: OverlaysClass): number {
  return overlays.selection.context.instructions.length;
}

describe("selection overlay", () => {
  it("outlines each of a few selected nodes, and only the frame of very many", () => {
    const few = storeOf(3);
    const overlays = new Overlays(few, new Camera(), () => {});
    few.setSelection(["r0"]);
    const one = instructions(overlays);
    few.setSelection(["r0", "r1", "r2"]);
    expect(instructions(overlays)).toBeGreaterThan(one);

    const many = storeOf(MAX_OUTLINED_SELECTION + 1);
    const big = new Overlays(many, new Camera(), () => {});
    const ids = many.childrenOf("page").map((node) => node.id);
    many.setSelection(ids.slice(0, MAX_OUTLINED_SELECTION));
    expect(instructions(big)).toBeGreaterThan(MAX_OUTLINED_SELECTION);
    // One more, and only the frame and its eight handles are drawn.
    many.setSelection(ids);
    expect(instructions(big)).toBeLessThan(20);
    expect(big.selectionFrame).not.toBeNull();
    overlays.dispose();
    big.dispose();
  });

  it("re-projects the measured selection when the camera moves, and re-measures after an edit", () => {
    const store = storeOf(2);
    const camera = new Camera();
    const overlays = new Overlays(store, camera, () => {});
    store.setSelection(["r0", "r1"]);
    expect(overlays.selectionFrame?.[0]).toEqual({ x: 0, y: 0 });
    camera.set({ x: 5, y: 7, zoom: 2 });
    expect(overlays.selectionFrame?.[0]).toEqual({ x: 5, y: 7 });
    const r0 = store.get("r0") as RectNode;
    store.transact("Move", (tx) =>
      tx.update<RectNode>("r0", { transform: { ...r0.transform, x: -10 } }),
    );
    expect(overlays.selectionFrame?.[0]).toEqual({ x: 5 - 20, y: 7 });
    overlays.dispose();
  });

  it("redraws the selection for an edit of it, not the guides a drag has just set", () => {
    const store = storeOf(2);
    const overlays = new Overlays(store, new Camera(), () => {});
    store.setSelection(["r0"]);
    const guideLines = overlays.guides.children[0] as Graphics;
    const clears = vi.spyOn(guideLines, "clear");
    overlays.setGuides([{ from: { x: 0, y: 0 }, to: { x: 0, y: 100 } }]);
    expect(clears).toHaveBeenCalledTimes(1);
    const r0 = store.get("r0") as RectNode;
    store.transact("Move", (tx) =>
      tx.update<RectNode>("r0", { transform: { ...r0.transform, x: 30 } }),
    );
    expect(overlays.selectionFrame?.[0]).toEqual({ x: 30, y: 0 });
    expect(clears).toHaveBeenCalledTimes(1);
    overlays.dispose();
  });
});
