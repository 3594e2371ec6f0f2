import fc from "fast-check";
import { getStroke } from "perfect-freehand";
import { describe, expect, it } from "vitest";
import { freehandOutline } from "../../../src/geometry/freehand";
import { excalidrawInk } from "../../../src/io/import/excalidrawInk";

/** Excalidraw's own outline of a freedraw element (0.17–0.18, getFreeDrawSvgPath). */
function excalidrawOutline(
  points: readonly (readonly [number, number])[],
  pressures: readonly number[] | null,
  strokeWidth: number,
  last = true,
): number[][] {
  const input =
    pressures === null
      ? points.map((p) => [...p])
      : points.map(([x, y], i) => [x, y, pressures[i]!]);
  return getStroke(input, {
    simulatePressure: pressures === null,
    size: strokeWidth * 4.25,
    thinning: 0.6,
    smoothing: 0.5,
    streamline: 0.5,
    easing: (t) => Math.sin((t * Math.PI) / 2),
    last,
  });
}

function inkOutline(
  points: readonly (readonly [number, number])[],
  pressures: readonly number[] | null,
  strokeWidth: number,
  complete = true,
): number[][] {
  const ink = excalidrawInk(
    points.map(([x, y]) => ({ x, y })),
    pressures,
    strokeWidth,
    complete,
  )!;
  const flat = freehandOutline(ink.points, ink.settings);
  const out: number[][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, flat[i + 1]!]);
  return out;
}

/** The largest distance between corresponding outline points. */
function deviation(a: readonly number[][], b: readonly number[][]): number {
  expect(b.length).toBe(a.length);
  let worst = 0;
  a.forEach((p, i) => {
    worst = Math.max(worst, Math.hypot(p[0]! - b[i]![0]!, p[1]! - b[i]![1]!));
  });
  return worst;
}

/** A mouse-like stroke: steps of 2–12 units, turning gently or doubling back. */
const strokeArb = fc
  .array(
    fc.record({
      step: fc.double({ min: 2, max: 12, noNaN: true }),
      turn: fc.double({ min: -3, max: 3, noNaN: true }),
    }),
    {
      minLength: 3,
      maxLength: 80,
    },
  )
  .map((moves) => {
    const points: [number, number][] = [[0, 0]];
    let angle = 0;
    for (const { step, turn } of moves) {
      angle += turn;
      const [x, y] = points.at(-1)!;
      points.push([x + Math.cos(angle) * step, y + Math.sin(angle) * step]);
    }
    return points;
  });

describe("Excalidraw freedraw as ink", () => {
  it("draws Excalidraw's outline for simulated pressure", () => {
    fc.assert(
      fc.property(strokeArb, fc.constantFrom(1, 2, 4), (points, width) => {
        expect(
          deviation(excalidrawOutline(points, null, width), inkOutline(points, null, width)),
        ).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it("draws Excalidraw's outline for pen pressure", () => {
    fc.assert(
      fc.property(
        strokeArb.chain((points) =>
          fc.tuple(
            fc.constant(points),
            fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
              minLength: points.length,
              maxLength: points.length,
            }),
          ),
        ),
        ([points, pressures]) => {
          expect(
            deviation(excalidrawOutline(points, pressures, 2), inkOutline(points, pressures, 2)),
          ).toBeLessThan(1e-6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("draws an opened file's strokes as Excalidraw does: incomplete, stopping short of the last point", () => {
    // Excalidraw's restore clears lastCommittedPoint, so an opened file's strokes are drawn with
    // perfect-freehand's `last` off; the ink (drawn complete) ends where they end.
    fc.assert(
      fc.property(strokeArb, fc.constantFrom(1, 2, 4), (points, width) => {
        const open = excalidrawOutline(points, null, width, false);
        expect(deviation(open, inkOutline(points, null, width, false))).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
    // And it does stop short: a straight stroke's outline ends before its last point's cap.
    const straight: [number, number][] = Array.from({ length: 20 }, (_, i) => [i * 10, 0]);
    const reach = (outline: number[][]) => Math.max(...outline.map((p) => p[0]!));
    expect(reach(inkOutline(straight, null, 2, false))).toBeLessThan(
      reach(inkOutline(straight, null, 2)) - 1,
    );
  });

  it("keeps pressures within 0 to 1 and settings within the native format's ranges", () => {
    const ink = excalidrawInk(
      [
        { x: 0, y: 0 },
        { x: 30, y: 0 },
        { x: 30, y: 40 },
      ],
      null,
      4,
    )!;
    for (let i = 2; i < ink.points.length; i += 3) {
      expect(ink.points[i]).toBeGreaterThanOrEqual(0);
      expect(ink.points[i]).toBeLessThanOrEqual(1);
    }
    expect(ink.settings).toMatchObject({ size: 17, thinning: 1, simulatePressure: false });
    expect(ink.settings.smoothing).toBeLessThanOrEqual(1);
    expect(excalidrawInk([], null, 2)).toBeNull();
  });
});
