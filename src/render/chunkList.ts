import { Container, type Buffer, type Geometry, type Mesh, type Shader } from "pixi.js";
import type { DocumentStore } from "../doc/store";
import { siblingPlace } from "../doc/siblingOrder";
import { lastStartingBy } from "../math/sortedSearch";
import { toMatrix } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";
import { dependsOnZoom, encodeNode, isBatchable, type Detail } from "./batch/encode";
import { batchVertexBuffer, createBatchMesh, liveVertexBuffer } from "./batch/chunkMesh";
import { splitBatch } from "./batch/split";
import { BatchWriter, BYTES_PER_VERTEX, WORDS_PER_VERTEX } from "./batch/writer";
import { ShapeRanges } from "./shapeRanges";

/**
 * At or below this zoom bucket a drawn chunk is drawn from a texture of itself: zoomed far out
 * thousands of tiny shapes cost the software rasteriser far more than one textured quad per
 * chunk, and they change only when edited. Textures stay within `MAX_CACHE_TEXTURE_PX`.
 */
export const TEXTURE_CACHE_MAX_ZOOM = 0.25;
const MAX_CACHE_TEXTURE_PX = 4096;

/** Members of a chunk that a commit's own pass builds even while later frames build the rest. */
const SMALL_CHUNK = 64;

/** Which nodes the last cull found near the view (with their ancestors). */
export type InView = ReadonlySet<Id> | "all" | "none";

/** What a chunk list needs from the renderer that owns it. */
export interface ChunkOwner {
  readonly store: DocumentStore;
  /** One scratch writer shared by every build. */
  readonly writer: BatchWriter;
  /** A second, for the members a live build gives slots and for rewriting a slot. */
  readonly liveWriter: BatchWriter;
  /** The detail of the camera's zoom bucket. */
  detail(): Detail;
  /** Whether no zoom is under way (textures are only rendered once it has settled). */
  settled(): boolean;
  /** Whether far-zoom chunks may be drawn from textures of themselves. */
  cachesTextures(): boolean;
  /** The display object drawing `node`, a member no batch can draw, created if it has none. */
  displayFor(node: SceneNode): Container;
  /** The last cull and its serial number. */
  inView(): InView;
  cullSerial(): number;
  /** Bumped whenever the nodes in view change: by a cull, or by edits that add to it. */
  viewSerial(): number;
  /** Counts one chunk build, for the statistics. */
  built(): void;
  /**
   * Whether this pass's share of time for building chunks that draw nothing yet is spent: the
   * rest wait for the next pass (see `applyCull`).
   */
  sliceOver(): boolean;
  /** Counts members whose geometry was rewritten in place, for the statistics. */
  patched(count: number): void;
  /**
   * Sends a new batch's geometry to the GPU now, inside the build's share of time, rather than
   * in the frame that first draws it (see `MAX_BATCH_VERTICES`).
   */
  upload(geometry: Geometry): void;
  /**
   * Whether edits are live: a gesture is under way, or edits are following each other quickly.
   * A chunk rebuilt for members changed while edits are live gives them slots (see `Slot`).
   */
  liveEdits(): boolean;
  /**
   * Whether `node`, a member no batch draws, is drawn by a display object already in `group`
   * (redrawn in place when it changed), so its chunk needs no rebuild.
   */
  drawnIn(node: SceneNode, group: Container): boolean;
}

/**
 * A run of consecutive siblings: one render group holding, in the document's order, one batch
 * mesh per stretch of batchable shapes and the display objects of the others.
 */
interface Chunk {
  readonly group: Container;
  ids: Id[];
  /** Whether `group` holds what `ids` draw (false until first in view, and after an edit). */
  built: boolean;
  /**
   * Whether it is unbuilt only for a new zoom bucket: what it shows is right but for the
   * curves' detail, so it may go on showing it while it is built again over several passes.
   */
  detailOnly: boolean;
  /** Whether it holds geometry built for a zoom, so a new zoom bucket rebuilds it. */
  zoomed: boolean;
  /** The detail it was built with, in its holder's units. */
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
  /**
   * How many of its shapes its batches draw, each counted once though a shape's insides and
   * edges may be drawn by different meshes of its batch.
   */
  shapesDrawn: number;
  /** Members changed since its last build or rewrite, waiting for the next `applyCull`. */
  readonly pending: Set<Id>;
  /** Where its live build put the members it gave slots; null after an ordinary build. */
  slots: Map<Id, Slot> | null;
  /** Members given slots or rewritten since live edits last settled. */
  readonly live: Set<Id>;
  /**
   * Whether its last ordinary build drew with programs cheaper than the one for every kind (see
   * splitBatch): a live build draws with that one, so it is built the ordinary way again once
   * live edits settle.
   */
  tight: boolean;
}

/** A batch mesh and the pristine index list its drawn one is cut from. */
interface Batch {
  readonly mesh: Mesh<Geometry, Shader>;
  readonly full: Uint32Array;
  readonly ranges: ShapeRanges;
  /** A live build's batch: its vertex words, and the run of them its slots hold. */
  readonly live: LiveRegion | null;
}

/** The vertices of a live batch's slots: one run at the end of its vertex buffer. */
interface LiveRegion {
  readonly buffer: Buffer;
  readonly words: Float32Array;
  /** First and one past the last vertex of the run. */
  readonly start: number;
  readonly end: number;
}

/**
 * Where a live build put one member's geometry: its vertices in a run of its own among the
 * batch's live vertices, its indices in their place in drawing order, each with room to spare
 * (unused indices make empty triangles). A change that fits is written over it, and only the
 * live vertices are uploaded again: moving a shape that a thousand connectors spread over every
 * chunk are bound to costs the connectors, not the chunks.
 */
interface Slot {
  readonly batch: Batch;
  readonly vertexStart: number;
  readonly vertexCap: number;
  /** Where its indices start in the batch's full index list, and how many it may use. */
  readonly indexStart: number;
  readonly indexCap: number;
}

/**
 * What rewriting a slot changed: nothing it could (it did not fit, so the chunk must be built
 * again), its vertices, or its indices too (the chunk's drawn index lists must be cut again).
 */
const Rewrite = { Failed: 0, Vertices: 1, Indices: 2 } as const;
type Rewrite = (typeof Rewrite)[keyof typeof Rewrite];

/** The room a slot gets: half as much again as its member needs now, and at least a little. */
function vertexRoom(count: number): number {
  return count + Math.max(8, Math.ceil(count / 2));
}

function indexRoom(count: number): number {
  return count + 3 * Math.max(4, Math.ceil(count / 6));
}

/**
 * The children of one holder (a page, or a group or frame with many children) drawn as chunks:
 * runs of consecutive siblings, each its own render group inside `root`, which keeps
 * back-to-front order across chunks. Pixi rebuilds a whole render group when anything inside it
 * changes, so an edit rebuilds one chunk, not the holder. Chunks are built when first near the
 * view and rebuilt after an edit of one of their members; culling hides whole chunks, and a
 * drawn chunk hands the GPU only the shapes near the view.
 */
export class ChunkList {
  /** Holds the chunks' render groups; sits where the holder's children go. */
  readonly root = new Container({ label: "chunks" });
  private chunks: Chunk[] = [];
  /** The chunk of each member; read through `chunkOf`, which first adds what appends left. */
  private readonly membership = new Map<Id, Chunk>();
  /** Sibling keys of members at the last layout, to tell a re-order from an edit. */
  private readonly siblingKeys = new Map<Id, string>();
  /**
   * Members appends placed that the two maps above do not hold yet: a group of a hundred
   * thousand shapes just opened is cut into chunks without two map entries a shape in the task
   * that shows it; the first question about members writes them.
   */
  private unindexed: { readonly chunk: Chunk; readonly members: readonly Id[] }[] = [];
  private unindexedKeys: { readonly children: readonly SceneNode[]; readonly from: number }[] = [];
  /** Members in `unindexed` that `membership` lacks. */
  private unindexedCount = 0;
  /**
   * The holder's children the last layout placed (the store hands out a new list on change).
   * Empty at first, so a new list's first layout is an append: it cuts the children into chunks
   * without first looking each up among chunks that do not exist yet.
   */
  private laidOut: readonly SceneNode[] | null = [];
  /**
   * How much the holder's world transform scales its children: chunks are built in the
   * holder's units, so their curves and one-pixel fringes are sized for the zoom times this.
   */
  private scale = 1;
  /** Numbers this list's chunks in their labels, which only debugging reads. */
  private made = 0;
  /** The chunks holding nodes in view, for the view serial they were found for. */
  private near: { serial: number; chunks: Set<Chunk>; layout: number } | null = null;
  /** Bumped by each layout, which may move nodes between chunks. */
  private layouts = 0;
  /** Builds spread over passes, of chunks that draw nothing yet or only another zoom's detail. */
  private readonly slicedBuilds = new Map<Chunk, SlicedBuild>();
  /** Whether the last pass left a chunk it should draw unbuilt: the owner passes again. */
  private unfinished = false;
  /**
   * Members that were on screen elsewhere until the commit that brought them here (see
   * `arrivedShown`): their chunk is built in the commit's own pass. Emptied by each pass.
   */
  private readonly arrived = new Set<Id>();
  /** Whether this pass has written members of a sliced build yet. */
  private slicedThisPass = false;
  /**
   * Chunks near the view but out of it, to be built while the page is idle (see `buildAhead`),
   * in the order given; their sliced builds survive the passes that do not draw them.
   */
  private ahead: Chunk[] = [];
  private readonly aheadSet = new Set<Chunk>();

  constructor(
    readonly holder: Id,
    private readonly owner: ChunkOwner,
    private readonly chunkSize: number,
  ) {
    this.root.eventMode = "none";
  }

  /** Whether the last pass left a chunk it should draw unbuilt (see `applyCull`). */
  get building(): boolean {
    return this.unfinished;
  }

  /** Whether `id` is one of the holder's children as last laid out. */
  has(id: Id): boolean {
    return this.chunkOf.has(id);
  }

  get size(): number {
    return this.membership.size + this.unindexedCount;
  }

  private get chunkOf(): Map<Id, Chunk> {
    if (this.unindexed.length > 0) {
      for (const { chunk, members } of this.unindexed)
        for (const id of members) this.membership.set(id, chunk);
      this.unindexed = [];
      this.unindexedCount = 0;
    }
    return this.membership;
  }

  private get placedIndex(): Map<Id, string> {
    if (this.unindexedKeys.length > 0) {
      for (const { children, from } of this.unindexedKeys)
        for (let i = from; i < children.length; i += 1)
          this.siblingKeys.set(children[i]!.id, children[i]!.index);
      this.unindexedKeys = [];
    }
    return this.siblingKeys;
  }

  /** Whether `node` (a child of the holder) sits where the last layout put it. */
  isPlaced(node: SceneNode): boolean {
    return this.placedIndex.get(node.id) === node.index;
  }

  /**
   * Whether the chunk holding `id` draws it now (or an older zoom's detail of it): built, or
   * built for another bucket, and not culled.
   */
  shows(id: Id): boolean {
    const chunk = this.chunkOf.get(id);
    return chunk !== undefined && !chunk.group.culled && (chunk.built || chunk.detailOnly);
  }

  /**
   * Notes that `id`, coming here, was on screen until now (moved in from the page or another
   * container, or its holder just given chunks): its chunk is built in the next pass, not left to
   * later frames, or it would vanish until then.
   */
  arrivedShown(id: Id): void {
    this.arrived.add(id);
  }

  /** Marks the chunk holding `id` for a rebuild; returns whether it held it. */
  invalidateMember(id: Id): boolean {
    const chunk = this.chunkOf.get(id);
    if (chunk === undefined) return false;
    this.invalidate(chunk);
    return true;
  }

  /**
   * Notes that member `id` changed: a drawn chunk rewrites it in place at the next `applyCull`
   * if it can (see `Slot`), and is rebuilt otherwise; another is rebuilt when next drawn.
   */
  memberChanged(id: Id): boolean {
    const chunk = this.chunkOf.get(id);
    if (chunk === undefined) return false;
    if (chunk.built && !chunk.group.culled) chunk.pending.add(id);
    else this.invalidate(chunk);
    return true;
  }

  /** Has the chunk holding `id` cut its drawn index lists again (the cull grew to hold it). */
  recutMember(id: Id): void {
    const chunk = this.chunkOf.get(id);
    if (chunk !== undefined) chunk.cutFor = -1;
  }

  /**
   * Live edits have stopped: chunks a live build made slower to draw than an ordinary build
   * would are built the ordinary way (now if drawn), and chunks are drawn from textures again
   * where the zoom asks for it. Returns how many chunks changed.
   */
  settle(): number {
    let changed = 0;
    for (const chunk of this.chunks) {
      if (chunk.live.size === 0 && chunk.slots === null) continue;
      const wasLive = chunk.live.size > 0;
      chunk.live.clear();
      if (chunk.slots !== null && chunk.tight) {
        this.invalidate(chunk);
        if (!chunk.group.culled) {
          this.build(chunk);
          changed += 1;
        }
        continue;
      }
      if (wasLive && chunk.built && this.updateCache(chunk)) changed += 1;
    }
    return changed;
  }

  /**
   * Sets the holder's world scale; chunks are rebuilt for it only when it changed by more than
   * a zoom bucket's step, so dragging or turning a big group rebuilds nothing.
   */
  setScale(scale: number): void {
    const ratio = scale / this.scale;
    if (ratio > 1 / Math.SQRT2 && ratio < Math.SQRT2) return;
    this.scale = scale;
    for (const chunk of this.chunks) this.invalidate(chunk);
  }

  /**
   * Puts the holder's children into runs of consecutive siblings, one chunk per run. Children
   * keep their chunk while it stays one unbroken run under twice the chunk size, so most edits
   * move nothing; a child that lands between runs joins the run before it while that run is
   * under the chunk size. Chunks whose members changed are marked for a rebuild.
   */
  layout(): void {
    const children = this.owner.store.childrenOf(this.holder);
    if (this.appended(children)) return;
    this.laidOut = children;
    const ordered: Id[] = [];
    this.unindexedKeys = [];
    this.siblingKeys.clear();
    for (const child of children) {
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
      // A new child joins the run before it only while that run is under the chunk size: a page
      // or group filled by many commits (an import's slices) gets chunks of the usual size.
      const cap =
        current === null ? 0 : home === null ? Math.min(current.cap, this.chunkSize) : current.cap;
      if (current !== null && current.members.length < cap) {
        current.members.push(id);
        continue;
      }
      const chunk = this.newChunk();
      opened.add(chunk);
      current = { chunk, members: [id], cap: this.chunkSize };
      runs.push(current);
    }
    for (const chunk of this.chunks) {
      if (opened.has(chunk)) continue;
      for (const id of chunk.ids) if (this.chunkOf.get(id) === chunk) this.chunkOf.delete(id);
      this.destroyChunk(chunk);
    }
    for (const run of runs) {
      const chunk = run.chunk;
      if (sameIds(chunk.ids, run.members)) continue;
      for (const id of chunk.ids) if (this.chunkOf.get(id) === chunk) this.chunkOf.delete(id);
      chunk.ids = run.members;
      for (const id of run.members) this.chunkOf.set(id, chunk);
      this.invalidate(chunk);
    }
    this.chunks = runs.map((run) => run.chunk);
    this.layouts += 1;
    const groups = this.chunks.map((chunk) => chunk.group);
    if (!sameChildren(this.root, groups)) {
      this.root.removeChildren();
      for (const group of groups) this.root.addChild(group);
    }
  }

  /**
   * Lays out `children` when they are the last layout's with more after them, nothing else
   * changed (an import's slice puts its nodes in front of the rest): the new ones join the last
   * chunk while it is under the chunk size, then fill new chunks, as the whole layout would place
   * them, in time for the new ones only. False, touching nothing, for any other change.
   */
  private appended(children: readonly SceneNode[]): boolean {
    const before = this.laidOut;
    if (before === null || children.length <= before.length) return false;
    for (let i = 0; i < before.length; i += 1) if (children[i] !== before[i]) return false;
    this.laidOut = children;
    this.unindexedKeys.push({ children, from: before.length });
    this.unindexedCount += children.length - before.length;
    let chunk = this.chunks.at(-1) ?? null;
    let members = chunk === null ? [] : [...chunk.ids];
    // A last chunk already full keeps its members, and its build.
    let grew = false;
    for (let i = before.length; i < children.length; i += 1) {
      const child = children[i]!;
      if (chunk === null || members.length >= this.chunkSize) {
        if (chunk !== null && grew) this.placeMembers(chunk, members);
        chunk = this.newChunk();
        members = [];
        this.chunks.push(chunk);
        this.root.addChild(chunk.group);
      }
      members.push(child.id);
      grew = true;
    }
    this.placeMembers(chunk!, members);
    this.layouts += 1;
    return true;
  }

  /** Gives `chunk` its members (in `chunkOf` once asked) and marks it for a rebuild. */
  private placeMembers(chunk: Chunk, members: Id[]): void {
    chunk.ids = members;
    this.unindexed.push({ chunk, members });
    this.invalidate(chunk);
  }

  /**
   * Sets each chunk's `culled` from the owner's cull, building the drawn ones not built yet and
   * cutting their index lists to the shapes near the view. Also builds chunks an edit left
   * unbuilt, so it follows every change. With `deferBuilds` (a commit's pass, while the next
   * frames build), chunks that draw nothing yet are left to those frames unless small: slices
   * of a big import then cost what they add to the document, not a build each.
   */
  applyCull(deferBuilds = false): { readonly shown: number; readonly hidden: number } {
    const inView = this.owner.inView();
    const near = typeof inView === "string" ? null : this.nearChunks(inView);
    let shown = 0;
    let hidden = 0;
    this.unfinished = false;
    this.slicedThisPass = false;
    for (const chunk of this.chunks) {
      const wanted = near === null ? inView === "all" : near.has(chunk);
      if (chunk.built && chunk.pending.size > 0) this.rewrite(chunk);
      if (!wanted && this.slicedBuilds.has(chunk) && !this.aheadSet.has(chunk))
        this.dropSlicedBuild(chunk);
      if (!wanted && !chunk.built && chunk.batches.length > 0) this.releaseBatches(chunk);
      if (wanted && this.tooCoarse(chunk)) this.rebuildForDetail(chunk);
      if (wanted && !chunk.built) {
        // An edit shows at once; a chunk that draws nothing yet (a document just opened, a part
        // of it just panned into view) or an older zoom's detail is built within the pass's
        // share of time, so a big document fills in over a few frames instead of freezing one.
        if (chunk.detailOnly || chunk.group.children.length === 0) {
          if (this.arrived.size > 0 && chunk.ids.some((id) => this.arrived.has(id)))
            this.build(chunk);
          else if (deferBuilds && chunk.ids.length > SMALL_CHUNK) this.unfinished = true;
          else this.buildInSlices(chunk);
        } else this.build(chunk);
      }
      const culled = !wanted;
      if (wanted) this.cutToView(chunk);
      if (chunk.group.culled === culled) continue;
      chunk.group.culled = culled;
      this.updateCache(chunk);
      if (culled) hidden += 1;
      else shown += 1;
    }
    this.arrived.clear();
    return { shown, hidden };
  }

  /**
   * Chooses the chunks to build ahead: those holding `ids` (nodes near the view, in the order
   * they should be built) that the view does not draw and are not built, up to `maxMembers`
   * members in all, so a view next to a huge document never builds all of it. Sliced builds of
   * chunks no longer chosen are given up. Returns how many members the chosen chunks hold.
   */
  setAhead(ids: Iterable<Id>, maxMembers: number): number {
    const chosen: Chunk[] = [];
    const set = new Set<Chunk>();
    let members = 0;
    for (const id of ids) {
      const chunk = this.chunkOf.get(id);
      if (chunk === undefined || set.has(chunk) || chunk.built || !chunk.group.culled) continue;
      if (members + chunk.ids.length > maxMembers) break;
      set.add(chunk);
      chosen.push(chunk);
      members += chunk.ids.length;
    }
    for (const chunk of this.aheadSet)
      if (!set.has(chunk) && chunk.group.culled) this.dropSlicedBuild(chunk);
    this.ahead = chosen;
    this.aheadSet.clear();
    for (const chunk of chosen) this.aheadSet.add(chunk);
    return members;
  }

  /**
   * Builds the chosen chunks (see `setAhead`) in order until `over` says stop, each in slices
   * that go on at the next call; a chunk meanwhile drawn or rebuilt by a pass is passed over.
   * Built chunks stay culled until a cull draws them, which then costs no build. Returns whether
   * any are left.
   */
  buildAhead(over: () => boolean): boolean {
    while (this.ahead.length > 0) {
      const chunk = this.ahead[0]!;
      if (chunk.built || !chunk.group.culled || !this.aheadSet.has(chunk)) {
        this.ahead.shift();
        this.aheadSet.delete(chunk);
        continue;
      }
      if (over()) return true;
      const sliced = this.slicedBuilds.get(chunk) ?? this.startSlicedBuild(chunk);
      if (!sliced.run(over)) return true;
      this.finishSliced(chunk, sliced);
      this.ahead.shift();
      this.aheadSet.delete(chunk);
    }
    return false;
  }

  /**
   * The chunks holding the nodes in view: from the cull's ids, not the members', so a cull costs
   * what is near the view; and found again only when those ids or the chunks changed, so an edit
   * costs what it changed.
   */
  private nearChunks(inView: ReadonlySet<Id>): ReadonlySet<Chunk> {
    const serial = this.owner.viewSerial();
    if (this.near !== null && this.near.serial === serial && this.near.layout === this.layouts)
      return this.near.chunks;
    const chunks = new Set<Chunk>();
    const chunkOf = this.chunkByPosition() ?? this.chunkOf;
    for (const id of inView) {
      const chunk = chunkOf.get(id);
      if (chunk) chunks.add(chunk);
    }
    this.near = { serial, chunks, layout: this.layouts };
    return chunks;
  }

  /**
   * The chunk of a member found from its place among the children laid out, while the chunks
   * are still the runs one append cut from them in order and no member is in `membership` yet:
   * the first cull of a page of a million shapes just opened then costs what is in view, not a
   * map entry per shape (a third of a second). Null otherwise.
   */
  private chunkByPosition(): { get(id: Id): Chunk | undefined } | null {
    const children = this.laidOut;
    if (this.membership.size > 0 || children === null || this.unindexed.length === 0) return null;
    if (this.unindexed.length !== this.chunks.length) return null;
    const starts: number[] = [];
    let at = 0;
    for (let i = 0; i < this.chunks.length; i += 1) {
      const run = this.unindexed[i]!;
      if (run.chunk !== this.chunks[i] || run.members[0] !== children[at]?.id) return null;
      starts.push(at);
      at += run.members.length;
    }
    if (at !== children.length) return null;
    const store = this.owner.store;
    return {
      get: (id) => {
        const node = store.get(id);
        if (!isSceneNode(node) || node.parent !== this.holder) return undefined;
        const place = siblingPlace(children, node);
        if (children[place]?.id !== id) return undefined;
        return this.chunks[lastStartingBy(starts, place, (start) => start)];
      },
    };
  }

  /** Rebuilds (or re-caches) drawn chunks built for another zoom bucket; returns how many. */
  refreshDetail(): number {
    let changed = 0;
    const pixelsPerUnit = this.detail().pixelsPerUnit;
    for (const [chunk, sliced] of this.slicedBuilds)
      if (sliced.detail.pixelsPerUnit !== pixelsPerUnit) {
        this.dropSlicedBuild(chunk);
        if (!chunk.group.culled) this.unfinished = true;
      }
    for (const chunk of this.chunks) {
      if (!chunk.built) continue;
      if (chunk.zoomed && chunk.detail.pixelsPerUnit !== pixelsPerUnit) {
        chunk.built = false;
        if (chunk.group.culled) {
          this.releaseBatches(chunk);
          continue;
        }
        // Built again by the next passes, showing the old detail meanwhile.
        chunk.detailOnly = true;
        this.unfinished = true;
        changed += 1;
      } else if (this.updateCache(chunk)) changed += 1;
    }
    return changed;
  }

  /**
   * Starts rebuilding, without waiting for the zoom to settle, the drawn chunks built for a
   * coarser bucket than the camera's. Zoomed in on, coarse geometry costs the
   * software rasteriser most of a frame: boxes too small for a ring at their bucket are whole
   * quads shaded with distances on every inside pixel, and strokes and rims a bucket's pixel
   * wide are many screen pixels wide. Chunks built for a finer bucket (zooming out) wait for the
   * settle, as do chunks drawn from a texture, which cost the same at any zoom.
   */
  refineDetail(): void {
    for (const chunk of this.chunks) {
      // A culled one keeps what it holds, shown at once when a cull draws it (see `applyCull`).
      if (!chunk.group.culled && this.tooCoarse(chunk)) this.rebuildForDetail(chunk);
    }
  }

  /** Has the next passes build a drawn chunk again for the current detail, showing it meanwhile. */
  private rebuildForDetail(chunk: Chunk): void {
    chunk.built = false;
    chunk.detailOnly = true;
    this.unfinished = true;
  }

  /** Whether a drawn chunk shows geometry built for a coarser bucket than the camera's. */
  private tooCoarse(chunk: Chunk): boolean {
    return (
      chunk.built &&
      chunk.zoomed &&
      chunk.cached === 0 &&
      chunk.detail.pixelsPerUnit < this.detail().pixelsPerUnit
    );
  }

  /** Caches drawn chunks as textures, or renders them again, as the zoom asks (`updateCache`). */
  updateCaches(): void {
    for (const chunk of this.chunks) this.updateCache(chunk);
  }

  /** Drops texture caches: zoomed in past the cached zooms they would blur. */
  dropCaches(): void {
    for (const chunk of this.chunks) {
      if (chunk.cached === 0) continue;
      drawLive(chunk.group);
      chunk.cached = 0;
      chunk.cutFor = -1;
      this.cutToView(chunk);
    }
  }

  /** Chunks, drawn chunks and batched shapes handed to the GPU, added to `into`. */
  addStats(into: { chunks: number; drawn: number; batchedShapesDrawn: number; members: number }) {
    into.chunks += this.chunks.length;
    for (const chunk of this.chunks) {
      if (chunk.group.culled) continue;
      into.drawn += 1;
      into.members += chunk.ids.length;
      into.batchedShapesDrawn += chunk.shapesDrawn;
    }
  }

  /** Member ids of each chunk, in drawing order. */
  members(): Id[][] {
    return this.chunks.map((chunk) => [...chunk.ids]);
  }

  /** Whether the chunk holding `id` is drawn; null if `id` is not a member. */
  isDrawn(id: Id): boolean | null {
    const chunk = this.chunkOf.get(id);
    return chunk === undefined ? null : !chunk.group.culled;
  }

  destroy(): void {
    for (const chunk of this.chunks) this.destroyChunk(chunk);
    this.chunks = [];
    this.unindexed = [];
    this.unindexedKeys = [];
    this.unindexedCount = 0;
    this.membership.clear();
    this.siblingKeys.clear();
    this.laidOut = null;
    this.root.destroy({ children: false });
  }

  /** The owner's detail in the holder's units. */
  private detail(): Detail {
    const detail = this.owner.detail();
    if (this.scale === 1) return detail;
    return { step: detail.step / this.scale, pixelsPerUnit: detail.pixelsPerUnit * this.scale };
  }

  private newChunk(): Chunk {
    const group = new Container({
      label: `chunk ${this.made++} of ${this.holder}`,
      isRenderGroup: true,
    });
    group.eventMode = "none";
    return {
      group,
      ids: [],
      built: false,
      detailOnly: false,
      zoomed: false,
      detail: this.detail(),
      cached: 0,
      batchesOnly: false,
      batches: [],
      cutFor: -1,
      shapesDrawn: 0,
      pending: new Set(),
      slots: null,
      live: new Set(),
      // Until an ordinary build says otherwise: a chunk first built live is built again at settle.
      tight: true,
    };
  }

  /** A chunk whose members or their looks changed: rebuilt now if drawn, else when next drawn. */
  private invalidate(chunk: Chunk): void {
    chunk.built = false;
    chunk.detailOnly = false;
    this.dropSlicedBuild(chunk);
    if (chunk.group.culled) this.releaseBatches(chunk);
  }

  /**
   * Goes on with `chunk`'s sliced build, or starts one, until the pass's deadline (at least one
   * member a pass, so every pass gets further); finishes it when all members are written.
   */
  private buildInSlices(chunk: Chunk): void {
    // A build begun for another zoom bucket goes on at its detail: restarting it at each bucket a
    // zoom passes through would build nothing while the zoom lasts. Once the zoom settles,
    // `refreshDetail` gives up builds for an older detail, and rebuilds what they finished.
    let sliced = this.slicedBuilds.get(chunk);
    if (sliced === undefined) {
      // Every pass gets further: its first sliced build here starts even when the slice is spent.
      if (this.slicedThisPass && this.owner.sliceOver()) {
        this.unfinished = true;
        return;
      }
      sliced = this.startSlicedBuild(chunk);
    }
    this.slicedThisPass = true;
    if (!sliced.run(this.owner.sliceOver)) {
      this.unfinished = true;
      return;
    }
    this.finishSliced(chunk, sliced);
  }

  /** A sliced build of `chunk` at the current detail, with a writer of its own. */
  private startSlicedBuild(chunk: Chunk): SlicedBuild {
    const sliced = new SlicedBuild(chunk.ids, this.owner, new BatchWriter(), this.detail());
    this.slicedBuilds.set(chunk, sliced);
    return sliced;
  }

  /** Shows what a finished sliced build wrote, in place of what the chunk held. */
  private finishSliced(chunk: Chunk, sliced: SlicedBuild): void {
    this.slicedBuilds.delete(chunk);
    this.releaseBatches(chunk);
    chunk.pending.clear();
    chunk.live.clear();
    chunk.slots = null;
    chunk.tight = sliced.tight;
    chunk.detailOnly = false;
    this.finishBuild(chunk, sliced.pieces, sliced.batches, sliced.zoomed, sliced.detail);
    // The zoom went in while it was built: it shows now, and is built again for the zoom's bucket.
    if (this.tooCoarse(chunk)) this.rebuildForDetail(chunk);
  }

  private dropSlicedBuild(chunk: Chunk): void {
    const sliced = this.slicedBuilds.get(chunk);
    if (sliced === undefined) return;
    this.slicedBuilds.delete(chunk);
    sliced.discard();
  }

  /**
   * Writes the members changed since the chunk was built over their slots. Members no batch
   * draws need nothing if their display objects, redrawn in place, are already in the chunk.
   * Anything else (a member without a slot, one that outgrew it) leaves the chunk to be rebuilt,
   * with slots for the changed members while edits are live.
   */
  private rewrite(chunk: Chunk): void {
    const { store } = this.owner;
    const live = this.owner.liveEdits();
    const touched = new Set<Batch>();
    let recut = false;
    let count = 0;
    for (const id of chunk.pending) {
      const node = store.get(id);
      const slot = chunk.slots?.get(id);
      let result: Rewrite;
      if (!isSceneNode(node)) result = Rewrite.Failed;
      else if (isBatchable(node)) {
        result = slot === undefined ? Rewrite.Failed : this.rewriteSlot(chunk, slot, node);
        if (result !== Rewrite.Failed) {
          touched.add(slot!.batch);
          count += 1;
          if (!chunk.zoomed && dependsOnZoom(node)) chunk.zoomed = true;
        }
      } else
        result =
          slot === undefined && this.owner.drawnIn(node, chunk.group)
            ? Rewrite.Vertices
            : Rewrite.Failed;
      if (result === Rewrite.Failed) {
        // Built again by the caller, with slots for what is pending.
        chunk.built = false;
        return;
      }
      if (live) chunk.live.add(id);
      if (result === Rewrite.Indices) recut = true;
    }
    chunk.pending.clear();
    for (const batch of touched) {
      const region = batch.live!;
      region.buffer.update(
        (region.end - region.start) * BYTES_PER_VERTEX,
        region.start * BYTES_PER_VERTEX,
      );
    }
    if (count > 0) this.owner.patched(count);
    if (chunk.cached !== 0) {
      // Rendering the texture again on every step of a gesture costs more than drawing the
      // chunk live until it settles; an edit on its own renders it again at once.
      drawLive(chunk.group);
      chunk.cached = 0;
      recut = true;
    }
    if (recut) {
      chunk.cutFor = -1;
      this.cutToView(chunk, true);
    }
    this.updateCache(chunk);
  }

  /** Writes `node`'s geometry over its slot, if it fits. */
  private rewriteSlot(chunk: Chunk, slot: Slot, node: SceneNode): Rewrite {
    if (!isBatchable(node)) return Rewrite.Failed;
    const writer = this.owner.liveWriter;
    writer.reset();
    encodeNode(writer, node, toMatrix(node.transform), chunk.detail);
    const vertices = writer.vertexCount;
    const indices = writer.indices;
    if (vertices > slot.vertexCap || indices.length > slot.indexCap) return Rewrite.Failed;
    const { batch, vertexStart, indexStart, indexCap } = slot;
    batch.live!.words.set(writer.vertices, vertexStart * WORDS_PER_VERTEX);
    const full = batch.full;
    let changed = false;
    for (let k = 0; k < indexCap; k += 1) {
      const index = k < indices.length ? indices[k]! + vertexStart : vertexStart;
      if (full[indexStart + k] === index) continue;
      full[indexStart + k] = index;
      changed = true;
    }
    return changed ? Rewrite.Indices : Rewrite.Vertices;
  }

  /**
   * Writes a chunk's batchable members into meshes and slots the others' display objects in.
   * While edits are live, the members changed since it was built (and those already live in
   * it) get slots: see `buildLive`.
   */
  private build(chunk: Chunk): void {
    this.dropSlicedBuild(chunk);
    let live: Set<Id> | null = null;
    if (this.owner.liveEdits()) {
      for (const id of [...chunk.pending, ...chunk.live]) {
        const node = this.owner.store.get(id);
        if (!isSceneNode(node) || !isBatchable(node) || this.chunkOf.get(id) !== chunk) continue;
        (live ??= new Set()).add(id);
      }
    }
    chunk.pending.clear();
    chunk.live.clear();
    if (live === null) this.buildOrdinary(chunk);
    else this.buildLive(chunk, live);
  }

  private buildOrdinary(chunk: Chunk): void {
    this.releaseBatches(chunk);
    const detail = this.detail();
    const build = new SlicedBuild(chunk.ids, this.owner, this.owner.writer, detail);
    build.run(() => false);
    chunk.slots = null;
    chunk.tight = build.tight;
    chunk.detailOnly = false;
    this.finishBuild(chunk, build.pieces, build.batches, build.zoomed, detail);
  }

  /**
   * Builds a chunk whose members in `live` are being edited live: each gets a slot (see `Slot`)
   * at the end of its batch's vertices, so the next changes are written over it in place. A
   * live batch is drawn by the program for every kind: its shapes move, so the order between
   * them that a split keeps only where no two meet could break at any step.
   */
  private buildLive(chunk: Chunk, live: ReadonlySet<Id>): void {
    this.releaseBatches(chunk);
    const { store, writer, liveWriter } = this.owner;
    const detail = this.detail();
    writer.reset();
    liveWriter.reset();
    const pieces: Container[] = [];
    const batches: Batch[] = [];
    const slots = new Map<Id, Slot>();
    /** The stretch's members in order: indices in `writer`, or in `liveWriter` for slots. */
    let members: {
      id: Id;
      live: boolean;
      firstVertex: number;
      vertices: number;
      firstIndex: number;
      indices: number;
    }[] = [];
    const flush = () => {
      if (members.length === 0) return;
      const staticVertices = writer.vertexCount;
      let vertexTotal = staticVertices;
      let indexTotal = 0;
      for (const member of members) {
        vertexTotal += member.live ? vertexRoom(member.vertices) : 0;
        indexTotal += member.live ? indexRoom(member.indices) : member.indices;
      }
      const words = new Float32Array(vertexTotal * WORDS_PER_VERTEX);
      words.set(writer.vertices);
      const indices = new Uint32Array(indexTotal);
      const ranges = new ShapeRanges();
      const placed: [Id, number, number, number, number][] = [];
      let vertexAt = staticVertices;
      let indexAt = 0;
      for (const member of members) {
        if (!member.live) {
          const end = member.firstIndex + member.indices;
          indices.set(writer.indices.subarray(member.firstIndex, end), indexAt);
          indexAt += member.indices;
          ranges.add(member.id, indexAt);
          continue;
        }
        const vertexCap = vertexRoom(member.vertices);
        const indexCap = indexRoom(member.indices);
        words.set(
          liveWriter.vertices.subarray(
            member.firstVertex * WORDS_PER_VERTEX,
            (member.firstVertex + member.vertices) * WORDS_PER_VERTEX,
          ),
          vertexAt * WORDS_PER_VERTEX,
        );
        const source = liveWriter.indices;
        for (let k = 0; k < indexCap; k += 1) {
          indices[indexAt + k] =
            k < member.indices
              ? source[member.firstIndex + k]! - member.firstVertex + vertexAt
              : vertexAt;
        }
        placed.push([member.id, vertexAt, vertexCap, indexAt, indexCap]);
        vertexAt += vertexCap;
        indexAt += indexCap;
        ranges.add(member.id, indexAt);
      }
      const buffer = liveVertexBuffer(words);
      const mesh = createBatchMesh(writer, "all", buffer, indices);
      mesh.label = "batch";
      pieces.push(mesh);
      const batch: Batch = {
        mesh,
        full: indices.slice(),
        ranges,
        live: { buffer, words, start: staticVertices, end: vertexTotal },
      };
      batches.push(batch);
      for (const [id, vertexStart, vertexCap, indexStart, indexCap] of placed)
        slots.set(id, { batch, vertexStart, vertexCap, indexStart, indexCap });
      members = [];
      writer.reset();
      liveWriter.reset();
    };
    let zoomed = false;
    for (const id of chunk.ids) {
      const node = store.get(id);
      if (!isSceneNode(node)) continue;
      if (isBatchable(node)) {
        const isLive = live.has(id);
        const into = isLive ? liveWriter : writer;
        const firstVertex = into.vertexCount;
        const firstIndex = into.indexCount;
        encodeNode(into, node, toMatrix(node.transform), detail);
        const indices = into.indexCount - firstIndex;
        if (isLive || indices > 0) {
          const vertices = into.vertexCount - firstVertex;
          members.push({ id, live: isLive, firstVertex, vertices, firstIndex, indices });
        }
        if (!zoomed && dependsOnZoom(node)) zoomed = true;
        continue;
      }
      flush();
      pieces.push(this.owner.displayFor(node));
    }
    flush();
    chunk.slots = slots;
    for (const id of slots.keys()) chunk.live.add(id);
    this.finishBuild(chunk, pieces, batches, zoomed, detail);
  }

  private finishBuild(
    chunk: Chunk,
    pieces: readonly Container[],
    batches: Batch[],
    zoomed: boolean,
    detail: Detail,
  ): void {
    for (const piece of pieces) chunk.group.addChild(piece);
    chunk.built = true;
    chunk.zoomed = zoomed;
    chunk.detail = detail;
    chunk.batchesOnly = pieces.every((piece) => piece.label === "batch");
    chunk.batches = batches;
    chunk.cutFor = -1;
    this.updateCache(chunk);
    this.owner.built();
  }

  /**
   * Caches a drawn chunk as a texture at far zoom, or draws it live again; returns whether it
   * did. Also while a zoom is under way: rendering a chunk's texture costs about one frame of
   * drawing its meshes, and each later frame of the zoom then draws one quad instead of the
   * meshes' triangles (on a software rasteriser each costs about as much as a hundred pixels).
   * Zooming out, a texture is rendered again for each bucket passed, so it is never minified
   * more than a settled one; zooming in it is kept (magnified) until the zoom settles.
   */
  private updateCache(chunk: Chunk): boolean {
    // Not while its members are edited live: the texture would be rendered at every step.
    const cacheable =
      chunk.built && chunk.batchesOnly && !chunk.group.culled && chunk.live.size === 0;
    let wanted = 0;
    if (
      this.owner.cachesTextures() &&
      this.owner.detail().pixelsPerUnit <= TEXTURE_CACHE_MAX_ZOOM &&
      cacheable
    ) {
      const resolution = this.detail().pixelsPerUnit * (globalThis.devicePixelRatio ?? 1);
      const bounds = chunk.group.getLocalBounds();
      const fits =
        bounds.width * resolution <= MAX_CACHE_TEXTURE_PX &&
        bounds.height * resolution <= MAX_CACHE_TEXTURE_PX;
      if (fits && bounds.width > 0 && bounds.height > 0) wanted = resolution;
    }
    if (
      cacheable &&
      chunk.cached !== 0 &&
      !this.owner.settled() &&
      (wanted === 0 || wanted >= chunk.cached)
    )
      return false;
    // A rebuild drops the cache first (releaseBatches), so an unchanged state is up to date.
    if (wanted === chunk.cached) return false;
    if (wanted === 0) drawLive(chunk.group);
    else chunk.group.cacheAsTexture({ resolution: wanted, antialias: false });
    chunk.cached = wanted;
    chunk.cutFor = -1;
    this.cutToView(chunk);
    return true;
  }

  /** Drops a chunk's meshes (display objects stay with their nodes). */
  private releaseBatches(chunk: Chunk): void {
    if (chunk.cached !== 0) {
      drawLive(chunk.group);
      chunk.cached = 0;
    }
    for (const child of chunk.group.removeChildren()) {
      if (child.label === "batch") child.destroy();
    }
    chunk.batches = [];
    chunk.slots = null;
    chunk.cutFor = -1;
    chunk.shapesDrawn = 0;
  }

  private destroyChunk(chunk: Chunk): void {
    this.aheadSet.delete(chunk);
    this.dropSlicedBuild(chunk);
    this.releaseBatches(chunk);
    chunk.group.destroy({ children: false });
  }

  /**
   * Has a drawn chunk's batches draw only the shapes the last cull found near the view, in their
   * order; a chunk drawn from a texture of itself keeps them all, as the texture must. Costs the
   * chunk's size, once per cull, never per frame.
   */
  private cutToView(chunk: Chunk, rewritten = false): void {
    const serial = this.owner.cullSerial();
    if (chunk.cutFor === serial) return;
    chunk.cutFor = serial;
    const inView = this.owner.inView();
    const near = typeof inView === "string" || chunk.cached !== 0 ? null : inView;
    const drawnShapes = new Set<Id>();
    for (const batch of chunk.batches)
      batch.ranges.forEach((id) => {
        if (near === null || near.has(id)) drawnShapes.add(id);
      });
    chunk.shapesDrawn = drawnShapes.size;
    for (const batch of chunk.batches) {
      const geometry = batch.mesh.geometry;
      const drawn = geometry.indexBuffer.data as Uint32Array;
      let count = batch.full.length;
      if (near === null) drawn.set(batch.full);
      else count = batch.ranges.compact(batch.full, drawn, (id) => near.has(id));
      if (count === 0) {
        // An index count of 0 means "all"; one degenerate triangle draws nothing.
        drawn.fill(0, 0, 3);
        count = 3;
      }
      const indexCount = count === batch.full.length ? 0 : count;
      // Uncut and unchanged: the drawn list already holds the full one.
      if (indexCount === geometry.indexCount && near === null && !rewritten) continue;
      geometry.indexCount = indexCount;
      geometry.indexBuffer.update(count * drawn.BYTES_PER_ELEMENT);
    }
    // Its display objects (texts, pictures, groups, shapes the batch cannot draw) far from the
    // view are left out too: a run of siblings spans far wider than the view, and each text
    // drawn costs its glyphs. Each is labelled with its node's id (see `applyCommon`).
    for (const piece of chunk.group.children) {
      if (piece.label === "batch") continue;
      const culled = near !== null && !near.has(piece.label);
      if (piece.culled !== culled) piece.culled = culled;
    }
  }
}

/**
 * Vertices one batch holds at most (8 MiB of them) before the build starts another. A chunk of a
 * map with thousands of segments per polygon held hundreds of MB in one buffer, which the frame
 * that first drew it uploaded at once: a second without a frame. Each batch is sent to the GPU
 * as it is made (`ChunkOwner.upload`), so the uploads share the build's slices of time.
 */
export const MAX_BATCH_VERTICES = (8 << 20) / BYTES_PER_VERTEX;

/**
 * An ordinary build of a chunk: its batchable members written into meshes, one per program a
 * stretch of them needs, and the display objects of the others slotted in between, in order.
 * It may stop at a deadline and go on later (nothing is shown until it is finished); its writer
 * must then be its own.
 */
class SlicedBuild {
  readonly pieces: Container[] = [];
  readonly batches: Batch[] = [];
  zoomed = false;
  /** Whether a batch draws with a program cheaper than the one for every kind. */
  tight = false;
  private next = 0;
  private ranges = new ShapeRanges();

  constructor(
    private readonly ids: readonly Id[],
    private readonly owner: ChunkOwner,
    private readonly writer: BatchWriter,
    readonly detail: Detail,
  ) {
    writer.reset();
  }

  /** Writes members until all are written (true) or, after one at least, `over` says so (false). */
  run(over: () => boolean): boolean {
    const { store } = this.owner;
    const writer = this.writer;
    while (this.next < this.ids.length) {
      const id = this.ids[this.next]!;
      this.next += 1;
      const node = store.get(id);
      if (isSceneNode(node)) {
        if (isBatchable(node)) {
          const before = writer.indexCount;
          encodeNode(writer, node, toMatrix(node.transform), this.detail);
          if (writer.indexCount > before) this.ranges.add(id, writer.indexCount);
          if (!this.zoomed && dependsOnZoom(node)) this.zoomed = true;
          if (writer.vertexCount >= MAX_BATCH_VERTICES) this.flush();
        } else {
          this.flush();
          this.pieces.push(this.owner.displayFor(node));
        }
      }
      if (this.next < this.ids.length && over()) return false;
    }
    this.flush();
    return true;
  }

  /** Destroys the meshes made so far: the build is given up. */
  discard(): void {
    for (const batch of this.batches) batch.mesh.destroy();
    this.batches.length = 0;
    this.pieces.length = 0;
  }

  private flush(): void {
    const writer = this.writer;
    if (writer.indexCount === 0) return;
    // One vertex buffer, one mesh per program the batch's triangles need (see splitBatch).
    const buffer = batchVertexBuffer(writer);
    for (const part of splitBatch(writer, this.ranges)) {
      const mesh = createBatchMesh(writer, part.program, buffer, part.indices);
      mesh.label = "batch";
      this.owner.upload(mesh.geometry);
      this.pieces.push(mesh);
      const full = part.indices.slice();
      this.batches.push({ mesh, full, ranges: part.ranges, live: null });
      if (part.program !== "all") this.tight = true;
    }
    this.ranges = new ShapeRanges();
    writer.reset();
  }
}

/**
 * Stops drawing a chunk from its texture. PixiJS's `cacheAsTexture(false)` also makes the
 * container an ordinary one, after which any change inside it would rebuild the camera's whole
 * render group: the chunk is made its own render group again.
 */
function drawLive(group: Container): void {
  group.cacheAsTexture(false);
  group.enableRenderGroup();
}

function sameIds(a: readonly Id[], b: readonly Id[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `host` has exactly `wanted` as children, in that order. */
export function sameChildren(host: Container, wanted: readonly Container[]): boolean {
  const children = host.children;
  if (children.length !== wanted.length) return false;
  for (let i = 0; i < wanted.length; i += 1) if (children[i] !== wanted[i]) return false;
  return true;
}
