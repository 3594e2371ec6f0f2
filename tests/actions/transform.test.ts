import { describe, expect, it } from "vitest";
import { worldBox } from "../../src/actions/geometry";
import { getGeometry, setGeometry } from "../../src/actions/numeric";
import { flipSelection, nudgeSelection, transformSelection } from "../../src/actions/transform";
import { worldMatrix } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { multiply, type Matrix } from "../../src/doc/transform";
import {
  isSceneNode,
  type FrameNode,
  type FreehandNode,
  type LineNode,
  type PathNode,
  type PolygonNode,
  type RectNode,
  type TextNode,
} from "../../src/doc/types";
import { DEFAULT_FREEHAND_SETTINGS } from "../../src/geometry/freehand";
import { fixtureEditor } from "./fixture";
import { at, editorWith, group, rect } from "./support";

/** A text on the page, growing with its words. */
function textNode(id: string, content: string, fontSize: number, lineHeight: number): TextNode {
  return makeNode<TextNode>("text", id, "page", "a0", {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    content,
    fontFamily: "Inter",
    fontSize,
    fontWeight: 400,
    fontStyle: "normal",
    align: "left",
    lineHeight,
    width: null,
  });
}

function expectMatrixClose(actual: Matrix, expected: Matrix): void {
  for (const key of ["a", "b", "c", "d", "e", "f"] as const)
    expect(actual[key]).toBeCloseTo(expected[key], 6);
}

describe("flip", () => {
  it("mirrors a rotated node inside a rotated group in world space, about its centre", () => {
    const editor = fixtureEditor();
    const before = worldMatrix(editor.store, "r3");
    const box = worldBox(editor.store, "r3")!;
    const cx = (box.minX + box.maxX) / 2;
    editor.store.setSelection(["r3"]);
    flipSelection(editor, "horizontal");
    const mirror = { a: -1, b: 0, c: 0, d: 1, e: 2 * cx, f: 0 };
    expectMatrixClose(worldMatrix(editor.store, "r3"), multiply(mirror, before));
    const t = editor.store.get("r3")!;
    expect("transform" in t && t.transform.scaleX * t.transform.scaleY).toBeLessThan(0);
    flipSelection(editor, "horizontal");
    expectMatrixClose(worldMatrix(editor.store, "r3"), before);
  });

  it("flips several nodes about the centre of them all", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a", "b"]);
    flipSelection(editor, "vertical");
    // Together they span y 0–150: a (0–50) lands at 100–150, b (100–150) at 0–50.
    expect(worldBox(editor.store, "a")).toEqual({ minX: 0, minY: 100, maxX: 100, maxY: 150 });
    expect(worldBox(editor.store, "b")).toEqual({ minX: 200, minY: 0, maxX: 250, maxY: 50 });
  });
});

describe("nudge and transformSelection", () => {
  it("nudges in world units whatever the parents' rotation and scale", () => {
    const editor = fixtureEditor();
    const before = worldMatrix(editor.store, "r4");
    editor.store.setSelection(["r4"]);
    nudgeSelection(editor, 10, 0);
    expectMatrixClose(worldMatrix(editor.store, "r4"), { ...before, e: before.e + 10 });
  });

  it("rotates about the selection's centre and scales about it", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    transformSelection(editor, { rotateDeg: 90 });
    const rotated = worldBox(editor.store, "a")!;
    expect(rotated.minX).toBeCloseTo(25, 9);
    expect(rotated.maxX).toBeCloseTo(75, 9);
    expect(rotated.minY).toBeCloseTo(-25, 9);
    expect(rotated.maxY).toBeCloseTo(75, 9);
    transformSelection(editor, { scale: 2 });
    const scaled = worldBox(editor.store, "a")!;
    expect(scaled.maxX - scaled.minX).toBeCloseTo(100, 9);
    expect(scaled.maxY - scaled.minY).toBeCloseTo(200, 9);
    transformSelection(editor, { translate: { x: 5, y: -5 } });
    expect(worldBox(editor.store, "a")!.minX).toBeCloseTo(scaled.minX + 5, 9);
    expect(editor.history.depth.undo).toBe(3);
  });

  it("refuses a scale of 0 and values that are not finite, before touching anything", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    expect(() => transformSelection(editor, { scale: 0 })).toThrow(/flatten/);
    expect(() => transformSelection(editor, { rotateDeg: Number.NaN })).toThrow(/finite/);
    expect(editor.history.depth.undo).toBe(0);
  });
});

describe("a scale goes into the shapes, not their transforms", () => {
  const style = { fill: DEFAULT_FILL, stroke: { ...DEFAULT_STROKE, width: 4 } };
  const path = (): PathNode =>
    makeNode<PathNode>("path", "p", "page", "a1", {
      ...style,
      subpaths: [
        {
          start: { x: 0, y: 0 },
          segments: [
            { type: "quad", control: { x: 50, y: -20 }, to: { x: 100, y: 0 } },
            { type: "line", to: { x: 100, y: 50 } },
          ],
          closed: true,
        },
      ],
      fillRule: "nonzero",
      transform: at(10, 20),
    });
  const freehand = (): FreehandNode =>
    makeNode<FreehandNode>("freehand", "h", "page", "a2", {
      ...style,
      points: [0, 0, 0.5, 30, 40, 0.5, 60, 10, 0.5],
      settings: { ...DEFAULT_FREEHAND_SETTINGS, size: 8 },
      transform: at(300, 20),
    });

  it("keeps the stroke width of a rectangle, a path and a freehand stroke scaled by the command", () => {
    const editor = editorWith([rect("r", "page", "a0", at(0, 200)), path(), freehand()]);
    for (const id of ["r", "p", "h"]) {
      const before = worldBox(editor.store, id)!;
      editor.store.setSelection([id]);
      transformSelection(editor, { scale: { x: 2, y: 3 } });
      const node = editor.store.get(id)!;
      if (!isSceneNode(node) || !("stroke" in node)) throw new Error(`no ${id}`);
      expect(node.transform.scaleX).toBe(1);
      expect(node.transform.scaleY).toBe(1);
      expect(node.stroke.width).toBe(id === "r" ? DEFAULT_STROKE.width : 4);
      // The geometry grew about its centre as the transform would have grown it.
      const after = worldBox(editor.store, id)!;
      const cx = (before.minX + before.maxX) / 2;
      expect((after.minX + after.maxX) / 2).toBeCloseTo(cx, 6);
      expect(after.maxY - after.minY).toBeGreaterThan(2.5 * (before.maxY - before.minY) - 20);
    }
    const p = editor.store.get("p") as PathNode;
    expect(p.subpaths[0]!.segments[0]).toEqual({
      type: "quad",
      control: { x: 100, y: -60 },
      to: { x: 200, y: 0 },
    });
    // The ink keeps its width and its box grows exactly as asked, so a dragged handle stays on
    // its edge: the points spread by what is left once the ink's radius is taken off.
    const ink = (editor.store.get("h") as FreehandNode).points;
    expect(ink[2]).toBe(0.5);
    const inkAfter = worldBox(editor.store, "h")!;
    // Its points span 60 × 40 and its ink's radius is 4: a box of 68 × 48.
    expect(inkAfter.maxX - inkAfter.minX).toBeCloseTo(2 * 68, 6);
    expect(inkAfter.maxY - inkAfter.minY).toBeCloseTo(3 * 48, 6);
    expect(editor.history.depth.undo).toBe(3);
  });

  it("mirrors a path's points for a negative scale, leaving its transform unscaled", () => {
    const editor = editorWith([path()]);
    const before = worldBox(editor.store, "p")!;
    editor.store.setSelection(["p"]);
    transformSelection(editor, { scale: { x: -1, y: 1 } });
    const p = editor.store.get("p") as PathNode;
    expect(Math.abs(p.transform.scaleX)).toBe(1);
    expect(Math.abs(p.transform.scaleY)).toBe(1);
    // The control point at (60, 0) on the page lands across the box's centre.
    const m = worldMatrix(editor.store, "p");
    const c = (p.subpaths[0]!.segments[0] as { control: { x: number; y: number } }).control;
    expect(m.a * c.x + m.c * c.y + m.e).toBeCloseTo(before.minX + before.maxX - 60, 6);
    expect(m.b * c.x + m.d * c.y + m.f).toBeCloseTo(0, 6);
    const after = worldBox(editor.store, "p")!;
    expect(after.minX).toBeCloseTo(before.minX, 6);
    expect(after.maxX).toBeCloseTo(before.maxX, 6);
  });

  it("scales a gradient with the rectangle it fills, so it still spans it", () => {
    const gradient = {
      type: "linear" as const,
      from: { x: 0, y: 0 },
      to: { x: 100, y: 0 },
      stops: [
        { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
        { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
      ],
    };
    const editor = editorWith([{ ...rect("r", "page", "a0", at(0, 0)), fill: gradient }]);
    editor.store.setSelection(["r"]);
    transformSelection(editor, { scale: { x: 2, y: 1 } });
    const r = editor.store.get("r") as RectNode;
    expect(r.width).toBe(200);
    expect(r.fill).toEqual({ ...gradient, to: { x: 200, y: 0 } });
  });

  it("scales a group's shapes inside it, and a group of thousands in its transform", () => {
    const small = editorWith([
      group("g", "page", "a0", at(0, 0)),
      rect("r", "g", "a0", at(10, 10)),
      { ...path(), parent: "g" },
    ]);
    small.store.setSelection(["g"]);
    transformSelection(small, { scale: 2 });
    expect(small.store.get("g")).toMatchObject({ transform: { scaleX: 1, scaleY: 1 } });
    expect(small.store.get("r")).toMatchObject({ width: 200, height: 100 });

    const many = Array.from({ length: 2001 }, (_, i) =>
      rect(`r${i}`, "g", `a${i.toString(36).padStart(3, "0")}`, at(i, 0)),
    );
    const big = editorWith([group("g", "page", "a0", at(0, 0)), ...many]);
    big.store.setSelection(["g"]);
    transformSelection(big, { scale: 2 });
    expect(big.store.get("g")).toMatchObject({ transform: { scaleX: 2, scaleY: 2 } });
    expect(big.store.get("r0")).toMatchObject({ width: 100 });
  });

  it("scales a text's type and wrapping width, never stretching its glyphs", () => {
    const editor = editorWith([textNode("t", "Resizable text here", 24, 1.25)]);
    editor.store.setSelection(["t"]);
    transformSelection(editor, { scale: 2 });
    expect(editor.store.get("t")).toMatchObject({
      fontSize: 48,
      width: null,
      transform: { scaleX: 1, scaleY: 1 },
    });
    transformSelection(editor, { scale: { x: 0.5, y: 1 } });
    const t = editor.store.get("t") as TextNode;
    expect(t.fontSize).toBe(48);
    expect(t.width).toBeGreaterThan(0);
    expect(t.transform).toMatchObject({ scaleX: 1, scaleY: 1 });
  });

  it("keeps a turned text growing with its words when scaled evenly, and a frame's contents in place", () => {
    const frame = makeNode<FrameNode>("frame", "f", "page", "a1", {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width: 100,
      height: 100,
      clip: true,
      transform: at(500, 0),
    });
    const editor = editorWith([
      { ...textNode("t", "Hello there world again", 20, 1.2), transform: at(0, 0, 10) },
      frame,
      rect("in", "f", "a0", at(40, 40), 20, 20),
    ]);
    editor.store.setSelection(["t"]);
    transformSelection(editor, { scale: 0.7 });
    expect(editor.store.get("t")).toMatchObject({ width: null });
    expect((editor.store.get("t") as TextNode).fontSize).toBeCloseTo(14, 9);
    const held = worldBox(editor.store, "in")!;
    editor.store.setSelection(["f"]);
    transformSelection(editor, { scale: 2 });
    expect(editor.store.get("f")).toMatchObject({ width: 200, height: 200 });
    expect(worldBox(editor.store, "in")).toEqual(held);
  });

  it("a group holding a frame is scaled whole, and a pentagon's W keeps its box's corner", () => {
    const editor = editorWith([
      group("g", "page", "a0", at(0, 0)),
      {
        ...makeNode<FrameNode>("frame", "f", "g", "a0", {
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          width: 100,
          height: 100,
          clip: true,
        }),
      },
      makeNode<PolygonNode>("polygon", "p", "page", "a1", {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        width: 150,
        height: 130,
        sides: 5,
        transform: at(600, 0),
      }),
    ]);
    editor.store.setSelection(["g"]);
    transformSelection(editor, { scale: 2 });
    expect(editor.store.get("g")).toMatchObject({ transform: { scaleX: 2, scaleY: 2 } });
    expect(editor.store.get("f")).toMatchObject({ width: 100 });
    const before = getGeometry(editor.store, "p")!;
    setGeometry(editor, ["p"], { width: 300, height: 200 });
    const after = getGeometry(editor.store, "p")!;
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(after.width).toBeCloseTo(300, 9);
  });

  it("a flat freehand stroke scaled across its flatness stays where it was", () => {
    const editor = editorWith([
      makeNode<FreehandNode>("freehand", "h", "page", "a0", {
        ...style,
        points: [0, 50, 0.5, 60, 50, 0.5],
        settings: { ...DEFAULT_FREEHAND_SETTINGS, size: 8 },
      }),
    ]);
    const before = worldBox(editor.store, "h")!;
    editor.store.setSelection(["h"]);
    transformSelection(editor, { scale: { x: 1, y: 3 } });
    const after = worldBox(editor.store, "h")!;
    expect((after.minY + after.maxY) / 2).toBeCloseTo((before.minY + before.maxY) / 2, 9);
  });

  it("scales one rotated shape along its own sides, and several along the page's axes", () => {
    const editor = editorWith([
      rect("r", "page", "a0", at(0, 0, 30)),
      rect("s", "page", "a1", at(300, 0)),
    ]);
    editor.store.setSelection(["r"]);
    transformSelection(editor, { scale: { x: 2, y: 1 } });
    const r = editor.store.get("r") as RectNode;
    expect(r.width).toBeCloseTo(200, 9);
    expect(r.height).toBeCloseTo(50, 9);
    expect(r.transform.rotation).toBeCloseTo(Math.PI / 6, 9);
    expect(r.transform.skewX).toBeCloseTo(0, 9);
    // Stretched along the page's x with another shape, it cannot stay a rectangle: the skew
    // stays in its transform.
    editor.store.setSelection(["r", "s"]);
    transformSelection(editor, { scale: { x: 2, y: 1 } });
    const skewed = editor.store.get("r") as RectNode;
    expect(skewed.width).toBeCloseTo(200, 9);
    expect(Math.abs(skewed.transform.skewX)).toBeGreaterThan(1e-6);
    expect(editor.store.get("s")).toMatchObject({ width: 200, height: 50 });
  });

  it("the W and H fields of a group resize what it holds, strokes kept", () => {
    const editor = editorWith([
      group("g", "page", "a0", at(100, 100)),
      rect("r", "g", "a0", at(0, 0)),
      { ...path(), parent: "g", transform: at(150, 0) },
    ]);
    const before = getGeometry(editor.store, "g")!;
    setGeometry(editor, ["g"], { width: before.width / 2, height: before.height * 2 });
    const after = getGeometry(editor.store, "g")!;
    expect(after.width).toBeCloseTo(before.width / 2, 9);
    expect(after.height).toBeCloseTo(before.height * 2, 9);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(editor.store.get("g")).toMatchObject({ transform: { scaleX: 1, scaleY: 1 } });
    expect(editor.store.get("r")).toMatchObject({
      width: 50,
      height: 100,
      stroke: { width: DEFAULT_STROKE.width },
      transform: { scaleX: 1, scaleY: 1 },
    });
    expect(editor.store.get("p")).toMatchObject({ stroke: { width: 4 } });
    expect(editor.history.depth.undo).toBe(1);
  });
});

describe("setGeometry", () => {
  it("sets x, y, width, height and rotation of a node nested in rotated and scaled groups", () => {
    const editor = fixtureEditor();
    for (const id of ["r3", "r4", "g2", "g"]) {
      setGeometry(editor, [id], { x: 10, y: 20, width: 80, height: 30, rotation: 45 });
      const g = getGeometry(editor.store, id)!;
      expect(g.x).toBeCloseTo(10, 6);
      expect(g.y).toBeCloseTo(20, 6);
      expect(g.width).toBeCloseTo(80, 6);
      expect(g.height).toBeCloseTo(30, 6);
      expect(g.rotation).toBeCloseTo(45, 6);
    }
  });

  it("changes a rectangle's size, not its transform's scale, so strokes keep their width", () => {
    const editor = fixtureEditor();
    setGeometry(editor, ["r3"], { width: 120 });
    const r3 = editor.store.get("r3");
    expect(r3?.type === "rect" && r3.width).toBeCloseTo(120, 9);
    expect(r3?.type === "rect" && r3.transform.scaleX).toBe(1);
  });

  it("resizes lines, paths and freehand strokes by their points", () => {
    const style = { fill: DEFAULT_FILL, stroke: DEFAULT_STROKE };
    const editor = editorWith([
      makeNode<LineNode>("line", "l", "page", "a0", {
        ...style,
        start: { x: 0, y: 0 },
        end: { x: 100, y: 50 },
        startHead: "none",
        endHead: "none",
      }),
      makeNode<PathNode>("path", "p", "page", "a1", {
        ...style,
        subpaths: [
          {
            start: { x: 10, y: 10 },
            segments: [
              {
                type: "cubic",
                control1: { x: 20, y: 0 },
                control2: { x: 40, y: 20 },
                to: { x: 50, y: 30 },
              },
            ],
            closed: false,
          },
        ],
        fillRule: "nonzero",
      }),
      makeNode<FreehandNode>("freehand", "h", "page", "a2", {
        ...style,
        points: [0, 0, 0.5, 30, 40, 0.5, 60, 10, 0.5],
        settings: { ...DEFAULT_FREEHAND_SETTINGS, size: 8 },
      }),
    ]);
    for (const id of ["l", "p", "h"]) {
      const before = getGeometry(editor.store, id)!;
      setGeometry(editor, [id], { width: 200, height: 100 });
      const after = getGeometry(editor.store, id)!;
      expect(after.width).toBeCloseTo(200, 6);
      expect(after.height).toBeCloseTo(100, 6);
      expect(after.x).toBeCloseTo(before.x, 6);
      expect(after.y).toBeCloseTo(before.y, 6);
    }
  });

  it("gives text a width only, and leaves a zero dimension alone", () => {
    const style = { fill: DEFAULT_FILL, stroke: DEFAULT_STROKE };
    const editor = editorWith([
      textNode("t", "Hello", 20, 1.2),
      makeNode<LineNode>("line", "flat", "page", "a1", {
        ...style,
        start: { x: 0, y: 0 },
        end: { x: 100, y: 0 },
        startHead: "none",
        endHead: "none",
      }),
    ]);
    setGeometry(editor, ["t"], { width: 300, height: 500 });
    const t = editor.store.get("t");
    expect(t?.type === "text" && t.width).toBeCloseTo(300, 9);
    expect(getGeometry(editor.store, "t")!.height).toBeCloseTo(24, 9);
    setGeometry(editor, ["flat"], { height: 40 });
    expect(getGeometry(editor.store, "flat")!.height).toBe(0);
  });

  it("refuses sizes that are not positive", () => {
    const editor = editorWith([group("g", "page", "a0", at(0, 0))]);
    expect(() => setGeometry(editor, ["g"], { width: 0 })).toThrow(/greater than 0/);
    expect(() => setGeometry(editor, ["g"], { x: Number.POSITIVE_INFINITY })).toThrow(/finite/);
  });
});
