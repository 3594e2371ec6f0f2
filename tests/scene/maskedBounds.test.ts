import { describe, expect, it } from "vitest";
import { worldBox } from "../../src/actions/geometry";
import { NO_STROKE } from "../../src/doc/factory";
import type { EllipseNode, GroupNode, RectNode } from "../../src/doc/types";
import { drawnBounds } from "../../src/io/export/bounds";
import { parentMatrix } from "../../src/io/export/source";
import { quadBox, selectionQuad } from "../../src/render/overlays/geometry";
import { Picker } from "../../src/scene/picker";
import { SpatialSync } from "../../src/scene/spatialSync";
import { makeNode } from "../../src/shapes/makeNode";
import { SnapTargets } from "../../src/snap/targets";
import { geometryQuad } from "../../src/tools/geometryFrame";
import { loadCore } from "../core/loadCore.ts";
import { storeWith } from "../support/store";
import type { Box } from "../../src/math/box";

const RED = { type: "solid" as const, color: { r: 1, g: 0, b: 0, a: 1 } };
const AT = (x: number, y: number) => ({ x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 });

/**
 * A group at (1000, 0) masked (`kind`) by a circle 50–150 × 0–100 over a bar 0–300 × 20–80: all
 * that shows is 50–150 × 20–80 of the page's 1050–1150 × 20–80. A plain square stands far away.
 */
function masked(kind: "outline" | "alpha" | "luminance") {
  const group = makeNode<GroupNode>("group", "g", "page", "a0", {
    mask: kind,
    transform: AT(1000, 0),
  });
  const circle = makeNode<EllipseNode>("ellipse", "mask", "g", "a0", {
    width: 100,
    height: 100,
    fill: RED,
    stroke: NO_STROKE,
    transform: AT(50, 0),
  });
  const bar = makeNode<RectNode>("rect", "bar", "g", "a1", {
    width: 300,
    height: 60,
    radii: [0, 0, 0, 0],
    fill: RED,
    stroke: NO_STROKE,
    transform: AT(0, 20),
  });
  const far = makeNode<RectNode>("rect", "far", "page", "a1", {
    width: 10,
    height: 10,
    radii: [0, 0, 0, 0],
    fill: RED,
    stroke: NO_STROKE,
    transform: AT(0, 500),
  });
  return storeWith(group, circle, bar, far);
}

const SHOWN: Box = { minX: 1050, minY: 20, maxX: 1150, maxY: 80 };

function near(box: Box | null, expected: Box): void {
  expect(box).not.toBeNull();
  for (const key of ["minX", "minY", "maxX", "maxY"] as const)
    expect(box![key]).toBeCloseTo(expected[key], 6);
}

describe("a masked group's bounds are what shows", () => {
  for (const kind of ["outline", "alpha", "luminance"] as const)
    it(`the same box for the selection frame, handles, numbers and export (${kind})`, () => {
      const store = masked(kind);
      near(quadBox(selectionQuad(store, ["g"])!), SHOWN);
      near(quadBox(geometryQuad(store, ["g"])!), SHOWN);
      near(worldBox(store, "g"), SHOWN);
      near(
        drawnBounds(
          store,
          store.get("g") as GroupNode,
          parentMatrix(store, store.get("g") as GroupNode),
        ),
        SHOWN,
      );
      // With something else selected, the union still takes only what shows.
      near(quadBox(selectionQuad(store, ["g", "far"])!), { ...SHOWN, minX: 0, maxY: 510 });
    });

  it("is picked only where it shows, never on its mask", async () => {
    const core = await loadCore();
    const store = masked("outline");
    const sync = new SpatialSync(store, core.index);
    sync.showPage("page");
    const picker = new Picker(store, sync);
    expect(picker.pick({ x: 1100, y: 50 }, 0)).toBe("g");
    // The bar where the mask hides it, the circle where no bar is, the circle's box corner.
    expect(picker.pick({ x: 1250, y: 50 }, 0)).toBeNull();
    expect(picker.pick({ x: 1100, y: 10 }, 0)).toBeNull();
    expect(picker.pick({ x: 1055, y: 25 }, 0)).toBeNull();
    expect(picker.pick({ x: 1100, y: 10 }, 0, { deep: true })).toBeNull();
    // A marquee over the hidden part of the bar, or over the mask alone, takes nothing.
    expect(picker.marquee({ minX: 1200, minY: 0, maxX: 1400, maxY: 100 })).toEqual([]);
    expect(picker.marquee({ minX: 1080, minY: 0, maxX: 1120, maxY: 10 })).toEqual([]);
    expect(picker.marquee({ minX: 1080, minY: 0, maxX: 1120, maxY: 40 })).toEqual(["g"]);
    // Containing what shows is containing the group, though its bar reaches further.
    expect(
      picker.marquee({ minX: 1040, minY: 10, maxX: 1160, maxY: 90 }, { contained: true }),
    ).toEqual(["g"]);
    // The eraser does not wipe the mask it cannot see.
    expect(picker.touching({ x: 1060, y: 5 }, { x: 1140, y: 5 }, 1)).toEqual([]);
  });

  it("is snapped to where it shows, its mask not at all", async () => {
    const core = await loadCore();
    const store = masked("alpha");
    const sync = new SpatialSync(store, core.index);
    sync.showPage("page");
    const targets = new SnapTargets(store, sync);
    const boxes = targets.in(
      { minX: 900, minY: -100, maxX: 1500, maxY: 200 },
      new Set(),
      new Map(),
      100,
    );
    expect(boxes).toHaveLength(1);
    near(boxes![0]!, SHOWN);
  });
});
