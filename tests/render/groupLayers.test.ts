import { beforeAll, describe, expect, it } from "vitest";
import type { AlphaFilter as PixiAlphaFilter, BlendModeFilter as PixiBlendFilter } from "pixi.js";
import { NO_FILL, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { FrameNode, GroupNode, RectNode } from "../../src/doc/types";
import type * as Displays from "../../src/render/displays";
import type * as Layers from "../../src/render/groupLayers";

let createDisplay: typeof Displays.createDisplay;
let applyCommon: typeof Displays.applyCommon;
let drawnAsLayer: typeof Layers.drawnAsLayer;
let AlphaFilter: typeof PixiAlphaFilter;
let BlendModeFilter: typeof PixiBlendFilter;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ createDisplay, applyCommon } = await import("../../src/render/displays"));
  ({ drawnAsLayer } = await import("../../src/render/groupLayers"));
  ({ AlphaFilter, BlendModeFilter } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

const group = makeNode<GroupNode>("group", "g", "page", "a0", {});
const frame = makeNode<FrameNode>("frame", "f", "page", "a1", {
  width: 10,
  height: 10,
  clip: true,
  fill: NO_FILL,
  stroke: NO_STROKE,
});
const rect = makeNode<RectNode>("rect", "r", "page", "a2", {
  width: 10,
  height: 10,
  radii: [0, 0, 0, 0],
  fill: NO_FILL,
  stroke: NO_STROKE,
});

describe("groups and frames drawn as one layer", () => {
  it("are those translucent, blended or isolated; shapes never are", () => {
    expect(drawnAsLayer(group)).toBe(false);
    expect(drawnAsLayer({ ...group, opacity: 0.5 })).toBe(true);
    expect(drawnAsLayer({ ...group, blendMode: "screen" })).toBe(true);
    expect(drawnAsLayer({ ...group, isolated: true })).toBe(true);
    expect(drawnAsLayer({ ...frame, opacity: 0.5 })).toBe(true);
    expect(drawnAsLayer(frame)).toBe(false);
    expect(drawnAsLayer({ ...rect, opacity: 0.5, blendMode: "overlay" })).toBe(false);
  });

  it("carry their opacity and blend mode in filters, the object itself left opaque", () => {
    const display = createDisplay(group);
    const object = display.object;
    applyCommon(object, { ...group, opacity: 0.4, blendMode: "overlay" });
    expect(object.alpha).toBe(1);
    expect(object.blendMode).toBe("normal");
    const filters = object.filters as readonly unknown[];
    expect(filters).toHaveLength(2);
    expect(filters[0]).toBeInstanceOf(AlphaFilter);
    expect((filters[0] as PixiAlphaFilter).alpha).toBeCloseTo(0.4);
    expect(filters[1]).toBeInstanceOf(BlendModeFilter);
    // The same layer again keeps its filters; a change of opacity makes new ones.
    applyCommon(object, { ...group, opacity: 0.4, blendMode: "overlay" });
    expect(object.filters).toBe(filters);
    applyCommon(object, { ...group, opacity: 0.6, blendMode: "screen" });
    const screened = object.filters as readonly PixiAlphaFilter[];
    expect(screened).toHaveLength(1);
    // Screen is GPU blending, exact over any backdrop: the layer's own output is drawn so.
    expect(screened[0]!.blendMode).toBe("screen");
    // An isolated group at full opacity still draws into a layer of its own.
    applyCommon(object, { ...group, isolated: true });
    expect(object.filters).toHaveLength(1);
    applyCommon(object, group);
    expect(object.filters).toBeNull();
    expect(object.alpha).toBe(1);
  });

  it("leave shapes to blend on their own, multiply through the compositing filter", () => {
    const display = createDisplay(rect);
    applyCommon(display.object, { ...rect, opacity: 0.5, blendMode: "multiply" });
    expect(display.object.alpha).toBe(0.5);
    expect(display.object.blendMode).toBe("linework-multiply");
    expect(display.object.filters ?? null).toBeNull();
  });
});
