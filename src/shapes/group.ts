import { filterProblem } from "../doc/filter";
import { apply, isFiniteTransform, toMatrix } from "../doc/transform";
import type { GroupFilter, GroupNode, MaskKind } from "../doc/types";
import { absentAs } from "./fileFields";
import { isNodeOf, type ShapeKind } from "./kind";

export const isGroup = isNodeOf("group");

/** Children moved, hidden and transformed together; it has no geometry of its own. */
export const groupKind = {
  type: "group",
  defaultName: "Group",
  defaults: { isolated: false },
  rules: (_view, node, problems) => {
    if (node.filter === undefined) return;
    const problem = filterProblem(node.filter);
    if (problem !== null) problems.push(`${node.id}: filter ${problem}`);
    if (node.blur !== undefined) problems.push(`${node.id}: carries both a blur and a filter`);
  },
  file: {
    code: "G",
    styled: false,
    // Groups blended through, as every group was before isolation.
    fields: [
      { key: "isolated", read: "bool", absent: absentAs(false) },
      // Unmasked groups, as every group was before masks (format 7), write no mask.
      { key: "mask", read: "maskKind", absent: absentAs<MaskKind | undefined>(undefined) },
      // Unblurred groups, as every group was before effects (format 8), write no blur.
      { key: "blur", read: "blurRadius", absent: absentAs<number | undefined>(undefined) },
      // Unfiltered groups, as every group was before filters (format 9), write no filter.
      {
        key: "filter",
        read: "groupFilter",
        absent: absentAs<GroupFilter | undefined>(undefined),
      },
    ],
  },
  localBounds: () => null,
  geometryBox: (_node, childrenBox) => childrenBox(),
  outline: null,
  // Its children are tested instead.
  hitTest: () => null,
  marqueeOutline: () => null,
  snapBox: () => null,
  heapBytes: () => 0,
  // Scales as a whole: its transform is scaled and moved so the anchor corner stays put. The W
  // and H fields resize its children instead, as its handles do (actions/numeric.ts), and come
  // here only where that misses the size asked for.
  resized: (node, box, kx, ky) => {
    const anchor = { x: box.minX, y: box.minY };
    const t = node.transform;
    const scaled = { ...t, scaleX: t.scaleX * kx, scaleY: t.scaleY * ky };
    const before = apply(toMatrix({ ...t, x: 0, y: 0 }), anchor);
    const after = apply(toMatrix({ ...scaled, x: 0, y: 0 }), anchor);
    const transform = { ...scaled, x: t.x + before.x - after.x, y: t.y + before.y - after.y };
    return isFiniteTransform(transform) ? { transform } : null;
  },
  hoverOutline: () => null,
  labelPlacement: null,
  children: { clips: () => false },
  // A resize passes its scale to the children (see applyWorldChange); only a group too big for
  // that, or blurred or filtered in its own units, takes it in its transform.
  scaleFold: null,
  pathEditing: null,
  render: { display: "container" },
  svg: {
    hidden: "children",
    shape: () => ({ kind: "container", background: null, clip: null }),
  },
  fields: [],
} satisfies ShapeKind<GroupNode>;
