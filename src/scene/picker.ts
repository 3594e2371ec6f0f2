import type { DocumentStore } from "../doc/store";
import { apply, IDENTITY_MATRIX, invert, multiply, toMatrix, type Matrix } from "../doc/transform";
import { isContainer, isSceneNode, type DocRecord, type Id, type SceneNode } from "../doc/types";
import { maxScale } from "../geometry/affine";
import { flattenSubpaths, nearestOnSegment, type FlatSubpath } from "../geometry/bezier";
import { hitNode, nodeInsideRect, nodeIntersectsRect } from "../shapes/hitTest";
import { isFrame } from "../shapes/frame";
import { isInk, kindOf } from "../shapes/registry";

import { coveredBox, intersectBoxes, isMaskedGroup, localBounds } from "../shapes/bounds";
import type { SpatialSync } from "./spatialSync";
import type { Point } from "../math/point";
import type { Box } from "../math/box";
import { NODES_PER_STEP, runSteps } from "../doc/steps";

/** A node with its ancestors, top-level first, and each one's page matrix. */
interface Lineage {
  readonly nodes: readonly SceneNode[];
  readonly worlds: readonly Matrix[];
}

/** Deeper than any document the invariants allow; stops a walk on a broken parent cycle. */
const MAX_DEPTH = 100_000;

/** Sibling order as the store sorts it: fractional index, then id. */
function paintsAfter(a: SceneNode, b: SceneNode): boolean {
  if (a.index !== b.index) return a.index > b.index;
  return a.id > b.id;
}

/**
 * Whether `a` is drawn over `b`: where their ancestor chains part, the later sibling wins; a node
 * inside another is drawn over it (a frame's children over its fill).
 */
export function paintsOver(a: readonly SceneNode[], b: readonly SceneNode[]): boolean {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    if (a[i]!.id !== b[i]!.id) return paintsAfter(a[i]!, b[i]!);
  }
  return a.length > b.length;
}

/**
 * A world tolerance in a node's local units. Divided by the largest stretch of the matrix, so
 * the hit area never reaches further than `tolerance` on the page in any direction: what the
 * spatial index is asked about is then always enough.
 */
export function localTolerance(tolerance: number, world: Matrix): number {
  const scale = maxScale(world);
  return scale > 0 ? tolerance / scale : 0;
}

function isFinitePoint(p: Point): boolean {
  return Number.isFinite(p.x) && Number.isFinite(p.y);
}

function isBox(box: Box): boolean {
  // Written so that NaN fails too.
  return box.minX <= box.maxX && box.minY <= box.maxY;
}

/** Whether a local box, once transformed, lies in `outer`: its corners decide, a box being convex. */
function aabbInside(local: Box, m: Matrix, outer: Box): boolean {
  const xs = [local.minX, local.maxX];
  const ys = [local.minY, local.maxY];
  for (const x of xs) {
    for (const y of ys) {
      const px = m.a * x + m.c * y + m.e;
      const py = m.b * x + m.d * y + m.f;
      if (!(px >= outer.minX && px <= outer.maxX && py >= outer.minY && py <= outer.maxY))
        return false;
    }
  }
  return true;
}

/** Distance between segments p0–p1 and q0–q1 (0 when they cross). */
function segmentDistance(p0: Point, p1: Point, q0: Point, q1: Point): number {
  const cross = (o: Point, a: Point, b: Point): number =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const d1 = cross(q0, q1, p0);
  const d2 = cross(q0, q1, p1);
  const d3 = cross(p0, p1, q0);
  const d4 = cross(p0, p1, q1);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)))
    return 0;
  return Math.sqrt(
    Math.min(
      nearestOnSegment(p0, q0.x, q0.y, q1.x, q1.y).distanceSq,
      nearestOnSegment(p1, q0.x, q0.y, q1.x, q1.y).distanceSq,
      nearestOnSegment(q0, p0.x, p0.y, p1.x, p1.y).distanceSq,
      nearestOnSegment(q1, p0.x, p0.y, p1.x, p1.y).distanceSq,
    ),
  );
}

function distanceToPolylines(a: Point, b: Point, flat: readonly FlatSubpath[]): number {
  let best = Infinity;
  for (const { points, closed } of flat) {
    const n = points.length / 2;
    if (n === 1)
      best = Math.min(
        best,
        segmentDistance(a, b, { x: points[0]!, y: points[1]! }, { x: points[0]!, y: points[1]! }),
      );
    const edges = closed ? n : n - 1;
    for (let i = 0; i < edges && best > 0; i++) {
      const j = (i + 1) % n;
      const q0 = { x: points[i * 2]!, y: points[i * 2 + 1]! };
      const q1 = { x: points[j * 2]!, y: points[j * 2 + 1]! };
      best = Math.min(best, segmentDistance(a, b, q0, q1));
    }
  }
  return best;
}

/** The node's outline in local coordinates, text and images as their boxes. */
function outlineOf(node: SceneNode, tolerance: number): FlatSubpath[] {
  const subpaths = kindOf(node).marqueeOutline(node);
  return subpaths === null ? [] : flattenSubpaths(subpaths, Math.max(tolerance / 10, 1e-9));
}

/** How far a visible stroke reaches from the outline; freehand ink is its own outline. */
function strokeReach(node: SceneNode): number {
  if (isInk(node) || !("stroke" in node) || node.stroke.paint === null) return 0;
  return node.stroke.width / 2;
}

/**
 * The nodes a picker must read before it can skip them (see `Picker.unusual`), for the store
 * they were worked out from.
 */
export interface NodeClasses {
  readonly store: object;
  readonly unusual: Set<Id>;
}

/**
 * `NodeClasses` of every node of `store`, in steps of NODES_PER_STEP records, so a document of a
 * hundred thousand shapes opened from a file is classified over tasks before the task that shows
 * it: siblings arrive together, so each run of them reads its parent once instead of once a
 * node. `store` must not change meanwhile.
 */
export function* nodeClassesSteps(
  store: Pick<DocumentStore, "get" | "all">,
): Generator<void, NodeClasses, void> {
  const unusual = new Set<Id>();
  let parent: Id | null = null;
  let onPage = false;
  let walked = 0;
  for (const record of store.all()) {
    if (++walked % NODES_PER_STEP === 0) yield;
    if (!isSceneNode(record)) continue;
    if (record.parent !== parent) {
      parent = record.parent;
      onPage = store.get(parent)?.type === "page";
    }
    if (!onPage || record.hidden || record.locked || isContainer(record)) unusual.add(record.id);
  }
  return { store, unusual };
}

/**
 * What is where on the page the spatial index holds. Every query starts from the index's
 * candidates and never walks the document; each candidate is then tested exactly in its own
 * coordinates. Hidden and locked nodes, and everything inside hidden or locked containers, are
 * never found.
 */
export class Picker implements ScenePicker {
  /**
   * Ids of nodes that are not a plain shape straight on a page: hidden, locked, containers, and
   * everything inside a container. Kept from commit patches (one node's own record decides), so
   * a marquee over a whole page of plain shapes reads no records for the shapes inside it.
   */
  private readonly unusual: Set<Id>;
  private readonly unsubscribe: () => void;

  /** `prepared`: `nodeClassesSteps` of this store, worked out before; else it is done here. */
  constructor(
    private readonly store: Pick<DocumentStore, "get" | "childrenOf" | "all" | "subscribe">,
    private readonly spatial: Pick<SpatialSync, "queryRect">,
    commits: Pick<DocumentStore, "subscribe"> = store,
    prepared: NodeClasses | null = null,
  ) {
    this.unusual =
      prepared !== null && prepared.store === store
        ? prepared.unusual
        : runSteps(nodeClassesSteps(store)).unusual;
    this.unsubscribe = commits.subscribe((commit) => {
      for (const { id, after } of commit.patch.changes) this.classify(id, after);
    });
  }

  dispose(): void {
    this.unsubscribe();
  }

  private classify(id: Id, after: DocRecord | null): void {
    const record = after ?? undefined;
    const plain =
      isSceneNode(record) &&
      !record.hidden &&
      !record.locked &&
      !isContainer(record) &&
      this.store.get(record.parent)?.type === "page";
    if (plain) this.unusual.delete(id);
    else if (isSceneNode(record)) this.unusual.add(id);
    else this.unusual.delete(id);
  }

  pick(
    world: Point,
    tolerance: number,
    options: {
      deep?: boolean;
      scope?: Id;
      intoFrames?: boolean;
      exclude?: ReadonlySet<Id>;
    } = {},
  ): Id | null {
    if (!isFinitePoint(world)) return null;
    const tol = Number.isFinite(tolerance) && tolerance > 0 ? tolerance : 0;
    const around = {
      minX: world.x - tol,
      minY: world.y - tol,
      maxX: world.x + tol,
      maxY: world.y + tol,
    };
    let best: Lineage | null = null;
    for (const id of this.spatial.queryRect(around)) {
      const lineage = this.lineage(id);
      // Order first: the exact test is the expensive part, and only a node above the best counts.
      if (lineage === null || (best !== null && !paintsOver(lineage.nodes, best.nodes))) continue;
      if (options.exclude?.has(id)) continue;
      if (this.hits(lineage, world, tol)) best = lineage;
    }
    if (best === null) return null;
    if (options.deep) return best.nodes.at(-1)!.id;
    let level = this.targetLevel(best.nodes, options.scope) ?? 0;
    // Frames are artboards, not groups: a click goes through them to what they hold.
    if (options.intoFrames) {
      while (level < best.nodes.length - 1 && isFrame(best.nodes[level])) level++;
    }
    return best.nodes[level]!.id;
  }

  frameAt(world: Point, options: { scope?: Id; exclude?: ReadonlySet<Id> } = {}): Id | null {
    if (!isFinitePoint(world)) return null;
    const scope = options.scope;
    const scoped = scope !== undefined && isSceneNode(this.store.get(scope));
    const exclude = options.exclude;
    let best: Lineage | null = null;
    const at = { minX: world.x, minY: world.y, maxX: world.x, maxY: world.y };
    for (const id of this.spatial.queryRect(at)) {
      // Containers are always "unusual", so a plain shape on the page is skipped unread.
      if (!this.unusual.has(id)) continue;
      const node = this.store.get(id);
      if (!isFrame(node)) continue;
      const lineage = this.lineage(id);
      if (lineage === null || (best !== null && !paintsOver(lineage.nodes, best.nodes))) continue;
      if (options.exclude?.has(id)) continue;
      if (exclude !== undefined && lineage.nodes.some((n) => exclude.has(n.id))) continue;
      if (scoped && !lineage.nodes.slice(0, -1).some((n) => n.id === scope)) continue;
      if (this.insideFrames(lineage, world)) best = lineage;
    }
    return best?.nodes.at(-1)!.id ?? null;
  }

  /** Whether the point is inside the lineage's last node, a frame, and every clip above it. */
  private insideFrames(lineage: Lineage, world: Point): boolean {
    const { nodes, worlds } = lineage;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const last = i === nodes.length - 1;
      if (!isFrame(node) || !(last || node.clip)) continue;
      const toLocal = invert(worlds[i]!);
      if (toLocal === null) return false;
      const local = apply(toLocal, world);
      if (!(local.x >= 0 && local.y >= 0 && local.x <= node.width && local.y <= node.height))
        return false;
    }
    return true;
  }

  marquee(box: Box, options: { contained?: boolean; scope?: Id } = {}): Id[] {
    if (!isBox(box)) return [];
    const contained = options.contained ?? false;
    const pageScope = options.scope === undefined || !isSceneNode(this.store.get(options.scope));
    // Index boxes are conservative, so one that does not meet the marquee's outline lies wholly
    // inside it: that node touches and is contained with no exact test. Only the few along the
    // outline are tested exactly, which keeps a marquee over the whole page cheap.
    const onOutline = this.crossingOutline(box);
    // A target (direct child of the scope) is decided once: by its first qualifying leaf when
    // touching, by its whole content when contained.
    const decided = new Map<Id, boolean>();
    const selected: Id[] = [];
    // Empty sets are common (flat pages, marquees inside the shapes' extent): skip their lookups.
    const anyOnOutline = onOutline.size > 0;
    const anyUnusual = this.unusual.size > 0;
    for (const id of this.spatial.queryRect(box)) {
      const inside = !(anyOnOutline && onOutline.has(id));
      if (!(anyUnusual && this.unusual.has(id))) {
        // The common case, a visible unlocked shape straight on the page: its own target.
        if (pageScope && (inside || this.plainQualifies(id, box, contained))) selected.push(id);
        continue;
      }
      const lineage = this.lineage(id);
      if (lineage === null || !this.visibleFor(lineage, box)) continue;
      const level = this.targetLevel(lineage.nodes, options.scope);
      if (level === null) continue;
      const target = lineage.nodes[level]!;
      if (decided.get(target.id) === true || (contained && decided.has(target.id))) continue;
      let qualifies: boolean;
      if (contained && isContainer(target))
        qualifies = this.contentInside(target, lineage.worlds[level]!, box);
      else
        qualifies =
          inside ||
          this.leafQualifies(lineage.nodes.at(-1)!, lineage.worlds.at(-1)!, box, contained);
      if (contained || qualifies) decided.set(target.id, qualifies);
      if (qualifies) selected.push(target.id);
    }
    return selected;
  }

  /** Ids whose index boxes meet the outline of `box` (its four edges). */
  private crossingOutline(box: Box): Set<Id> {
    const { minX, minY, maxX, maxY } = box;
    const edges: Box[] = [
      { minX, minY, maxX, maxY: minY },
      { minX, minY: maxY, maxX, maxY },
      { minX, minY, maxX: minX, maxY },
      { minX: maxX, minY, maxX, maxY },
    ];
    const ids = new Set<Id>();
    for (const edge of edges) for (const id of this.spatial.queryRect(edge)) ids.add(id);
    return ids;
  }

  touching(a: Point, b: Point, tolerance: number): Id[] {
    if (!isFinitePoint(a) || !isFinitePoint(b)) return [];
    const tol = Number.isFinite(tolerance) && tolerance > 0 ? tolerance : 0;
    const region = {
      minX: Math.min(a.x, b.x) - tol,
      minY: Math.min(a.y, b.y) - tol,
      maxX: Math.max(a.x, b.x) + tol,
      maxY: Math.max(a.y, b.y) + tol,
    };
    const hits: Id[] = [];
    for (const id of this.spatial.queryRect(region)) {
      const lineage = this.lineage(id);
      const node = lineage?.nodes.at(-1);
      if (lineage === undefined || lineage === null || node === undefined || isContainer(node))
        continue;
      if (!this.visibleFor(lineage, region)) continue;
      const world = lineage.worlds.at(-1)!;
      const toLocal = invert(world);
      if (toLocal === null) continue;
      const la = apply(toLocal, a);
      const lb = apply(toLocal, b);
      const local = localTolerance(tol, world);
      // Ends inside a fill count; otherwise the stroke must pass within reach of the outline.
      const hit =
        hitNode(node, la, local) !== null ||
        hitNode(node, lb, local) !== null ||
        distanceToPolylines(la, lb, outlineOf(node, local)) <= local + strokeReach(node);
      if (hit) hits.push(node.id);
    }
    return hits;
  }

  /**
   * The node and its ancestors up to the page, with page matrices; null when it or any
   * ancestor is hidden or locked, or it is not a scene node.
   */
  private lineage(id: Id): Lineage | null {
    const node = this.store.get(id);
    if (!isSceneNode(node) || node.hidden || node.locked) return null;
    const nodes: SceneNode[] = [node];
    let parent = this.store.get(node.parent);
    for (let depth = 0; isSceneNode(parent); depth++) {
      if (parent.hidden || parent.locked || depth > MAX_DEPTH) return null;
      nodes.push(parent);
      parent = this.store.get(parent.parent);
    }
    nodes.reverse();
    const worlds: Matrix[] = [];
    let world: Matrix | null = null;
    for (const n of nodes) {
      world = world === null ? toMatrix(n.transform) : multiply(world, toMatrix(n.transform));
      worlds.push(world);
    }
    return { nodes, worlds };
  }

  /**
   * Where in a lineage the selectable target is: the direct child of `scope` when the node is
   * inside it; the top-level node when there is no scope or the scope is the page. Null when the
   * node is outside the scope or is the scope itself.
   */
  private targetLevel(nodes: readonly SceneNode[], scope: Id | undefined): number | null {
    if (scope === undefined || !isSceneNode(this.store.get(scope))) return 0;
    const at = nodes.findIndex((n) => n.id === scope);
    return at >= 0 && at < nodes.length - 1 ? at + 1 : null;
  }

  /** The exact test: clipping frames above the node, then the node's own fill and stroke. */
  private hits(lineage: Lineage, world: Point, tolerance: number): boolean {
    const { nodes, worlds } = lineage;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      const toLocal = invert(worlds[i]!);
      if (toLocal === null) return false;
      const local = apply(toLocal, world);
      if (i === nodes.length - 1)
        return hitNode(node, local, localTolerance(tolerance, worlds[i]!)) !== null;
      // A mask is not drawn, and hides what lies outside its drawing.
      if (isMaskedGroup(node)) {
        const [mask] = this.store.childrenOf(node.id);
        if (mask === undefined || mask.id === nodes[i + 1]!.id) return false;
        if (!this.drawsAt(mask, multiply(worlds[i]!, toMatrix(mask.transform)), world))
          return false;
      }
      // A clipping frame hides what lies outside it, so nothing there can be picked.
      if (isFrame(node) && node.clip) {
        if (local.x < 0 || local.y < 0 || local.x > node.width || local.y > node.height)
          return false;
      }
    }
    return false;
  }

  /**
   * Whether a node (under page matrix `m`) draws at a page point: on one of its shapes' areas or
   * outlines (a closed outline counts as its area, filled or not), a masked group only where its
   * own mask does too. What a mask lets show, as exactly as picking tests shapes.
   */
  private drawsAt(node: SceneNode, m: Matrix, world: Point, depth = 0): boolean {
    if (node.hidden || depth > 256) return false;
    const toLocal = invert(m);
    if (toLocal === null) return false;
    if (hitNode(node, apply(toLocal, world), 0) !== null) return true;
    if (!isContainer(node)) return false;
    let children = this.store.childrenOf(node.id);
    if (isMaskedGroup(node)) {
      const [mask, ...rest] = children;
      if (mask === undefined) return false;
      if (!this.drawsAt(mask, multiply(m, toMatrix(mask.transform)), world, depth + 1))
        return false;
      children = rest;
    }
    return children.some((child) =>
      this.drawsAt(child, multiply(m, toMatrix(child.transform)), world, depth + 1),
    );
  }

  /**
   * Whether the lineage's last node can be seen for a marquee over `box`: not inside a mask
   * (which is not drawn), and meeting the box where every masked group above it shows.
   */
  private visibleFor(lineage: Lineage, box: Box): boolean {
    const { nodes, worlds } = lineage;
    for (let i = 0; i < nodes.length - 1; i++) {
      const node = nodes[i]!;
      if (!isMaskedGroup(node)) continue;
      if (this.store.childrenOf(node.id)[0]?.id === nodes[i + 1]!.id) return false;
      if (intersectBoxes(coveredBox(this.store, node, worlds[i]!), box) === null) return false;
    }
    return true;
  }

  private plainQualifies(id: Id, box: Box, contained: boolean): boolean {
    const node = this.store.get(id);
    return isSceneNode(node) && this.leafQualifies(node, toMatrix(node.transform), box, contained);
  }

  /** The exact marquee test of one node: touching, or wholly inside when `contained`. */
  private leafQualifies(node: SceneNode, world: Matrix, box: Box, contained: boolean): boolean {
    const local = localBounds(node);
    // Wholly inside the box by its conservative bounds is both: no outline needed.
    if (local !== null && aabbInside(local, world, box)) return true;
    return contained ? nodeInsideRect(node, world, box) : nodeIntersectsRect(node, world, box);
  }

  /**
   * Whether everything visible in a container lies in the box: its own outline (frames) and
   * every visible descendant's, locked ones included, since selecting the container takes them.
   */
  private contentInside(container: SceneNode, world: Matrix, box: Box): boolean {
    let any = false;
    const stack: Array<{ node: SceneNode; world: Matrix }> = [{ node: container, world }];
    while (stack.length > 0) {
      const { node, world: m } = stack.pop()!;
      if (isMaskedGroup(node)) {
        // Only what its mask lets show counts.
        const shown = coveredBox(this.store, node, m);
        if (shown === null) continue;
        if (!aabbInside(shown, IDENTITY_MATRIX, box)) return false;
        any = true;
        continue;
      }
      // A group is only what it holds; a frame is also its own box.
      if (kindOf(node).marqueeOutline(node) !== null) {
        if (!this.leafQualifies(node, m, box, true)) return false;
        any = true;
      }
      if (!isContainer(node)) continue;
      for (const child of this.store.childrenOf(node.id)) {
        if (!child.hidden)
          stack.push({ node: child, world: multiply(m, toMatrix(child.transform)) });
      }
    }
    return any;
  }
}

/** Questions about what is where on the current page, answered from the spatial index. */
export interface ScenePicker {
  /**
   * The topmost visible, unlocked node under a world point, within `tolerance` world units.
   * `deep` returns the leaf itself; otherwise the ancestor that is a direct child of `scope`
   * (the page, or the group the user has entered).
   */
  pick(
    world: Point,
    tolerance: number,
    options?: {
      deep?: boolean;
      scope?: Id;
      /** Past frames to what they hold, as in Figma: a frame is picked only on its own area. */
      intoFrames?: boolean;
      /** Leaves that are looked through, as if they were not there. */
      exclude?: ReadonlySet<Id>;
    },
  ): Id | null;
  /**
   * The innermost (topmost) visible, unlocked frame whose area holds the world point, inside
   * `scope` when it is a frame or group, and not one of `exclude` nor inside one of them.
   */
  frameAt(world: Point, options?: { scope?: Id; exclude?: ReadonlySet<Id> }): Id | null;
  /** Every node touching the box (or fully inside it when `contained`), as selection targets. */
  marquee(box: Box, options?: { contained?: boolean; scope?: Id }): Id[];
  /** Leaf shapes whose outline is within `tolerance` of the segment a→b (the eraser). */
  touching(a: Point, b: Point, tolerance: number): Id[];
}
