import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { EllipseNode, Label, LineNode, RectNode } from "../../src/doc/types";
import {
  estimatedLabelBox,
  fractionAlong,
  LABEL_PADDING,
  labelOrigin,
  lineLabelGap,
  pointAlong,
} from "../../src/shapes/label";
import { kindOf } from "../../src/shapes/registry";
import { sampleLabel } from "../support/label";

const LABEL: Label = sampleLabel("Hello");

const rect = (label: Label | null): RectNode =>
  makeNode<RectNode>("rect", "r", "page", "a0", {
    width: 200,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: NO_FILL,
    stroke: DEFAULT_STROKE,
    label,
  });

const line = (label: Label | null): LineNode =>
  makeNode<LineNode>("line", "l", "page", "a0", {
    fill: NO_FILL,
    stroke: DEFAULT_STROKE,
    start: { x: 0, y: 0 },
    end: { x: 300, y: 0 },
    startHead: "none",
    endHead: "arrow",
    label,
  });

describe("label placement", () => {
  it("a box shape's label is centred and wraps inside its padding; an ellipse's inside its inscribed box", () => {
    const r = rect(LABEL);
    expect(kindOf(r).labelPlacement?.(r)).toMatchObject({
      center: { x: 100, y: 50 },
      width: 200 - 2 * LABEL_PADDING,
    });
    const e = makeNode<EllipseNode>("ellipse", "e", "page", "a0", {
      width: 200,
      height: 100,
      fill: NO_FILL,
      stroke: DEFAULT_STROKE,
    });
    expect(kindOf(e).labelPlacement?.(e)?.width).toBeCloseTo(
      200 * Math.SQRT1_2 - 2 * LABEL_PADDING,
    );
  });

  it("a line's label sits on the line at its position, and does not wrap", () => {
    const l = line({ ...LABEL, position: 0.25 });
    expect(kindOf(l).labelPlacement?.(l)).toEqual({
      center: { x: 75, y: 0 },
      width: null,
      heightToHold: null,
    });
    const elbow: LineNode = { ...l, end: { x: 200, y: 100 }, route: "elbow", bend: 0.5 };
    // Along the elbow's 300 units: 100 across, 100 down, 100 across; its middle is halfway down.
    expect(
      kindOf(elbow).labelPlacement?.({ ...elbow, label: { ...LABEL, position: 0.5 } }),
    ).toEqual({
      center: { x: 100, y: 50 },
      width: null,
      heightToHold: null,
    });
  });

  it("a label's lines are centred on the placement", () => {
    expect(
      labelOrigin(
        { center: { x: 100, y: 50 }, width: 184, heightToHold: null },
        { width: 60, height: 25 },
      ),
    ).toEqual({
      x: 70,
      y: 37.5,
    });
  });

  it("a line's bounds and hit test take in its label", () => {
    const bare = line(null);
    const labelled = line(LABEL);
    const box = kindOf(labelled).localBounds(labelled)!;
    expect(box.maxY - box.minY).toBeGreaterThan(kindOf(bare).localBounds(bare)!.maxY);
    expect(box.minY).toBeLessThanOrEqual(-12.5);
    expect(kindOf(labelled).hitTest(labelled, { x: 150, y: -9 }, 0)).toBe("fill");
    expect(kindOf(bare).hitTest(bare, { x: 150, y: -9 }, 0)).toBeNull();
  });

  it("an unfilled shape is hit on its words, and an empty label is no label", () => {
    expect(kindOf(rect(LABEL)).hitTest(rect(LABEL), { x: 100, y: 50 }, 0)).toBe("fill");
    expect(kindOf(rect(null)).hitTest(rect(null), { x: 100, y: 50 }, 0)).toBeNull();
    const empty = rect({ ...LABEL, content: "" });
    expect(kindOf(empty).hitTest(empty, { x: 100, y: 50 }, 0)).toBeNull();
  });

  it("a label wrapped in its shape does not widen the shape's bounds or hits", () => {
    const narrow = (content: string): RectNode => ({
      ...rect(sampleLabel(content, { fontSize: 16 })),
      width: 150,
    });
    for (const content of [
      "Process the incoming order quickly",
      "A label of sixty four characters that wraps over several lines ok",
    ]) {
      const shape = narrow(content);
      const box = kindOf(shape).localBounds(shape)!;
      const bare = kindOf(shape).localBounds({ ...shape, label: null })!;
      expect([box.minX, box.maxX]).toEqual([bare.minX, bare.maxX]);
      // Beside the box, at the words' height: nothing there.
      expect(kindOf(shape).hitTest(shape, { x: 180, y: 50 }, 0)).toBeNull();
      expect(kindOf(shape).hitTest(shape, { x: -30, y: 50 }, 0)).toBeNull();
      expect(kindOf(shape).hitTest(shape, { x: 75, y: 50 }, 0)).toBe("fill");
    }
    // Five lines of words in a 100-high box run out above and below it.
    const tall = narrow("one two three four five six seven eight nine ten eleven twelve");
    const box = kindOf(tall).localBounds(tall)!;
    expect(box.minY).toBeLessThan(0);
    expect(box.maxY).toBeGreaterThan(100);
  });

  it("a word longer than its shape is wide breaks onto more lines, and leaves the width alone", () => {
    const word = "Supercalifragilisticexpialidocious";
    const shape: RectNode = { ...rect(sampleLabel(word, { fontSize: 16 })), width: 150 };
    const box = kindOf(shape).localBounds(shape)!;
    const bare = kindOf(shape).localBounds({ ...shape, label: null })!;
    expect([box.minX, box.maxX]).toEqual([bare.minX, bare.maxX]);
    // Set in Inter the word is 248 units wide: two lines of 20 in the 134-unit wrap.
    const words = estimatedLabelBox(shape.label!, kindOf(shape).labelPlacement!(shape))!;
    expect(words.maxY - words.minY).toBeCloseTo(2 * 20, 6);
    // A short word before it keeps its own line, as does one that does not fit after its end.
    const around = estimatedLabelBox(
      { ...shape.label!, content: `an ${word} ok` },
      kindOf(shape).labelPlacement!(shape),
    )!;
    expect(around.maxY - around.minY).toBeCloseTo(4 * 20, 6);
  });

  it("a line's words cut a gap in it only when both its ends lie outside them", () => {
    const size = { width: 60, height: 20 };
    const long = line(LABEL);
    // About the middle of a 300-long line: cut there.
    expect(lineLabelGap(long, { x: 120, y: -10 }, size)).toEqual({
      minX: 116,
      minY: -14,
      maxX: 184,
      maxY: 14,
    });
    // Over a 40-long line the words reach past both ends: no cut, so its head still shows.
    const short: LineNode = { ...long, end: { x: 40, y: 0 } };
    expect(lineLabelGap(short, { x: -10, y: -10 }, size)).toBeNull();
    // Past one end only, as near a shape the line is bound to.
    expect(lineLabelGap(long, { x: 260, y: -10 }, size)).toBeNull();
  });

  it("the point a fraction along a polyline lies on it, and its fraction reads back", () => {
    const pointArb = fc.tuple(
      fc.integer({ min: -1000, max: 1000 }),
      fc.integer({ min: -1000, max: 1000 }),
    );
    fc.assert(
      fc.property(
        fc.array(pointArb, { minLength: 2, maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (points, fraction) => {
          const flat = points.flat();
          const total = points
            .slice(1)
            .reduce((n, p, i) => n + Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]), 0);
          fc.pre(total > 1);
          const p = pointAlong(flat, fraction);
          // A polyline may cross itself: the nearest point found is as near (on the line).
          const back = pointAlong(flat, fractionAlong(flat, p));
          expect(Math.hypot(back.x - p.x, back.y - p.y)).toBeLessThan(1e-6 * total + 1e-6);
        },
      ),
    );
  });
});
