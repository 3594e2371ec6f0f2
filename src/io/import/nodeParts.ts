import type { SceneNode, Subpath } from "../../doc/types";
import { packSubpaths, unpackSubpaths } from "./packedGeometry";
import { isPath } from "../../shapes/path";

/**
 * A run of imported nodes as the worker sends them to the page. Reading it is main-thread
 * time, so it is laid out for the page to read fast:
 *
 * - `json`: the nodes, each field of an object value (transform, fill, stroke…) replaced by a
 *   reference into `shared`, each path's `subpaths` by a placeholder.
 * - `shared`: JSON of the distinct object values, each once. The nodes of a drawing repeat a few
 *   strokes, fills and transforms, and the page parses each once and lets the nodes share it
 *   (records are immutable, so sharing a value is the same as copying it).
 * - `ops`, `coords`: the paths' geometry as typed arrays (see packedGeometry.ts), transferred
 *   rather than parsed from decimal text.
 *
 * References and placeholders are strings starting with U+0000; a string of a node's own that
 * starts with it is sent with a second U+0000 in front.
 */
export interface NodePart {
  readonly json: string;
  readonly shared: string;
  readonly ops: Uint8Array<ArrayBuffer>;
  readonly coords: Float64Array<ArrayBuffer>;
}

const MARK = "\u0000";
const GEOMETRY = `${MARK}g`;

export function encodeNodes(nodes: readonly SceneNode[]): NodePart {
  const sharedIndex = new Map<string, number>();
  const sameObject = new Map<object, number>();
  const shared: string[] = [];
  const geometry: Array<readonly Subpath[]> = [];
  const records = nodes.map((node) => {
    const record: Record<string, unknown> = {};
    const fields = node as unknown as Readonly<Record<string, unknown>>;
    for (const key in fields) {
      const value = fields[key];
      if (key === "subpaths" && isPath(node)) {
        geometry.push(node.subpaths);
        record[key] = GEOMETRY;
      } else if (typeof value === "object" && value !== null) {
        // Siblings often hold the very same object (one transform for a whole group's paths).
        let index = sameObject.get(value);
        if (index === undefined) {
          const text = JSON.stringify(value);
          index = sharedIndex.get(text);
          if (index === undefined) {
            index = shared.length;
            shared.push(text);
            sharedIndex.set(text, index);
          }
          sameObject.set(value, index);
        }
        record[key] = `${MARK}${index}`;
      } else if (typeof value === "string" && value.startsWith(MARK)) record[key] = MARK + value;
      else record[key] = value;
    }
    return record;
  });
  const { ops, coords } = packSubpaths(geometry);
  return { json: JSON.stringify(records), shared: `[${shared.join(",")}]`, ops, coords };
}

/** The nodes of a part, or null when its pieces do not fit together. */
export function decodeNodes(part: Partial<Record<keyof NodePart, unknown>>): SceneNode[] | null {
  const { json, shared, ops, coords } = part;
  if (
    typeof json !== "string" ||
    typeof shared !== "string" ||
    !(ops instanceof Uint8Array) ||
    !(coords instanceof Float64Array)
  )
    return null;
  let nodes: unknown;
  let values: unknown;
  try {
    nodes = JSON.parse(json);
    values = JSON.parse(shared);
  } catch {
    return null;
  }
  const geometry = unpackSubpaths({ ops, coords });
  if (!Array.isArray(nodes) || !Array.isArray(values) || geometry === null) return null;
  let nextGeometry = 0;
  for (const node of nodes as unknown[]) {
    if (typeof node !== "object" || node === null || Array.isArray(node)) return null;
    const record = node as Record<string, unknown>;
    for (const key in record) {
      const value = record[key];
      if (typeof value !== "string" || !value.startsWith(MARK)) continue;
      if (value.startsWith(MARK, 1)) record[key] = value.slice(1);
      else if (value === GEOMETRY) {
        if (key !== "subpaths" || record.type !== "path" || nextGeometry >= geometry.length)
          return null;
        record[key] = geometry[nextGeometry++];
      } else {
        const index = value.length > 1 ? Number(value.slice(1)) : Number.NaN;
        if (!Number.isInteger(index) || index < 0 || index >= values.length) return null;
        record[key] = (values as unknown[])[index];
      }
    }
  }
  return nextGeometry === geometry.length ? (nodes as SceneNode[]) : null;
}
