import type { Command } from "../editing/commands";
import type { EditableDocument } from "../editing/editor";
import {
  isSceneNode,
  type Id,
  type PolygonNode,
  type SceneNode,
  type StarNode,
} from "../doc/types";
import { editableSelection, isLockedInTree } from "./targets";

/** A polygon or a star: the two kinds the polygon tool makes and the Star toggle flips between. */
export type PolygonLike = PolygonNode | StarNode;

/** Inner radius over outer radius of a star made without one given. */
export const DEFAULT_INNER_RATIO = 0.5;

/** What people may type for the point count and the inner ratio; the invariants allow no less. */
export const STAR_LIMITS = {
  count: { min: 3, max: 100 },
  /** The invariants reject 0 (no star left) and more than 1 (the tips would point inwards). */
  innerRatio: { min: 0.01, max: 1 },
} as const;

export function isPolygonLike(node: unknown): node is PolygonLike {
  const type = (node as SceneNode | undefined)?.type;
  return type === "polygon" || type === "star";
}

/** The number a person calls the shape's points: a polygon's corners or a star's tips. */
export function pointCount(node: PolygonLike): number {
  return node.type === "polygon" ? node.sides : node.points;
}

function clampCount(count: number): number {
  const n = Math.round(Number.isFinite(count) ? count : STAR_LIMITS.count.min);
  return Math.min(STAR_LIMITS.count.max, Math.max(STAR_LIMITS.count.min, n));
}

export function clampInnerRatio(ratio: number): number {
  const r = Number.isFinite(ratio) ? ratio : DEFAULT_INNER_RATIO;
  return Math.min(STAR_LIMITS.innerRatio.max, Math.max(STAR_LIMITS.innerRatio.min, r));
}

/** The same shape with another number of corners or tips, clamped to what a document allows. */
export function withPointCount(node: PolygonLike, count: number): PolygonLike {
  const n = clampCount(count);
  return node.type === "polygon" ? { ...node, sides: n } : { ...node, points: n };
}

/** A name the program gave follows the kind; one the person typed stays. */
function renamed(name: string, from: string, to: string): string {
  return name === from ? to : name;
}

/**
 * The shape as a star in the same box, id, place and style: a polygon's corners become its tips.
 * A star stays one, taking the count and ratio when given.
 */
export function asStar(
  node: PolygonLike,
  options: { readonly points?: number; readonly innerRatio?: number } = {},
): StarNode {
  const points = clampCount(options.points ?? pointCount(node));
  const innerRatio = clampInnerRatio(
    options.innerRatio ?? (node.type === "star" ? node.innerRatio : DEFAULT_INNER_RATIO),
  );
  if (node.type === "star") return { ...node, points, innerRatio };
  const { sides: _sides, ...rest } = node;
  return { ...rest, type: "star", name: renamed(node.name, "Polygon", "Star"), points, innerRatio };
}

/** The shape as a regular polygon, its tips becoming corners. */
export function asPolygon(node: PolygonLike): PolygonNode {
  if (node.type === "polygon") return node;
  const { points, innerRatio: _ratio, ...rest } = node;
  return { ...rest, type: "polygon", name: renamed(node.name, "Star", "Polygon"), sides: points };
}

/**
 * Turns the polygons and stars among `ids` into stars (or back into polygons) as one undo step;
 * other kinds and locked nodes are left alone. Returns how many changed.
 */
export function setStar(
  editor: EditableDocument,
  ids: readonly Id[],
  star: boolean,
  options: { readonly points?: number; readonly innerRatio?: number } = {},
): number {
  const { store } = editor;
  if (store.readOnly) return 0;
  let changed = 0;
  store.transact(star ? "Make star" : "Make polygon", (tx) => {
    for (const id of ids) {
      const node = tx.get(id);
      if (!isSceneNode(node) || !isPolygonLike(node) || isLockedInTree(tx, node)) continue;
      tx.put(star ? asStar(node, options) : asPolygon(node));
      changed += 1;
    }
  });
  return changed;
}

/** The selected, editable polygons and stars. */
export function selectedPolygons(editor: EditableDocument): PolygonLike[] {
  return editableSelection(editor.store).filter(isPolygonLike);
}

/**
 * "Toggle star" for the palette and the command line: every selected polygon becomes a star,
 * unless all of them are stars already, which then become polygons.
 */
export function starCommands(host: { editor(): EditableDocument }): Command[] {
  return [
    {
      id: "object.toggleStar",
      label: "Toggle star",
      category: "object",
      enabled: () => !host.editor().store.readOnly && selectedPolygons(host.editor()).length > 0,
      run: () => {
        const editor = host.editor();
        const shapes = selectedPolygons(editor);
        const allStars = shapes.length > 0 && shapes.every((n) => n.type === "star");
        setStar(
          editor,
          shapes.map((n) => n.id),
          !allStars,
        );
      },
    },
  ];
}
