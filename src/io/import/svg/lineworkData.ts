/**
 * Reads the `data-linework` attribute Linework writes on SVG elements: a node's own fields as
 * JSON, less what the element's markup holds (a painted element's solid fill, a path's `d`, a
 * move in `transform`) and with fills and strokes named by their place in the root's
 * `data-linework-shared` list. The text is untrusted, so it passes the same record validation as a `.linework` file, within the
 * import's limits; anything that fails is reported as null and the SVG is used instead.
 */
import {
  isSceneNode,
  type BlobRecord,
  type Fill,
  type NodeType,
  type SceneNode,
} from "../../../doc/types";
import { isPlainObject, Problem } from "../../native/checks";
import { readRecord } from "../../native/nodes";
import { KINDS } from "../../native/nodeFields";
import { fileStyles } from "../../native/nodes";
import { blobSchema, type StyleChecks } from "../../native/schemas";
import { IMPORT_LIMITS } from "../limits";
import { numbersWithin } from "../tree";
import { storedSubpath } from "../../export/lineworkData";
import { parsePathData } from "./pathData";

/** Stand-ins for the fields a node gets from its place in the imported tree. */
const PLACEHOLDER = { id: "svg", parent: "svg", index: "a0" } as const;
/** Ids as the native format allows them. */
const ID = /^[^\s]{1,64}$/;

/**
 * The root's list of shared fills and strokes, as the checks that read the nodes' references
 * into it (each value checked once, when first named); an empty list when it is absent, too
 * long or not a list, so that references fail and those nodes fall back to their SVG.
 */
export function sharedStyles(text: string | undefined): StyleChecks {
  let list: unknown = [];
  if (text !== undefined && text.length <= IMPORT_LIMITS.maxLineworkSharedChars) {
    try {
      list = JSON.parse(text);
    } catch {
      list = [];
    }
  }
  return fileStyles(Array.isArray(list) ? list : []);
}

/** The element attributes a node's data may leave to the markup. */
export type MarkupAttributes = ReadonlyMap<string, string>;

/**
 * A painted element's fill as the export writes it (`fillInMarkup`): none, or a colour of
 * whole bytes with its opacity; undefined for anything else, which the record check refuses.
 */
function markupFill(attributes: MarkupAttributes): Fill | undefined {
  const fill = attributes.get("fill");
  if (fill === "none") return { type: "none" };
  if (fill === undefined || !/^#[0-9a-f]{6}$/i.test(fill)) return undefined;
  const byte = (at: number): number => parseInt(fill.slice(at, at + 2), 16) / 255;
  const opacity = attributes.get("fill-opacity");
  const a = opacity === undefined ? 1 : Number(opacity);
  if (!(a >= 0 && a <= 1)) return undefined;
  return { type: "solid", color: { r: byte(1), g: byte(3), b: byte(5), a } };
}

/**
 * The node the attribute describes, with placeholder id, parent and index; null when invalid.
 * `attributes` are the element's own, for what the data leaves to them; `styles` reads the
 * references to the root's shared fills and strokes.
 */
export function readLineworkData(
  text: string,
  attributes: MarkupAttributes = new Map(),
  styles?: StyleChecks,
): SceneNode | null {
  if (text.length > IMPORT_LIMITS.maxLineworkDataChars) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Malformed, or nested deeper than the parser can follow.
    return null;
  }
  if (!isPlainObject(parsed)) return null;
  const raw: Record<string, unknown> = { ...parsed, ...PLACEHOLDER };
  if (raw.transform === undefined) {
    // Left to the element's transform attribute: none (no move) or a move alone.
    const attribute = attributes.get("transform");
    if (attribute !== undefined) {
      const move = /^translate\((-?[\d.]+) (-?[\d.]+)\)$/.exec(attribute);
      if (move === null) return null;
      raw.transform = { x: Number(move[1]), y: Number(move[2]) };
    }
  }
  if (raw.fill === undefined && raw.stroke !== undefined) raw.fill = markupFill(attributes);
  const kind =
    typeof raw.type === "string" && Object.hasOwn(KINDS, raw.type)
      ? KINDS[raw.type as NodeType]
      : undefined;
  if (kind?.pathed === true && raw.subpaths === undefined) {
    const d = attributes.get("d");
    if (d === undefined) return null;
    const path = parsePathData(d);
    if (path.error !== null) return null;
    raw.subpaths = path.subpaths.map(storedSubpath);
    if (kind.byKey.fillRule !== undefined)
      raw.fillRule ??= attributes.get("fill-rule") === "evenodd" ? "evenodd" : "nonzero";
  }
  let record;
  try {
    record = readRecord(raw, styles);
  } catch (error) {
    if (error instanceof Problem) return null;
    throw error;
  }
  if (!isSceneNode(record)) return null;
  if (!numbersWithin(record, IMPORT_LIMITS.maxMagnitude)) return null;
  // A node a line is bound to keeps its id from the export, until the import gives it a new
  // one (`flattenDrafts` carries the bindings over); any other keeps the placeholder.
  const id = parsed.id;
  return typeof id === "string" && ID.test(id) ? { ...record, id } : record;
}

/** Picture types an image's data may have; the export embeds only these. */
const RASTER_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
]);

/**
 * The image data of a `data:` URL as a blob record, checked as a `.linework` file's image data
 * is; null for any other reference.
 */
export function blobOfDataUrl(href: string, id: string): BlobRecord | null {
  const header = /^data:(image\/[\w.+-]+);base64,/i.exec(href);
  if (header === null) return null;
  const mime = header[1]!.toLowerCase();
  if (!RASTER_TYPES.has(mime)) return null;
  try {
    return blobSchema({
      id,
      type: "blob",
      mime,
      data: href.slice(header[0].length).replace(/\s+/g, ""),
    });
  } catch (error) {
    if (error instanceof Problem) return null;
    throw error;
  }
}
