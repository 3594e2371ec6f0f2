import libtess from "libtess";
import type { FillRule } from "../../doc/types";

/**
 * Past this many vertices the tessellator is not run and the outlines are filled as if simple.
 * Its cost grows with the crossings as well as the vertices: an outline of 10,000 points
 * crossing itself every few dozen segments took about 45 ms, one of 40,000 over two seconds,
 * and a path is re-tessellated whenever its chunk is rebuilt.
 */
export const MAX_TESSELLATED_VERTICES = 10_000;

/** libtess refuses coordinates beyond this (GLU_TESS_MAX_COORD); such outlines are not run. */
const MAX_TESSELLATED_COORD = 1e150;

/** What to ask the tessellator for. */
export type TessellationOutput = "boundaries" | "triangles";

type Vertex = [number, number, number];

/**
 * Runs the GLU tessellator over closed outlines (local x, y pairs; finite) under a fill rule.
 * `boundaries`: simple, non-crossing outlines of the filled area, the outer ones
 * counter-clockwise (positive signed area) and those of holes clockwise. `triangles`: one flat
 * x, y list per triangle of the filled area. Returns null when the input is past the limits or
 * the tessellator gives up, so the caller can fall back.
 */
export function tessellate(
  outlines: readonly (readonly number[])[],
  rule: FillRule,
  output: TessellationOutput,
): number[][] | null {
  let vertices = 0;
  for (const points of outlines) vertices += points.length >> 1;
  if (vertices > MAX_TESSELLATED_VERTICES) return null;
  const grid = snapGrid(outlines);
  if (grid === null) return null;

  const { GluTesselator, gluEnum, windingRule, primitiveType } = libtess;
  const tess = new GluTesselator();
  const pieces: number[][] = [];
  let current: number[] = [];
  let failed = false;
  tess.gluTessCallback(gluEnum.GLU_TESS_BEGIN, (type: number) => {
    // Boundaries come as line loops, triangles as plain triangle lists (libtess makes no fans).
    failed ||=
      type !== (output === "boundaries" ? primitiveType.GL_LINE_LOOP : primitiveType.GL_TRIANGLES);
    current = [];
    pieces.push(current);
  });
  tess.gluTessCallback(gluEnum.GLU_TESS_VERTEX_DATA, (data: Vertex) => {
    current.push(grid.x + data[0] * grid.step, grid.y + data[1] * grid.step);
  });
  tess.gluTessCallback(gluEnum.GLU_TESS_END, () => undefined);
  tess.gluTessCallback(gluEnum.GLU_TESS_ERROR, () => {
    failed = true;
  });
  // Where edges cross, the new vertex is just the crossing point (no attributes to blend), on the
  // grid like every other point: the outlines given back, tessellated again, give back the same
  // points.
  tess.gluTessCallback(gluEnum.GLU_TESS_COMBINE, (coords: Vertex): Vertex => [
    Math.round(coords[0]),
    Math.round(coords[1]),
    0,
  ]);
  tess.gluTessProperty(
    gluEnum.GLU_TESS_WINDING_RULE,
    rule === "evenodd" ? windingRule.GLU_TESS_WINDING_ODD : windingRule.GLU_TESS_WINDING_NONZERO,
  );
  tess.gluTessProperty(gluEnum.GLU_TESS_BOUNDARY_ONLY, output === "boundaries");
  // Orientation is judged against +z, so "counter-clockwise" means positive signed area.
  tess.gluTessNormal(0, 0, 1);
  try {
    tess.gluTessBeginPolygon(null);
    for (const points of outlines) {
      tess.gluTessBeginContour();
      for (let i = 0; i + 1 < points.length; i += 2) {
        const vertex: Vertex = [
          Math.round((points[i]! - grid.x) / grid.step),
          Math.round((points[i + 1]! - grid.y) / grid.step),
          0,
        ];
        tess.gluTessVertex(vertex, vertex);
      }
      tess.gluTessEndContour();
    }
    tess.gluTessEndPolygon();
  } catch {
    // The port throws rather than reports on some input (non-finite coordinates, which callers
    // drop first, are one); a failed resolution falls back instead of breaking the frame.
    return null;
  }
  if (failed) return null;
  if (output === "triangles") return splitTriangles(pieces);
  return pieces.filter((piece) => piece.length >= 6);
}

/**
 * The tessellator works on a grid of 2^24 steps across the outlines' box: it misplaces the
 * crossing points of slivers thinner than rounding (seen with points 1e-20 apart on a unit
 * outline), and on the grid a sliver is either gone or at least a step wide. Grid coordinates
 * also keep its products exact. At the deepest zoom (256×), a step is under 1/16 of a screen
 * pixel for outlines up to 4,096 units across.
 */
const GRID_STEPS = 2 ** 24;

/** The grid's origin (a multiple of its step) and step (a power of two), or null past the limits. */
function snapGrid(
  outlines: readonly (readonly number[])[],
): { x: number; y: number; step: number } | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const points of outlines)
    for (let i = 0; i + 1 < points.length; i += 2) {
      const x = points[i]!;
      const y = points[i + 1]!;
      if (!(Math.abs(x) < MAX_TESSELLATED_COORD && Math.abs(y) < MAX_TESSELLATED_COORD))
        return null;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
  const extent = Math.max(maxX - minX, maxY - minY);
  if (!(extent > 0) || !Number.isFinite(extent)) return null;
  const step = 2 ** Math.ceil(Math.log2(extent / GRID_STEPS));
  if (!(step > 0) || !Number.isFinite(step)) return null;
  return { x: Math.floor(minX / step) * step, y: Math.floor(minY / step) * step, step };
}

/** The tessellator's triangle lists cut into one piece per triangle. */
function splitTriangles(lists: readonly number[][]): number[][] {
  const triangles: number[][] = [];
  for (const list of lists)
    for (let i = 0; i + 5 < list.length; i += 6) triangles.push(list.slice(i, i + 6));
  return triangles;
}
