import { describe, expect, it } from "vitest";
import type { Fill, LinearGradientPaint, Paint } from "../../src/doc/types";
import { GradientEditRequests } from "../../src/editing/gradientEditRequests";
import { convertFill, recolorStop } from "../../src/doc/gradient";
import { strokePaintChange, UNPAINTED_STROKE } from "../../src/doc/strokePaint";
import type { Box } from "../../src/math/box";

const BOX: Box = { minX: 0, minY: 0, maxX: 80, maxY: 40 };
const RED = { r: 1, g: 0, b: 0, a: 1 };

const toKind =
  (kind: Fill["type"]) =>
  (fill: Fill, box: Box): Fill =>
    convertFill(fill, kind, box, UNPAINTED_STROKE);

describe("stroke paint through the fill editor", () => {
  it("turns a solid stroke into a gradient across the node's box, and back", () => {
    const solid: Paint = { type: "solid", color: RED };
    const linear = strokePaintChange(toKind("linear"))(solid, BOX) as LinearGradientPaint;
    expect(linear).toEqual({
      type: "linear",
      from: { x: 0, y: 20 },
      to: { x: 80, y: 20 },
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: { r: 1, g: 0.7, b: 0.7, a: 1 } },
      ],
    });
    expect(strokePaintChange(toKind("radial"))(linear, BOX)).toMatchObject({
      type: "radial",
      center: { x: 40, y: 20 },
      radius: 40,
      stops: linear.stops,
    });
    expect(strokePaintChange(toKind("solid"))(linear, BOX)).toEqual(solid);
  });

  it("reads no stroke as the kind None: None keeps it missing, Solid makes it black", () => {
    expect(strokePaintChange(toKind("none"))(null, BOX)).toBeNull();
    expect(strokePaintChange(toKind("none"))({ type: "solid", color: RED }, BOX)).toBeNull();
    expect(strokePaintChange(toKind("solid"))(null, BOX)).toEqual({
      type: "solid",
      color: { r: 0, g: 0, b: 0, a: 1 },
    });
    // A gradient over no stroke runs from black to light grey.
    expect(strokePaintChange(toKind("linear"))(null, BOX)).toMatchObject({
      stops: [
        { offset: 0, color: { r: 0, g: 0, b: 0, a: 1 } },
        { offset: 1, color: { r: 0.7, g: 0.7, b: 0.7, a: 1 } },
      ],
    });
  });

  it("leaves a missing stroke missing when a stop edit does not apply to it", () => {
    const setStops = (fill: Fill): Fill =>
      fill.type === "linear" ? { ...fill, stops: recolorStop(fill.stops, 0, RED) } : fill;
    expect(strokePaintChange(setStops)(null, BOX)).toBeNull();
  });
});

describe("edit-on-canvas requests", () => {
  it("reach the listeners of the same document only, and say whether anyone listened", () => {
    const requests = new GradientEditRequests();
    const other = new GradientEditRequests();
    const heard: string[] = [];
    expect(requests.request("fill")).toBe(false);
    const stop = requests.listen((target) => heard.push(target));
    expect(requests.request("stroke")).toBe(true);
    expect(other.request("fill")).toBe(false);
    stop();
    expect(requests.request("fill")).toBe(false);
    expect(heard).toEqual(["stroke"]);
  });
});
