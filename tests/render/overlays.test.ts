import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { GroupNode, RectNode, Transform } from "../../src/doc/types";
import { storeWith } from "../support/store";
import {
  boxQuad,
  HANDLE_HIT,
  HANDLE_REACH,
  handlePositions,
  hitHandle,
  insideQuad,
  quadToScreen,
  ROTATE_REACH,
  rotationZones,
  selectionQuad,
  type Quad,
} from "../../src/render/overlays/geometry";

function rect(id: string, parent: string, index: string, transform: Partial<Transform>): RectNode {
  const node = makeNode<RectNode>("rect", id, parent, index, {
    width: 100,
    height: 50,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
  return { ...node, transform: { ...node.transform, ...transform } };
}

function close(quad: Quad, expected: Array<[number, number]>): void {
  quad.forEach((p, i) => {
    expect(p.x).toBeCloseTo(expected[i]![0], 9);
    expect(p.y).toBeCloseTo(expected[i]![1], 9);
  });
}

describe("selection frame", () => {
  it("follows a single node's rotation: its four turned corners, nw first", () => {
    const store = storeWith(rect("r", "page", "a0", { x: 10, y: 20, rotation: Math.PI / 2 }));
    const quad = selectionQuad(store, ["r"])!;
    // A quarter turn clockwise (y down): local x runs down the screen, local y runs left.
    close(quad, [
      [10, 20],
      [10, 120],
      [-40, 120],
      [-40, 20],
    ]);
    const handles = handlePositions(quad);
    expect(handles.n!.x).toBeCloseTo(10);
    expect(handles.n!.y).toBeCloseTo(70);
    expect(handles.se!.x).toBeCloseTo(-40);
    expect(handles.se!.y).toBeCloseTo(120);
  });

  it("composes the parents' transforms, and a group's extent is its children's", () => {
    const group: GroupNode = {
      ...makeNode<GroupNode>("group", "g", "page", "a0", {}),
      transform: {
        x: 100,
        y: 100,
        rotation: 0,
        scaleX: 2,
        scaleY: 2,
        skewX: 0,
      },
    };
    const store = storeWith(
      group,
      rect("a", "g", "a0", { x: 0, y: 0 }),
      rect("b", "g", "a1", { x: 200, y: 100 }),
    );
    close(selectionQuad(store, ["a"])!, [
      [100, 100],
      [300, 100],
      [300, 200],
      [100, 200],
    ]);
    close(selectionQuad(store, ["g"])!, [
      [100, 100],
      [700, 100],
      [700, 400],
      [100, 400],
    ]);
  });

  it("is the axis-aligned union for several nodes, rotated ones included", () => {
    const store = storeWith(
      rect("a", "page", "a0", { x: 0, y: 0 }),
      rect("b", "page", "a1", { x: 300, y: 0, rotation: Math.PI / 2 }),
    );
    close(selectionQuad(store, ["a", "b"])!, [
      [0, 0],
      [300, 0],
      [300, 100],
      [0, 100],
    ]);
  });

  it("is null for nothing, or for ids that are gone", () => {
    const store = storeWith(rect("a", "page", "a0", {}));
    expect(selectionQuad(store, [])).toBeNull();
    expect(selectionQuad(store, ["missing"])).toBeNull();
  });

  it("maps to the screen through the camera", () => {
    const quad = quadToScreen(
      { x: 5, y: -5, zoom: 2 },
      boxQuad({ minX: 0, minY: 0, maxX: 10, maxY: 10 }),
    );
    close(quad, [
      [5, -5],
      [25, -5],
      [25, 15],
      [5, 15],
    ]);
  });
});

describe("handles", () => {
  const frame = boxQuad({ minX: 100, minY: 100, maxX: 300, maxY: 200 });

  it("puts eight handles on corners and edge middles", () => {
    expect(handlePositions(frame)).toEqual({
      nw: { x: 100, y: 100 },
      n: { x: 200, y: 100 },
      ne: { x: 300, y: 100 },
      e: { x: 300, y: 150 },
      se: { x: 300, y: 200 },
      s: { x: 200, y: 200 },
      sw: { x: 100, y: 200 },
      w: { x: 100, y: 150 },
    });
  });

  it("leaves side handles off edges too short to hold them", () => {
    const small = boxQuad({ minX: 0, minY: 0, maxX: 100, maxY: 10 });
    expect(Object.keys(handlePositions(small)).sort()).toEqual(["n", "ne", "nw", "s", "se", "sw"]);
  });

  it("hits each handle at and around its centre", () => {
    for (const [name, at] of Object.entries(handlePositions(frame))) {
      expect(hitHandle(frame, at)).toBe(name);
      expect(hitHandle(frame, { x: at.x + HANDLE_HIT, y: at.y - HANDLE_HIT })).toBe(name);
    }
  });

  it("gives a finger a wider reach: a corner 12 px off resizes, where a mouse would rotate", () => {
    const corner = handlePositions(frame).se!;
    const off = { x: corner.x + 12, y: corner.y + 8 };
    expect(hitHandle(frame, off, HANDLE_REACH.touch)).toBe("se");
    expect(hitHandle(frame, off)).toBe("rotate-se");
    const inside = { x: corner.x - 10, y: corner.y - 10 };
    expect(hitHandle(frame, inside, HANDLE_REACH.touch)).toBe("se");
    expect(hitHandle(frame, inside)).toBeNull();
    expect(hitHandle(frame, { x: corner.x + 25, y: corner.y + 20 }, HANDLE_REACH.touch)).toBe(
      "rotate-se",
    );
  });

  it("leaves the middle of any frame to the move, whatever the pointer", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 400 }),
        fc.integer({ min: 2, max: 400 }),
        fc.constantFrom("mouse", "pen", "touch") as fc.Arbitrary<keyof typeof HANDLE_REACH>,
        (width, height, kind) => {
          const quad = boxQuad({ minX: 50, minY: 60, maxX: 50 + width, maxY: 60 + height });
          const hit = hitHandle(
            quad,
            { x: 50 + width / 2, y: 60 + height / 2 },
            HANDLE_REACH[kind],
          );
          // A frame too small for any inside (under twice the mouse's reach) is all handle.
          if (Math.min(width, height) > 4 * HANDLE_HIT) expect(hit).toBeNull();
        },
      ),
    );
  });

  it("resizes from an edge, moves from the inside, and ignores points far away", () => {
    expect(hitHandle(frame, { x: 150, y: 102 })).toBe("n");
    expect(hitHandle(frame, { x: 298, y: 170 })).toBe("e");
    expect(hitHandle(frame, { x: 200, y: 150 })).toBeNull();
    expect(hitHandle(frame, { x: 500, y: 500 })).toBeNull();
    expect(hitHandle(frame, { x: 200, y: 90 })).toBeNull();
  });

  it("rotates from just outside a corner, within the zone's reach", () => {
    expect(hitHandle(frame, { x: 88, y: 88 })).toBe("rotate-nw");
    expect(hitHandle(frame, { x: 312, y: 90 })).toBe("rotate-ne");
    expect(hitHandle(frame, { x: 315, y: 212 })).toBe("rotate-se");
    expect(hitHandle(frame, { x: 100 - ROTATE_REACH + 1, y: 200 })).toBe("rotate-sw");
    expect(hitHandle(frame, { x: 100 - ROTATE_REACH - 1, y: 200 })).toBeNull();
    expect(rotationZones(frame).map((z) => [z.handle, z.centre])).toEqual([
      ["rotate-nw", { x: 100, y: 100 }],
      ["rotate-ne", { x: 300, y: 100 }],
      ["rotate-se", { x: 300, y: 200 }],
      ["rotate-sw", { x: 100, y: 200 }],
    ]);
  });

  it("turns handles and zones with a rotated frame", () => {
    const store = storeWith(rect("r", "page", "a0", { x: 200, y: 100, rotation: Math.PI / 4 }));
    const quad = selectionQuad(store, ["r"])!;
    const handles = handlePositions(quad);
    for (const [name, at] of Object.entries(handles)) expect(hitHandle(quad, at)).toBe(name);
    // Straight up from the nw corner is outside: both of its edges leave it downwards.
    const nw = quad[0];
    const out = { x: nw.x, y: nw.y - 12 };
    expect(insideQuad(quad, out)).toBe(false);
    expect(hitHandle(quad, out)).toBe("rotate-nw");
    // A point inside near the nw corner, past the handle, is a move.
    const inside = {
      x: nw.x + 10 * Math.cos(Math.PI / 4) + 10 * -Math.sin(Math.PI / 4),
      y: nw.y + 10 * Math.sin(Math.PI / 4) + 10 * Math.cos(Math.PI / 4),
    };
    expect(insideQuad(quad, inside)).toBe(true);
    expect(hitHandle(quad, inside)).toBeNull();
  });

  it("never calls a point inside the frame a rotation", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (rotation, u, v) => {
          const store = storeWith(rect("r", "page", "a0", { x: 0, y: 0, rotation }));
          const quad = selectionQuad(store, ["r"])!;
          const p = {
            x: quad[0].x + u * (quad[1].x - quad[0].x) + v * (quad[3].x - quad[0].x),
            y: quad[0].y + u * (quad[1].y - quad[0].y) + v * (quad[3].y - quad[0].y),
          };
          const hit = hitHandle(quad, p);
          return hit === null || !hit.startsWith("rotate-");
        },
      ),
      { numRuns: 200 },
    );
  });
});
