/** Outlines of the vector shapes as SVG path data and point lists, in each node's local units. */
import type { ArrowHead, PathNode, Vec2 } from "../../doc/types";
import { clampRadii } from "../../render/outline";
import { num } from "./xml";

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

/** Every subpath with all its segments; closed ones end in Z. */
function p(v: Vec2): string {
  return `${num(v.x)} ${num(v.y)}`;
}

export function pathData(node: PathNode): string {
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

/** An arrowhead as the renderer's drawHead makes it: a stroked mark or a filled shape. */
export type HeadShape =
  | { readonly kind: "stroke"; readonly d: string }
  | { readonly kind: "fill"; readonly d: string }
  | { readonly kind: "circle"; readonly cx: number; readonly cy: number; readonly r: number };

/** Head size of a line with this stroke width, as the renderer and the bounds use it. */
export function headSize(strokeWidth: number): number {
  return Math.max(6, strokeWidth * 3);
}

/** The head at `tip`, pointing away from `from`; null for "none". Mirrors render/shapes.ts drawHead. */
export function arrowHead(head: ArrowHead, tip: Vec2, from: Vec2, size: number): HeadShape | null {
  const angle = Math.atan2(tip.y - from.y, tip.x - from.x);
  const at = (distance: number, spread: number): [number, number] => [
    tip.x - Math.cos(angle + spread) * distance,
    tip.y - Math.sin(angle + spread) * distance,
  ];
  switch (head) {
    case "none":
      return null;
    case "arrow": {
      const [ax, ay] = at(size, Math.PI / 6);
      const [bx, by] = at(size, -Math.PI / 6);
      return {
        kind: "stroke",
        d: `M${num(ax)} ${num(ay)}L${num(tip.x)} ${num(tip.y)}L${num(bx)} ${num(by)}`,
      };
    }
    case "triangle":
      return {
        kind: "fill",
        d: polygonPath([tip.x, tip.y, ...at(size, Math.PI / 7), ...at(size, -Math.PI / 7)]),
      };
    case "circle":
      return { kind: "circle", cx: tip.x, cy: tip.y, r: size / 2.5 };
    case "diamond":
      return {
        kind: "fill",
        d: polygonPath([
          tip.x,
          tip.y,
          ...at(size / 2, Math.PI / 4),
          ...at(size, 0),
          ...at(size / 2, -Math.PI / 4),
        ]),
      };
    case "bar": {
      const nx = Math.cos(angle + Math.PI / 2) * (size / 2);
      const ny = Math.sin(angle + Math.PI / 2) * (size / 2);
      return {
        kind: "stroke",
        d: `M${num(tip.x - nx)} ${num(tip.y - ny)}L${num(tip.x + nx)} ${num(tip.y + ny)}`,
      };
    }
  }
}
