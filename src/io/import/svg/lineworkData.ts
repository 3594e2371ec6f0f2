/**
 * Reads the `data-linework` attribute Linework writes on SVG elements: a node's own fields as
 * JSON. The text is untrusted, so it passes the same record validation as a `.linework` file,
 * within the import's limits; anything that fails is reported as null and the SVG is used instead.
 */
import { isSceneNode, type BlobRecord, type SceneNode } from "../../../doc/types";
import { isPlainObject, Problem } from "../../native/checks";
import { readRecord } from "../../native/nodes";
import { blobSchema } from "../../native/schemas";
import { IMPORT_LIMITS } from "../limits";
import { numbersWithin } from "../tree";

/** Stand-ins for the fields a node gets from its place in the imported tree. */
const PLACEHOLDER = { id: "svg", parent: "svg", index: "a0" } as const;
/** Ids as the native format allows them. */
const ID = /^[^\s]{1,64}$/;

/** The node the attribute describes, with placeholder id, parent and index; null when invalid. */
export function readLineworkData(text: string): SceneNode | null {
  if (text.length > IMPORT_LIMITS.maxLineworkDataChars) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Malformed, or nested deeper than the parser can follow.
    return null;
  }
  if (!isPlainObject(parsed)) return null;
  let record;
  try {
    record = readRecord({ ...parsed, ...PLACEHOLDER });
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
