import { isFiniteTransform, toMatrix, type Matrix } from "./transform";
import {
  isContainer,
  PATTERN_TILE,
  type Id,
  type PatternPaint,
  type RGBA,
  type SceneNode,
} from "./types";

/**
 * Pattern paints (`PatternPaint` in types.ts): what every part that reads one shares, and the
 * rules a pattern keeps whatever made it (the import, the native format, a test).
 */

/** Patterns inside patterns' content, the outermost counted: deep enough for any real drawing. */
export const MAX_PATTERN_DEPTH = 8;
/** Nodes in one pattern's content (its own, not those of patterns inside it). */
export const MAX_PATTERN_NODES = 10_000;

/** From the pattern's tile space to the node's local coordinates. */
export function patternMatrix(paint: PatternPaint): Matrix {
  return toMatrix(paint.transform);
}

/**
 * The content's nodes by parent (`PATTERN_TILE` for the top level), each list in back-to-front
 * order.
 */
export function patternChildren(paint: PatternPaint): ReadonlyMap<Id, readonly SceneNode[]> {
  const out = new Map<Id, SceneNode[]>();
  for (const node of paint.content) {
    const list = out.get(node.parent);
    if (list === undefined) out.set(node.parent, [node]);
    else list.push(node);
  }
  for (const list of out.values())
    list.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
  return out;
}

/** Whether a paint is a pattern (a type guard, for filters). */
export function isPattern(paint: unknown): paint is PatternPaint {
  return (
    typeof paint === "object" && paint !== null && (paint as { type?: unknown }).type === "pattern"
  );
}

/** Whether a node may be part of a pattern's content: any but an image, whose data is the document's. */
export function fitsInPattern(node: SceneNode): boolean {
  return node.type !== "image";
}

/** The patterns a node's fill and stroke hold. */
export function patternsOf(node: SceneNode): PatternPaint[] {
  const out: PatternPaint[] = [];
  if ("fill" in node && node.fill.type === "pattern") out.push(node.fill);
  if ("stroke" in node && node.stroke.paint?.type === "pattern") out.push(node.stroke.paint);
  return out;
}

/** How many patterns deep a pattern goes: 1 for one whose content holds no pattern. */
export function patternDepth(paint: PatternPaint): number {
  let deepest = 0;
  for (const node of paint.content)
    for (const inner of patternsOf(node)) deepest = Math.max(deepest, patternDepth(inner));
  return deepest + 1;
}

/**
 * What is wrong with a pattern's structure, or an empty list: a tile with a positive, finite
 * size and a finite transform; content within the limits, with unique ids, each node's parent
 * the tile or a group or frame listed before it (so there is no cycle), no images (their data
 * would be the document's), and patterns inside it as sound, at most `MAX_PATTERN_DEPTH` deep.
 * The fields of each node are the node's own schema's to check.
 */
export function patternProblems(paint: PatternPaint, depth = 1): string[] {
  const problems: string[] = [];
  if (depth > MAX_PATTERN_DEPTH)
    return [`patterns nest more than ${MAX_PATTERN_DEPTH} deep (limit maxPatternDepth)`];
  if (!(paint.width > 0 && Number.isFinite(paint.width)))
    problems.push("the tile's width must be above 0");
  if (!(paint.height > 0 && Number.isFinite(paint.height)))
    problems.push("the tile's height must be above 0");
  if (!isFiniteTransform(paint.transform)) problems.push("the transform must be finite");
  if (!(paint.opacity >= 0 && paint.opacity <= 1)) problems.push("opacity must be from 0 to 1");
  if (paint.content.length > MAX_PATTERN_NODES) {
    problems.push(`the content has more than ${MAX_PATTERN_NODES} nodes (limit maxPatternNodes)`);
    return problems;
  }
  const containers = new Set<Id>([PATTERN_TILE]);
  const seen = new Set<Id>();
  for (const node of paint.content) {
    if (node.id === PATTERN_TILE || seen.has(node.id))
      problems.push(`content node ${node.id}: the id is already used`);
    seen.add(node.id);
    if (!containers.has(node.parent))
      problems.push(
        `content node ${node.id}: parent ${node.parent} is not the tile or a group or frame before it`,
      );
    if (isContainer(node)) containers.add(node.id);
    if (!fitsInPattern(node)) problems.push(`content node ${node.id}: a pattern holds no images`);
    for (const inner of patternsOf(node))
      for (const problem of patternProblems(inner, depth + 1))
        problems.push(`content node ${node.id}: ${problem}`);
  }
  return problems;
}

/**
 * One colour that stands for a pattern where only a colour will do (turning its fill into a
 * solid one, a swatch): the first solid fill or stroke of its content, else black.
 */
export function patternColor(paint: PatternPaint): RGBA {
  for (const node of paint.content) {
    if ("fill" in node && node.fill.type === "solid") return node.fill.color;
    if ("stroke" in node && node.stroke.paint?.type === "solid") return node.stroke.paint.color;
  }
  return { r: 0, g: 0, b: 0, a: 1 };
}
