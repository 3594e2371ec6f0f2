import type { Matrix } from "../doc/transform";
import type { SceneNode } from "../doc/types";
import { headSize } from "./arrowHeads";
import type { Box } from "../math/box";

/** The smallest box around both; null when neither exists. */
export function unionBox(a: Box | null, b: Box | null): Box | null {
  if (a === null) return b;
  if (b === null) return a;
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

/** Average advance of a glyph as a share of the font size, for text not yet measured. */
const GLYPH_ADVANCE = 0.6;

function strokeHalf(node: SceneNode): number {
  if (!("stroke" in node) || node.stroke.paint === null) return 0;
  // Miter joins of sharp corners reach past half the width; the limit bounds how far.
  const reach = node.stroke.join === "miter" ? Math.max(1, node.stroke.miterLimit / 2) : 0.5;
  return node.stroke.width * reach;
}

function ofPoints(xs: number[], ys: number[], pad: number): Box {
  return {
    minX: Math.min(...xs) - pad,
    minY: Math.min(...ys) - pad,
    maxX: Math.max(...xs) + pad,
    maxY: Math.max(...ys) + pad,
  };
}

/**
 * A box that contains everything the node draws, in its local coordinates; null for groups,
 * whose extent is their children's. Conservative: curves use their control points.
 */
export function localBounds(node: SceneNode): Box | null {
  const pad = strokeHalf(node);
  switch (node.type) {
    case "group":
      return null;
    case "rect":
    case "ellipse":
    case "polygon":
    case "star":
    case "frame":
    case "image":
      return { minX: -pad, minY: -pad, maxX: node.width + pad, maxY: node.height + pad };
    case "line": {
      const heads =
        node.startHead !== "none" || node.endHead !== "none" ? headSize(node.stroke.width) : 0;
      return ofPoints([node.start.x, node.end.x], [node.start.y, node.end.y], pad + heads);
    }
    case "path": {
      // Running Math.min/Math.max give what one call over every coordinate would, without
      // gathering them: this runs for every path when a page is indexed.
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      let points = 0;
      const add = (x: number, y: number): void => {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
        points++;
      };
      for (const sub of node.subpaths) {
        add(sub.start.x, sub.start.y);
        for (const seg of sub.segments) {
          add(seg.to.x, seg.to.y);
          if (seg.type === "quad") add(seg.control.x, seg.control.y);
          else if (seg.type === "cubic") {
            add(seg.control1.x, seg.control1.y);
            add(seg.control2.x, seg.control2.y);
          }
        }
      }
      return points === 0
        ? null
        : { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
    }
    case "freehand": {
      if (node.points.length < 3) return null;
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (let i = 0; i < node.points.length; i += 3) {
        const x = node.points[i]!;
        const y = node.points[i + 1]!;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      const r = node.settings.size / 2;
      return { minX: minX - r, minY: minY - r, maxX: maxX + r, maxY: maxY + r };
    }
    case "text": {
      const lines = node.content.split("\n");
      const longest = Math.max(...lines.map((line) => line.length));
      const width = node.width ?? longest * node.fontSize * GLYPH_ADVANCE;
      return {
        minX: 0,
        minY: 0,
        maxX: width,
        maxY: lines.length * node.fontSize * node.lineHeight,
      };
    }
  }
}

/** The axis-aligned box around a local box once transformed. */
export function transformBox(box: Box, m: Matrix): Box {
  // The corners as `apply` maps them, written out: no points or arrays for each of a page's nodes.
  const x0 = m.a * box.minX + m.c * box.minY + m.e;
  const y0 = m.b * box.minX + m.d * box.minY + m.f;
  const x1 = m.a * box.maxX + m.c * box.minY + m.e;
  const y1 = m.b * box.maxX + m.d * box.minY + m.f;
  const x2 = m.a * box.maxX + m.c * box.maxY + m.e;
  const y2 = m.b * box.maxX + m.d * box.maxY + m.f;
  const x3 = m.a * box.minX + m.c * box.maxY + m.e;
  const y3 = m.b * box.minX + m.d * box.maxY + m.f;
  return {
    minX: Math.min(x0, x1, x2, x3),
    minY: Math.min(y0, y1, y2, y3),
    maxX: Math.max(x0, x1, x2, x3),
    maxY: Math.max(y0, y1, y2, y3),
  };
}
