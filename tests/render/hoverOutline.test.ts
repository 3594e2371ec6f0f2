import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { apply, invert, type Matrix } from "../../src/doc/transform";
import type {
  DocRecord,
  EllipseNode,
  FreehandNode,
  GroupNode,
  LineNode,
  PathNode,
  PathSegment,
  RectNode,
  StarNode,
  TextNode,
  Transform,
} from "../../src/doc/types";
import { Camera, type CameraState } from "../../src/render/camera";
import { nodeQuad, screenMatrix } from "../../src/render/overlays/geometry";
import {
  HoverOutlineCache,
  hoverShape,
  hoverToScreen,
  MAX_HOVER_OUTLINE_POINTS,
  type HoverShape,
} from "../../src/render/overlays/hoverOutline";
import { pathPointBound } from "../../src/shapes/path";
import { DEFAULT_FREEHAND_SETTINGS } from "../../src/geometry/freehand";
import { storeWith } from "../support/store";
import type { Overlays as OverlaysClass } from "../../src/render/overlays/overlays";

// PixiJS reads `navigator` when its modules load.
let Overlays: typeof OverlaysClass;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ Overlays } = await import("../../src/render/overlays/overlays"));
});

const RED = { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } } as const;
/** The chord error the hover promises, in screen pixels. */
const CHORD_TOLERANCE_PX = 0.25;

function placed<T extends DocRecord & { transform: Transform }>(
  node: T,
  transform: Partial<Transform>,
): T {
  return { ...node, transform: { ...node.transform, ...transform } };
}

function ellipse(width: number, height: number, transform: Partial<Transform> = {}): EllipseNode {
  const node = makeNode<EllipseNode>("ellipse", "e", "page", "a0", {
    width,
    height,
    fill: RED,
    stroke: NO_STROKE,
  });
  return placed(node, transform);
}

function path(subpaths: PathNode["subpaths"], id = "p"): PathNode {
  return makeNode<PathNode>("path", id, "page", "a1", {
    subpaths,
    fillRule: "nonzero",
    fill: RED,
    stroke: NO_STROKE,
  });
}

function outlineOf(shape: HoverShape | null): Extract<HoverShape, { kind: "outline" }> {
  expect(shape?.kind).toBe("outline");
  return shape as Extract<HoverShape, { kind: "outline" }>;
}

function screenPoints(points: readonly number[]): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  for (let i = 0; i < points.length; i += 2) out.push({ x: points[i]!, y: points[i + 1]! });
  return out;
}

describe("hover outline of an ellipse", () => {
  const transform = fc.record({
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
    rotation: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
    scaleX: fc.double({ min: 0.2, max: 5, noNaN: true }),
    scaleY: fc.double({ min: -5, max: -0.2, noNaN: true }),
  });
  const camera = fc.record({
    x: fc.double({ min: -300, max: 300, noNaN: true }),
    y: fc.double({ min: -300, max: 300, noNaN: true }),
    // Up to radii of 32,000 screen pixels: the shared outline helper cuts a curve into 1,024
    // chords at most, which holds the quarter pixel up to a radius of about 53,000.
    zoom: fc.double({ min: 0.02, max: 32, noNaN: true }),
  });
  const size = fc.double({ min: 1, max: 400, noNaN: true });

  it("lies on the turned and scaled ellipse on screen, chords within a quarter pixel", () => {
    fc.assert(
      fc.property(size, size, transform, camera, (w, h, t, cam: CameraState) => {
        const store = storeWith(ellipse(w, h, t));
        const shape = outlineOf(hoverShape(store, "e", cam.zoom));
        const [line] = hoverToScreen(shape, cam);
        expect(line!.closed).toBe(true);
        const toScreen = screenMatrix(cam, shape.matrix);
        const toLocal = invert(toScreen)!;
        const points = screenPoints(line!.points);
        const n = points.length;
        const rx = w / 2;
        const ry = h / 2;
        points.forEach((p, i) => {
          // Back in the ellipse's own frame, every vertex is on it.
          const local = apply(toLocal, p);
          const onEllipse = ((local.x - rx) / rx) ** 2 + ((local.y - ry) / ry) ** 2;
          expect(onEllipse).toBeCloseTo(1, 6);
          // The chord to the next vertex strays less than the tolerance from the arc between.
          const q = points[(i + 1) % n]!;
          const angle = -Math.PI / 2 + ((i + 0.5) * 2 * Math.PI) / n;
          const arc = apply(toScreen, {
            x: rx + Math.cos(angle) * rx,
            y: ry + Math.sin(angle) * ry,
          });
          const gap = Math.hypot((p.x + q.x) / 2 - arc.x, (p.y + q.y) / 2 - arc.y);
          expect(gap).toBeLessThan(CHORD_TOLERANCE_PX);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("starts at the top of the unturned ellipse: its top-middle point on screen", () => {
    const store = storeWith(ellipse(160, 100, { x: 300, y: 40 }));
    const [line] = hoverToScreen(hoverShape(store, "e", 2)!, { x: 10, y: 20, zoom: 2 });
    expect(line!.points[0]).toBeCloseTo(10 + 2 * 380);
    expect(line!.points[1]).toBeCloseTo(20 + 2 * 40);
  });
});

describe("hover outline of other shapes", () => {
  it("a star has two vertices per point", () => {
    for (const points of [3, 5, 12]) {
      const star = makeNode<StarNode>("star", "s", "page", "a0", {
        width: 100,
        height: 80,
        points,
        innerRatio: 0.4,
        fill: RED,
        stroke: NO_STROKE,
      });
      const shape = outlineOf(hoverShape(storeWith(star), "s", 1));
      expect(shape.polylines).toHaveLength(1);
      expect(shape.polylines[0]!.points).toHaveLength(2 * points * 2);
      expect(shape.polylines[0]!.closed).toBe(true);
    }
  });

  it("a path with two subpaths gives two polylines, open and closed as drawn", () => {
    const node = path([
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "line", to: { x: 100, y: 0 } },
          { type: "line", to: { x: 100, y: 100 } },
        ],
        closed: true,
      },
      {
        start: { x: 200, y: 0 },
        segments: [
          {
            type: "cubic",
            control1: { x: 250, y: -50 },
            control2: { x: 300, y: 50 },
            to: { x: 350, y: 0 },
          },
        ],
        closed: false,
      },
    ]);
    const shape = outlineOf(hoverShape(storeWith(node), "p", 1));
    expect(shape.polylines.map((line) => line.closed)).toEqual([true, false]);
    expect(shape.polylines[0]!.points).toEqual([0, 0, 100, 0, 100, 100]);
    // The curve is cut into chords: more than its two ends.
    expect(shape.polylines[1]!.points.length).toBeGreaterThan(4);
    expect(shape.polylines[1]!.points.slice(-2)).toEqual([350, 0]);
  });

  it("cuts cubic curves so chords stay within a quarter pixel at any zoom", () => {
    const coordinate = fc.double({ min: -300, max: 300, noNaN: true });
    const point = fc.record({ x: coordinate, y: coordinate });
    fc.assert(
      fc.property(
        point,
        point,
        point,
        point,
        fc.double({ min: 0.02, max: 256, noNaN: true }),
        (start, control1, control2, to, zoom) => {
          const segment: PathSegment = { type: "cubic", control1, control2, to };
          const node = path([{ start, segments: [segment], closed: false }]);
          const shape = hoverShape(storeWith(node), "p", zoom);
          // Past the cap a curve falls back to its box: nothing to measure then.
          fc.pre(shape?.kind === "outline");
          const cam = { x: 0, y: 0, zoom };
          const [line] = hoverToScreen(shape!, cam);
          const points = screenPoints(line!.points);
          const n = points.length - 1;
          for (let i = 0; i < n; i++) {
            const t = (i + 0.5) / n;
            const u = 1 - t;
            const at = (a: number, b: number, c: number, d: number): number =>
              u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
            const curve = {
              x: zoom * at(start.x, control1.x, control2.x, to.x),
              y: zoom * at(start.y, control1.y, control2.y, to.y),
            };
            const p = points[i]!;
            const q = points[i + 1]!;
            const gap = Math.hypot((p.x + q.x) / 2 - curve.x, (p.y + q.y) / 2 - curve.y);
            expect(gap).toBeLessThan(CHORD_TOLERANCE_PX);
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it("a line is its one segment, open", () => {
    const line = makeNode<LineNode>("line", "l", "page", "a0", {
      start: { x: 5, y: 6 },
      end: { x: 50, y: 60 },
      startHead: "none",
      endHead: "arrow",
      fill: RED,
      stroke: NO_STROKE,
    });
    const shape = outlineOf(hoverShape(storeWith(line), "l", 1));
    expect(shape.polylines).toEqual([{ points: [5, 6, 50, 60], closed: false }]);
  });

  it("text and groups are outlined by their box", () => {
    const text = makeNode<TextNode>("text", "t", "page", "a0", {
      content: "Hello",
      fontFamily: "Inter",
      fontSize: 16,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.2,
      width: 120,
      fill: RED,
      stroke: NO_STROKE,
    });
    const group = makeNode<GroupNode>("group", "g", "page", "a1", {});
    const inner = placed(ellipse(40, 20), { x: 10, y: 10 });
    const store = storeWith(text, group, { ...inner, id: "inner", parent: "g" });
    for (const id of ["t", "g"]) {
      const shape = hoverShape(store, id, 1);
      expect(shape).toEqual({ kind: "box", quad: nodeQuad(store, id) });
    }
  });
});

describe("the point cap", () => {
  /** A zigzag path of `count` straight segments. */
  function zigzag(count: number): PathNode {
    const segments: PathSegment[] = [];
    for (let i = 1; i <= count; i++) segments.push({ type: "line", to: { x: i, y: i % 2 } });
    return path([{ start: { x: 0, y: 0 }, segments, closed: false }]);
  }

  it("falls back to the box above the cap, and traces the path at it", () => {
    const under = storeWith(zigzag(MAX_HOVER_OUTLINE_POINTS - 1));
    expect(hoverShape(under, "p", 1)?.kind).toBe("outline");
    const over = storeWith(zigzag(MAX_HOVER_OUTLINE_POINTS));
    expect(hoverShape(over, "p", 1)).toEqual({ kind: "box", quad: nodeQuad(over, "p") });
  });

  it("refuses a path of 100k points after counting to the cap, without flattening it", () => {
    const node = zigzag(100_000);
    // The count stops one point past the cap instead of walking all 100k segments.
    expect(pathPointBound(node, 1, MAX_HOVER_OUTLINE_POINTS)).toBe(MAX_HOVER_OUTLINE_POINTS + 1);
    const store = storeWith(node);
    expect(hoverShape(store, "p", 1)).toEqual({ kind: "box", quad: nodeQuad(store, "p") });
  });

  it("counts curves by their length on screen: a zoomed-in curve can pass the cap", () => {
    const node = path([
      {
        start: { x: 0, y: 0 },
        segments: [
          { type: "quad", control: { x: 500, y: 1000 }, to: { x: 1000, y: 0 } },
          { type: "quad", control: { x: 1500, y: -1000 }, to: { x: 2000, y: 0 } },
        ],
        closed: false,
      },
    ]);
    const store = storeWith(node);
    expect(hoverShape(store, "p", 1)?.kind).toBe("outline");
    expect(hoverShape(store, "p", 256)?.kind).toBe("box");
  });

  it("falls back for a freehand stroke of more input points than the cap allows", () => {
    const stroke = (count: number): FreehandNode => {
      const points: number[] = [];
      for (let i = 0; i < count; i++) points.push(i, Math.sin(i / 10) * 20, 0.5);
      return makeNode<FreehandNode>("freehand", "f", "page", "a0", {
        points,
        settings: DEFAULT_FREEHAND_SETTINGS,
        fill: RED,
        stroke: NO_STROKE,
      });
    };
    const small = outlineOf(hoverShape(storeWith(stroke(50)), "f", 1));
    expect(small.polylines[0]!.closed).toBe(true);
    expect(small.polylines[0]!.points.length).toBeGreaterThan(50);
    expect(hoverShape(storeWith(stroke(MAX_HOVER_OUTLINE_POINTS)), "f", 1)?.kind).toBe("box");
  });
});

describe("the hover outline cache", () => {
  it("builds once while the camera pans and zooms within a power of two", () => {
    const store = storeWith(ellipse(100, 50));
    const cache = new HoverOutlineCache();
    const first = cache.shape(store, "e", 1.1);
    for (const zoom of [1.2, 1.5, 2]) expect(cache.shape(store, "e", zoom)).toBe(first);
    expect(cache.builds).toBe(1);
    // Past the next power of two the curve is cut finer.
    const finer = outlineOf(cache.shape(store, "e", 3));
    expect(cache.builds).toBe(2);
    expect(finer.polylines[0]!.points.length).toBeGreaterThan(
      outlineOf(first).polylines[0]!.points.length,
    );
  });

  it("rebuilds when the record or the node's place on the page changes, or when cleared", () => {
    const store = storeWith(
      makeNode<GroupNode>("group", "g", "page", "a0", {}),
      { ...ellipse(100, 50), parent: "g" },
      makeNode<RectNode>("rect", "r", "page", "a1", {
        width: 10,
        height: 10,
        radii: [0, 0, 0, 0],
        fill: RED,
        stroke: NO_STROKE,
      }),
    );
    const cache = new HoverOutlineCache();
    const before = outlineOf(cache.shape(store, "e", 1));
    store.transact("resize", (tx) => tx.update("e", { width: 200 }));
    const wider = outlineOf(cache.shape(store, "e", 1));
    expect(cache.builds).toBe(2);
    // The outline starts at the top middle: half the new width across.
    expect(wider.polylines[0]!.points[0]).toBeCloseTo(100);
    expect(wider).not.toBe(before);

    store.transact("move group", (tx) => {
      const group = tx.get("g") as GroupNode;
      tx.update("g", { transform: { ...group.transform, x: 40 } });
    });
    const moved = outlineOf(cache.shape(store, "e", 1));
    expect(cache.builds).toBe(3);
    expect((moved.matrix satisfies Matrix).e).toBe(40);

    outlineOf(cache.shape(store, "r", 1));
    expect(cache.builds).toBe(4);
    cache.clear();
    cache.shape(store, "r", 1);
    expect(cache.builds).toBe(5);
    expect(cache.shape(store, "missing", 1)).toBeNull();
  });
});

describe("the hover overlay", () => {
  function bounds(overlays: OverlaysClass): {
    x: number;
    y: number;
    width: number;
    height: number;
  } {
    const b = overlays.hover.getLocalBounds();
    return { x: b.x, y: b.y, width: b.width, height: b.height };
  }

  it("draws the outline in screen pixels, shifts it on a pan and redraws it on a zoom or an edit", () => {
    const store = storeWith(ellipse(100, 50, { x: 10, y: 20 }));
    const camera = new Camera();
    const overlays = new Overlays(store, camera, () => {});
    overlays.setHover("e");
    const drawn = bounds(overlays);
    // The 1.5 px line reaches under a pixel past the ellipse's box on every side.
    expect(drawn.x).toBeGreaterThan(10 - 1);
    expect(drawn.x).toBeLessThan(10);
    expect(drawn.width).toBeGreaterThan(100);
    expect(drawn.width).toBeLessThan(102);
    const redraws = vi.spyOn(overlays.hover, "clear");

    camera.set({ x: 30, y: -40, zoom: 1 });
    expect(redraws).not.toHaveBeenCalled();
    expect(bounds(overlays)).toEqual(drawn);
    expect(overlays.hover.position.x).toBe(30);
    expect(overlays.hover.position.y).toBe(-40);

    camera.set({ x: 0, y: 0, zoom: 2 });
    expect(redraws).toHaveBeenCalledTimes(1);
    expect(overlays.hover.position.x).toBe(0);
    expect(bounds(overlays).x).toBeGreaterThan(20 - 1);
    expect(bounds(overlays).width).toBeGreaterThan(200);
    expect(bounds(overlays).width).toBeLessThan(202);

    store.transact("widen", (tx) => tx.update("e", { width: 150 }));
    expect(bounds(overlays).width).toBeGreaterThan(300);

    overlays.setHover(null);
    expect(overlays.hover.context.instructions).toHaveLength(0);
    overlays.dispose();
  });
});
