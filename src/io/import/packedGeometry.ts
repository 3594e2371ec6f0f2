import type { PathSegment, Subpath } from "../../doc/types";
import type { Point } from "../../math/point";

/**
 * The subpaths of many paths packed into two typed arrays, so they cross from the import worker
 * to the page as transferred buffers instead of text: at 100k paths the coordinates are most of
 * the result, and the page would otherwise parse every one of them from decimal text on its
 * main thread. `ops` holds one code per path end, subpath start and segment; `coords` holds the
 * points' x and y in the order the codes use them. Float64 keeps every number exactly.
 */
export interface PackedSubpaths {
  readonly ops: Uint8Array<ArrayBuffer>;
  readonly coords: Float64Array<ArrayBuffer>;
}

const END_OF_PATH = 0;
const OPEN_START = 1;
const CLOSED_START = 2;
const LINE = 3;
const QUAD = 4;
const CUBIC = 5;

/** Numbers each code reads from `coords`. */
const COORDS_OF = [0, 2, 2, 2, 4, 6];

export function packSubpaths(paths: readonly (readonly Subpath[])[]): PackedSubpaths {
  let opCount = 0;
  let coordCount = 0;
  for (const subpaths of paths) {
    opCount += 1;
    for (const sub of subpaths) {
      opCount += 1 + sub.segments.length;
      coordCount += 2;
      for (const seg of sub.segments) coordCount += COORDS_OF[codeOf(seg)]!;
    }
  }
  const ops = new Uint8Array(opCount);
  const coords = new Float64Array(coordCount);
  let o = 0;
  let c = 0;
  const point = (p: Point): void => {
    coords[c++] = p.x;
    coords[c++] = p.y;
  };
  for (const subpaths of paths) {
    for (const sub of subpaths) {
      ops[o++] = sub.closed ? CLOSED_START : OPEN_START;
      point(sub.start);
      for (const seg of sub.segments) {
        ops[o++] = codeOf(seg);
        if (seg.type === "quad") point(seg.control);
        else if (seg.type === "cubic") {
          point(seg.control1);
          point(seg.control2);
        }
        point(seg.to);
      }
    }
    ops[o++] = END_OF_PATH;
  }
  return { ops, coords };
}

function codeOf(seg: PathSegment): number {
  return seg.type === "line" ? LINE : seg.type === "quad" ? QUAD : CUBIC;
}

/**
 * The subpaths of each packed path, in order; null when the arrays do not read as whole paths
 * (a code out of range, too few or too many numbers), so a damaged message is refused.
 */
export function unpackSubpaths(packed: {
  readonly ops: Uint8Array;
  readonly coords: Float64Array;
}): Subpath[][] | null {
  const { ops, coords } = packed;
  const out: Subpath[][] = [];
  let c = 0;
  let subpaths: Subpath[] = [];
  let segments: PathSegment[] | null = null;
  for (let o = 0; o < ops.length; o++) {
    const op = ops[o]!;
    const need = COORDS_OF[op];
    if (need === undefined || c + need > coords.length) return null;
    switch (op) {
      case END_OF_PATH:
        out.push(subpaths);
        subpaths = [];
        segments = null;
        break;
      case OPEN_START:
      case CLOSED_START:
        segments = [];
        subpaths.push({
          start: { x: coords[c]!, y: coords[c + 1]! },
          segments,
          closed: op === CLOSED_START,
        });
        break;
      case LINE:
        if (segments === null) return null;
        segments.push({ type: "line", to: { x: coords[c]!, y: coords[c + 1]! } });
        break;
      case QUAD:
        if (segments === null) return null;
        segments.push({
          type: "quad",
          control: { x: coords[c]!, y: coords[c + 1]! },
          to: { x: coords[c + 2]!, y: coords[c + 3]! },
        });
        break;
      default:
        if (segments === null) return null;
        segments.push({
          type: "cubic",
          control1: { x: coords[c]!, y: coords[c + 1]! },
          control2: { x: coords[c + 2]!, y: coords[c + 3]! },
          to: { x: coords[c + 4]!, y: coords[c + 5]! },
        });
    }
    c += need;
  }
  // Every path ends with its own code, and every number is used.
  if (subpaths.length > 0 || segments !== null || c !== coords.length) return null;
  return out;
}
