import { apply, type Matrix } from "../doc/transform";
import type { PathSegment, Subpath } from "../doc/types";

/** Subpaths mapped through an affine matrix: exact, since affine maps take Béziers to Béziers. */
export function transformSubpaths(subpaths: readonly Subpath[], m: Matrix): Subpath[] {
  return subpaths.map((sub) => ({
    start: apply(m, sub.start),
    closed: sub.closed,
    segments: sub.segments.map((seg) => transformSegment(seg, m)),
  }));
}

function transformSegment(seg: PathSegment, m: Matrix): PathSegment {
  switch (seg.type) {
    case "line":
      return { type: "line", to: apply(m, seg.to) };
    case "quad":
      return { type: "quad", control: apply(m, seg.control), to: apply(m, seg.to) };
    case "cubic":
      return {
        type: "cubic",
        control1: apply(m, seg.control1),
        control2: apply(m, seg.control2),
        to: apply(m, seg.to),
      };
  }
}

/** How much the matrix can stretch a length at most (its largest singular value). */
export function maxScale(m: Matrix): number {
  const p = m.a * m.a + m.b * m.b + m.c * m.c + m.d * m.d;
  const det = m.a * m.d - m.b * m.c;
  const q = Math.sqrt(Math.max(0, p * p - 4 * det * det));
  return Math.sqrt((p + q) / 2);
}
