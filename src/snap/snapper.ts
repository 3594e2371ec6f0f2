import type { DocumentStore } from "../doc/store";
import type { Id } from "../doc/types";

import type { Guide } from "../render/overlays/overlays";

import type { SpatialSync } from "../scene/spatialSync";
import type { SnapSettings } from "../editing/settings";
import { alignmentGuides } from "./alignment";
import {
  crossSpan,
  mainSpan,
  nearestAlignment,
  nearestGridLine,
  overlaps,
  type Axis,
} from "./axis";
import { nearestSpacing, spacingGuides, type AxisBox } from "./spacing";
import { SnapTargets } from "./targets";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

export interface SnapperOptions {
  readonly store: Pick<DocumentStore, "get" | "childrenOf">;
  readonly spatial: Pick<SpatialSync, "queryRect">;
  readonly settings: () => { readonly snap: SnapSettings; readonly gridSize: number };
  /** Screen pixels per world unit now: the tolerance is in pixels, whatever the zoom. */
  readonly zoom: () => number;
  /** The visible part of the page (world coordinates): alignment reaches across it, no further. */
  readonly view: () => Box;
}

/** The most candidates one strip may bring: one snap stays within a frame's budget. */
const MAX_TARGETS = 1024;
/** How far past the moving box a strip reaches first, in tolerances (so, in screen pixels). */
const NEIGHBOURHOOD = 8;
/** A neighbourhood with this many shapes is enough to snap to: no need to look further. */
const DENSE = 128;

const NO_SNAP = { dx: 0, dy: 0, guides: [] as readonly Guide[] };

function isFiniteBox(box: Box): boolean {
  return (
    Number.isFinite(box.minX) &&
    Number.isFinite(box.minY) &&
    Number.isFinite(box.maxX) &&
    Number.isFinite(box.maxY) &&
    box.minX <= box.maxX &&
    box.minY <= box.maxY
  );
}

function offsetBox(box: Box, dx: number, dy: number): Box {
  return { minX: box.minX + dx, minY: box.minY + dy, maxX: box.maxX + dx, maxY: box.maxY + dy };
}

function axisBox(box: Box, axis: Axis): AxisBox {
  return { main: mainSpan(box, axis), cross: crossSpan(box, axis) };
}

/** Targets beside the moving box on one axis: they share its row (or column). */
function rowOf(moving: Box, targets: readonly Box[], axis: Axis): AxisBox[] {
  const cross = crossSpan(moving, axis);
  const row: AxisBox[] = [];
  for (const target of targets) {
    const box = axisBox(target, axis);
    if (overlaps(box.cross, cross)) row.push(box);
  }
  return row;
}

/** The smaller of two candidate offsets; the first wins ties (objects before spacing before grid). */
function closer(best: number | null, candidate: number | null): number | null {
  if (candidate === null) return best;
  if (best === null || Math.abs(candidate) < Math.abs(best)) return candidate;
  return best;
}

/**
 * Snaps moving boxes and points to other shapes' edges, centres and edge midpoints, to equal
 * spacing between neighbours, and to the grid, each axis on its own. Candidates come from the
 * spatial index, in two strips through the moving box across the visible page: a column (what
 * can line up along x) and a row (what can line up along y, and the horizontal neighbours).
 */
export class SceneSnapper implements Snapper {
  private readonly targets: SnapTargets;

  constructor(private readonly options: SnapperOptions) {
    this.targets = new SnapTargets(options.store, options.spatial);
  }

  /** The snap distance in world units. */
  tolerance(): number {
    const zoom = this.options.zoom();
    const px = this.options.settings().snap.tolerancePx;
    if (!(zoom > 0) || !Number.isFinite(zoom) || !(px > 0)) return 0;
    return px / zoom;
  }

  snapBox(
    box: Box,
    ignore: ReadonlySet<Id>,
  ): { readonly dx: number; readonly dy: number; readonly guides: readonly Guide[] } {
    return this.snap(box, ignore, true);
  }

  snapPoint(point: Point, ignore: ReadonlySet<Id>): SnapResult {
    const box = { minX: point.x, minY: point.y, maxX: point.x, maxY: point.y };
    // Equal spacing is about boxes; a point lines up with shapes and the grid only.
    const { dx, dy, guides } = this.snap(box, ignore, false);
    return { point: { x: point.x + dx, y: point.y + dy }, guides };
  }

  private snap(
    box: Box,
    ignore: ReadonlySet<Id>,
    spacingApplies: boolean,
  ): { readonly dx: number; readonly dy: number; readonly guides: readonly Guide[] } {
    if (!isFiniteBox(box)) return NO_SNAP;
    const { snap: toggles, gridSize } = this.options.settings();
    const objects = toggles.objects;
    const spacing = toggles.spacing && spacingApplies;
    const tolerance = this.tolerance();
    if (tolerance === 0 || !(objects || spacing || toggles.grid)) return NO_SNAP;
    const known = new Map<Id, Box | null>();
    const wantsShapes = objects || spacing;
    const column = wantsShapes ? this.strip(box, "x", tolerance, ignore, known) : [];
    const row = wantsShapes ? this.strip(box, "y", tolerance, ignore, known) : [];

    const offset = (axis: Axis, aligned: readonly Box[], beside: readonly Box[]): number => {
      const moving = mainSpan(box, axis);
      let best: number | null = null;
      if (objects) {
        const spans = aligned.map((b) => mainSpan(b, axis));
        best = closer(best, nearestAlignment(moving, spans, tolerance));
      }
      if (spacing) best = closer(best, nearestSpacing(moving, rowOf(box, beside, axis), tolerance));
      if (toggles.grid) best = closer(best, nearestGridLine(moving, gridSize, tolerance));
      return best ?? 0;
    };
    const dx = offset("x", column, row);
    const dy = offset("y", row, column);

    // Guides explain the final position, so each is drawn with both offsets applied.
    const snapped = offsetBox(box, dx, dy);
    const epsilon = tolerance * 1e-3;
    const guides: Guide[] = [];
    if (objects) {
      guides.push(...alignmentGuides("x", snapped, column, epsilon));
      guides.push(...alignmentGuides("y", snapped, row, epsilon));
    }
    if (spacing) {
      const x = spacingGuides("x", axisBox(snapped, "x"), rowOf(snapped, row, "x"), epsilon);
      const y = spacingGuides("y", axisBox(snapped, "y"), rowOf(snapped, column, "y"), epsilon);
      guides.push(...x, ...y);
    }
    return { dx, dy, guides };
  }

  /**
   * Targets in the strip through the moving box along `axis`'s cross direction: for "x" the
   * column above and below it, for "y" the row left and right of it, as wide as the box plus the
   * tolerance. The strip first reaches a little way past the box and grows fourfold while it
   * finds few shapes, up to the whole view: a sparse view lines up with anything in it, a
   * crowded one with what is nearest, and neither brings more than `MAX_TARGETS`.
   */
  private strip(
    box: Box,
    axis: Axis,
    tolerance: number,
    ignore: ReadonlySet<Id>,
    known: Map<Id, Box | null>,
  ): Box[] {
    const given = this.options.view();
    // A broken view (before the first layout, say) must not become a broken index query.
    const view = isFiniteBox(given) ? given : box;
    const [lo, hi] = axis === "x" ? [box.minY, box.maxY] : [box.minX, box.maxX];
    const [viewLo, viewHi] = axis === "x" ? [view.minY, view.maxY] : [view.minX, view.maxX];
    const region = (reach: number): Box => {
      const from = Math.max(lo - reach, Math.min(lo - tolerance, viewLo));
      const to = Math.min(hi + reach, Math.max(hi + tolerance, viewHi));
      return axis === "x"
        ? { minX: box.minX - tolerance, maxX: box.maxX + tolerance, minY: from, maxY: to }
        : { minX: from, maxX: to, minY: box.minY - tolerance, maxY: box.maxY + tolerance };
    };
    const first = NEIGHBOURHOOD * tolerance;
    let found = this.targets.in(region(first), ignore, known, MAX_TARGETS);
    // Crowded right by the box: what lies within the tolerance is all that can snap anyway.
    if (found === null) return this.targets.in(region(tolerance), ignore, known, MAX_TARGETS) ?? [];
    const viewReach = Math.max(lo - viewLo, viewHi - hi);
    for (let reach = first; found.length < DENSE && reach < viewReach;) {
      reach *= 4;
      const wider = this.targets.in(region(reach), ignore, known, MAX_TARGETS);
      if (wider === null) break;
      found = wider;
    }
    return found;
  }
}

/** A snapped point and the guides that explain it. */
export interface SnapResult {
  readonly point: Point;
  readonly guides: readonly Guide[];
}

export interface Snapper {
  /**
   * Snaps a moving box (world coordinates) by the offset that brings its edges, centre or
   * corners onto the grid or other shapes' edges, centres and midpoints. `ignore` is what moves.
   */
  snapBox(
    box: Box,
    ignore: ReadonlySet<Id>,
  ): { readonly dx: number; readonly dy: number; readonly guides: readonly Guide[] };
  /** Snaps one point (a corner being drawn, a path node). */
  snapPoint(point: Point, ignore: ReadonlySet<Id>): SnapResult;
}
