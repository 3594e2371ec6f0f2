import type { FillEdge } from "./fillPlan";
import { doubleSignedArea } from "./polyline";

/**
 * Outlines between filled and unfilled area relinked where they touch themselves or each other
 * at a point, so that each corner of the fill there has its own two edges: a star drawn as one
 * outline, filled even-odd, has an outline round its points and one round the hole in its middle,
 * touching at the five points where the points meet; relinked, it is five triangles. A rim built
 * along the outlines as given would take the hole's side of those corners for fill. Null when
 * nothing touches. Outlines with fewer than three points are left out.
 */
export function separatePinches(edges: readonly FillEdge[]): FillEdge[] | null {
  // Every outline turned to run with the fill on its left (positive area, filled inside).
  const outlines = edges
    .filter((edge) => edge.points.length >= 6)
    .map((edge) => {
      const area = doubleSignedArea(edge.points);
      if (area > 0 === edge.filledInside) return edge.points;
      const reversed: number[] = [];
      for (let i = edge.points.length - 2; i >= 0; i -= 2)
        reversed.push(edge.points[i]!, edge.points[i + 1]!);
      return reversed;
    });
  const starts: number[] = [];
  let total = 0;
  for (const points of outlines) {
    starts.push(total);
    total += points.length >> 1;
  }
  // Every vertex as one index: the outline it is on, the vertex after it on that outline.
  const outlineOf = new Int32Array(total);
  const x = new Float64Array(total);
  const y = new Float64Array(total);
  outlines.forEach((points, k) => {
    for (let i = 0; i < points.length >> 1; i += 1) {
      outlineOf[starts[k]! + i] = k;
      x[starts[k]! + i] = points[i * 2]!;
      y[starts[k]! + i] = points[i * 2 + 1]!;
    }
  });
  const after = (v: number): number => {
    const k = outlineOf[v]!;
    const end = starts[k]! + (outlines[k]!.length >> 1);
    return v + 1 === end ? starts[k]! : v + 1;
  };
  const before = (v: number): number => {
    const k = outlineOf[v]!;
    return v === starts[k]! ? starts[k]! + (outlines[k]!.length >> 1) - 1 : v - 1;
  };
  const at = new Map<number, Map<number, number[]>>();
  let touching = false;
  for (let v = 0; v < total; v += 1) {
    let column = at.get(x[v]!);
    if (column === undefined) {
      column = new Map();
      at.set(x[v]!, column);
    }
    const here = column.get(y[v]!);
    if (here === undefined) column.set(y[v]!, [v]);
    else {
      here.push(v);
      touching = true;
    }
  }
  if (!touching) return null;
  // Where several vertices share a point, each arriving edge goes on along the first leaving
  // edge clockwise from it (y up): the one bounding the fill on its left.
  const next = new Int32Array(total);
  for (let v = 0; v < total; v += 1) next[v] = after(v);
  const angle = (from: number, to: number) => Math.atan2(y[to]! - y[from]!, x[to]! - x[from]!);
  for (const column of at.values())
    for (const here of column.values()) {
      if (here.length < 2) continue;
      const taken = new Set<number>();
      for (const arrival of here) {
        const back = angle(arrival, before(arrival));
        let best = -1;
        let bestTurn = Infinity;
        for (const leaving of here) {
          if (taken.has(leaving)) continue;
          let turn = (back - angle(leaving, after(leaving))) % (2 * Math.PI);
          if (turn <= 0) turn += 2 * Math.PI;
          if (turn < bestTurn) {
            bestTurn = turn;
            best = leaving;
          }
        }
        if (best < 0) return null;
        taken.add(best);
        next[arrival] = after(best);
      }
    }
  const seen = new Uint8Array(total);
  const separated: FillEdge[] = [];
  for (let v = 0; v < total; v += 1) {
    if (seen[v]) continue;
    const points: number[] = [];
    for (let w = v; !seen[w]; w = next[w]!) {
      seen[w] = 1;
      points.push(x[w]!, y[w]!);
    }
    if (points.length >= 6) separated.push({ points, filledInside: doubleSignedArea(points) > 0 });
  }
  return separated;
}
