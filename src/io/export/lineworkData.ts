/**
 * The `data-linework` attribute: what a scene node holds that its SVG markup does not say, as
 * compact JSON in the record layout of a `.linework` file, so an import can rebuild the node
 * exactly and check it with the native format's validators. Other SVG readers ignore data-*
 * attributes.
 *
 * Kept small, as a file of thousands of paths would otherwise be many times the drawing: fields
 * at the values a `.linework` reader restores are left out; fills and strokes are written once
 * on the root (`data-linework-shared`) and named by their place there; a painted element's solid
 * fill, a path's geometry and a move are left to the markup (`fill`, `fill-opacity`, `d`,
 * `transform="translate(…)"`), which holds them exactly.
 */
import type { Fill, PathSegment, SceneNode, Subpath, Transform } from "../../doc/types";
import { KINDS } from "../native/nodeFields";
import type { SharedValues } from "../native/sharedValues";
import { isPath } from "../../shapes/path";
import { num } from "./xml";

/** Marks the root `<svg>` of a drawing Linework wrote: its top level is the page itself. */
export const LINEWORK_EXPORT_ATTRIBUTE = "data-linework-export";
export const LINEWORK_DATA_ATTRIBUTE = "data-linework";
/** On the root: the fills and strokes the nodes' data name by their place in this list. */
export const LINEWORK_SHARED_ATTRIBUTE = "data-linework-shared";
/** Marks the page background rectangle, which stands for no node. */
export const LINEWORK_BACKGROUND_ATTRIBUTE = "data-linework-background";
/** Marks the words of a shape's label, which the shape's own data holds. */
export const LINEWORK_LABEL_ATTRIBUTE = "data-linework-label";

const SEGMENT_COMMANDS = { line: "L", quad: "Q", cubic: "C" } as const;

/** A subpath as a stored record holds it: segment letters and their numbers. */
export function storedSubpath(subpath: Subpath): {
  commands: string;
  points: number[];
  closed: boolean;
} {
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
 * Whether the `fill` and `fill-opacity` the writer puts on a painted element give this fill back
 * exactly: none, or a colour of whole bytes at an opacity the attribute writes unrounded.
 */
export function fillInMarkup(fill: Fill): boolean {
  if (fill.type === "none") return true;
  if (fill.type !== "solid") return false;
  const { r, g, b, a } = fill.color;
  const byte = (c: number): boolean => c >= 0 && c <= 1 && Math.round(c * 255) / 255 === c;
  return byte(r) && byte(g) && byte(b) && (a === 1 || (a >= 0 && a < 1 && Number(num(a)) === a));
}

/** What of a node the element's markup already holds. */
export interface InMarkup {
  /** A translation, as the element's `transform` attribute (`translate(x y)`, or none at 0, 0). */
  readonly translation?: boolean;
  /** Its fill, as `fill` and `fill-opacity` (see `fillInMarkup`). */
  readonly fill: boolean;
  /** A path's subpaths and fill rule, as `d` and `fill-rule`. */
  readonly geometry: boolean;
}

const NOTHING_IN_MARKUP: InMarkup = { fill: false, geometry: false };

/** A transform's parts away from the identity's, which a `.linework` reader restores. */
function transformParts(t: Transform): Record<string, number> | undefined {
  let out: Record<string, number> | undefined;
  if (t.x !== 0) (out ??= {}).x = t.x;
  if (t.y !== 0) (out ??= {}).y = t.y;
  if (t.rotation !== 0) (out ??= {}).rotation = t.rotation;
  if (t.scaleX !== 1) (out ??= {}).scaleX = t.scaleX;
  if (t.scaleY !== 1) (out ??= {}).scaleY = t.scaleY;
  if (t.skewX !== 0) (out ??= {}).skewX = t.skewX;
  return out;
}

/**
 * The node's fields without its place in a document (id, parent, index) and without what the
 * markup or a reader's defaults give back, with `transform` standing for the node's transform
 * as the SVG element places it; with `keepId`, its id too.
 */
export function lineworkData(
  node: SceneNode,
  transform: Transform,
  shared: SharedValues,
  keepId = false,
  inMarkup: InMarkup = NOTHING_IN_MARKUP,
): string {
  const kind = KINDS[node.type];
  const out: Record<string, unknown> = { type: node.type };
  // The id only where a line's end is bound to the node, so the binding can be read back.
  if (keepId) out.id = node.id;
  if (node.name !== kind.name) out.name = node.name;
  if (node.locked) out.locked = true;
  if (node.hidden) out.hidden = true;
  if (node.opacity !== 1) out.opacity = node.opacity;
  if (node.blendMode !== "normal") out.blendMode = node.blendMode;
  const parts = transformParts(transform);
  // A move alone that the attribute writes unrounded is read back from it.
  const moveOnly =
    parts !== undefined &&
    Object.keys(parts).every((key) => key === "x" || key === "y") &&
    Number(num(transform.x)) === transform.x &&
    Number(num(transform.y)) === transform.y;
  if (parts !== undefined && !(inMarkup.translation === true && moveOnly)) out.transform = parts;
  if ("fill" in node) {
    if (!(inMarkup.fill && fillInMarkup(node.fill))) out.fill = shared.indexOf(node.fill);
    out.stroke = shared.indexOf(node.stroke);
  }
  for (const field of kind.fields) {
    const value = (node as unknown as Record<string, unknown>)[field.key];
    if (value === undefined) continue;
    if (field.absent?.inRecords === true && field.absent.is(value)) continue;
    out[field.key] = value;
  }
  if (isPath(node)) {
    if (inMarkup.geometry) {
      // `d` and `fill-rule` (written for evenodd only) hold them.
      delete out.subpaths;
      delete out.fillRule;
    } else out.subpaths = node.subpaths.map(storedSubpath);
  }
  return JSON.stringify(out);
}

/**
 * ` name='value'` for a JSON value: JSON is full of double quotes and holds no single ones
 * outside its strings, so single quotes keep it from growing by a sixth in `&quot;`.
 */
export function jsonAttribute(name: string, json: string): string {
  // JSON text holds no raw line breaks or tabs; it leaves U+FFFE and U+FFFF as they are, which
  // XML cannot hold, so those are escaped the JSON way.
  const value = /[&<>'\uFFFE\uFFFF]/.test(json)
    ? json
        .replace(/&/g, "&amp;")
        .replace(/</g, "&lt;")
        .replace(/>/g, "&gt;")
        .replace(/'/g, "&apos;")
        .replace(/\uFFFE/g, "\\ufffe")
        .replace(/\uFFFF/g, "\\uffff")
    : json;
  return ` ${name}='${value}'`;
}
