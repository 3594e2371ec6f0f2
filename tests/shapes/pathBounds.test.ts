import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { GroupNode, PathNode, SceneNode } from "../../src/doc/types";
import { strokePad, unionBox } from "../../src/geometry/bounds";
import type { Box } from "../../src/math/box";
import { childrenExtent, intersectBoxes, localBounds } from "../../src/shapes/bounds";
import { kindOf } from "../../src/shapes/registry";
import { documentArb, strokeArb, subpathsOf, vec2Arb } from "../support/arbitraries";

/** The box around every point of the path, as one Math.min/Math.max over all of them gives it. */
function pointsBox(node: PathNode, pad: number): Box | null {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const sub of node.subpaths) {
    const points = [sub.start];
    for (const seg of sub.segments) {
      points.push(seg.to);
      if (seg.type === "quad") points.push(seg.control);
      if (seg.type === "cubic") points.push(seg.control1, seg.control2);
    }
    for (const p of points) {
      xs.push(p.x);
      ys.push(p.y);
    }
  }
  if (xs.length === 0) return null;
  return {
    minX: Math.min(...xs) - pad,
    minY: Math.min(...ys) - pad,
    maxX: Math.max(...xs) + pad,
    maxY: Math.max(...ys) + pad,
  };
}

const pathArb: fc.Arbitrary<PathNode> = fc
  .record({
    subpaths: fc.array(subpathsOf(vec2Arb), { maxLength: 4 }),
    stroke: strokeArb,
  })
  .map(
    ({ subpaths, stroke }) =>
      ({
        id: "p",
        parent: "page",
        index: "a0",
        type: "path",
        subpaths,
        stroke,
        fillRule: "nonzero",
      }) as unknown as PathNode,
  );

describe("a path's boxes", () => {
  it("are the box around all its points, grown by the stroke's reach for its bounds and not for its geometry", () => {
    fc.assert(
      fc.property(pathArb, (node) => {
        expect(localBounds(node)).toEqual(pointsBox(node, strokePad(node)));
        expect(kindOf(node).geometryBox(node, () => null)).toEqual(pointsBox(node, 0));
      }),
    );
  });
});

describe("a container's extent from its children's boxes", () => {
  it("is their union, or for a masked group where its first child's box and the rest's meet", () => {
    fc.assert(
      fc.property(documentArb(), fc.boolean(), (records, masked) => {
        const children = records.filter(
          (r): r is SceneNode => "parent" in r && r.parent === "page",
        );
        const group = {
          id: "g",
          type: "group",
          ...(masked ? { mask: "outline" } : {}),
        } as unknown as GroupNode;
        const boxOf = (child: SceneNode): Box | null => localBounds(child);
        let union: Box | null = null;
        for (const child of children.slice(masked ? 1 : 0)) union = unionBox(union, boxOf(child));
        const expected = !masked
          ? union
          : children[0] === undefined || boxOf(children[0]) === null
            ? null
            : intersectBoxes(boxOf(children[0])!, union);
        expect(childrenExtent(group, children, boxOf)).toEqual(expected);
      }),
    );
  });
});
