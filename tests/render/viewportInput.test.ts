import { describe, expect, it } from "vitest";
import { Camera } from "../../src/render/camera";
import { frameStats, SampleWindow } from "../../src/render/hud";
import { applyWheel, WHEEL_ZOOM_SPEED } from "../../src/render/viewportInput";

describe("wheel input", () => {
  it("a plain wheel pans by its screen pixels, content following the scroll", () => {
    const camera = new Camera();
    expect(applyWheel(camera, { dx: 30, dy: 100, ctrlKey: false }, { x: 0, y: 0 })).toBe(true);
    expect(camera.state).toEqual({ x: -30, y: -100, zoom: 1 });
  });

  it("Ctrl+wheel zooms exponentially about the pointer", () => {
    const camera = new Camera();
    const pointer = { x: 300, y: 200 };
    const world = camera.screenToWorld(pointer);
    applyWheel(camera, { dx: 0, dy: -20, ctrlKey: true }, pointer);
    expect(camera.zoom).toBeCloseTo(Math.exp(20 * WHEEL_ZOOM_SPEED), 12);
    const back = camera.worldToScreen(world);
    expect(back.x).toBeCloseTo(300, 9);
    expect(back.y).toBeCloseTo(200, 9);
    // Equal travel both ways is the identity.
    applyWheel(camera, { dx: 0, dy: 20, ctrlKey: true }, pointer);
    expect(camera.zoom).toBeCloseTo(1, 12);
  });

  it("no wheel, or a zoom already at its limit, is no change (so no redraw)", () => {
    const camera = new Camera();
    expect(applyWheel(camera, { dx: 0, dy: 0, ctrlKey: true }, { x: 0, y: 0 })).toBe(false);
    camera.setZoom(256);
    expect(applyWheel(camera, { dx: 0, dy: -50, ctrlKey: true }, { x: 5, y: 5 })).toBe(false);
  });
});

describe("HUD figures", () => {
  it("mean and nearest-rank p95", () => {
    expect(frameStats([])).toEqual({ mean: 0, p95: 0 });
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(frameStats(samples)).toEqual({ mean: 50.5, p95: 95 });
    expect(frameStats([3])).toEqual({ mean: 3, p95: 3 });
  });

  it("keeps only the latest samples", () => {
    const window = new SampleWindow(3);
    for (const v of [1, 2, 3, 4, 5]) window.push(v);
    expect([...window.samples].sort()).toEqual([3, 4, 5]);
  });
});
