import { describe, expect, it } from "vitest";
import type { EraserTool } from "../../src/tools/eraserTool";
import { MARKED_OPACITY } from "../../src/tools/eraserTool";
import {
  createToolHarness,
  documentState,
  rectRecord,
  type ToolHarness,
} from "../support/toolHarness";

/** Three 40×40 squares in a row at y 0–40: a (0), b (100), c (200); d far below. */
async function eraser(): Promise<ToolHarness> {
  const h = await createToolHarness({
    records: [
      rectRecord("a", { x: 0, y: 0, width: 40, height: 40 }, "a0"),
      rectRecord("b", { x: 100, y: 0, width: 40, height: 40 }, "a1"),
      rectRecord("c", { x: 200, y: 0, width: 40, height: 40 }, "a2"),
      rectRecord("d", { x: 0, y: 300, width: 40, height: 40 }, "a3"),
    ],
  });
  h.setTool("eraser");
  return h;
}

function ids(h: ToolHarness): string[] {
  return h.nodes().map((n) => n.id);
}

describe("eraser tool", () => {
  it("marks what the drag passes over and removes it all on release, as one undo step", async () => {
    const h = await eraser();
    h.down(-10, 20);
    h.move(120, 20);
    h.tick();
    expect([...(h.tool as EraserTool).marked].sort()).toEqual(["a", "b"]);
    // Marked shapes are dimmed, not yet removed.
    expect(ids(h)).toEqual(["a", "b", "c", "d"]);
    expect(h.store.get("a")).toMatchObject({ opacity: MARKED_OPACITY });
    h.up(120, 20);
    h.tick();
    expect(ids(h)).toEqual(["c", "d"]);
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(ids(h)).toEqual(["a", "b", "c", "d"]);
    expect(h.store.get("a")).toMatchObject({ opacity: 1 });
    // The eraser stays the tool: erasing is not a shape being made.
    expect(h.tool.id).toBe("eraser");
  });

  it("catches a shape between two far-apart samples (the segment, not just the points)", async () => {
    const h = await eraser();
    h.drag({ x: -50, y: 20 }, { x: 300, y: 20 }, { steps: 1 });
    expect(ids(h)).toEqual(["d"]);
  });

  it("Esc mid-drag leaves document and history exactly as before", async () => {
    const h = await eraser();
    const before = documentState(h);
    h.down(-10, 20);
    h.move(250, 20);
    h.tick();
    h.key("Escape");
    expect(h.tool.state).toBe("idle");
    expect(documentState(h)).toEqual(before);
    h.up(250, 20);
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("a right-click mid-drag cancels", async () => {
    const h = await eraser();
    const before = documentState(h);
    h.down(-10, 20);
    h.move(250, 20);
    h.move(250, 20, { buttons: 3 });
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("a drag over nothing adds no undo step", async () => {
    const h = await eraser();
    h.drag({ x: 500, y: 500 }, { x: 600, y: 600 });
    expect(h.history.depth.undo).toBe(0);
    expect(ids(h)).toHaveLength(4);
  });

  it("erases with the keyboard: Enter presses, arrows sweep, Enter releases", async () => {
    const h = await eraser();
    // The crosshair starts at the view's centre (400, 300); walk it onto d at (0–40, 300–340).
    for (let i = 0; i < 4; i++) h.key("ArrowLeft", "ArrowLeft", { shift: true });
    h.key("ArrowRight", "ArrowRight");
    h.key("ArrowRight", "ArrowRight");
    h.key("ArrowDown", "ArrowDown");
    expect(h.controller.cursor.point).toEqual({ x: 20, y: 310 });
    h.key("Enter");
    expect(h.tool.busy).toBe(true);
    for (let i = 0; i < 3; i++) h.key("ArrowUp", "ArrowUp", { shift: true });
    h.key("Enter");
    expect(h.tool.busy).toBe(false);
    expect(ids(h)).toEqual(["b", "c"]);
    expect(h.history.depth.undo).toBe(1);
  });
});
