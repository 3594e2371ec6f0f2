import { multiply, toMatrix, type Matrix } from "../../doc/transform";
import type { Id, SceneNode } from "../../doc/types";
import { transformBox } from "../../geometry/bounds";
import { localBounds } from "../../shapes/bounds";
import type { Box } from "../../math/box";

/**
 * The box around everything an import draws, in the coordinates of the place it goes, or null
 * when nothing has an extent. `nodes` is an import's flat tree: parents before their children.
 */
export function drawingBounds(nodes: readonly SceneNode[]): Box | null {
  const matrices = new Map<Id, Matrix>();
  let box: Box | null = null;
  for (const node of nodes) {
    const parentMatrix = matrices.get(node.parent);
    const own = toMatrix(node.transform);
    const m = parentMatrix === undefined ? own : multiply(parentMatrix, own);
    matrices.set(node.id, m);
    let local: Box | null;
    try {
      local = localBounds(node);
    } catch {
      // localBounds spreads coordinates into Math.min; a path of a million points overflows it.
      local = null;
    }
    if (local === null) continue;
    const b = transformBox(local, m);
    box =
      box === null
        ? b
        : {
            minX: Math.min(box.minX, b.minX),
            minY: Math.min(box.minY, b.minY),
            maxX: Math.max(box.maxX, b.maxX),
            maxY: Math.max(box.maxY, b.maxY),
          };
  }
  return box;
}

/** Whether a value from elsewhere is a box of finite numbers. */
export function isBox(value: unknown): value is Box {
  if (typeof value !== "object" || value === null) return false;
  const b = value as Partial<Record<keyof Box, unknown>>;
  return [b.minX, b.minY, b.maxX, b.maxY].every((n) => typeof n === "number" && Number.isFinite(n));
}
