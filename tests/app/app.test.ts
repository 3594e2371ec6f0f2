import { describe, expect, it } from "vitest";
import { parseAspectSetting, windowRatio } from "../../src/app/aspect";
import { canvasRectStore } from "../../src/app/canvasRect";
import { DocumentStatusStore, formatTitle } from "../../src/persist/documentStatus";
import type { CanvasSize, ResizeCallback } from "../../engine";

describe("aspect ratio settings", () => {
  it("reads the window setting, ratios and paper names", () => {
    expect(parseAspectSetting("window")).toBe("window");
    expect(parseAspectSetting("16:9")).toEqual({ width: 16, height: 9 });
    expect(parseAspectSetting("4/3")).toEqual({ width: 4, height: 3 });
    expect(parseAspectSetting("1.5")).toEqual({ width: 1.5, height: 1 });
    expect(parseAspectSetting("A4")).toEqual({ width: 210, height: 297 });
    expect(parseAspectSetting("a4-landscape")).toEqual({ width: 297, height: 210 });
    for (const bad of ["", "0:1", "wide", "-4:3", null, undefined])
      expect(parseAspectSetting(bad)).toBeNull();
  });

  it("takes the window's ratio only when the window has a size", () => {
    expect(windowRatio({ innerWidth: 1280, innerHeight: 800 })).toEqual({
      width: 1280,
      height: 800,
    });
    expect(windowRatio({ innerWidth: 0, innerHeight: 800 })).toBeNull();
  });
});

describe("spec §2 page title", () => {
  it("§2 names the document and marks unsaved changes", () => {
    expect(formatTitle({ name: "Untitled", dirty: false })).toBe("Untitled — Linework");
    expect(formatTitle({ name: "Plan", dirty: true })).toBe("*Plan — Linework");
    expect(formatTitle({ name: "  ", dirty: false })).toBe("Untitled — Linework");
  });

  it("notifies only on a real change", () => {
    const store = new DocumentStatusStore();
    let calls = 0;
    store.subscribe(() => (calls += 1));
    store.set({ dirty: false });
    store.set({ dirty: true });
    store.set({ dirty: true });
    expect(calls).toBe(1);
  });
});

describe("overlay rectangle store", () => {
  it("changes its snapshot only when the engine reports a resize", () => {
    let size: CanvasSize | null = null;
    const callbacks: ResizeCallback[] = [];
    const engine = {
      get size() {
        return size;
      },
      onResize(callback: ResizeCallback) {
        callbacks.push(callback);
        return () => true;
      },
    };
    const store = canvasRectStore(engine);
    let notified = 0;
    store.subscribe(() => (notified += 1));
    const empty = store.getSnapshot();
    expect(store.getSnapshot()).toBe(empty);
    size = {
      left: 4,
      top: 0,
      width: 100,
      height: 50,
      devicePixelRatio: 2,
      backingWidth: 200,
      backingHeight: 100,
      fullscreen: false,
    };
    for (const callback of callbacks) callback(size);
    expect(notified).toBe(1);
    expect(store.getSnapshot()).toEqual({ left: 4, top: 0, width: 100, height: 50 });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });
});
