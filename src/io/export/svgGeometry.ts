/** Outlines of the vector shapes as SVG path data and point lists, in each node's local units. */
import type { ArrowHead, PathNode } from "../../doc/types";
import { headGeometry, headSize } from "../../geometry/arrowHeads";
import { clampRadii } from "../../geometry/outline";
import { fineNum, num } from "./xml";
import type { Point } from "../../math/point";

/** "x,y x,y …" for <polygon points>. */
export function pointList(flat: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) parts.push(`${num(flat[i]!)},${num(flat[i + 1]!)}`);
  return parts.join(" ");
}

/** A closed polygon as path data. */
export function polygonPath(flat: readonly number[]): string {
  if (flat.length < 2) return "";
  let d = `M${num(flat[0]!)} ${num(flat[1]!)}`;
  for (let i = 2; i + 1 < flat.length; i += 2) d += `L${num(flat[i]!)} ${num(flat[i + 1]!)}`;
  return `${d}Z`;
}

/**
 * A rectangle whose corners have different radii, traced as the renderer does: clockwise from
 * the top-left corner's end, each corner a circular arc.
 */
export function roundedRectPath(w: number, h: number, radii: readonly number[]): string {
  const [tl, tr, br, bl] = clampRadii(w, h, radii) as [number, number, number, number];
  const arc = (r: number, x: number, y: number): string =>
    r > 0 ? `A${num(r)} ${num(r)} 0 0 1 ${num(x)} ${num(y)}` : "";
  return (
    `M${num(tl)} 0H${num(w - tr)}${arc(tr, w, tr)}V${num(h - br)}${arc(br, w - br, h)}` +
    `H${num(bl)}${arc(bl, 0, h - bl)}V${num(tl)}${arc(tl, tl, 0)}Z`
  );
}

/** A point of path data, fine enough for the SVG round trip to read a path back from it. */
function p(v: Point): string {
  return `${fineNum(v.x)} ${fineNum(v.y)}`;
}

/** Every subpath with all its segments; closed ones end in Z. */
export function pathData(node: Pick<PathNode, "subpaths">): string {
  let d = "";
  for (const sub of node.subpaths) {
    d += `M${p(sub.start)}`;
    for (const seg of sub.segments) {
      if (seg.type === "line") d += `L${p(seg.to)}`;
      else if (seg.type === "quad") d += `Q${p(seg.control)} ${p(seg.to)}`;
      else d += `C${p(seg.control1)} ${p(seg.control2)} ${p(seg.to)}`;
    }
    if (sub.closed) d += "Z";
  }
  return d;
}

/** An arrowhead as SVG: a stroked mark or a filled shape, from the geometry the canvas draws. */
export type HeadShape =
  | { readonly kind: "stroke"; readonly d: string }
  | { readonly kind: "fill"; readonly d: string }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number };

export { headSize };

/** Path data of an open run of points. */
function runPath(flat: readonly number[]): string {
  let d = "";
  for (let i = 0; i + 1 < flat.length; i += 2)
    d += `${i === 0 ? "M" : "L"}${num(flat[i]!)} ${num(flat[i + 1]!)}`;
  return d;
}

/** The head at `tip`, pointing away from `from`; null for "none". */
export function arrowHead(
  head: ArrowHead,
  tip: Point,
  from: Point,
  size: number,
): HeadShape | null {
  const geometry = headGeometry(head, tip, from, size);
  if (geometry === null) return null;
  switch (geometry.kind) {
    case "stroke":
      return { kind: "stroke", d: runPath(geometry.points) };
    case "fill":
      return { kind: "fill", d: polygonPath(geometry.points) };
    case "circle":
      return geometry;
  }
}
