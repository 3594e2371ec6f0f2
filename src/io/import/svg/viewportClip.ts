import { multiply, toMatrix, type Matrix } from "../../../doc/transform";
import { transformBox } from "../../../geometry/bounds";
import type { Box } from "../../../math/box";
import { localBounds } from "../../../shapes/bounds";
import type { Draft } from "../tree";
import { isFrame } from "../../../shapes/frame";

/**
 * Whether what drafts draw stays within the box from (0, 0) to (width, height) of the space they
 * are placed in: then a viewport's clip changes nothing and no clipping frame is needed. Bounds
 * are conservative (curves by their control points, strokes included), so a drawing that only
 * seems to reach out is clipped, which draws the same.
 */
export function fitsWithin(drafts: readonly Draft[], width: number, height: number): boolean {
  const slack = 1e-6 * Math.max(1, width, height);
  const stack: Array<{ draft: Draft; m: Matrix | null }> = drafts.map((draft) => ({
    draft,
    m: null,
  }));
  while (stack.length > 0) {
    const { draft, m: parent } = stack.pop()!;
    const own = toMatrix(draft.node.transform);
    const m = parent === null ? own : multiply(parent, own);
    let local: Box | null;
    try {
      local = localBounds(draft.node);
    } catch {
      // A path too long to measure: taken as reaching out.
      return false;
    }
    if (local !== null) {
      const box = transformBox(local, m);
      if (
        !(box.minX >= -slack && box.minY >= -slack) ||
        !(box.maxX <= width + slack && box.maxY <= height + slack)
      )
        return false;
    }
    // A clipping frame's children stay within the frame measured above.
    const clips = isFrame(draft.node) && draft.node.clip;
    if (draft.children !== null && !clips)
      for (const child of draft.children) stack.push({ draft: child, m });
  }
  return true;
}
