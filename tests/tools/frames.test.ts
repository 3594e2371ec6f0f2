import { beforeEach, describe, expect, it } from "vitest";
import { deleteSelection } from "../../src/actions/structure";
import { worldMatrix } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_TRANSFORM } from "../../src/doc/transform";
import type { FrameNode, Id, SceneNode } from "../../src/doc/types";
import { createToolHarness, PAGE, rectRecord, type ToolHarness } from "../support/toolHarness";

// Frames as artboards through the real tools: what is drawn, dragged or dropped in a frame
// becomes its child; a frame's resize leaves its children where they are.

function frameRecord(id: Id, x: number, y: number, w: number, h: number, index = "a0"): FrameNode {
  return makeNode<FrameNode>("frame", id, PAGE, index, {
    fill: DEFAULT_FILL,
    stroke: { ...DEFAULT_STROKE, paint: null },
    width: w,
    height: h,
    clip: true,
    transform: { ...IDENTITY_TRANSFORM, x, y },
  });
}

function parentOf(h: ToolHarness, id: Id): Id {
  return (h.store.get(id) as SceneNode).parent;
}

function worldOrigin(h: ToolHarness, id: Id): { x: number; y: number } {
  const m = worldMatrix(h.store, id);
  return { x: m.e, y: m.f };
}

describe("frames with the tools", () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await createToolHarness({
      records: [
        frameRecord("f", 100, 100, 300, 200),
        rectRecord("out", { x: 600, y: 100, width: 50, height: 50 }, "a1"),
      ],
    });
  });

  it("a shape drawn in a frame is its child, at the place drawn; one undo step", () => {
    for (const tool of ["rect", "ellipse", "polygon", "line", "pencil"] as const) {
      h.setTool(tool);
      h.drag({ x: 150, y: 150 }, { x: 200, y: 190 });
      h.pause();
    }
    const children = h.store.childrenOf("f");
    expect(children.map((n) => n.type)).toEqual(["rect", "ellipse", "polygon", "line", "freehand"]);
    expect(worldOrigin(h, children[0]!.id)).toEqual({ x: 150, y: 150 });
    expect(children[0]!.transform).toMatchObject({ x: 50, y: 50 });
    const depth = h.history.depth.undo;
    h.history.undo();
    expect(h.history.depth.undo).toBe(depth - 1);
    expect(h.store.childrenOf("f")).toHaveLength(4);
  });

  it("a shape drawn outside every frame stays on the page; a frame drawn in a frame nests", () => {
    h.setTool("rect");
    h.drag({ x: 500, y: 400 }, { x: 550, y: 450 });
    expect(parentOf(h, h.store.selection[0]!)).toBe(PAGE);
    h.pause().setTool("frame");
    h.drag({ x: 120, y: 120 }, { x: 180, y: 180 });
    expect(parentOf(h, h.store.selection[0]!)).toBe("f");
  });

  it("a click on a child selects the child; on the frame's empty area, the frame", () => {
    h.setTool("rect");
    h.drag({ x: 150, y: 150 }, { x: 200, y: 200 });
    const child = h.store.selection[0]!;
    h.pause().key("Escape");
    h.click(160, 160);
    expect(h.store.selection).toEqual([child]);
    h.pause().click(350, 250);
    expect(h.store.selection).toEqual(["f"]);
  });

  it("dragging a shape in joins the frame; out leaves it; each is one undo step", () => {
    h.drag({ x: 625, y: 125 }, { x: 225, y: 225 });
    expect(parentOf(h, "out")).toBe("f");
    expect(worldOrigin(h, "out")).toEqual({ x: 200, y: 200 });
    const depth = h.history.depth.undo;
    h.pause().drag({ x: 225, y: 225 }, { x: 725, y: 525 });
    expect(parentOf(h, "out")).toBe(PAGE);
    expect(worldOrigin(h, "out")).toEqual({ x: 700, y: 500 });
    expect(h.history.depth.undo).toBe(depth + 1);
    h.history.undo();
    expect(parentOf(h, "out")).toBe("f");
    expect(worldOrigin(h, "out")).toEqual({ x: 200, y: 200 });
    h.history.undo();
    expect(parentOf(h, "out")).toBe(PAGE);
    expect(worldOrigin(h, "out")).toEqual({ x: 600, y: 100 });
  });

  it("moving the frame carries its children; resizing it leaves them where they are", () => {
    h.drag({ x: 625, y: 125 }, { x: 225, y: 225 });
    h.pause().click(380, 280);
    expect(h.store.selection).toEqual(["f"]);
    h.pause().drag({ x: 380, y: 280 }, { x: 400, y: 310 });
    expect(worldOrigin(h, "f")).toEqual({ x: 120, y: 130 });
    expect(worldOrigin(h, "out")).toEqual({ x: 220, y: 230 });
    // The north-west handle moves the frame's origin: the child must not move with it.
    h.pause().drag({ x: 120, y: 130 }, { x: 60, y: 80 });
    const frame = h.store.get("f") as FrameNode;
    expect(worldOrigin(h, "f")).toEqual({ x: 60, y: 80 });
    expect(frame.width).toBeCloseTo(360, 9);
    expect(frame.height).toBeCloseTo(250, 9);
    const at = worldOrigin(h, "out");
    expect(at.x).toBeCloseTo(220, 9);
    expect(at.y).toBeCloseTo(230, 9);
    expect(h.store.get("out")).toMatchObject({ width: 50, height: 50 });
  });

  it("with the frame selected, a drag on its child moves the child, not the frame", () => {
    h.drag({ x: 625, y: 125 }, { x: 225, y: 225 });
    h.pause().click(380, 280);
    expect(h.store.selection).toEqual(["f"]);
    h.pause().drag({ x: 225, y: 225 }, { x: 245, y: 235 });
    expect(h.store.selection).toEqual(["out"]);
    expect(worldOrigin(h, "f")).toEqual({ x: 100, y: 100 });
    expect(worldOrigin(h, "out")).toEqual({ x: 220, y: 210 });
  });

  it("a click on the frame's name label selects the frame, even over a child", () => {
    h.setTool("rect");
    h.drag({ x: 150, y: 150 }, { x: 200, y: 200 });
    h.pause().key("Escape");
    h.click(110, 90);
    expect(h.store.selection).toEqual(["f"]);
    // Dragged by the label, the frame moves with its child and nests nowhere.
    const child = h.store.childrenOf("f")[0]!.id;
    h.pause().drag({ x: 110, y: 90 }, { x: 130, y: 100 });
    expect(worldOrigin(h, "f")).toEqual({ x: 120, y: 110 });
    expect(worldOrigin(h, child)).toEqual({ x: 170, y: 160 });
    expect(parentOf(h, "f")).toBe(PAGE);
  });

  it("deleting the frame deletes its children; undo brings both back", () => {
    h.drag({ x: 625, y: 125 }, { x: 225, y: 225 });
    h.pause().click(380, 280);
    // The Delete key's command (the harness registers no commands).
    deleteSelection(h.editor);
    expect(h.store.get("f")).toBeUndefined();
    expect(h.store.get("out")).toBeUndefined();
    h.history.undo();
    expect(parentOf(h, "out")).toBe("f");
  });
});
