import { worldMatrix } from "../doc/commands";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { boxQuad, quadBox, type NodeSource, type Quad } from "../render/overlays/geometry";
import { unionBox } from "../geometry/bounds";
import { childrenExtent } from "../shapes/bounds";
import { holdsChildren } from "../shapes/registry";
import { shapeBox } from "../snap/shapeBox";
import type { Box } from "../math/box";

/** The geometry (no stroke) of a node and its descendants, in the coordinates `m` maps to. */
function geometryBox(source: NodeSource, node: SceneNode, m: Matrix, depth = 0): Box | null {
  // A group's snapping box is null: it is only its children.
  const box = shapeBox(node, m);
  if (!holdsChildren(node) || depth >= 256) return box;
  return unionBox(
    box,
    childrenExtent(node, source.childrenOf(node.id), (child) =>
      geometryBox(source, child, multiply(m, toMatrix(child.transform)), depth + 1),
    ),
  );
}

function mapQuad(box: Box, m: Matrix): Quad {
  const q = boxQuad(box);
  const at = (p: { x: number; y: number }) => ({
    x: m.a * p.x + m.c * p.y + m.e,
    y: m.b * p.x + m.d * p.y + m.f,
  });
  return [at(q[0]), at(q[1]), at(q[2]), at(q[3])];
}

/**
 * The frame transforms work on: the shapes' geometry without their strokes, as in other editors,
 * so a drag of 100 px on a handle makes a shape exactly 100 units bigger. One node keeps its own
 * rotation; several get the page-aligned box around them all.
 */
export function geometryQuad(source: NodeSource, ids: readonly Id[]): Quad | null {
  const nodes = ids.map((id) => source.get(id)).filter(isSceneNode);
  if (nodes.length === 1) {
    const node = nodes[0]!;
    const local = geometryBox(source, node, IDENTITY_MATRIX);
    return local === null ? null : mapQuad(local, worldMatrix(source, node.id));
  }
  let box: Box | null = null;
  for (const node of nodes) {
    const local = geometryBox(source, node, IDENTITY_MATRIX);
    if (local !== null) box = unionBox(box, quadBox(mapQuad(local, worldMatrix(source, node.id))));
  }
  return box === null ? null : boxQuad(box);
}
