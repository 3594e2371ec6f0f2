import { describe, expect, it } from "vitest";
import { worldMatrix } from "../../src/doc/commands";
import { apply } from "../../src/doc/transform";
import type { LineNode } from "../../src/doc/types";
import type { Point } from "../../src/math/point";
import {
  createToolHarness,
  documentState,
  rectRecord,
  type ToolHarness,
} from "../support/toolHarness";

/** Two boxes, "a" at (100, 100) and "b" at (400, 100), each 100 × 50. */
async function twoBoxes(): Promise<ToolHarness> {
  return createToolHarness({
    records: [
      rectRecord("a", { x: 100, y: 100, width: 100, height: 50 }, "a0"),
      rectRecord("b", { x: 400, y: 100, width: 100, height: 50 }, "a1"),
    ],
  });
}

function lastLine(h: ToolHarness): LineNode {
  return h
    .nodes()
    .filter((n) => n.type === "line")
    .at(-1) as LineNode;
}

function endOf(h: ToolHarness, line: LineNode, which: "start" | "end"): Point {
  return apply(worldMatrix(h.store, line.id), line[which]);
}

describe("drawing connectors", () => {
  it("an arrow drawn from one box to another binds both ends and meets their outlines", async () => {
    const h = await twoBoxes();
    h.setTool("arrow");
    h.down(150, 125).move(300, 125).move(440, 126);
    h.tick();
    // While the end is over b, b is highlighted.
    expect(h.overlays.hovered).toBe("b");
    h.up(450, 125);
    h.tick();
    expect(h.overlays.hovered).toBeNull();
    const arrow = lastLine(h);
    expect(arrow.startBinding).toEqual({ node: "a", anchor: { x: 0.5, y: 0.5 }, exact: false });
    expect(arrow.endBinding).toEqual({ node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    expect(endOf(h, arrow, "start")).toEqual({ x: 200, y: 125 });
    expect(endOf(h, arrow, "end")).toEqual({ x: 400, y: 125 });
    // One undo step takes the whole arrow away.
    h.history.undo();
    expect(h.nodes().some((n) => n.type === "line")).toBe(false);
  });

  it("an end released near an outline binds exactly there, on the outline", async () => {
    const h = await twoBoxes();
    h.setTool("line");
    // 2 inside b's left edge (x 400): the end goes onto the edge, not into the box.
    h.drag({ x: 300, y: 300 }, { x: 402, y: 140 });
    const line = lastLine(h);
    expect(line.startBinding).toBeNull();
    expect(line.endBinding?.exact).toBe(true);
    expect(line.endBinding?.anchor.x).toBeCloseTo(0, 6);
    expect(line.endBinding?.anchor.y).toBeCloseTo(0.8, 6);
    expect(endOf(h, line, "end")).toEqual({ x: 400, y: 140 });
    // 3 outside its bottom edge (y 150): onto the edge too, not short of it.
    h.setTool("line");
    h.drag({ x: 250, y: 350 }, { x: 430, y: 153 });
    const below = lastLine(h);
    expect(below.endBinding).toMatchObject({ node: "b", exact: true });
    expect(endOf(h, below, "end")).toEqual({ x: 430, y: 150 });
  });

  it("with Ctrl held, both ends are placed freely", async () => {
    const h = await twoBoxes();
    h.setTool("arrow");
    h.drag({ x: 150, y: 125 }, { x: 450, y: 125 }, { modifiers: { ctrl: true } });
    const arrow = lastLine(h);
    expect(arrow.startBinding).toBeNull();
    expect(arrow.endBinding).toBeNull();
    expect(endOf(h, arrow, "end")).toEqual({ x: 450, y: 125 });
  });

  it("Esc mid-drag over a shape leaves the document, history and highlight as they were", async () => {
    const h = await twoBoxes();
    const before = documentState(h);
    h.setTool("arrow");
    h.down(150, 125).move(300, 125).move(450, 125);
    h.tick();
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.overlays.hovered).toBeNull();
  });

  it("dragging a bound box with the Select tool drags the arrow's end along", async () => {
    const h = await twoBoxes();
    h.setTool("arrow");
    h.drag({ x: 150, y: 125 }, { x: 450, y: 125 });
    h.pause().setTool("select");
    h.pause().drag({ x: 450, y: 110 }, { x: 450, y: 310 });
    const arrow = lastLine(h);
    expect(arrow.endBinding?.node).toBe("b");
    const end = endOf(h, arrow, "end");
    // b is now at (400, 300); the arrow aims from a's centre at b's centre (450, 325).
    expect(end.y).toBeGreaterThan(290);
    expect(end.y).toBeLessThanOrEqual(300 + 1e-9);
    h.history.undo();
    expect(endOf(h, lastLine(h), "end")).toEqual({ x: 400, y: 125 });
  });

  it("a dragged box does not snap to the arrows bound to it, which follow it", async () => {
    const h = await createToolHarness({
      records: [
        rectRecord("a", { x: 100, y: 100, width: 100, height: 50 }, "a0"),
        rectRecord("b", { x: 400, y: 300, width: 100, height: 50 }, "a1"),
      ],
      settings: { snap: { grid: false, objects: true, spacing: false, tolerancePx: 6 } },
    });
    h.setTool("arrow");
    h.drag({ x: 150, y: 125 }, { x: 450, y: 325 });
    const arrow = lastLine(h);
    expect([arrow.startBinding?.node, arrow.endBinding?.node]).toEqual(["a", "b"]);
    // The arrow leaves a's bottom edge, so its box starts there: a moved 3 down, nothing else
    // within reach, must not snap back onto where its own arrow starts.
    const startY = endOf(h, arrow, "start").y;
    expect(startY).toBeCloseTo(150, 6);
    h.pause().setTool("select");
    h.pause().drag({ x: 120, y: 110 }, { x: 121, y: 113 }, { steps: 3 });
    const a = h.store.get("a") as { transform: { x: number; y: number } };
    expect(a.transform).toMatchObject({ x: 101, y: 103 });
  });
});

describe("a selected line's end handles", () => {
  it("dragging an end onto a shape binds it; onto empty canvas frees it; each one undo step", async () => {
    const h = await twoBoxes();
    h.setTool("line");
    h.drag({ x: 150, y: 300 }, { x: 450, y: 300 });
    const id = lastLine(h).id;
    expect(h.store.selection).toEqual([id]);
    // The line shows end handles, not a box to resize.
    expect(h.overlays.selectionFrame).toBeNull();
    expect(h.overlays.hitLineEnd({ x: 450, y: 300 })).toBe("end");
    expect(h.overlays.hitLineEnd({ x: 150, y: 302 })).toBe("start");

    h.pause().drag({ x: 450, y: 300 }, { x: 450, y: 125 });
    let line = h.store.get(id) as LineNode;
    expect(line.endBinding?.node).toBe("b");
    // Aimed at b's centre from (150, 300): it meets b's bottom edge.
    expect(endOf(h, line, "end").y).toBeCloseTo(150, 6);
    const depth = h.history.depth.undo;

    h.pause().drag({ x: 150, y: 300 }, { x: 150, y: 125 });
    line = h.store.get(id) as LineNode;
    expect(line.startBinding?.node).toBe("a");
    expect(h.history.depth.undo).toBe(depth + 1);

    // The end's handle is where the end is now; dragged off to empty canvas it comes free.
    const end = endOf(h, line, "end");
    h.pause().drag(end, { x: 600, y: 400 });
    line = h.store.get(id) as LineNode;
    expect(line.endBinding).toBeNull();
    expect(endOf(h, line, "end")).toEqual({ x: 600, y: 400 });
    h.history.undo();
    expect((h.store.get(id) as LineNode).endBinding?.node).toBe("b");
  });

  it("Esc while dragging an end leaves the document and history as they were", async () => {
    const h = await twoBoxes();
    h.setTool("line");
    h.drag({ x: 150, y: 300 }, { x: 450, y: 300 });
    const before = documentState(h);
    h.pause().down(450, 300).move(450, 200).move(450, 125);
    h.tick();
    expect(h.overlays.hovered).toBe("b");
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.overlays.hovered).toBeNull();
  });
});

describe("bending a selected line", () => {
  it("the middle handle of a curved line puts its middle under the pointer; an elbow's moves its middle segment", async () => {
    const h = await twoBoxes();
    h.setTool("line");
    h.drag({ x: 100, y: 300 }, { x: 300, y: 300 });
    const id = lastLine(h).id;
    h.store.transact("Curve", (tx) => {
      tx.put({ ...(tx.get(id) as LineNode), route: "curved", bend: 20 });
    });
    // The handle sits on the curve's middle, 20 below the chord.
    expect(h.overlays.hitLineEnd({ x: 200, y: 320 })).toBe("bend");
    h.pause().drag({ x: 200, y: 320 }, { x: 200, y: 250 });
    expect((h.store.get(id) as LineNode).bend).toBeCloseTo(-50, 6);
    h.history.undo();
    expect((h.store.get(id) as LineNode).bend).toBe(20);

    h.store.transact("Elbow", (tx) => {
      tx.put({ ...(tx.get(id) as LineNode), route: "elbow", bend: 0.5, end: { x: 300, y: 400 } });
    });
    // Horizontal first: the middle segment is vertical at x = 200; drag it to x = 150.
    h.pause().drag({ x: 200, y: 350 }, { x: 150, y: 350 });
    expect((h.store.get(id) as LineNode).bend).toBeCloseTo(0.25, 6);
  });

  it("an end of a line that was moved follows the pointer exactly", async () => {
    const h = await twoBoxes();
    h.setTool("line");
    h.drag({ x: 100, y: 300 }, { x: 300, y: 300 });
    const id = lastLine(h).id;
    h.pause().drag({ x: 200, y: 300 }, { x: 200, y: 350 });
    const moved = h.store.get(id) as LineNode;
    expect(moved.transform.y).toBe(50);
    h.pause().drag({ x: 300, y: 350 }, { x: 320, y: 420 });
    expect(endOf(h, h.store.get(id) as LineNode, "end")).toEqual({ x: 320, y: 420 });
  });
});
