import { ShapeRanges } from "../shapeRanges";
import type { BatchProgram } from "./chunkMesh";
import { WORDS_PER_VERTEX, type BatchWriter } from "./writer";

/** Some of a batch's triangles, drawn by one program, with where each shape's are. */
export interface BatchPart {
  readonly program: BatchProgram;
  readonly indices: Uint32Array;
  readonly ranges: ShapeRanges;
}

/** The programs of the parts a batch splits into, in the order they are drawn. */
const CLASSES: readonly BatchProgram[] = ["flat", "box", "edge"];

function classOf(kind: number): number {
  if (kind < 0.5) return 0;
  return kind > 3.5 ? 2 : 1;
}

/**
 * Splits a batch (its shapes' triangles in `ranges`) into one part per program its triangles
 * need: fills' insides, boxes, edges. On a software rasteriser a fragment costs every line of its
 * program, taken or not, so a stroke's pixels paid for the box and ellipse distances and a fill's
 * flat insides for both. Drawing all insides first, then all boxes, then all edges keeps each
 * shape's own order (insides before their rims and strokes), but not the order between shapes,
 * so the batch splits only where no two of its shapes' bounds meet; otherwise it is one part
 * drawn by the program for all kinds, unless its triangles are all of one kind.
 */
export function splitBatch(writer: BatchWriter, ranges: ShapeRanges): BatchPart[] {
  const all = writer.indices;
  const v = writer.vertices;
  const parts = CLASSES.map(() => ({
    indices: new Uint32Array(all.length),
    length: 0,
    ranges: new ShapeRanges(),
  }));
  const bounds: number[] = [];
  ranges.forEach((id, start, end) => {
    const before = parts.map((part) => part.length);
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let t = start; t < end; t += 3) {
      const part = parts[classOf(v[all[t]! * WORDS_PER_VERTEX + 6]!)]!;
      for (let k = 0; k < 3; k += 1) {
        const index = all[t + k]!;
        part.indices[part.length++] = index;
        const x = v[index * WORDS_PER_VERTEX]!;
        const y = v[index * WORDS_PER_VERTEX + 1]!;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    bounds.push(x0, y0, x1, y1);
    parts.forEach((part, k) => {
      if (part.length > before[k]!) part.ranges.add(id, part.length);
    });
  });
  const used = parts.filter((part) => part.length > 0);
  if (used.length > 1 && anyMeet(bounds)) {
    return [{ program: "all", indices: new Uint32Array(all), ranges }];
  }
  return CLASSES.flatMap((program, k) => {
    const part = parts[k]!;
    if (part.length === 0) return [];
    return [{ program, indices: part.indices.slice(0, part.length), ranges: part.ranges }];
  });
}

/**
 * Whether any two boxes (x0, y0, x1, y1 each) meet, edges and corners included: sorted along the
 * axis they spread more along, each is compared with those starting before it ends.
 */
export function anyMeet(bounds: readonly number[]): boolean {
  const n = bounds.length >> 2;
  let lo = [Infinity, Infinity];
  let hi = [-Infinity, -Infinity];
  for (let i = 0; i < n; i += 1) {
    lo = [Math.min(lo[0]!, bounds[i * 4]!), Math.min(lo[1]!, bounds[i * 4 + 1]!)];
    hi = [Math.max(hi[0]!, bounds[i * 4 + 2]!), Math.max(hi[1]!, bounds[i * 4 + 3]!)];
  }
  const axis = hi[0]! - lo[0]! >= hi[1]! - lo[1]! ? 0 : 1;
  const other = 1 - axis;
  const order = Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => bounds[a * 4 + axis]! - bounds[b * 4 + axis]!,
  );
  for (let i = 0; i < n; i += 1) {
    const a = order[i]!;
    const end = bounds[a * 4 + 2 + axis]!;
    for (let j = i + 1; j < n; j += 1) {
      const b = order[j]!;
      if (bounds[b * 4 + axis]! > end) break;
      if (
        bounds[b * 4 + other]! <= bounds[a * 4 + 2 + other]! &&
        bounds[a * 4 + other]! <= bounds[b * 4 + 2 + other]!
      ) {
        return true;
      }
    }
  }
  return false;
}
