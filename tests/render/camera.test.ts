import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Camera, MAX_ZOOM, MIN_ZOOM, type CameraState } from "../../src/render/camera";

const coordinate = fc.double({ min: -1e5, max: 1e5, noNaN: true });
const zoom = fc.double({ min: MIN_ZOOM, max: MAX_ZOOM, noNaN: true });
const state = fc.record({ x: coordinate, y: coordinate, zoom });
const point = fc.record({
  x: fc.double({ min: -5000, max: 5000, noNaN: true }),
  y: fc.double({ min: -5000, max: 5000, noNaN: true }),
});
const factor = fc.double({ min: 1e-4, max: 1e4, noNaN: true });

/** Relative closeness, since coordinates span many orders of magnitude across the zoom range. */
function near(a: number, b: number, scale: number): boolean {
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b), scale);
}

describe("the camera", () => {
  it("starts at the identity: page units are screen pixels", () => {
    const camera = new Camera();
    expect(camera.state).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(camera.worldToScreen({ x: 12, y: -7 })).toEqual({ x: 12, y: -7 });
  });

  it("screen → world → screen is the identity (and the other way round)", () => {
    fc.assert(
      fc.property(state, point, (s, p) => {
        const camera = new Camera(s);
        const back = camera.worldToScreen(camera.screenToWorld(p));
        const scale = Math.abs(s.x) + Math.abs(s.y);
        return near(back.x, p.x, scale) && near(back.y, p.y, scale);
      }),
    );
    fc.assert(
      fc.property(state, point, (s, p) => {
        const camera = new Camera(s);
        const back = camera.screenToWorld(camera.worldToScreen(p));
        const scale = (Math.abs(s.x) + Math.abs(s.y)) / s.zoom;
        return near(back.x, p.x, scale) && near(back.y, p.y, scale);
      }),
    );
  });

  it("zoomAt keeps the world point under the anchor where it is", () => {
    fc.assert(
      fc.property(state, point, factor, (s, anchor, f) => {
        const camera = new Camera(s);
        const before = camera.screenToWorld(anchor);
        camera.zoomAt(anchor, f);
        const after = camera.worldToScreen(before);
        const scale =
          (Math.abs(s.x) + Math.abs(s.y) + Math.abs(anchor.x) + Math.abs(anchor.y)) * 1e3;
        return near(after.x, anchor.x, scale) && near(after.y, anchor.y, scale);
      }),
    );
  });

  it("the zoom is clamped to 2 %–25,600 %, whatever the factors", () => {
    fc.assert(
      fc.property(state, fc.array(factor, { maxLength: 30 }), (s, factors) => {
        const camera = new Camera(s);
        for (const f of factors) {
          camera.zoomAt({ x: 10, y: 20 }, f);
          if (camera.zoom < MIN_ZOOM || camera.zoom > MAX_ZOOM) return false;
        }
        return true;
      }),
    );
    const camera = new Camera();
    camera.setZoom(1000);
    expect(camera.zoom).toBe(MAX_ZOOM);
    camera.setZoom(0.0001);
    expect(camera.zoom).toBe(MIN_ZOOM);
    expect(new Camera({ x: 0, y: 0, zoom: 1e9 }).zoom).toBe(MAX_ZOOM);
  });

  it("zooming in and out by the same factor comes back to the start", () => {
    fc.assert(
      fc.property(state, point, fc.double({ min: 0.5, max: 2, noNaN: true }), (s, anchor, f) => {
        const camera = new Camera(s);
        if (s.zoom * f > MAX_ZOOM || s.zoom * f < MIN_ZOOM) return true;
        camera.zoomAt(anchor, f);
        camera.zoomAt(anchor, 1 / f);
        const scale = Math.abs(s.x) + Math.abs(s.y) + Math.abs(anchor.x) + Math.abs(anchor.y);
        return (
          near(camera.x, s.x, scale * 10) &&
          near(camera.y, s.y, scale * 10) &&
          Math.abs(camera.zoom / s.zoom - 1) < 1e-12
        );
      }),
    );
  });

  it("panBy moves the world's image by exactly the screen pixels", () => {
    fc.assert(
      fc.property(state, point, point, (s, p, d) => {
        const camera = new Camera(s);
        const world = camera.screenToWorld(p);
        camera.panBy(d.x, d.y);
        const moved = camera.worldToScreen(world);
        const scale = Math.abs(s.x) + Math.abs(s.y) + 1e4;
        return near(moved.x, p.x + d.x, scale) && near(moved.y, p.y + d.y, scale);
      }),
    );
  });

  it("visibleWorldRect is the viewport's corners in world units", () => {
    fc.assert(
      fc.property(state, (s) => {
        const camera = new Camera(s);
        const viewport = { width: 1280, height: 800 };
        const r = camera.visibleWorldRect(viewport);
        const topLeft = camera.worldToScreen({ x: r.minX, y: r.minY });
        const bottomRight = camera.worldToScreen({ x: r.maxX, y: r.maxY });
        const scale = Math.abs(s.x) + Math.abs(s.y);
        return (
          near(topLeft.x, 0, scale) &&
          near(topLeft.y, 0, scale) &&
          near(bottomRight.x, 1280, scale) &&
          near(bottomRight.y, 800, scale)
        );
      }),
    );
  });

  it("fitRect shows the whole box centred, padding clear, unless the zoom range forbids it", () => {
    const box = fc
      .record({
        x: coordinate,
        y: coordinate,
        w: fc.double({ min: 1, max: 1e5, noNaN: true }),
        h: fc.double({ min: 1, max: 1e5, noNaN: true }),
      })
      .map(({ x, y, w, h }) => ({ minX: x, minY: y, maxX: x + w, maxY: y + h }));
    fc.assert(
      fc.property(state, box, (s, b) => {
        const camera = new Camera(s);
        const viewport = { width: 1000, height: 600 };
        camera.fitRect(b, viewport, 40);
        const tl = camera.worldToScreen({ x: b.minX, y: b.minY });
        const br = camera.worldToScreen({ x: b.maxX, y: b.maxY });
        const scale = Math.abs(b.minX) + Math.abs(b.minY) + 1e3;
        const centred =
          near((tl.x + br.x) / 2, 500, scale * camera.zoom) &&
          near((tl.y + br.y) / 2, 300, scale * camera.zoom);
        if (camera.zoom === MIN_ZOOM || camera.zoom === MAX_ZOOM) return centred;
        const eps = 1e-6 * scale;
        return (
          centred && tl.x >= 40 - eps && tl.y >= 40 - eps && br.x <= 960 + eps && br.y <= 560 + eps
        );
      }),
    );
  });

  it("panToShow moves the view as little as shows a box whole, padding clear, zoom kept", () => {
    const viewport = { width: 800, height: 600 };
    const area = { left: 0, top: 40, width: 600, height: 560 };
    fc.assert(
      fc.property(
        state.filter((s) => s.zoom > 0.05 && s.zoom < 20),
        point,
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (start, at, w, h) => {
          const camera = new Camera(start);
          const box = { minX: at.x, minY: at.y, maxX: at.x + w, maxY: at.y + h };
          const before = camera.state;
          camera.panToShow(box, viewport, 20, area);
          expect(camera.zoom).toBe(before.zoom);
          const a = camera.worldToScreen({ x: box.minX, y: box.minY });
          const b = camera.worldToScreen({ x: box.maxX, y: box.maxY });
          const fitsX = b.x - a.x <= area.width - 40;
          const fitsY = b.y - a.y <= area.height - 40;
          const slack =
            1e-6 * Math.max(1, Math.abs(a.x), Math.abs(a.y), Math.abs(b.x), Math.abs(b.y));
          if (fitsX) {
            expect(a.x).toBeGreaterThanOrEqual(area.left + 20 - slack);
            expect(b.x).toBeLessThanOrEqual(area.left + area.width - 20 + slack);
          }
          if (fitsY) {
            expect(a.y).toBeGreaterThanOrEqual(area.top + 20 - slack);
            expect(b.y).toBeLessThanOrEqual(area.top + area.height - 20 + slack);
          }
        },
      ),
    );
    // Already in view: nothing moves. Past the right edge by 50: it moves 50 left, no more.
    const camera = new Camera({ x: 0, y: 0, zoom: 1 });
    expect(camera.panToShow({ minX: 100, minY: 100, maxX: 200, maxY: 200 }, viewport, 20)).toBe(
      false,
    );
    camera.panToShow({ minX: 700, minY: 100, maxX: 830, maxY: 200 }, viewport, 20);
    expect(camera.state).toEqual({ x: -50, y: 0, zoom: 1 });
  });

  it("fitRect into an area shows the box inside it, centred there, padding clear", () => {
    const camera = new Camera({ x: 0, y: 0, zoom: 1 });
    // A canvas of 1000 × 600 with panels leaving 200..700 × 50..550 free.
    const area = { left: 200, top: 50, width: 500, height: 500 };
    camera.fitRect(
      { minX: 0, minY: 0, maxX: 100, maxY: 50 },
      { width: 1000, height: 600 },
      20,
      area,
    );
    const tl = camera.worldToScreen({ x: 0, y: 0 });
    const br = camera.worldToScreen({ x: 100, y: 50 });
    expect(camera.zoom).toBeCloseTo(4.6);
    expect((tl.x + br.x) / 2).toBeCloseTo(450);
    expect((tl.y + br.y) / 2).toBeCloseTo(300);
    expect(tl.x).toBeCloseTo(220);
    expect(br.x).toBeCloseTo(680);
  });

  it("ignores non-finite input instead of poisoning the transform", () => {
    const camera = new Camera({ x: 5, y: 6, zoom: 2 });
    expect(camera.zoomAt({ x: 0, y: 0 }, Number.NaN)).toBe(false);
    expect(camera.zoomAt({ x: Number.NaN, y: 0 }, 2)).toBe(false);
    expect(camera.panBy(Number.POSITIVE_INFINITY, 0)).toBe(false);
    expect(camera.setZoom(0)).toBe(false);
    expect(camera.state).toEqual({ x: 5, y: 6, zoom: 2 });
  });

  it("tells subscribers only about real changes, and the zoom store only about zoom", () => {
    const camera = new Camera();
    const views: CameraState[] = [];
    let zooms = 0;
    camera.subscribe((s) => views.push(s));
    const stop = camera.zoomStore.subscribe(() => (zooms += 1));
    expect(camera.panBy(0, 0)).toBe(false);
    camera.panBy(10, 0);
    camera.setZoom(MAX_ZOOM);
    expect(camera.setZoom(MAX_ZOOM * 2)).toBe(false);
    expect(views).toHaveLength(2);
    expect(zooms).toBe(1);
    expect(camera.zoomStore.getSnapshot()).toBe(MAX_ZOOM);
    stop();
    camera.setZoom(1);
    expect(zooms).toBe(1);
  });
});
