import { describe, expect, it } from "vitest";
import type { Fill, RectNode, Stroke } from "../../src/doc/types";
import { DEFAULT_TOOL_SETTINGS } from "../../src/editing/settings";
import {
  createToolHarness,
  documentState,
  rectRecord,
  type ToolHarness,
} from "../support/toolHarness";

const RED: Fill = { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } };
const BLUE_STROKE: Stroke = {
  ...DEFAULT_TOOL_SETTINGS.stroke,
  paint: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
  width: 5,
};

async function eyedropper(): Promise<ToolHarness> {
  const h = await createToolHarness({
    records: [
      rectRecord("source", { x: 0, y: 0, width: 50, height: 50 }, "a0", {
        fill: RED,
        stroke: BLUE_STROKE,
      }),
      rectRecord("t1", { x: 100, y: 0, width: 50, height: 50 }, "a1"),
      rectRecord("t2", { x: 200, y: 0, width: 50, height: 50 }, "a2"),
    ],
  });
  return h;
}

describe("eyedropper tool", () => {
  it("takes a shape's fill and stroke as the style for new shapes", async () => {
    const h = await eyedropper();
    h.setTool("eyedropper");
    const before = documentState(h);
    h.click(25, 25);
    expect(h.settings.get().fill).toEqual(RED);
    expect(h.settings.get().stroke).toEqual(BLUE_STROKE);
    // Nothing selected: the document is untouched.
    expect(documentState(h)).toEqual(before);
    expect(h.tool.id).toBe("select");
  });

  it("applies the picked style to the selection in one undo step", async () => {
    const h = await eyedropper();
    h.store.setSelection(["t1", "t2"]);
    h.setTool("eyedropper");
    h.click(25, 25);
    for (const id of ["t1", "t2"]) {
      const node = h.store.get(id) as RectNode;
      expect(node.fill).toEqual(RED);
      expect(node.stroke).toEqual(BLUE_STROKE);
    }
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect((h.store.get("t1") as RectNode).fill).toEqual(DEFAULT_TOOL_SETTINGS.fill);
  });

  it("a click on empty canvas changes nothing and keeps the tool", async () => {
    const h = await eyedropper();
    h.setTool("eyedropper");
    h.click(500, 500);
    expect(h.settings.get().fill).toEqual(DEFAULT_TOOL_SETTINGS.fill);
    expect(h.tool.id).toBe("eyedropper");
  });

  it("keep-tool stays on the eyedropper; hover shows what would be picked", async () => {
    const h = await eyedropper();
    h.settings.update({ keepTool: true });
    h.setTool("eyedropper");
    h.move(120, 20);
    h.tick();
    expect(h.overlays.hovered).toBe("t1");
    h.click(120, 20);
    expect(h.tool.id).toBe("eyedropper");
  });
});
