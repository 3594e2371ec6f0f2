import { beforeAll, describe, expect, it } from "vitest";
import { createDocument, DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { FrameNode, LinearGradientPaint, RectNode, Stroke } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import type * as Encode from "../../src/render/batch/encode";
import { PAINT_LINEAR, paintUniforms } from "../../src/render/paintMesh/paintUniforms";

// PixiJS reads `navigator` when its modules load (the encoder uses its triangulator).
let isBatchable: typeof Encode.isBatchable;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ isBatchable } = await import("../../src/render/batch/encode"));
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
  it("reach the paint shader as a gradient in the node's own units, outside the batch", () => {
    const uniforms = paintUniforms(STROKE.paint);
    expect(uniforms.info[0]).toBe(PAINT_LINEAR);
    expect([...uniforms.geometry]).toEqual([0, 0, 100, 0]);
    const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
      width: 100,
      height: 50,
      radii: [0, 0, 0, 0],
      fill: NO_FILL,
      stroke: STROKE,
    });
    expect(isBatchable(rect)).toBe(false);
    expect(isBatchable({ ...rect, stroke: DEFAULT_STROKE })).toBe(true);
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
