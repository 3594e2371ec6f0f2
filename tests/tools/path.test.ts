import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { LineNode, PathNode, RectNode, Subpath } from "../../src/doc/types";
import { pointAt } from "../../src/geometry/bezier";
import { nodeKind, segmentCurveAt, toEditable } from "../../src/geometry/pathNodes";
import type { PathTool } from "../../src/tools/pathTool";
import { sampleLabel } from "../support/label";
import { createToolHarness, documentState, PAGE, type ToolHarness } from "../support/toolHarness";

/** An open path through (100,100) → (200,100) → (200,200) on the page. */
function pathRecord(): PathNode {
  const node = makeNode<PathNode>("path", "p", PAGE, "a0", {
    fill: NO_FILL,
    stroke: DEFAULT_STROKE,
    fillRule: "nonzero",
    subpaths: [
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "line", to: { x: 100, y: 0 } },
          { type: "line", to: { x: 100, y: 100 } },
        ],
        closed: false,
      },
    ],
  });
  return { ...node, transform: { ...node.transform, x: 100, y: 100 } };
}

/** An unfilled 80 × 40 rectangle "r" at the page's origin. */
function rectRecord(): RectNode {
  return makeNode<RectNode>("rect", "r", PAGE, "a2", {
    fill: NO_FILL,
    stroke: DEFAULT_STROKE,
    width: 80,
    height: 40,
    radii: [0, 0, 0, 0],
  });
}

function lineRecord(): LineNode {
  return makeNode<LineNode>("line", "l", PAGE, "a1", {
    fill: NO_FILL,
    stroke: DEFAULT_STROKE,
    start: { x: 300, y: 300 },
    end: { x: 400, y: 300 },
    startHead: "none",
    endHead: "none",
  });
}

async function editing(id = "p"): Promise<ToolHarness> {
  const h = await createToolHarness({ records: [pathRecord(), lineRecord()] });
  h.store.setSelection([id]);
  h.setTool("path");
  return h;
}

function subpath(h: ToolHarness, id = "p"): Subpath {
  return (h.store.get(id) as PathNode).subpaths[0]!;
}

function points(h: ToolHarness): Array<{ x: number; y: number }> {
  return toEditable(subpath(h)).nodes.map((n) => n.point);
}

function tool(h: ToolHarness): PathTool {
  return h.tool as PathTool;
}

describe("path editing tool", () => {
  it("shows the selected path's nodes; Esc goes back to Select", async () => {
    const h = await editing();
    expect(tool(h).editing).toBe("p");
    expect(h.overlays.shownPathMarkers?.nodes).toEqual([
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 200, y: 200 },
    ]);
    h.key("Escape");
    expect(h.tool.id).toBe("select");
    expect(h.overlays.shownPathMarkers).toBeNull();
    expect(h.store.selection).toEqual(["p"]);
  });

  it("on a rectangle converts it to a path in one undo step and edits its nodes", async () => {
    const rect = rectRecord();
    const h = await createToolHarness({
      records: [{ ...rect, transform: { ...rect.transform, x: 10, y: 20 } }],
    });
    h.store.setSelection(["r"]);
    const before = documentState(h);
    h.setTool("path");
    expect(h.store.get("r")).toMatchObject({ type: "path" });
    expect(h.history.depth.undo).toBe(1);
    expect(tool(h).editing).toBe("r");
    expect(h.overlays.shownPathMarkers?.nodes).toEqual([
      { x: 10, y: 20 },
      { x: 90, y: 20 },
      { x: 90, y: 60 },
      { x: 10, y: 60 },
    ]);
    h.history.undo();
    expect(documentState(h).records).toEqual(before.records);
    expect(h.overlays.shownPathMarkers).toBeNull();
  });

  it("leaves a labelled rectangle whole: choosing the tool (A, typed by mistake) keeps its words", async () => {
    const h = await createToolHarness({
      records: [{ ...rectRecord(), label: sampleLabel("Start") }],
    });
    h.store.setSelection(["r"]);
    const before = documentState(h);
    h.setTool("path");
    h.tick();
    expect(documentState(h)).toEqual(before);
    expect(tool(h).editing).toBeNull();
  });

  it("Select's double-click on a path opens path editing", async () => {
    const h = await createToolHarness({ records: [pathRecord()] });
    h.click(150, 100);
    h.down(150, 100).up(150, 100);
    h.tick();
    expect(h.tool.id).toBe("path");
    expect(tool(h).editing).toBe("p");
  });

  it("dragging a node moves it as one undo step", async () => {
    const h = await editing();
    h.drag({ x: 200, y: 100 }, { x: 230, y: 80 });
    expect(points(h)[1]).toEqual({ x: 130, y: -20 });
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(points(h)[1]).toEqual({ x: 100, y: 0 });
  });

  it("Esc mid-drag cancels the drag only; a second Esc leaves path editing", async () => {
    const h = await editing();
    const before = documentState(h);
    h.down(200, 100);
    h.move(260, 160);
    h.tick();
    expect(points(h)[1]).toEqual({ x: 160, y: 60 });
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.tool.id).toBe("path");
    h.up(260, 160);
    h.tick();
    expect(documentState(h)).toEqual(before);
    h.key("Escape");
    expect(h.tool.id).toBe("select");
  });

  it("a right-click mid-drag cancels it", async () => {
    const h = await editing();
    const before = documentState(h);
    h.down(200, 100);
    h.move(260, 160);
    h.move(260, 160, { buttons: 3 });
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("click, Shift-click and marquee select nodes; all selected nodes move together", async () => {
    const h = await editing();
    h.click(100, 100);
    expect(tool(h).selectedNodes).toEqual([{ subpath: 0, node: 0 }]);
    h.pause().click(200, 200, { modifiers: { shift: true } });
    expect(tool(h).selectedNodes).toHaveLength(2);
    expect(h.overlays.shownPathMarkers?.selected).toEqual([0, 2]);
    h.pause().drag({ x: 150, y: 150 }, { x: 250, y: 250 });
    expect(tool(h).selectedNodes).toEqual([{ subpath: 0, node: 2 }]);
    h.pause().drag({ x: 90, y: 90 }, { x: 210, y: 110 });
    expect(tool(h).selectedNodes).toHaveLength(2);
    h.pause().drag({ x: 100, y: 100 }, { x: 110, y: 105 });
    expect(points(h).slice(0, 2)).toEqual([
      { x: 10, y: 5 },
      { x: 110, y: 5 },
    ]);
  });

  it("double-click on a segment adds a node without changing the curve", async () => {
    const h = await editing();
    h.click(150, 100);
    h.down(150, 100).up(150, 100);
    h.tick();
    expect(points(h)).toEqual([
      { x: 0, y: 0 },
      { x: 50, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(tool(h).selectedNodes).toEqual([{ subpath: 0, node: 1 }]);
    expect(h.history.depth.undo).toBe(1);
  });

  it("double-click on a curved segment splits it exactly", async () => {
    const h = await editing();
    // Make node 1 smooth first, so both its segments are curves.
    h.click(200, 100);
    h.down(200, 100).up(200, 100);
    h.tick();
    const curved = toEditable(subpath(h));
    const original = segmentCurveAt(curved, 0);
    const mid = pointAt(original, 0.5);
    h.pause().click(mid.x + 100, mid.y + 100);
    h.down(mid.x + 100, mid.y + 100).up(mid.x + 100, mid.y + 100);
    h.tick();
    const split = toEditable(subpath(h));
    expect(split.nodes).toHaveLength(4);
    for (const t of [0.1, 0.3, 0.45]) {
      const onLeft = pointAt(segmentCurveAt(split, 0), t / 0.5);
      const onOriginal = pointAt(original, t);
      expect(Math.hypot(onLeft.x - onOriginal.x, onLeft.y - onOriginal.y)).toBeLessThan(0.05);
    }
  });

  it("double-click on a node toggles corner and smooth; Ctrl-click does too", async () => {
    const h = await editing();
    h.click(200, 100);
    h.down(200, 100).up(200, 100);
    h.tick();
    expect(nodeKind(toEditable(subpath(h)).nodes[1]!)).toBe("symmetric");
    h.pause().click(200, 100, { modifiers: { ctrl: true } });
    expect(nodeKind(toEditable(subpath(h)).nodes[1]!)).toBe("corner");
    expect(h.history.depth.undo).toBe(2);
  });

  it("dragging a smooth node's handle keeps the other in line; Alt breaks the pair", async () => {
    const h = await editing();
    h.click(200, 100);
    h.down(200, 100).up(200, 100);
    h.tick();
    const node = toEditable(subpath(h)).nodes[1]!;
    const out = node.handleOut!;
    const screenOut = { x: out.x + 100, y: out.y + 100 };
    h.pause().drag(screenOut, { x: screenOut.x + 20, y: screenOut.y });
    let moved = toEditable(subpath(h)).nodes[1]!;
    expect(nodeKind(moved)).not.toBe("corner");
    const handleIn = moved.handleIn!;
    const handleOut = moved.handleOut!;
    h.pause().drag(
      { x: handleIn.x + 100, y: handleIn.y + 100 },
      { x: handleIn.x + 100, y: handleIn.y + 60 },
      { modifiers: { alt: true } },
    );
    moved = toEditable(subpath(h)).nodes[1]!;
    expect(moved.handleOut).toEqual(handleOut);
    expect(nodeKind(moved)).toBe("corner");
  });

  it("Delete removes the selected nodes; deleting all of them deletes the path", async () => {
    const h = await editing();
    h.click(200, 100);
    h.key("Delete");
    expect(points(h)).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 100 },
    ]);
    expect(h.history.depth.undo).toBe(1);
    h.pause().drag({ x: 50, y: 50 }, { x: 250, y: 250 });
    h.key("Backspace");
    expect(h.store.get("p")).toBeUndefined();
    expect(h.tool.id).toBe("select");
    h.history.undo();
    expect(h.store.get("p")).toBeDefined();
  });

  it("C closes the path and opens it again; J joins two end nodes", async () => {
    const h = await editing();
    h.key("KeyC");
    expect(subpath(h).closed).toBe(true);
    h.key("KeyC");
    expect(subpath(h).closed).toBe(false);
    h.click(100, 100);
    h.pause().click(200, 200, { modifiers: { shift: true } });
    h.key("KeyJ");
    expect(subpath(h).closed).toBe(true);
    expect(h.history.depth.undo).toBe(3);
  });

  it("arrows nudge the selected nodes, Shift by ten", async () => {
    const h = await editing();
    h.click(100, 100);
    h.key("ArrowRight");
    h.key("ArrowDown", "ArrowDown", { shift: true });
    expect(points(h)[0]).toEqual({ x: 1, y: 10 });
    expect(h.history.depth.undo).toBe(2);
  });

  it("a line stays a line when its ends move, and becomes a path when a node is added", async () => {
    const h = await editing("l");
    h.drag({ x: 400, y: 300 }, { x: 420, y: 340 });
    expect(h.store.get("l")).toMatchObject({ type: "line", end: { x: 420, y: 340 } });
    h.pause().click(360, 320);
    h.down(360, 320).up(360, 320);
    h.tick();
    const path = h.store.get("l") as PathNode;
    expect(path.type).toBe("path");
    expect(toEditable(path.subpaths[0]!).nodes).toHaveLength(3);
  });

  it("undo while editing keeps the markers in step", async () => {
    const h = await editing();
    h.drag({ x: 200, y: 100 }, { x: 300, y: 100 });
    expect(h.overlays.shownPathMarkers?.nodes[1]).toEqual({ x: 300, y: 100 });
    h.history.undo();
    expect(h.overlays.shownPathMarkers?.nodes[1]).toEqual({ x: 200, y: 100 });
  });
});
