import type { FillGradient as PixiFillGradient } from "pixi.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createDocument, DEFAULT_STROKE, makeNode, NO_FILL } from "../../src/doc/factory";
import { DocumentStore } from "../../src/doc/store";
import type { FrameNode, LinearGradientPaint, RectNode, Stroke } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import type * as Paint from "../../src/render/paint";

let FillGradient: typeof PixiFillGradient;
let strokeInput: typeof Paint.strokeInput;
beforeAll(async () => {
  // PixiJS reads the navigator when it loads.
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ FillGradient } = await import("pixi.js"));
  ({ strokeInput } = await import("../../src/render/paint"));
});

const GRADIENT: LinearGradientPaint = {
  type: "linear",
  from: { x: 0, y: 0 },
  to: { x: 100, y: 0 },
  stops: [
    { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
    { offset: 1, color: { r: 0, g: 0, b: 1, a: 0.5 } },
  ],
};
const STROKE: Stroke = { ...DEFAULT_STROKE, width: 6, paint: GRADIENT };

describe("stroke gradients", () => {
  it("reach PixiJS as a gradient in the node's own units, with the stroke's width and joins", () => {
    const input = strokeInput(STROKE) as { fill?: unknown; width?: number; join?: string };
    expect(input.fill).toBeInstanceOf(FillGradient);
    const gradient = input.fill as PixiFillGradient;
    expect(gradient.start).toEqual({ x: 0, y: 0 });
    expect(gradient.end).toEqual({ x: 100, y: 0 });
    expect(gradient.textureSpace).toBe("global");
    expect(gradient.colorStops.map((s) => s.offset)).toEqual([0, 1]);
    expect(input.width).toBe(6);
    expect(input.join).toBe(STROKE.join);
  });

  it("export as SVG strokes referring to one gradient each, none left unused", () => {
    const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
      width: 100,
      height: 50,
      radii: [0, 0, 0, 0],
      fill: NO_FILL,
      stroke: STROKE,
    });
    const frame = makeNode<FrameNode>("frame", "f", "page", "a1", {
      width: 100,
      height: 50,
      clip: false,
      fill: NO_FILL,
      stroke: STROKE,
    });
    const store = new DocumentStore([
      ...createDocument({ id: "doc", pageId: "page", author: "", created: "2026-01-01T00:00:00Z" }),
      rect,
      { ...frame, transform: { ...frame.transform, x: 200 } },
    ]);
    const svg = exportSvg(store, { scope: { page: "page" }, linework: false }).svg;
    const defined = [...svg.matchAll(/<linearGradient[^>]* id="([^"]+)"/g)].map((m) => m[1]);
    const used = [...svg.matchAll(/stroke="url\(#([^)]+)\)"/g)].map((m) => m[1]);
    expect(used).toHaveLength(2);
    expect(new Set(defined)).toEqual(new Set(used));
    expect(defined).toHaveLength(2);
    expect(svg).toContain('x2="100"');
    expect(svg).toContain('stop-opacity="0.5"');
  });
});
