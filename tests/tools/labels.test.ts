import { describe, expect, it } from "vitest";
import { duplicateSelection } from "../../src/actions/duplicate";
import type { EllipseNode, LineNode, RectNode, SceneNode } from "../../src/doc/types";
import { DEFAULT_LABEL_SIZE } from "../../src/tools/textTool";
import {
  createToolHarness,
  documentState,
  rectRecord,
  type ToolHarness,
} from "../support/toolHarness";
import { sampleLabel } from "../support/label";

/** Box "a" at (100, 100), 200 × 100, and a line from (400, 300) to (600, 300). */
async function boxAndLine(): Promise<ToolHarness> {
  const h = await createToolHarness({
    records: [rectRecord("a", { x: 100, y: 100, width: 200, height: 100 }, "a0")],
  });
  h.setTool("line");
  h.drag({ x: 400, y: 300 }, { x: 600, y: 300 });
  h.setTool("select");
  return h;
}

function node<T extends SceneNode>(h: ToolHarness, type: T["type"]): T {
  return h.nodes().find((n) => n.type === type) as T;
}

function doubleClick(h: ToolHarness, x: number, y: number): void {
  h.pause();
  h.click(x, y);
  h.down(x, y).up(x, y);
  h.tick();
}

describe("labels", () => {
  it("a double-click on a rectangle types its label; committing is one undo step", async () => {
    const h = await boxAndLine();
    const undoBefore = h.history.depth.undo;
    doubleClick(h, 200, 150);
    expect(h.tool.id).toBe("text");
    expect(h.text.editing).toBe("a");
    h.text.type("Start");
    // What is typed reaches the shape as it is typed.
    expect(node<RectNode>(h, "rect").label?.content).toBe("Start");
    h.text.commit();
    const rect = node<RectNode>(h, "rect");
    expect(rect.label).toMatchObject({
      content: "Start",
      fontSize: DEFAULT_LABEL_SIZE,
      position: 0.5,
    });
    // In the shape's ink colour, so it reads on the shape's fill.
    expect(rect.label?.color).toEqual(
      rect.stroke.paint?.type === "solid" ? { ...rect.stroke.paint.color, a: 1 } : null,
    );
    expect(h.history.depth.undo).toBe(undoBefore + 1);
    expect(h.history.undoLabel).toBe("Edit label");
    h.history.undo();
    expect(node<RectNode>(h, "rect").label).toBeNull();
  });

  it("Enter on a selected line types its label; Enter again edits the same words", async () => {
    const h = await boxAndLine();
    h.click(500, 300);
    expect(h.store.selection).toEqual([node<LineNode>(h, "line").id]);
    h.key("Enter");
    h.tick();
    expect(h.text.editing).toBe(node<LineNode>(h, "line").id);
    h.text.type("yes");
    h.text.commit();
    expect(node<LineNode>(h, "line").label?.content).toBe("yes");
    h.setTool("select");
    h.pause().click(500, 300);
    h.key("Enter");
    h.tick();
    expect(h.text.value).toBe("yes");
    h.text.type(" please");
    h.text.commit();
    expect(node<LineNode>(h, "line").label?.content).toBe("yes please");
  });

  it("a new label left empty leaves the document and the history as they were", async () => {
    const h = await boxAndLine();
    const before = documentState(h);
    doubleClick(h, 200, 150);
    h.text.commit();
    expect(documentState(h)).toEqual(before);
  });

  it("emptying a label removes it in one undo step", async () => {
    const h = await boxAndLine();
    doubleClick(h, 200, 150);
    h.text.type("Start");
    h.text.commit();
    h.setTool("select");
    doubleClick(h, 200, 150);
    h.text.value = "";
    h.text.type("");
    h.text.commit();
    expect(node<RectNode>(h, "rect").label).toBeNull();
    h.history.undo();
    expect(node<RectNode>(h, "rect").label?.content).toBe("Start");
  });

  it("a labelled shape moves and is duplicated with its label", async () => {
    const h = await boxAndLine();
    doubleClick(h, 200, 150);
    h.text.type("Start");
    h.text.commit();
    h.setTool("select");
    h.pause().click(200, 150);
    h.pause().drag({ x: 200, y: 150 }, { x: 260, y: 190 });
    const moved = node<RectNode>(h, "rect");
    expect(moved.transform).toMatchObject({ x: 160, y: 140 });
    expect(moved.label?.content).toBe("Start");
    duplicateSelection(h.editor);
    const rects = h.nodes().filter((n): n is RectNode => n.type === "rect");
    expect(rects.map((r) => r.label?.content)).toEqual(["Start", "Start"]);
  });

  it("clicking the words of an unfilled shape selects it", async () => {
    const h = await createToolHarness({
      records: [
        {
          ...rectRecord("a", { x: 100, y: 100, width: 200, height: 100 }, "a0"),
          fill: { type: "none" },
          label: sampleLabel("Hello"),
        },
      ],
    });
    h.click(200, 150);
    expect(h.store.selection).toEqual(["a"]);
  });

  it("a selected line's label slides along it under the pointer, one undo step; Esc puts it back", async () => {
    const h = await boxAndLine();
    h.pause().click(500, 300);
    h.key("Enter");
    h.text.type("yes");
    h.text.commit();
    h.setTool("select");
    h.pause().click(500, 300);
    const undoBefore = h.history.depth.undo;
    // The words sit at the middle (500, 300); dragged to above 550, they move to 3/4 of the way.
    h.pause().drag({ x: 500, y: 302 }, { x: 550, y: 280 });
    const line = node<LineNode>(h, "line");
    expect(line.label?.position).toBeCloseTo(0.75, 6);
    expect(line.start).toEqual({ x: 400, y: 300 });
    expect(h.history.depth.undo).toBe(undoBefore + 1);
    expect(h.history.undoLabel).toBe("Move label");
    const before = documentState(h);
    h.pause().down(550, 300).move(420, 320);
    h.tick();
    expect(node<LineNode>(h, "line").label?.position).toBeCloseTo(0.1, 6);
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
  });

  it("a box grows downwards as its label outgrows it, gives the room back as words go, and one undo puts it back", async () => {
    const h = await boxAndLine();
    const undoBefore = h.history.depth.undo;
    doubleClick(h, 200, 150);
    // 20 four-letter words at the estimated 12 units a glyph: three a line within the 184-unit
    // wrap, so 7 lines of 25 units, and 16 units of padding: 191 tall where 100 held 3 lines.
    h.text.type(Array.from({ length: 20 }, () => "word").join(" "));
    let rect = node<RectNode>(h, "rect");
    expect(rect.height).toBeCloseTo(7 * 25 + 16, 6);
    expect(rect.width).toBe(200);
    expect(rect.transform).toMatchObject({ x: 100, y: 100 });
    // Fewer words: the box shrinks with them, but never below the height it had.
    h.text.value = "word word word word";
    h.text.type("");
    expect(node<RectNode>(h, "rect").height).toBeCloseTo(100, 6);
    h.text.type(" word word word word word word word word");
    expect(node<RectNode>(h, "rect").height).toBeCloseTo(4 * 25 + 16, 6);
    h.text.commit();
    rect = node<RectNode>(h, "rect");
    expect(rect.height).toBeCloseTo(4 * 25 + 16, 6);
    expect(h.history.depth.undo).toBe(undoBefore + 1);
    h.history.undo();
    rect = node<RectNode>(h, "rect");
    expect(rect.label).toBeNull();
    expect(rect.height).toBe(100);
  });

  it("a label that fits leaves its box's size alone; an ellipse grows to hold the lines in its inscribed box", async () => {
    const h = await boxAndLine();
    doubleClick(h, 200, 150);
    h.text.type("Start");
    h.text.commit();
    expect(node<RectNode>(h, "rect").height).toBe(100);
    h.setTool("ellipse");
    h.drag({ x: 100, y: 400 }, { x: 300, y: 500 });
    h.setTool("select");
    doubleClick(h, 200, 450);
    expect(h.text.editing).toBe(node<SceneNode>(h, "ellipse").id);
    h.text.type("one two three four five six");
    h.text.commit();
    const ellipse = node<EllipseNode>(h, "ellipse");
    // Wrapped at 200·√½ − 16 ≈ 125 units, 12 a glyph: "one two", "three four", "five six".
    expect(ellipse.height).toBeCloseTo((3 * 25 + 16) / Math.SQRT1_2, 6);
    expect(ellipse.transform).toMatchObject({ y: 400 });
  });

  it("a line's label never changes the line", async () => {
    const h = await boxAndLine();
    const before = node<LineNode>(h, "line");
    h.click(500, 300);
    h.key("Enter");
    h.tick();
    h.text.type("a long label for a short line, longer than the line is");
    h.text.commit();
    expect({ ...node<LineNode>(h, "line"), label: null }).toEqual({ ...before, label: null });
  });
});
