/**
 * The `data-linework` attribute: a scene node's own fields as compact JSON, in the record layout
 * of a `.linework` file, so an import can rebuild the node exactly and check it with the native
 * format's validators. Other SVG readers ignore data-* attributes.
 */
import type { PathSegment, SceneNode, Subpath, Transform } from "../../doc/types";
import { isPath } from "../../shapes/path";

/** Marks the root `<svg>` of a drawing Linework wrote: its top level is the page itself. */
export const LINEWORK_EXPORT_ATTRIBUTE = "data-linework-export";
export const LINEWORK_DATA_ATTRIBUTE = "data-linework";
/** Marks the page background rectangle, which stands for no node. */
export const LINEWORK_BACKGROUND_ATTRIBUTE = "data-linework-background";
/** Marks the words of a shape's label, which the shape's own data holds. */
export const LINEWORK_LABEL_ATTRIBUTE = "data-linework-label";

const SEGMENT_COMMANDS = { line: "L", quad: "Q", cubic: "C" } as const;

/** A subpath as a stored record holds it: segment letters and their numbers. */
function storedSubpath(subpath: Subpath): { commands: string; points: number[]; closed: boolean } {
  let commands = "";
  const points = [subpath.start.x, subpath.start.y];
  for (const segment of subpath.segments as readonly PathSegment[]) {
    commands += SEGMENT_COMMANDS[segment.type];
    if (segment.type === "quad") points.push(segment.control.x, segment.control.y);
    else if (segment.type === "cubic")
      points.push(segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y);
    points.push(segment.to.x, segment.to.y);
  }
  return { commands, points, closed: subpath.closed };
}

/**
 * The node's fields without its place in a document (id, parent, index), with `transform`
 * standing for the node's transform as the SVG element places it; with `keepId`, its id too.
 */
export function lineworkData(node: SceneNode, transform: Transform, keepId = false): string {
  const out: Record<string, unknown> = {};
  // The id only where a line's end is bound to the node, so the binding can be read back.
  if (keepId) out.id = node.id;
  for (const [key, value] of Object.entries(node)) {
    if (key === "id" || key === "parent" || key === "index") continue;
    out[key] = value;
  }
  out.transform = transform;
  if (isPath(node)) out.subpaths = node.subpaths.map(storedSubpath);
  return JSON.stringify(out);
}
