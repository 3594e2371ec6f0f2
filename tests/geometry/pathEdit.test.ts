import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Subpath } from "../../src/doc/types";
import { distance, pointAt, splitCurve } from "../../src/geometry/bezier";
import {
  deleteNodes,
  insertNode,
  joinEndpoints,
  kindOfNode,
  moveHandle,
  moveNode,
  nearestSegment,
  PathEditError,
  reverseSubpath,
  setClosed,
  toggleSmooth,
} from "../../src/geometry/pathEdit";
import {
  fromEditable,
  segmentCount,
  segmentCurveAt,
  toEditable,
} from "../../src/geometry/pathNodes";
import { ellipseSubpath } from "../../src/geometry/toPath";
import { allFinite, samples, smallVec, subpathArb } from "./helpers";
import type { Point } from "../../src/math/point";

const nodesOf = (sub: Subpath) => toEditable(sub).nodes.length;
const segmentsOf = (sub: Subpath) => segmentCount(toEditable(sub));

/** Largest distance between matching samples of two sets of subpaths. */
function gap(a: readonly Subpath[], b: readonly Subpath[]): number {
  const pa = samples(a);
  const pb = samples(b);
  expect(pb.length).toBe(pa.length);
  return Math.max(0, ...pa.map((p, i) => distance(p, pb[i]!)));
}

/** A subpath with a node and an address in it. */
const addressed = subpathArb.chain((sub) =>
  fc.record({
    sub: fc.constant(sub),
    node: fc.integer({ min: 0, max: nodesOf(sub) - 1 }),
  }),
);

const open: Subpath = {
  start: { x: 0, y: 0 },
  segments: [
    {
      type: "cubic",
      control1: { x: 10, y: -10 },
      control2: { x: 20, y: -10 },
      to: { x: 30, y: 0 },
    },
    { type: "line", to: { x: 60, y: 0 } },
  ],
  closed: false,
};

describe("node model", () => {
  it("round-trips any subpath without moving a point", () => {
    fc.assert(
      fc.property(subpathArb, (sub) => {
        expect(gap([sub], [fromEditable(toEditable(sub))])).toBeLessThanOrEqual(1e-9);
      }),
    );
  });

  it("a closed subpath ending on its start has that end as node 0", () => {
    const circle = ellipseSubpath(20, 20);
    const e = toEditable(circle);
    expect(e.nodes).toHaveLength(4);
    expect(segmentCount(e)).toBe(4);
    expect(kindOfNode([circle], { subpath: 0, node: 0 })).toBe("symmetric");
    expect(fromEditable(e)).toEqual(circle);
  });
});

describe("moving nodes and handles", () => {
  it("moving a node carries its handles; moving it back restores the path", () => {
    fc.assert(
      fc.property(addressed, smallVec, ({ sub, node }, d) => {
        const at = { subpath: 0, node };
        const moved = moveNode([sub], at, d);
        const before = toEditable(sub).nodes[node]!;
        const after = toEditable(moved[0]!).nodes[node]!;
        expect(after.point.x - before.point.x).toBeCloseTo(d.x, 9);
        if (before.handleOut && after.handleOut)
          expect(after.handleOut.y - before.handleOut.y).toBeCloseTo(d.y, 9);
        const back = moveNode(moved, at, { x: -d.x, y: -d.y });
        expect(gap([sub], back)).toBeLessThanOrEqual(1e-9);
        expect(allFinite(back)).toBe(true);
      }),
    );
  });

  it("a smooth node keeps its handles opposite; a symmetric one mirrors; a corner does not", () => {
    const circle = ellipseSubpath(20, 20);
    const at = { subpath: 0, node: 1 };
    const to: Point = { x: 24, y: 2 };
    const sym = toEditable(moveHandle([circle], at, "out", to)[0]!).nodes[1]!;
    expect(sym.handleIn).toEqual({ x: 20 - 4, y: 10 - (2 - 10) });
    const smooth = toEditable(moveHandle([circle], at, "out", to, "smooth")[0]!).nodes[1]!;
    const before = toEditable(circle).nodes[1]!;
    expect(distance(smooth.handleIn!, smooth.point)).toBeCloseTo(
      distance(before.handleIn!, before.point),
      9,
    );
    expect(kindOfNode(moveHandle([circle], at, "out", to, "smooth"), at)).not.toBe("corner");
    const corner = toEditable(moveHandle([circle], at, "out", to, "corner")[0]!).nodes[1]!;
    expect(corner.handleIn).toEqual(before.handleIn);
    expect(() => moveHandle([open], { subpath: 0, node: 0 }, "in", to)).toThrow(PathEditError);
  });
});

describe("inserting nodes", () => {
  it("splitting at t keeps the curve: each half traces its part of the old one within 1e-6", () => {
    const segment = fc.record({
      sub: subpathArb,
      pick: fc.nat(),
      t: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
    });
    fc.assert(
      fc.property(segment, ({ sub, pick, t }) => {
        const e = toEditable(sub);
        const count = segmentCount(e);
        fc.pre(count > 0);
        const k = pick % count;
        const original = segmentCurveAt(e, k);
        const result = insertNode([sub], { subpath: 0, segment: k }, t);
        const after = toEditable(result.subpaths[0]!);
        expect(segmentCount(after)).toBe(count + 1);
        expect(result.node).toEqual({ subpath: 0, node: k + 1 });
        const left = segmentCurveAt(after, k);
        const right = segmentCurveAt(after, k + 1);
        const scale = 1 + Math.max(...original.map((p) => Math.hypot(p.x, p.y)));
        for (let i = 0; i <= 10; i++) {
          const u = i / 10;
          expect(distance(pointAt(left, u), pointAt(original, t * u))).toBeLessThanOrEqual(
            1e-6 * scale,
          );
          expect(
            distance(pointAt(right, u), pointAt(original, t + (1 - t) * u)),
          ).toBeLessThanOrEqual(1e-6 * scale);
        }
        expect(allFinite(result.subpaths)).toBe(true);
      }),
    );
  });

  it("the nearest segment to a point on a curve is found with its parameter", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), (t) => {
        const [, right] = splitCurve(segmentCurveAt(toEditable(open), 0), 0);
        const p = pointAt(right, t);
        const hit = nearestSegment([open], { x: p.x, y: p.y + 0.5 }, 1)!;
        expect(hit.segment).toBe(0);
        expect(hit.distance).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.abs(hit.t - t)).toBeLessThan(0.05);
      }),
    );
    expect(nearestSegment([open], { x: 45, y: 3 }, 1)).toBeNull();
    expect(nearestSegment([open], { x: 45, y: 0.5 }, 1)).toMatchObject({ segment: 1, t: 0.5 });
  });
});

describe("deleting nodes", () => {
  it("deleting the corner of a polyline joins its neighbours with a straight line", () => {
    const out = deleteNodes([open], [{ subpath: 0, node: 2 }]);
    expect(out[0]!.segments).toHaveLength(1);
    const square: Subpath = {
      start: { x: 0, y: 0 },
      segments: [
        { type: "line", to: { x: 10, y: 0 } },
        { type: "line", to: { x: 10, y: 10 } },
        { type: "line", to: { x: 0, y: 10 } },
      ],
      closed: true,
    };
    const triangle = deleteNodes([square], [{ subpath: 0, node: 1 }])[0]!;
    expect(triangle.segments).toEqual([
      { type: "line", to: { x: 10, y: 10 } },
      { type: "line", to: { x: 0, y: 10 } },
    ]);
  });

  it("deleting a node of a circle keeps the curve close to the circle", () => {
    const circle = ellipseSubpath(100, 100);
    const out = deleteNodes([circle], [{ subpath: 0, node: 1 }]);
    const e = toEditable(out[0]!);
    expect(e.nodes).toHaveLength(3);
    // The fitted curve replacing two quarter circles stays within 10 % of the radius of the circle.
    const fitted = segmentCurveAt(e, 0);
    for (let i = 0; i <= 20; i++) {
      const p = pointAt(fitted, i / 20);
      expect(Math.abs(Math.hypot(p.x - 50, p.y - 50) - 50)).toBeLessThan(5);
    }
  });

  it("any deletion leaves valid subpaths with fewer nodes", () => {
    fc.assert(
      fc.property(
        fc.array(subpathArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (subs, picks) => {
          const at = picks.map((p, i) => {
            const subpath = i % subs.length;
            return { subpath, node: p % nodesOf(subs[subpath]!) };
          });
          const out = deleteNodes(subs, at);
          expect(allFinite(out)).toBe(true);
          const total = (xs: readonly Subpath[]) => xs.reduce((n, s) => n + nodesOf(s), 0);
          expect(total(out)).toBeLessThanOrEqual(
            total(subs) - new Set(at.map((a) => `${a.subpath}:${a.node}`)).size,
          );
          for (const s of out) expect(nodesOf(s)).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });
});

describe("kinds, closing, joining, reversing", () => {
  it("toggling a corner makes it smooth, and toggling again makes it a corner", () => {
    const at = { subpath: 0, node: 1 };
    const smooth = toggleSmooth([open], at);
    expect(kindOfNode(smooth, at)).toBe("symmetric");
    const corner = toggleSmooth(smooth, at);
    expect(kindOfNode(corner, at)).toBe("corner");
    // Its handles are retracted: the curve before it arrives without a tangent of its own.
    const node = toEditable(corner[0]!).nodes[1]!;
    expect(node.handleIn ?? node.point).toEqual(node.point);
    expect(node.handleOut ?? node.point).toEqual(node.point);
  });

  it("closing adds a closing segment; opening removes it", () => {
    const closed = setClosed([open], 0, true);
    expect(segmentsOf(closed[0]!)).toBe(segmentsOf(open) + 1);
    const reopened = setClosed(closed, 0, false);
    expect(gap([open], reopened)).toBe(0);
  });

  it("reversing twice gives the path back; once, it runs the other way", () => {
    fc.assert(
      fc.property(subpathArb, (sub) => {
        const once = reverseSubpath([sub], 0);
        expect(segmentsOf(once[0]!)).toBe(segmentsOf(sub));
        expect(gap([sub], reverseSubpath(once, 0))).toBeLessThanOrEqual(1e-9);
      }),
    );
    const reversed = reverseSubpath([open], 0)[0]!;
    expect(reversed.start).toEqual({ x: 60, y: 0 });
    expect(reversed.segments.at(-1)).toMatchObject({
      type: "cubic",
      control1: { x: 20, y: -10 },
      to: { x: 0, y: 0 },
    });
  });

  it("joins the ends of two open subpaths, merging coinciding ends, and closes a subpath on itself", () => {
    const other: Subpath = {
      start: { x: 60, y: 0 },
      segments: [{ type: "line", to: { x: 60, y: 40 } }],
      closed: false,
    };
    const joined = joinEndpoints([open, other], { subpath: 0, node: 2 }, { subpath: 1, node: 0 })!;
    expect(joined).toHaveLength(1);
    expect(nodesOf(joined[0]!)).toBe(4);
    // Joining from the start of the first: it is reversed so the ends meet.
    const fromStart = joinEndpoints(
      [open, other],
      { subpath: 0, node: 0 },
      { subpath: 1, node: 1 },
    )!;
    expect(nodesOf(fromStart[0]!)).toBe(5);
    expect(fromStart[0]!.start).toEqual({ x: 60, y: 0 });
    const closed = joinEndpoints([open], { subpath: 0, node: 0 }, { subpath: 0, node: 2 })!;
    expect(closed[0]!.closed).toBe(true);
    expect(
      joinEndpoints([open, other], { subpath: 0, node: 1 }, { subpath: 1, node: 0 }),
    ).toBeNull();
  });

  it("random edit sequences keep every number finite and every subpath well formed", () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant("move" as const), pick: fc.nat(), d: smallVec }),
      fc.record({
        kind: fc.constant("insert" as const),
        pick: fc.nat(),
        t: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
      }),
      fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("toggle" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("reverse" as const) }),
      fc.record({ kind: fc.constant("close" as const), closed: fc.boolean() }),
    );
    fc.assert(
      fc.property(subpathArb, fc.array(op, { maxLength: 12 }), (sub, ops) => {
        let subs: Subpath[] = [sub];
        for (const o of ops) {
          if (subs.length === 0) break;
          const n = nodesOf(subs[0]!);
          const at = { subpath: 0, node: "pick" in o ? o.pick % n : 0 };
          if (o.kind === "move") subs = moveNode(subs, at, o.d);
          else if (o.kind === "insert") {
            const count = segmentsOf(subs[0]!);
            if (count > 0)
              subs = insertNode(subs, { subpath: 0, segment: o.pick % count }, o.t).subpaths;
          } else if (o.kind === "delete") subs = deleteNodes(subs, [at]);
          else if (o.kind === "toggle") subs = toggleSmooth(subs, at);
          else if (o.kind === "reverse") subs = reverseSubpath(subs, 0);
          else subs = setClosed(subs, 0, o.closed);
          expect(allFinite(subs)).toBe(true);
          for (const s of subs) {
            expect(nodesOf(s)).toBeGreaterThanOrEqual(1);
            if (!s.closed) expect(segmentsOf(s)).toBe(nodesOf(s) - 1);
          }
        }
      }),
    );
  });
});
