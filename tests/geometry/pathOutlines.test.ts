import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Subpath } from "../../src/doc/types";
import { pointAt } from "../../src/geometry/bezier";
import { pathOutlines, UNITS_PER_SEGMENT } from "../../src/geometry/dash";

/** How far the polyline strays from the cubic: sampled between each pair of its points. */
function strayFromCubic(points: readonly number[], curve: readonly { x: number; y: number }[]) {
  const pieces = points.length / 2 - 1;
  let worst = 0;
  for (let k = 0; k < pieces; k += 1) {
    const ax = points[2 * k]!;
    const ay = points[2 * k + 1]!;
    const bx = points[2 * k + 2]!;
    const by = points[2 * k + 3]!;
    for (let s = 1; s < 8; s += 1) {
      // Equal-parameter pieces: the curve between two points is t in [k/n, (k+1)/n].
      const p = pointAt(curve, (k + s / 8) / pieces);
      const dx = bx - ax;
      const dy = by - ay;
      const length = Math.hypot(dx, dy);
      const squared = length * length;
      const along = squared > 0 ? ((p.x - ax) * dx + (p.y - ay) * dy) / squared : 0;
      const t = Math.min(1, Math.max(0, along));
      worst = Math.max(worst, Math.hypot(p.x - (ax + dx * t), p.y - (ay + dy * t)));
    }
  }
  return worst;
}

function cubic(curve: readonly { x: number; y: number }[]): Subpath {
  const [start, control1, control2, to] = curve as [
    { x: number; y: number },
    { x: number; y: number },
    { x: number; y: number },
    { x: number; y: number },
  ];
  return { start, closed: false, segments: [{ type: "cubic", control1, control2, to }] };
}

describe("curves cut into chords", () => {
  it("a long gentle curve is a few dozen chords, not one every 4 pixels", () => {
    // A curved connector 600 pixels across, bowed by 100: 4-pixel chords would be about 160.
    const curve = [
      { x: 0, y: 0 },
      { x: 200, y: 100 },
      { x: 400, y: 100 },
      { x: 600, y: 0 },
    ];
    const [line] = pathOutlines({ subpaths: [cubic(curve)] });
    const pieces = line!.points.length / 2 - 1;
    expect(pieces).toBeLessThanOrEqual(40);
    expect(strayFromCubic(line!.points, curve)).toBeLessThanOrEqual(0.1 + 1e-9);
  });

  it("never cuts more chords than its size asks for, and strays at most a tenth of a pixel where it cuts fewer", () => {
    const coordinate = fc.double({ min: -500, max: 500, noNaN: true });
    const point = fc.record({ x: coordinate, y: coordinate });
    fc.assert(
      fc.property(fc.array(point, { minLength: 4, maxLength: 4 }), (curve) => {
        const [line] = pathOutlines({ subpaths: [cubic(curve)] });
        const pieces = line!.points.length / 2 - 1;
        let polygon = 0;
        for (let i = 1; i < 4; i += 1)
          polygon += Math.hypot(curve[i]!.x - curve[i - 1]!.x, curve[i]!.y - curve[i - 1]!.y);
        const bySize = Math.max(8, Math.min(1024, Math.ceil(polygon / UNITS_PER_SEGMENT)));
        expect(pieces).toBeLessThanOrEqual(bySize);
        if (pieces < bySize)
          expect(strayFromCubic(line!.points, curve)).toBeLessThanOrEqual(0.1001);
      }),
    );
  });
});
