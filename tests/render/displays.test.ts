import { beforeAll, describe, expect, it } from "vitest";
import type { Container, Graphics as PixiGraphics, Mesh as PixiMesh } from "pixi.js";
import { DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  FrameNode,
  FreehandNode,
  LinearGradientPaint,
  LineNode,
  RectNode,
} from "../../src/doc/types";
import type * as Displays from "../../src/render/displays";

let createDisplay: typeof Displays.createDisplay;
let batchDisplay: typeof Displays.batchDisplay;
let Graphics: typeof PixiGraphics;
let Mesh: typeof PixiMesh;
beforeAll(async () => {
  (globalThis as { navigator?: unknown }).navigator ??= { userAgent: "node" };
  ({ createDisplay, batchDisplay } = await import("../../src/render/displays"));
  ({ Graphics, Mesh } = await import("pixi.js"));
  (await import("./support/headlessPixi")).allowShadersWithoutCanvas();
});

const CONTEXT = { detail: { step: 4, pixelsPerUnit: 1 }, worldScale: () => 1 };
const GRADIENT: LinearGradientPaint = {
  type: "linear",
  from: { x: 0, y: 0 },
  to: { x: 10, y: 0 },
  stops: [
    { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
    { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
  ],
};
const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
  width: 10,
  height: 10,
  radii: [0, 0, 0, 0],
  fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
  stroke: DEFAULT_STROKE,
});

function drawn(object: Container): { kind: "mesh" | "graphics" | "other"; label: string }[] {
  return object.children.map((child) => ({
    kind: child instanceof Mesh ? "mesh" : child instanceof Graphics ? "graphics" : "other",
    label: child.label,
  }));
}

describe("displays of vector shapes outside the batch", () => {
  it("draw gradients and other blend modes as one anti-aliased mesh, rebuilt per zoom", () => {
    for (const node of [
      { ...rect, fill: GRADIENT },
      { ...rect, blendMode: "multiply" as const },
    ]) {
      const display = createDisplay(node);
      display.draw(node, CONTEXT);
      expect(drawn(display.object)).toEqual([{ kind: "mesh", label: "shape" }]);
      // A box is exact at every zoom; a dashed outline is cut for the zoom.
      expect(display.zoomDependent).toBe(false);
      display.draw({ ...node, stroke: { ...node.stroke, dash: [2, 2] } }, CONTEXT);
      expect(display.zoomDependent).toBe(true);
    }
  });

  it("draw arrowheads and freehand ink as meshes wherever a display draws them", () => {
    const line = makeNode<LineNode>("line", "l", "page", "a0", {
      start: { x: 0, y: 0 },
      end: { x: 50, y: 0 },
      startHead: "none",
      endHead: "triangle",
      fill: NO_FILL,
      stroke: DEFAULT_STROKE,
    });
    const ink = makeNode<FreehandNode>("freehand", "f", "page", "a0", {
      points: [0, 0, 0.5, 10, 5, 0.5, 20, 0, 0.5],
      settings: {
        size: 6,
        thinning: 0.5,
        smoothing: 0.5,
        streamline: 0.5,
        simulatePressure: false,
        fixedWidth: false,
      },
      fill: NO_FILL,
      stroke: DEFAULT_STROKE,
    });
    for (const node of [line, ink]) {
      const display = createDisplay(node);
      display.draw(node, CONTEXT);
      expect(drawn(display.object).map((d) => d.kind)).toEqual(["mesh"]);
    }
  });

  it("follow the node's paint: a display made for a gradient turns solid and back", () => {
    const display = createDisplay({ ...rect, fill: GRADIENT });
    display.draw(rect, CONTEXT);
    expect(drawn(display.object)).toEqual([{ kind: "mesh", label: "shape" }]);
    display.draw({ ...rect, fill: GRADIENT, radii: [0, 4, 0, 4] }, CONTEXT);
    expect(drawn(display.object).map((d) => d.kind)).toEqual(["mesh"]);
    expect(display.zoomDependent).toBe(true);
    display.draw({ ...rect, hidden: true }, CONTEXT);
    expect(drawn(display.object)).toEqual([]);
  });

  it("give a small container's shapes a batch mesh of their own", () => {
    const display = batchDisplay("rect");
    display.draw(rect, CONTEXT);
    expect(drawn(display.object)).toEqual([{ kind: "mesh", label: "batch" }]);
    expect(display.batched).toBe(true);
  });

  it("draw a frame's background as a mesh under its content, solid or gradient", () => {
    const frame = makeNode<FrameNode>("frame", "fr", "page", "a0", {
      width: 100,
      height: 50,
      clip: true,
      fill: GRADIENT,
      stroke: DEFAULT_STROKE,
    });
    const display = createDisplay(frame);
    display.draw(frame, CONTEXT);
    expect(display.zoomDependent).toBe(false);
    const children = display.object.children;
    expect(children[0]).toBeInstanceOf(Mesh);
    expect(children[1]).toBe(display.host);
    display.draw({ ...frame, fill: NO_FILL, stroke: { ...DEFAULT_STROKE, paint: null } }, CONTEXT);
    expect(display.object.children.filter((c) => c instanceof Mesh)).toHaveLength(0);
  });
});
