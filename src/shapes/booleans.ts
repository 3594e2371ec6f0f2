import {
  IDENTITY_TRANSFORM,
  fromMatrix,
  invert,
  multiply,
  toMatrix,
  type Matrix,
} from "../doc/transform";
import type { Id, PathNode, Transform } from "../doc/types";
import { transformSubpaths } from "../geometry/affine";
import { fromPaper, toPaper } from "../geometry/paperPaths";
import { outlineOf, pathStyles, toSubpaths, type PathConvertible } from "./toPath";

/*
 * Booleans run on paper.js: it intersects the Bézier curves themselves, so round corners and
 * ellipses come out as the same curves cut at the crossings, and it returns holes as subpaths of
 * one compound path. Polygon clippers (Clipper and its kin) work on flattened outlines and would
 * turn every curve into hundreds of straight pieces.
 */

export type BooleanOperation = "union" | "subtract" | "intersect" | "exclude";

/** One shape taking part, with its transform to a common space (the page's, usually). */
export interface BooleanOperand {
  readonly node: PathConvertible;
  readonly world: Matrix;
}

/** Where the result goes: its record fields and its parent's transform to the same space. */
export interface BooleanTarget {
  readonly id: Id;
  readonly parent: Id;
  readonly index: string;
  readonly name: string;
  readonly parentWorld: Matrix;
}

/** One boolean operation as plain data, so it can be sent to a worker. */
export interface BooleanJob {
  readonly op: BooleanOperation;
  readonly operands: readonly BooleanOperand[];
  readonly target: BooleanTarget;
}

export type BooleanResult =
  | { readonly node: PathNode; readonly reason: null }
  | { readonly node: null; readonly reason: string };

/** Below this area (in the common space's square units) a result counts as empty. */
const EMPTY_AREA = 1e-9;

/** Fewer than this many operands cannot be combined. */
const MIN_OPERANDS = 2;
/** Ceiling on segments over all operands, so a huge selection cannot stall the editor. */
export const MAX_BOOLEAN_SEGMENTS = 50_000;

function operandPaper(operand: BooleanOperand): paper.CompoundPath {
  const local = toSubpaths(operand.node) ?? [];
  const fillRule = outlineOf(operand.node).fillRule(operand.node);
  // Every subpath counts as closed: booleans combine the areas that fills cover.
  return toPaper(transformSubpaths(local, operand.world), fillRule, true);
}

function combine(op: BooleanOperation, items: paper.PathItem[]): paper.PathItem {
  const options = { insert: false };
  const [first, ...rest] = items as [paper.PathItem, ...paper.PathItem[]];
  switch (op) {
    case "union":
      return rest.reduce((acc, item) => acc.unite(item, options), first);
    case "intersect":
      return rest.reduce((acc, item) => acc.intersect(item, options), first);
    case "exclude":
      // Folding symmetric differences keeps what an odd number of operands cover. Each step is
      // (A − B) ∪ (B − A) rather than paper.js's own exclude, which takes a shape that only
      // touches the other along an edge for a hole in it.
      return rest.reduce(
        (acc, item) => acc.subtract(item, options).unite(item.subtract(acc, options), options),
        first,
      );
    case "subtract":
      return rest.reduce((acc, item) => acc.subtract(item, options), first);
  }
}

const EMPTY_REASONS: Record<BooleanOperation, string> = {
  union: "The shapes have no area to combine.",
  subtract: "Nothing is left: the shapes on top cover the bottom one.",
  intersect: "The shapes do not overlap.",
  exclude: "Nothing is left: the shapes cancel each other out.",
};

/**
 * The result's own frame is the bottom operand's, placed in the parent: gradients and stroke
 * widths, which live in local units, stay where they were on the bottom shape. The matrix used is
 * the one the stored transform produces, so geometry and transform agree exactly.
 */
function resultFrame(
  bottomWorld: Matrix,
  parentWorld: Matrix,
): { transform: Transform; matrix: Matrix } | null {
  const parentInverse = invert(parentWorld);
  if (parentInverse === null) return null;
  const transform = fromMatrix(multiply(parentInverse, bottomWorld));
  const inParent = toMatrix(transform);
  if (invert(inParent) !== null) return { transform, matrix: multiply(parentWorld, inParent) };
  return { transform: IDENTITY_TRANSFORM, matrix: parentWorld };
}

/**
 * Combines the operands, given back to front (the first is the bottom-most): union, subtract
 * (the first minus all the others), intersect, or exclude (symmetric difference). The result is
 * one path under `target.parent` with the bottom operand's styles, opacity and blend mode, like
 * other editors do; curves and holes are kept. An empty result is null with a reason to show.
 */
export function booleanOperation(
  op: BooleanOperation,
  operands: readonly BooleanOperand[],
  target: BooleanTarget,
): BooleanResult {
  if (operands.length < MIN_OPERANDS)
    return { node: null, reason: `Select at least ${MIN_OPERANDS} shapes.` };
  const segments = operands.reduce(
    (sum, o) => sum + (toSubpaths(o.node) ?? []).reduce((n, sub) => n + sub.segments.length + 1, 0),
    0,
  );
  if (segments > MAX_BOOLEAN_SEGMENTS)
    return {
      node: null,
      reason: `The shapes have too many segments (over ${MAX_BOOLEAN_SEGMENTS}).`,
    };
  const bottom = operands[0]!.node;
  const frame = resultFrame(operands[0]!.world, target.parentWorld);
  const frameInverse = frame === null ? null : invert(frame.matrix);
  if (frame === null || frameInverse === null)
    return { node: null, reason: "The shapes' container has no area (its scale is zero)." };

  const result = combine(op, operands.map(operandPaper));
  // paper.js may return islands wound either way (exclude does); once outsides run clockwise
  // and holes the other way, the signed area is the area covered.
  result.reorient(true, true);
  const area = Math.abs((result as paper.Path | paper.CompoundPath).area);
  if (!(area > EMPTY_AREA)) return { node: null, reason: EMPTY_REASONS[op] };
  const subpaths = transformSubpaths(fromPaper(result), frameInverse);
  if (subpaths.length === 0) return { node: null, reason: EMPTY_REASONS[op] };

  return {
    reason: null,
    node: {
      id: target.id,
      parent: target.parent,
      index: target.index,
      name: target.name,
      locked: false,
      hidden: false,
      opacity: bottom.opacity,
      blendMode: bottom.blendMode,
      transform: frame.transform,
      type: "path",
      ...pathStyles(bottom),
      subpaths,
      fillRule: "nonzero",
    },
  };
}
