import "pixi.js/advanced-blend-modes";
import { Container, type Geometry, type Mesh, type Shader } from "pixi.js";
import type { DocumentStore, Commit } from "../doc/store";
import { worldMatrix } from "../doc/commands";
import { toMatrix } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { dependsOnZoom, encodeNode, isBatchable, type Detail } from "./batch/encode";
import { createBatchMesh } from "./batch/chunkMesh";
import { BatchWriter } from "./batch/writer";
import { UNITS_PER_SEGMENT } from "./dash";
import {
  applyCommon,
  batchDisplay,
  createDisplay,
  type Display,
  type DrawContext,
} from "./displays";
import { ShapeRanges } from "./shapeRanges";

/**
 * A vector shape inside a group or frame of at most this many children gets a batch mesh of its
 * own, anti-aliased like the chunks; in bigger containers (an imported SVG of thousands of paths)
 * one mesh and draw call per shape would cost far more than PixiJS's batched Graphics, which
 * they keep, drawn without anti-aliasing until containers are chunked like pages.
 */
export const MAX_NESTED_BATCHES = 256;

/** Top-level nodes per chunk when a page is laid out; an edit rebuilds at most one chunk. */
export const CHUNK_SIZE = 1024;

export interface SceneRendererOptions {
  /** Top-level nodes per chunk: a run of consecutive siblings drawn as one render group. */
  readonly chunkSize?: number;
  /**
   * Build no chunk until the first cull says which are near the view, so showing a page costs
   * the same whatever it holds. Without it everything is drawn until a cull.
   */
  readonly lazy?: boolean;
}

/**
 * A run of consecutive top-level siblings: one render group holding, in the document's order,
 * one batch mesh per stretch of batchable shapes and the display objects of the others.
 */
interface Chunk {
  readonly group: Container;
  ids: Id[];
  /** Whether `group` holds what `ids` draw (false until first in view, and after an edit). */
  built: boolean;
  /** Whether it holds geometry built for a zoom, so a new zoom bucket rebuilds it. */
  zoomed: boolean;
  /** The detail it was built with. */
  detail: Detail;
  /** Pixels per unit of its texture cache, 0 while it draws its meshes live. */
  cached: number;
  /**
   * Whether it holds batches only. Display objects change on their own (images decode, text
   * rasterises, nested nodes are edited in place), so chunks with any are never cached.
   */
  batchesOnly: boolean;
  /** Its batch meshes, each with where its shapes' triangles are. */
  batches: Batch[];
  /** The cull its batches' index lists were last cut for; -1 when they must be cut again. */
  cutFor: number;
}

/** A batch mesh and the pristine index list its drawn one is cut from. */
interface Batch {
  readonly mesh: Mesh<Geometry, Shader>;
  readonly full: Uint32Array;
  readonly ranges: ShapeRanges;
  /** How many of its shapes it draws. */
  kept: number;
}

/** Which top-level nodes the last cull found near the view. */
type InView = Set<Id> | "all" | "none";

function isContainerNode(node: SceneNode): boolean {
  return node.type === "group" || node.type === "frame";
}

/**
 * Geometry is built for the zoom bucket (a power of two) nearest the camera's: curves cut into
 * segments of about 4 screen pixels, strokes thinner than a pixel or so drawn without joins.
 */
export function detailForZoom(zoom: number): Detail {
  const bucket = Math.pow(2, Math.round(Math.log2(Math.max(zoom, 1e-6))));
  const clamped = Math.min(256, Math.max(1 / 64, bucket));
  return { step: UNITS_PER_SEGMENT / Math.max(0.25, clamped), pixelsPerUnit: clamped };
}

/**
 * A new zoom bucket rebuilds drawn chunks only once the zoom has rested this long, so a zoom
 * gesture draws what was built and pays for rebuilding once, at the end.
 */
export const ZOOM_SETTLE_MS = 200;

/**
 * At or below this zoom bucket a drawn chunk is drawn from a texture of itself: zoomed far out
 * thousands of tiny shapes cost the software rasteriser far more than one textured quad per
 * chunk, and they change only when edited. Textures stay within `MAX_CACHE_TEXTURE_PX`.
 */
export const TEXTURE_CACHE_MAX_ZOOM = 0.25;
const MAX_CACHE_TEXTURE_PX = 4096;

/**
 * The document drawn as a retained PixiJS scene, built once per page and then updated from each
 * commit's patch: only the records a commit changed are redrawn; nothing is rebuilt per frame.
 *
 * Pixi rebuilds a whole render group when anything inside it changes, so a page's top-level
 * nodes live in chunks: runs of consecutive siblings, each its own render group inside the
 * camera's, which keeps back-to-front order across chunks. Inside a chunk, solid-painted vector
 * shapes are written straight into typed arrays and drawn by one mesh with a shader of our own
 * (analytic anti-aliasing for boxes and ellipses, flat triangles for the rest); only shapes that
 * need more (gradients, blend modes, text, images, freehand, groups and frames) keep a display
 * object, in their place in the run. Chunks are built when first near the view and rebuilt
 * after an edit of one of their nodes; culling hides whole chunks.
 */
export class SceneRenderer {
  /** The camera's render group: one transform for pan and zoom. */
  readonly world = new Container({ label: "world", isRenderGroup: true });
  /** Display objects of nested nodes and of top-level nodes no batch can draw. */
  private readonly displays = new Map<Id, Display>();
  private page: Id | null = null;
  private serial = 0;
  private chunks: Chunk[] = [];
  private readonly chunkOf = new Map<Id, Chunk>();
  private chunkSerial = 0;
  /** Sibling keys of top-level nodes at the last layout, to tell a re-order from an edit. */
  private readonly placedIndex = new Map<Id, string>();
  private readonly chunkSize: number;
  private readonly lazy: boolean;
  private readonly writer = new BatchWriter();
  private detail: Detail = detailForZoom(1);
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private inView: InView;
  /** Bumped whenever `inView` changes, so chunks know when to cut their index lists again. */
  private cullSerial = 0;
  private builds = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DocumentStore,
    root: Container,
    private readonly invalidate: () => void,
    options: SceneRendererOptions = {},
  ) {
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? CHUNK_SIZE));
    this.lazy = options.lazy ?? false;
    this.inView = this.lazy ? "none" : "all";
    root.addChild(this.world);
    this.unsubscribe = store.subscribe((commit) => this.onCommit(commit));
  }

  get currentPage(): Id | null {
    return this.page;
  }

  /** Changes whenever a page is shown anew, even the same one: its index is rebuilt too. */
  get pageSerial(): number {
    return this.serial;
  }

  /** Shows a page: drops what was drawn and lays out the page's nodes (built when in view). */
  showPage(pageId: Id): void {
    for (const display of this.displays.values()) display.object.destroy({ children: false });
    this.displays.clear();
    this.world.removeChildren();
    for (const chunk of this.chunks) this.destroyChunk(chunk);
    this.chunks = [];
    this.chunkOf.clear();
    this.placedIndex.clear();
    this.page = pageId;
    this.serial += 1;
    this.inView = this.lazy ? "none" : "all";
    this.cullSerial += 1;
    // Nested nodes keep display objects of their own; only their holders wait for a chunk.
    const nested: Id[] = [];
    const stack: Id[] = [];
    for (const child of this.store.childrenOf(pageId)) {
      if (isContainerNode(child)) stack.push(child.id);
    }
    const holders = [...stack];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      for (const child of this.store.childrenOf(parent)) {
        nested.push(child.id);
        stack.push(child.id);
      }
    }
    this.sync([...holders, ...nested], true);
  }

  /** Nodes of the shown page the renderer draws, in batches or as display objects. */
  get displayedCount(): number {
    let nestedCount = 0;
    for (const id of this.displays.keys()) if (!this.chunkOf.has(id)) nestedCount += 1;
    return this.chunkOf.size + nestedCount;
  }

  /** The display object of a node that has one (nested nodes and unbatched top-level ones). */
  displayOf(id: Id): Container | null {
    return this.displays.get(id)?.object ?? null;
  }

  /** Top-level nodes on the page, and how many sit in chunks the last cull left drawn. */
  get cullStats(): { readonly topLevel: number; readonly drawn: number } {
    let drawn = 0;
    for (const chunk of this.chunks) if (!chunk.group.culled) drawn += chunk.ids.length;
    return { topLevel: this.chunkOf.size, drawn };
  }

  /**
   * Chunks of the page, how many are drawn, chunk builds so far, and how many batched shapes the
   * drawn chunks hand to the GPU (a drawn chunk draws only the shapes near the view).
   */
  get chunkStats(): {
    readonly chunks: number;
    readonly drawn: number;
    readonly builds: number;
    readonly batchedShapesDrawn: number;
  } {
    let drawn = 0;
    let batchedShapesDrawn = 0;
    for (const chunk of this.chunks) {
      if (chunk.group.culled) continue;
      drawn += 1;
      for (const batch of chunk.batches) batchedShapesDrawn += batch.kept;
    }
    return { chunks: this.chunks.length, drawn, builds: this.builds, batchedShapesDrawn };
  }

  /** Top-level node ids of each chunk, in drawing order. */
  chunkMembers(): Id[][] {
    return this.chunks.map((chunk) => [...chunk.ids]);
  }

  /** Whether the chunk holding top-level node `id` is drawn; null if `id` is not top-level. */
  isDrawn(id: Id): boolean | null {
    const chunk = this.chunkOf.get(id);
    return chunk === undefined ? null : !chunk.group.culled;
  }

  /**
   * Draws only the chunks holding the top-level nodes that `hits` (any nodes of the page, nested
   * ones included) lead to, building those not built yet, and culls the rest. Costs the size of
   * the hits plus the number of chunks; only chunks whose state changes are flipped.
   */
  cullTo(hits: Iterable<Id>): { readonly shown: number; readonly hidden: number } {
    const next = new Set<Id>();
    for (const id of hits) {
      const top = this.topLevelOf(id);
      if (top !== null && this.chunkOf.has(top)) next.add(top);
    }
    this.inView = next;
    this.cullSerial += 1;
    return this.applyCull();
  }

  /** Draws everything again, as before the first cull. */
  uncullAll(): void {
    this.inView = "all";
    this.cullSerial += 1;
    this.applyCull();
  }

  /**
   * Tells the renderer the camera's zoom. Chunks built from now on use its bucket's detail;
   * drawn chunks built for another bucket are rebuilt once the zoom settles, so curves stay
   * smooth zoomed in and thin strokes stay cheap zoomed out.
   */
  setZoom(zoom: number): void {
    const detail = detailForZoom(zoom);
    if (detail.pixelsPerUnit === this.detail.pixelsPerUnit) return;
    this.detail = detail;
    // Textures made for another zoom would blur or alias: draw live until the zoom settles.
    for (const chunk of this.chunks) {
      if (chunk.cached === 0) continue;
      chunk.group.cacheAsTexture(false);
      chunk.cached = 0;
    }
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (this.refreshDetail() > 0) this.invalidate();
    }, ZOOM_SETTLE_MS);
  }

  /** Rebuilds (or re-caches) drawn chunks built for another zoom bucket; returns how many. */
  refreshDetail(): number {
    let changed = 0;
    for (const [id, display] of this.displays) {
      if (!display.zoomDependent) continue;
      const node = this.store.get(id);
      if (isSceneNode(node) && (!isBatchable(node) || dependsOnZoom(node))) {
        display.draw(node, this.drawContext(id));
        changed += 1;
      }
    }
    for (const chunk of this.chunks) {
      if (!chunk.built) continue;
      if (chunk.zoomed && chunk.detail.pixelsPerUnit !== this.detail.pixelsPerUnit) {
        chunk.built = false;
        if (chunk.group.culled) {
          this.releaseBatches(chunk);
          continue;
        }
        this.build(chunk);
        changed += 1;
      } else if (this.updateCache(chunk)) changed += 1;
    }
    return changed;
  }

  /** Caches a drawn chunk as a texture at far zoom, or draws it live again; returns whether it did. */
  private updateCache(chunk: Chunk): boolean {
    const pixelsPerUnit = this.detail.pixelsPerUnit;
    let wanted = 0;
    // Not while a zoom is under way: rendering textures for a passing zoom costs frames.
    const settled = this.settleTimer === null;
    const cacheable = settled && chunk.built && chunk.batchesOnly && !chunk.group.culled;
    if (pixelsPerUnit <= TEXTURE_CACHE_MAX_ZOOM && cacheable) {
      const resolution = pixelsPerUnit * (globalThis.devicePixelRatio ?? 1);
      const bounds = chunk.group.getLocalBounds();
      const fits =
        bounds.width * resolution <= MAX_CACHE_TEXTURE_PX &&
        bounds.height * resolution <= MAX_CACHE_TEXTURE_PX;
      if (fits && bounds.width > 0 && bounds.height > 0) wanted = resolution;
    }
    // A rebuild drops the cache first (releaseBatches), so an unchanged state is up to date.
    if (wanted === chunk.cached) return false;
    chunk.group.cacheAsTexture(wanted === 0 ? false : { resolution: wanted, antialias: false });
    chunk.cached = wanted;
    chunk.cutFor = -1;
    this.cutToView(chunk);
    return true;
  }

  dispose(): void {
    this.unsubscribe();
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    for (const chunk of this.chunks) this.destroyChunk(chunk);
    this.chunks = [];
    this.chunkOf.clear();
    this.world.destroy({ children: true });
  }

  private onCommit(commit: Commit): void {
    if (this.page === null) return;
    if (this.store.get(this.page) === undefined) {
      const first = this.store.pages()[0];
      if (first) this.showPage(first.id);
      this.invalidate();
      return;
    }
    this.sync(
      commit.patch.changes.map((change) => change.id),
      false,
    );
    this.invalidate();
  }

  /**
   * Brings the scene in line with the store for `ids`: nested nodes get their display objects
   * created, redrawn, re-attached and re-ordered; a changed top-level node marks its chunk for
   * a rebuild; a new, removed or re-ordered top-level node lays the chunks out again.
   */
  private sync(ids: readonly Id[], layout: boolean): void {
    const touchedHosts = new Set<Id>();
    const attach: SceneNode[] = [];
    const stale = new Set<Chunk>();
    const changedTop: Id[] = [];
    let relayout = layout;
    for (const id of ids) {
      const node = this.store.get(id);
      const existing = this.displays.get(id);
      const oldChunk = this.chunkOf.get(id);
      if (oldChunk) stale.add(oldChunk);
      const onPage = isSceneNode(node) && this.store.pageOf(id)?.id === this.page;
      if (!onPage) {
        if (existing) {
          existing.object.destroy({ children: false });
          this.displays.delete(id);
        }
        if (oldChunk) relayout = true;
        continue;
      }
      const top = node.parent === this.page;
      if (top !== (oldChunk !== undefined)) relayout = true;
      else if (top && this.placedIndex.get(id) !== node.index) relayout = true;
      if (top) {
        changedTop.push(id);
        // Holders are built at once, so their children have somewhere to go; other unbatched
        // nodes wait for their chunk's build.
        if (isBatchable(node) || (!isContainerNode(node) && existing === undefined)) {
          if (existing) {
            existing.object.destroy({ children: false });
            this.displays.delete(id);
          }
          continue;
        }
      }
      let display = existing;
      const batched =
        !top &&
        isBatchable(node) &&
        this.store.childrenOf(node.parent).length <= MAX_NESTED_BATCHES;
      if (display === undefined || display.type !== node.type || display.batched !== batched) {
        if (display) display.object.destroy({ children: false });
        display = batched ? batchDisplay(node.type) : createDisplay(node);
        this.displays.set(id, display);
      }
      display.draw(node, this.drawContext(id));
      applyCommon(display.object, node);
      if (!top) attach.push(node);
    }
    for (const node of attach) {
      const display = this.displays.get(node.id)!;
      const host = this.displays.get(node.parent)?.host;
      if (host === undefined || host === null) continue;
      if (display.object.parent !== host) host.addChild(display.object);
      touchedHosts.add(node.parent);
    }
    for (const parent of touchedHosts) this.order(parent);
    if (relayout) this.layoutTop(stale);
    for (const chunk of stale) if (this.chunks.includes(chunk)) this.invalidateChunk(chunk);
    this.keepCullingHonest(changedTop, ids);
    this.applyCull();
  }

  /**
   * Puts the page's top-level nodes into runs of consecutive siblings, one chunk per run. Nodes
   * keep their chunk while it stays one unbroken run under twice the chunk size, so most edits
   * move nothing; a node that lands between runs joins the run before it. Chunks whose members
   * changed go into `stale`.
   */
  private layoutTop(stale: Set<Chunk>): void {
    const ordered: Id[] = [];
    this.placedIndex.clear();
    for (const child of this.store.childrenOf(this.page!)) {
      ordered.push(child.id);
      this.placedIndex.set(child.id, child.index);
    }
    const runs: { chunk: Chunk; members: Id[]; cap: number }[] = [];
    const opened = new Set<Chunk>();
    let current: (typeof runs)[number] | null = null;
    for (const id of ordered) {
      const home = this.chunkOf.get(id) ?? null;
      if (current !== null && home === current.chunk && current.members.length < current.cap) {
        current.members.push(id);
        continue;
      }
      if (home !== null && !opened.has(home)) {
        opened.add(home);
        current = { chunk: home, members: [id], cap: this.chunkSize * 2 };
        runs.push(current);
        continue;
      }
      if (current !== null && current.members.length < current.cap) {
        current.members.push(id);
        continue;
      }
      const group = new Container({ label: `chunk ${this.chunkSerial++}`, isRenderGroup: true });
      group.eventMode = "none";
      const chunk: Chunk = {
        group,
        ids: [],
        built: false,
        zoomed: false,
        detail: this.detail,
        cached: 0,
        batchesOnly: false,
        batches: [],
        cutFor: -1,
      };
      opened.add(chunk);
      current = { chunk, members: [id], cap: this.chunkSize };
      runs.push(current);
    }
    for (const chunk of this.chunks) {
      if (opened.has(chunk)) continue;
      for (const id of chunk.ids) if (this.chunkOf.get(id) === chunk) this.chunkOf.delete(id);
      this.destroyChunk(chunk);
      stale.delete(chunk);
    }
    for (const run of runs) {
      const chunk = run.chunk;
      if (sameIds(chunk.ids, run.members)) continue;
      for (const id of chunk.ids) if (this.chunkOf.get(id) === chunk) this.chunkOf.delete(id);
      chunk.ids = run.members;
      for (const id of run.members) this.chunkOf.set(id, chunk);
      stale.add(chunk);
    }
    this.chunks = runs.map((run) => run.chunk);
    const groups = this.chunks.map((chunk) => chunk.group);
    if (!sameChildren(this.world, groups)) {
      this.world.removeChildren();
      for (const group of groups) this.world.addChild(group);
    }
  }

  /** A chunk whose members or their looks changed: rebuilt now if drawn, else when next drawn. */
  private invalidateChunk(chunk: Chunk): void {
    chunk.built = false;
    if (chunk.group.culled) this.releaseBatches(chunk);
  }

  /** Writes a chunk's batchable members into meshes and slots the others' display objects in. */
  private build(chunk: Chunk): void {
    this.releaseBatches(chunk);
    const writer = this.writer;
    writer.reset();
    const group = chunk.group;
    const pieces: Container[] = [];
    const batches: Batch[] = [];
    let ranges = new ShapeRanges();
    const flush = () => {
      if (writer.indexCount === 0) return;
      const mesh = createBatchMesh(writer);
      mesh.label = "batch";
      pieces.push(mesh);
      const full = mesh.geometry.indexBuffer.data.slice() as Uint32Array;
      batches.push({ mesh, full, ranges, kept: ranges.size });
      ranges = new ShapeRanges();
      writer.reset();
    };
    let zoomed = false;
    for (const id of chunk.ids) {
      const node = this.store.get(id);
      if (!isSceneNode(node)) continue;
      if (isBatchable(node)) {
        const before = writer.indexCount;
        encodeNode(writer, node, toMatrix(node.transform), this.detail);
        if (writer.indexCount > before) ranges.add(id, writer.indexCount);
        if (!zoomed && dependsOnZoom(node)) zoomed = true;
        continue;
      }
      flush();
      let display = this.displays.get(id);
      if (display === undefined || display.type !== node.type) {
        if (display) display.object.destroy({ children: false });
        display = createDisplay(node);
        display.draw(node, this.drawContext(id));
        applyCommon(display.object, node);
        this.displays.set(id, display);
      }
      pieces.push(display.object);
    }
    flush();
    for (const piece of pieces) group.addChild(piece);
    chunk.built = true;
    chunk.zoomed = zoomed;
    chunk.detail = this.detail;
    chunk.batchesOnly = pieces.every((piece) => piece.label === "batch");
    chunk.batches = batches;
    chunk.cutFor = -1;
    this.updateCache(chunk);
    this.builds += 1;
  }

  /** What a display drawing node `id` needs: the zoom's detail and the node's world scale. */
  private drawContext(id: Id): DrawContext {
    const store = this.store;
    return {
      detail: this.detail,
      worldScale() {
        const m = worldMatrix(store, id);
        return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
      },
    };
  }

  /** Drops a chunk's meshes (display objects stay with their nodes). */
  private releaseBatches(chunk: Chunk): void {
    if (chunk.cached !== 0) {
      chunk.group.cacheAsTexture(false);
      chunk.cached = 0;
    }
    for (const child of chunk.group.removeChildren()) {
      if (child.label === "batch") child.destroy();
    }
    chunk.batches = [];
    chunk.cutFor = -1;
  }

  private destroyChunk(chunk: Chunk): void {
    this.releaseBatches(chunk);
    chunk.group.destroy({ children: false });
  }

  /** Sets each chunk's `culled` from `inView`, building the drawn ones not built yet. */
  private applyCull(): { readonly shown: number; readonly hidden: number } {
    const inView = this.inView;
    let drawnChunks: Set<Chunk> | null = null;
    if (inView instanceof Set) {
      drawnChunks = new Set<Chunk>();
      for (const id of inView) {
        const chunk = this.chunkOf.get(id);
        if (chunk) drawnChunks.add(chunk);
      }
    }
    let shown = 0;
    let hidden = 0;
    for (const chunk of this.chunks) {
      const wanted = drawnChunks === null ? inView === "all" : drawnChunks.has(chunk);
      if (wanted && !chunk.built) this.build(chunk);
      const culled = !wanted;
      if (wanted) this.cutToView(chunk);
      if (chunk.group.culled === culled) continue;
      chunk.group.culled = culled;
      this.updateCache(chunk);
      if (culled) hidden += 1;
      else shown += 1;
    }
    return { shown, hidden };
  }

  /**
   * Has a drawn chunk's batches draw only the shapes the last cull found near the view, in their
   * order; a chunk drawn from a texture of itself keeps them all, as the texture must. Costs the
   * chunk's size, once per cull, never per frame.
   */
  private cutToView(chunk: Chunk): void {
    if (chunk.cutFor === this.cullSerial) return;
    chunk.cutFor = this.cullSerial;
    const inView = this.inView;
    const whole = !(inView instanceof Set) || chunk.cached !== 0;
    for (const batch of chunk.batches) {
      const geometry = batch.mesh.geometry;
      const drawn = geometry.indexBuffer.data as Uint32Array;
      let count = batch.full.length;
      batch.kept = batch.ranges.size;
      if (whole) drawn.set(batch.full);
      else {
        batch.kept = 0;
        count = batch.ranges.compact(batch.full, drawn, (id) => {
          const keep = inView.has(id);
          if (keep) batch.kept += 1;
          return keep;
        });
      }
      if (count === 0) {
        // An index count of 0 means "all"; one degenerate triangle draws nothing.
        drawn.fill(0, 0, 3);
        count = 3;
      }
      const indexCount = count === batch.full.length ? 0 : count;
      if (indexCount === geometry.indexCount && whole) continue;
      geometry.indexCount = indexCount;
      geometry.indexBuffer.update(count * drawn.BYTES_PER_ELEMENT);
    }
  }

  /**
   * A changed node may have moved into view; its chunk is drawn until the next cull decides,
   * which costs nothing per frame and never hides what should show.
   */
  private keepCullingHonest(changedTop: readonly Id[], ids: readonly Id[]): void {
    const inView = this.inView;
    if (!(inView instanceof Set)) return;
    for (const id of ids) if (!this.chunkOf.has(id)) inView.delete(id);
    for (const id of changedTop) {
      if (this.chunkOf.has(id)) inView.add(id);
    }
    for (const id of ids) {
      const top = this.topLevelOf(id);
      if (top !== null && this.chunkOf.has(top)) inView.add(top);
    }
  }

  /** The page's direct child that holds `id`, or null if it is not on the shown page. */
  private topLevelOf(id: Id): Id | null {
    let node = this.store.get(id);
    for (let depth = 0; isSceneNode(node) && depth < 4096; depth += 1) {
      if (node.parent === this.page) return node.id;
      node = this.store.get(node.parent);
    }
    return null;
  }

  /**
   * Puts a group's or frame's children in the document's back-to-front order, in time linear in
   * their number (moving them one by one costs a search each: minutes for an imported group of
   * 100k paths).
   */
  private order(parent: Id): void {
    const host = this.displays.get(parent)?.host;
    if (!host) return;
    const wanted: Container[] = [];
    for (const child of this.store.childrenOf(parent)) {
      const object = this.displays.get(child.id)?.object;
      if (object !== undefined && object.parent === host) wanted.push(object);
    }
    if (sameChildren(host, wanted)) return;
    host.removeChildren();
    for (const object of wanted) host.addChild(object);
  }
}

function sameIds(a: readonly Id[], b: readonly Id[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `host` has exactly `wanted` as children, in that order. */
function sameChildren(host: Container, wanted: readonly Container[]): boolean {
  const children = host.children;
  if (children.length !== wanted.length) return false;
  for (let i = 0; i < wanted.length; i += 1) if (children[i] !== wanted[i]) return false;
  return true;
}
