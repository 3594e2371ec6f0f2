import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GradientStop, RGBA } from "../../src/doc/types";
import {
  addStop,
  colorAt,
  contrastingColor,
  convertFill,
  MAX_STOPS,
  MIN_STOPS,
  moveStop,
  recolorStop,
  removeStop,
} from "../../src/doc/gradient";

const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };
const TWO: readonly GradientStop[] = [
  { offset: 0, color: RED },
  { offset: 1, color: BLUE },
];

const channel = fc.double({ min: 0, max: 1, noNaN: true });
const color = fc.record({ r: channel, g: channel, b: channel, a: channel });
const stopsArb = fc
  .array(fc.record({ offset: channel, color }), { minLength: 2, maxLength: 8 })
  .map((stops) => [...stops].sort((a, b) => a.offset - b.offset));
const anyOffset = fc.oneof(
  fc.double({ min: -10, max: 10, noNaN: true }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity),
);

function isSorted(stops: readonly GradientStop[]): boolean {
  return stops.every((s, i) => i === 0 || stops[i - 1]!.offset <= s.offset);
}
const inRange = (stops: readonly GradientStop[]): boolean =>
  stops.every((s) => s.offset >= 0 && s.offset <= 1);

describe("gradient stops", () => {
  it("adds a stop with the colour already at that offset", () => {
    const added = addStop(TWO, 0.25)!;
    expect(added.stops.map((s) => s.offset)).toEqual([0, 0.25, 1]);
    expect(added.index).toBe(1);
    expect(added.stops[1]!.color).toEqual({ r: 0.75, g: 0, b: 0.25, a: 1 });
  });

  it("keeps stops sorted and inside 0–1 whatever is added or moved", () => {
    fc.assert(
      fc.property(stopsArb, anyOffset, fc.nat(), (stops, offset, pick) => {
        const added = addStop(stops, offset)!;
        expect(added.stops).toHaveLength(stops.length + 1);
        expect(isSorted(added.stops) && inRange(added.stops)).toBe(true);
        const index = pick % stops.length;
        const moved = moveStop(stops, index, offset)!;
        expect(moved.stops).toHaveLength(stops.length);
        expect(isSorted(moved.stops) && inRange(moved.stops)).toBe(true);
        // The index follows the moved stop to its sorted place.
        expect(moved.stops[moved.index]!.color).toBe(stops[index]!.color);
      }),
    );
  });

  it("clamps a moved stop to the ends and reorders past a neighbour", () => {
    const three: GradientStop[] = [...TWO.slice(0, 1), { offset: 0.5, color: RED }, TWO[1]!];
    expect(moveStop(three, 1, 7)!.stops.map((s) => s.offset)).toEqual([0, 1, 1]);
    expect(moveStop(three, 1, -3)!.stops.map((s) => s.offset)).toEqual([0, 0, 1]);
    const past = moveStop(three, 0, 0.8)!;
    expect(past.stops.map((s) => s.offset)).toEqual([0.5, 0.8, 1]);
    expect(past.index).toBe(1);
    expect(moveStop(three, 5, 0.5)).toBeNull();
  });

  it("removes stops but keeps at least two", () => {
    const three = addStop(TWO, 0.5)!.stops;
    const removed = removeStop(three, 2)!;
    expect(removed.stops.map((s) => s.offset)).toEqual([0, 0.5]);
    expect(removed.index).toBe(1);
    expect(removeStop(removed.stops, 0)).toBeNull();
    expect(MIN_STOPS).toBe(2);
  });

  it("refuses to grow past the stop limit", () => {
    let stops: readonly GradientStop[] = TWO;
    for (let i = 0; stops.length < MAX_STOPS; i++) stops = addStop(stops, (i * 0.37) % 1)!.stops;
    expect(addStop(stops, 0.5)).toBeNull();
  });

  it("recolours only the chosen stop", () => {
    const next = recolorStop(TWO, 1, RED);
    expect(next[1]!.color).toBe(RED);
    expect(next[0]).toBe(TWO[0]);
  });

  it("interpolates between neighbours and holds the end colours outside them", () => {
    const inner: GradientStop[] = [
      { offset: 0.2, color: RED },
      { offset: 0.6, color: BLUE },
    ];
    expect(colorAt(inner, 0)).toEqual(RED);
    expect(colorAt(inner, 1)).toEqual(BLUE);
    const mid = colorAt(inner, 0.4);
    expect(mid.r).toBeCloseTo(0.5, 12);
    expect(mid.b).toBeCloseTo(0.5, 12);
    expect([mid.g, mid.a]).toEqual([0, 1]);
  });
});

describe("fill kinds", () => {
  const box = { minX: 0, minY: 0, maxX: 200, maxY: 100 };

  it("spans a new linear gradient left to right across the box, from the solid colour", () => {
    const fill = convertFill({ type: "solid", color: RED }, "linear", box);
    expect(fill).toEqual({
      type: "linear",
      from: { x: 0, y: 50 },
      to: { x: 200, y: 50 },
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: { r: 1, g: 0.7, b: 0.7, a: 1 } },
      ],
    });
  });

  it("ends a new gradient on a clearly different colour, light from dark and dark from light", () => {
    const WHITE: RGBA = { r: 1, g: 1, b: 1, a: 1 };
    const BLACK: RGBA = { r: 0, g: 0, b: 0, a: 1 };
    const differs = (a: RGBA, b: RGBA): number =>
      Math.max(Math.abs(a.r - b.r), Math.abs(a.g - b.g), Math.abs(a.b - b.b));
    for (const color of [WHITE, BLACK, RED, BLUE, { r: 0.5, g: 0.5, b: 0.5, a: 1 }]) {
      const fill = convertFill({ type: "solid", color }, "linear", box);
      if (fill.type !== "linear") throw new Error("no gradient");
      expect(fill.stops[0]!.color).toEqual(color);
      expect(differs(fill.stops[1]!.color, color)).toBeGreaterThanOrEqual(0.35);
      // Opaque stays opaque: a fade to transparent white is what made new gradients invisible.
      expect(fill.stops[1]!.color.a).toBe(1);
    }
    const grey = contrastingColor(WHITE);
    for (const c of [grey.r, grey.g, grey.b]) expect(c).toBeCloseTo(0.3, 12);
    expect(contrastingColor({ ...BLUE, a: 0.5 })).toEqual({ r: 0.7, g: 0.7, b: 1, a: 0.5 });
  });

  it("centres a radial gradient with half the larger side, keeping the stops", () => {
    const linear = convertFill({ type: "none" }, "linear", box);
    const radial = convertFill(linear, "radial", box);
    expect(radial).toMatchObject({
      type: "radial",
      center: { x: 100, y: 50 },
      focal: { x: 100, y: 50 },
      radius: 100,
    });
    expect(radial.type === "radial" && radial.stops).toEqual(
      linear.type === "linear" && linear.stops,
    );
  });

  it("turns a gradient back into its first colour, and leaves a fill of the same kind alone", () => {
    const linear = convertFill({ type: "solid", color: BLUE }, "linear", box);
    expect(convertFill(linear, "solid", box)).toEqual({ type: "solid", color: BLUE });
    expect(convertFill(linear, "linear", box)).toBe(linear);
    expect(convertFill(linear, "none", box)).toEqual({ type: "none" });
  });
});
