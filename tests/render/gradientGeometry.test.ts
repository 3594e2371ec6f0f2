import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply, toMatrix, type Matrix } from "../../src/doc/transform";
import type { LinearGradientPaint, RadialGradientPaint, RGBA } from "../../src/doc/types";
import {
  constrainAngle,
  dragGeometry,
  gradientMarkers,
  GRADIENT_HIT_PX,
  hitGradient,
  layGradient,
  MAX_COORDINATE,
  offsetOnLine,
  onLine,
} from "../../src/render/overlays/gradientGeometry";

const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
const GREEN: RGBA = { r: 0, g: 1, b: 0, a: 1 };
const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };

const linear: LinearGradientPaint = {
  type: "linear",
  from: { x: 0, y: 50 },
  to: { x: 200, y: 50 },
  stops: [
    { offset: 0, color: RED },
    { offset: 0.25, color: GREEN },
    { offset: 1, color: BLUE },
  ],
};

const radial: RadialGradientPaint = {
  type: "radial",
  center: { x: 50, y: 50 },
  focal: { x: 50, y: 50 },
  radius: 40,
  stops: [
    { offset: 0, color: RED },
    { offset: 1, color: BLUE },
  ],
};

/** A node at (100, 100), turned a quarter and stretched twice along its own x. */
const turned: Matrix = toMatrix({
  x: 100,
  y: 100,
  rotation: Math.PI / 2,
  scaleX: 2,
  scaleY: 1,
  skewX: 0,
});
const identity = { x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 };
const unit: Matrix = toMatrix(identity);

function close(p: { x: number; y: number }, q: { x: number; y: number }, digits = 9): void {
  expect(p.x).toBeCloseTo(q.x, digits);
  expect(p.y).toBeCloseTo(q.y, digits);
}

describe("gradient handles", () => {
  it("put a linear gradient's ends and inner stops where the page shows them", () => {
    const m = gradientMarkers(linear, turned, { kind: "stop", index: 1 });
    close(m.line[0], { x: 50, y: 100 });
    close(m.line[1], { x: 50, y: 500 });
    expect(m.ends.map((e) => e.handle.kind)).toEqual(["from", "to"]);
    expect(m.ends.map((e) => e.color)).toEqual([RED, BLUE]);
    // Stops at 0 and 1 are the ends; the inner stop sits a quarter of the way along.
    expect(m.stops).toHaveLength(1);
    close(m.stops[0]!.at, { x: 50, y: 200 });
    expect(m.stops[0]).toMatchObject({ index: 1, color: GREEN, selected: true });
    expect(m.ring).toBeNull();
    expect(m.focal).toBeNull();
  });

  it("draw a radial gradient's circle through the node's matrix, an ellipse under a stretch", () => {
    const m = gradientMarkers(radial, turned, null);
    close(m.ends[0].at, apply(turned, radial.center));
    // The radius handle is on local +x: twice as far on the page, turned to point down.
    close(m.ends[1].at, { x: 50, y: 280 });
    expect(m.ring).toHaveLength(64);
    const distances = m.ring!.map((p) => Math.hypot(p.x - 50, p.y - 200));
    expect(Math.max(...distances)).toBeCloseTo(80, 6);
    expect(Math.min(...distances)).toBeCloseTo(40, 6);
    expect(m.focal).toBeNull();
    const off = gradientMarkers({ ...radial, focal: { x: 60, y: 50 } }, turned, null);
    close(off.focal!, apply(turned, { x: 60, y: 50 }));
  });

  it("hit ends before stops, the nearest within a few pixels, at any zoom", () => {
    const m = gradientMarkers(linear, toMatrix({ ...identity, x: 10, y: 10 }), null);
    // Page (10, 60) is `from`; at zoom 2 with an offset it is on screen at (25, 125).
    const camera = { x: 5, y: 5, zoom: 2 };
    expect(hitGradient(m, camera, { x: 25, y: 125 })).toEqual({ kind: "from" });
    expect(hitGradient(m, camera, { x: 25 + GRADIENT_HIT_PX, y: 125 })).toEqual({ kind: "from" });
    expect(hitGradient(m, camera, { x: 25 + GRADIENT_HIT_PX + 1, y: 125 })).toBeNull();
    // The green stop at a quarter: page (60, 60), screen (125, 125).
    expect(hitGradient(m, camera, { x: 127, y: 124 })).toEqual({ kind: "stop", index: 1 });
    expect(hitGradient(m, camera, { x: 423, y: 126 })).toEqual({ kind: "to" });
    expect(onLine(m, camera, { x: 300, y: 128 })).toBe(true);
    expect(onLine(m, camera, { x: 300, y: 140 })).toBe(false);
    expect(offsetOnLine(m, { x: 110, y: 0 })).toBeCloseTo(0.5, 12);
  });

  it("drag a linear end through the inverse matrix into local coordinates", () => {
    const next = dragGeometry(linear, { kind: "to" }, { x: 90, y: 300 }, turned, {
      constrain: false,
    });
    expect(next?.type).toBe("linear");
    const moved = next as LinearGradientPaint;
    close(apply(turned, moved.to), { x: 90, y: 300 });
    expect(moved.from).toEqual(linear.from);
    expect(moved.stops).toBe(linear.stops);
  });

  it("with Shift keeps the line's page angle in 15° steps and its length", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -400, max: 400, noNaN: true }),
        fc.double({ min: -400, max: 400, noNaN: true }),
        (x, y) => {
          fc.pre(Math.hypot(x - 50, y - 100) > 1e-3);
          const next = dragGeometry(linear, { kind: "to" }, { x, y }, turned, {
            constrain: true,
          }) as LinearGradientPaint;
          const from = apply(turned, next.from);
          const to = apply(turned, next.to);
          const angle = (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
          const steps = angle / 15;
          expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-6);
          expect(Math.hypot(to.x - from.x, to.y - from.y)).toBeCloseTo(
            Math.hypot(x - from.x, y - from.y),
            6,
          );
        },
      ),
      { seed: 6, numRuns: 200 },
    );
    close(constrainAngle({ x: 0, y: 0 }, { x: 10, y: 1 }), { x: 10.04987562112089, y: 0 });
  });

  it("moves a radial centre with its focal point, and keeps the focal point inside the circle", () => {
    const off = { ...radial, focal: { x: 60, y: 50 } };
    const moved = dragGeometry(off, { kind: "center" }, { x: 150, y: 150 }, unit, {
      constrain: false,
    }) as RadialGradientPaint;
    expect(moved.center).toEqual({ x: 150, y: 150 });
    expect(moved.focal).toEqual({ x: 160, y: 150 });
    const focal = dragGeometry(radial, { kind: "focal" }, { x: 500, y: 50 }, unit, {
      constrain: false,
    }) as RadialGradientPaint;
    expect(focal.focal).toEqual({ x: 90, y: 50 });
    const smaller = dragGeometry(off, { kind: "radius" }, { x: 55, y: 50 }, unit, {
      constrain: false,
    }) as RadialGradientPaint;
    expect(smaller.radius).toBe(5);
    expect(smaller.focal).toEqual({ x: 55, y: 50 });
  });

  it("lays a line anew along a drag, in local units, stops kept", () => {
    const laid = layGradient(linear, { x: 50, y: 100 }, { x: 50, y: 300 }, turned, {
      constrain: false,
    }) as LinearGradientPaint;
    close(laid.from, { x: 0, y: 50 });
    close(laid.to, { x: 100, y: 50 });
    expect(laid.stops).toBe(linear.stops);
    const tilted = layGradient(linear, { x: 0, y: 0 }, { x: 100, y: 8 }, unit, {
      constrain: true,
    }) as LinearGradientPaint;
    expect(tilted.to.y).toBeCloseTo(0, 12);
    // Radial: centred at the start, the radius the drag's length in the node's own units.
    const ring = layGradient(radial, { x: 50, y: 100 }, { x: 50, y: 180 }, turned, {
      constrain: false,
    }) as RadialGradientPaint;
    close(ring.center, { x: 0, y: 50 });
    expect(ring.focal).toEqual(ring.center);
    expect(ring.radius).toBeCloseTo(40, 9);
  });

  it("refuses a singular matrix and clamps what a near-singular one would blow up", () => {
    const flat: Matrix = { a: 1, b: 0, c: 0, d: 0, e: 0, f: 0 };
    expect(
      dragGeometry(linear, { kind: "to" }, { x: 1, y: 1 }, flat, { constrain: false }),
    ).toBeNull();
    const thin: Matrix = { a: 1, b: 0, c: 0, d: 1e-300, e: 0, f: 0 };
    const next = dragGeometry(linear, { kind: "to" }, { x: 1, y: 1 }, thin, {
      constrain: false,
    }) as LinearGradientPaint;
    expect(next.to.y).toBe(MAX_COORDINATE);
  });
});
