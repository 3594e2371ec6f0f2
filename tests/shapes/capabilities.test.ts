import { describe, expect, it } from "vitest";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  FrameNode,
  FreehandNode,
  GroupNode,
  LineNode,
  PolygonNode,
  RectNode,
  SceneNode,
  StarNode,
  TextNode,
} from "../../src/doc/types";
import {
  childrenReachOut,
  drawsFill,
  holdsChildren,
  isInk,
  kindFieldValue,
  kindOf,
  withKindField,
} from "../../src/shapes/registry";

const style = { fill: DEFAULT_FILL, stroke: DEFAULT_STROKE };
const rect = makeNode<RectNode>("rect", "r", "p", "a0", {
  ...style,
  width: 100,
  height: 40,
  radii: [4, 4, 8, 0],
});
const polygon = makeNode<PolygonNode>("polygon", "pg", "p", "a1", {
  ...style,
  width: 50,
  height: 50,
  sides: 6,
});
const line = makeNode<LineNode>("line", "l", "p", "a2", {
  ...style,
  start: { x: 10, y: 20 },
  end: { x: -30, y: 40 },
  startHead: "none",
  endHead: "arrow",
});
const frame = (clip: boolean) =>
  makeNode<FrameNode>("frame", "f", "p", "a3", { ...style, width: 10, height: 10, clip });
const group = makeNode<GroupNode>("group", "g", "p", "a4", {});
const freehand = makeNode<FreehandNode>("freehand", "fh", "p", "a5", {
  ...style,
  points: [0, 0, 0.5, 10, 10, 0.5],
  settings: {
    size: 4,
    thinning: 0.5,
    smoothing: 0.5,
    streamline: 0.5,
    simulatePressure: true,
    fixedWidth: false,
  },
});
const text = makeNode<TextNode>("text", "t", "p", "a6", {
  ...style,
  content: "Hi",
  fontFamily: "Inter",
  fontSize: 16,
  fontWeight: 400,
  fontStyle: "normal",
  lineHeight: 1.2,
  align: "left",
  width: null,
});

describe("what a kind can do, read from its record", () => {
  it("holds children: groups always reach out, frames only when they do not clip", () => {
    expect([rect, line, text, freehand].map(holdsChildren)).toEqual([false, false, false, false]);
    expect(holdsChildren(group)).toBe(true);
    expect(holdsChildren(frame(true))).toBe(true);
    expect(childrenReachOut(group)).toBe(true);
    expect(childrenReachOut(frame(false))).toBe(true);
    expect(childrenReachOut(frame(true))).toBe(false);
    expect(childrenReachOut(rect)).toBe(false);
  });

  it("draws a fill only where there is an area painted in it", () => {
    expect(drawsFill(rect)).toBe(true);
    expect(drawsFill(text)).toBe(true);
    expect(drawsFill(line)).toBe(false);
    expect(drawsFill(freehand)).toBe(false);
    expect(isInk(freehand)).toBe(true);
    expect(isInk(line)).toBe(false);
  });

  it("folds a scale into a box's size, a line's ends and a text's type, leaving groups alone", () => {
    const rectFold = kindOf(rect).scaleFold!;
    expect(rectFold.flips).toBe(false);
    expect(rectFold.fields(rect, 2, 0.5)).toEqual({ width: 200, height: 20, radii: [2, 2, 4, 0] });
    const lineFold = kindOf(line).scaleFold!;
    expect(lineFold.flips).toBe(true);
    expect(lineFold.fields(line, -1, 2)).toEqual({
      start: { x: -10, y: 40 },
      end: { x: 30, y: 80 },
    });
    expect(kindOf(group).scaleFold).toBeNull();
    // Text is never stretched: its font follows the height, its wrapping width the width.
    const textFold = kindOf(text).scaleFold!;
    expect(textFold.fields(text, 2, 2)).toEqual({ fontSize: 32, width: null });
    const stretched = textFold.fields(text, 3, 0.5);
    expect(stretched.fontSize).toBe(8);
    expect(stretched.width).toBeGreaterThan(0);
    expect(textFold.fields({ ...text, width: 100 }, 0.5, 1)).toEqual({ fontSize: 16, width: 50 });
  });
});

describe("panel fields write through their kind", () => {
  it("sets a field on the kinds that have it and answers null for the rest", () => {
    expect(withKindField(line, "endHead", "none")).toEqual({ ...line, endHead: "none" });
    expect(withKindField(rect, "endHead", "none")).toBeNull();
    expect(withKindField(rect, "radius", 6)).toEqual({ ...rect, radii: [6, 6, 6, 6] });
    expect(withKindField(rect, "cornerBottomLeft", 3)).toEqual({ ...rect, radii: [4, 4, 8, 3] });
    expect(kindFieldValue(rect, "radius")).toBeNaN();
    expect(kindFieldValue(line, "radius")).toBeUndefined();
  });

  it("turns a polygon into a star and back, clamping what a document cannot hold", () => {
    const star = withKindField(polygon, "star", true) as StarNode;
    expect(star.type).toBe("star");
    expect(star.points).toBe(6);
    expect((withKindField(star, "innerRatio", 7) as StarNode).innerRatio).toBe(1);
    expect((withKindField(polygon, "pointCount", 1000) as PolygonNode).sides).toBe(100);
    const back: SceneNode | null = withKindField(star, "star", false);
    expect(back?.type).toBe("polygon");
    expect(withKindField(polygon, "star", false)).toBe(polygon);
  });
});
