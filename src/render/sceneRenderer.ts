import "pixi.js/advanced-blend-modes";
import { registerHslBlends } from "./hslBlends";
import { placeFiltersInMasks } from "./filterOffsets";
import { Container, type Geometry } from "pixi.js";
import type { DocumentStore, Commit } from "../doc/store";
import { sameValue } from "../doc/patch";
import { worldMatrix } from "../doc/commands";
import { patternsOf } from "../doc/pattern";
import { isSceneNode, type BlendMode, type Id, type SceneNode } from "../doc/types";
import { blurOf, LayerHost, scaleLayerBlur } from "./groupLayers";
import { maskOf, refreshGroupMask, type MaskScene, type MaskState } from "./groupMasks";
import { dependsOnZoom, isBatchable, type Detail } from "./batch/encode";
import { BatchWriter } from "./batch/writer";
import { DeferredDraws } from "./deferredDraws";
import type { RenderHooks } from "./hud";
import { TextPacer } from "./textPacer";
import {
  ChunkList,
  sameChildren,
  TEXTURE_CACHE_MAX_ZOOM,
  type ChunkOwner,
  type InView,
} from "./chunkList";
import { UNITS_PER_SEGMENT } from "../geometry/dash";
import {
  applyCommon,
  batchDisplay,
  createDisplay,
  type Display,
  type DrawContext,
  type ImageSource,
  type TileRenderer,
} from "./displays";

registerHslBlends();
placeFiltersInMasks();

/**
 * A vector shape inside a group or frame of at most this many children gets a batch mesh of its
 * own; a bigger container (an imported SVG of thousands of paths) has its children drawn in
 * chunks, as a page's are, since one mesh and draw call per shape would cost far more there. A
 * chunked container goes back to meshes of their own only under half this, so a container
 * near the line does not switch back and forth.
 */
export const MAX_NESTED_BATCHES = 256;

/** Children per chunk when a page or big container is laid out; an edit rebuilds one chunk. */
export const CHUNK_SIZE = 1024;

/**
 * Past this many nodes to draw at once (a page shown, a commit), the shapes of small groups and
 * frames among them are drawn in build slices, near the view first, instead of in that task
 * (see `DeferredDraws`).
 */
export const DEFER_DRAWS_OVER = 64;

/**
 * How long one pass may spend building chunks that draw nothing yet (or an older zoom's detail)
 * before leaving the rest to the next frame, in the app: a frame stays well under the 100 ms a
 * person feels as a freeze, on top of drawing it, while a big document fills in.
 */
export const BUILD_SLICE_MS = 40;

/**
 * The slice where a GPU draws the canvas: there a frame costs 1–4 ms, so a slice of 40 would make
 * every frame that builds several frames long; 12 keeps such a frame near a 60 Hz frame's 16.7.
 * A software rasteriser's frames cost more than that on their own, and its view fills in sooner
 * with `BUILD_SLICE_MS`.
 */
export const HARDWARE_BUILD_SLICE_MS = 12;

/**
 * Most members of chunks built ahead of the view at once (see `buildAhead`): chunks are runs of
 * siblings, which in a big document may stretch far past the view, so what is built ahead is
 * bounded by this rather than by the area near the view.
 */
export const AHEAD_MAX_MEMBERS = 65536;

export interface SceneRendererOptions {
  /**
   * The renderer's frames, which spread the first drawing of many texts over frames (see
   * `TextPacer`); without them every text is drawn in the next frame.
   */
  readonly renderHooks?: RenderHooks | null;
  /** Where commits are heard (the store itself unless the editor's pipeline gives a stage). */
  readonly commits?: Pick<DocumentStore, "subscribe">;
  /** Children per chunk: a run of consecutive siblings drawn as one render group. */
  readonly chunkSize?: number;
  /**
   * How long one pass may spend building chunks that draw nothing yet (see `BUILD_SLICE_MS`),
   * by `clock` (ms; `performance.now` unless given). Without it a pass builds every chunk it
   * asks for.
   */
  readonly buildSliceMs?: number;
  readonly clock?: () => number;
  /**
   * Whether far-zoom chunks are drawn from textures of themselves (on unless false). They save a
   * software rasteriser most of its per-pixel work; on a GPU, drawing the meshes may cost less
   * than rendering the textures as chunks come into view.
   */
  readonly textureCaches?: boolean;
  /**
   * Build no chunk until the first cull says which are near the view, so showing a page costs
   * the same whatever it holds. Without it everything is drawn until a cull.
   */
  readonly lazy?: boolean;
  /**
   * Told whether the page holds nodes whose blend mode reads what is beneath them (overlay,
   * difference, …): those need the frame drawn off screen first, which costs every frame.
   */
  readonly onBackdropNeeded?: (needed: boolean) => void;
  /** Textures for image nodes; the renderer owns it and disposes it with itself. */
  readonly images?: ImageSource;
  /**
   * Sends a batch's buffers to the GPU as its chunk is built (see `MAX_BATCH_VERTICES`); without
   * it they go up in the frame that first draws them.
   */
  readonly uploads?: (geometry: Geometry) => void;
  /** Renders pattern paints' tiles; without it a pattern paints nothing. */
  readonly tiles?: TileRenderer;
  /**
   * Where a restored WebGL context is heard: pattern tiles are rendered textures, lost with the
   * context, and are rendered again then. Returns how to stop listening.
   */
  readonly contextRestored?: (listener: () => void) => () => void;
  /**
   * The text whose editing field is open: left undrawn while the field shows its words, without
   * the document calling it hidden (the panels and files see it as it is).
   */
  readonly editingText?: {
    readonly id: Id | null;
    subscribe(listener: (id: Id | null) => void): () => void;
  };
  /**
   * Where the renderer learns that a gesture (a drag) is open: shapes it changes are drawn live,
   * rewritten in place at every step (see `ChunkList`), until it ends. `History` is one.
   */
  readonly gestures?: {
    readonly inGesture: boolean;
    subscribe(listener: () => void): () => void;
  };
}

/**
 * Commits this close together are live edits even outside a gesture (a key held down, nudging):
 * the shapes they change are drawn live until no commit has come for `LIVE_SETTLE_MS`.
 */
export const LIVE_EDIT_MS = 250;
export const LIVE_SETTLE_MS = 300;

/** Blend modes PixiJS draws with a filter over a copy of what is beneath, not GL blending. */
function readsBackdrop(mode: BlendMode): boolean {
  return mode !== "normal" && mode !== "screen";
}

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
 * A new zoom bucket rebuilds drawn chunks only once the zoom has rested this long (no zoom step
 * at all), so a zoom gesture draws what was built and pays for rebuilding once, at the end.
 */
export const ZOOM_SETTLE_MS = 200;

/**
 * The document drawn as a retained PixiJS scene, built once per page and then updated from each
 * commit's patch: only the records a commit changed are redrawn; nothing is rebuilt per frame.
 *
 * A page's children, and the children of any group or frame with more than
 * `MAX_NESTED_BATCHES` of them, are drawn by a `ChunkList`: runs of consecutive siblings, each a
 * render group. Inside a chunk, solid-painted vector shapes are written straight into typed
 * arrays and drawn by one mesh with a shader of our own; only nodes that need more (text,
 * images, gradients, blend modes, groups and frames) keep a display object, in their place in
 * the run. Children of smaller groups and frames have display objects of their own, vector
 * shapes a batch mesh each.
 */
export class SceneRenderer {
  /** The camera's render group: one transform for pan and zoom. */
  readonly world = new Container({ label: "world", isRenderGroup: true });
  /** Display objects of nodes no chunk's batch draws. */
  private readonly displays = new Map<Id, Display>();
  /** The chunk lists of the page (keyed by the page's id) and of its big groups and frames. */
  private readonly lists = new Map<Id, ChunkList>();
  /** Masked groups drawn, and the child each is masked by (see groupMasks.ts). */
  private readonly masks = new Map<Id, MaskState>();
  /** Blurred groups drawn: their blur is sized for the zoom. */
  private readonly blurred = new Set<Id>();
  /** Shapes of small containers with a display not drawn yet (see `DEFER_DRAWS_OVER`). */
  private readonly deferred = new DeferredDraws();
  /** Deferred shapes drawn so far. */
  private lateDraws = 0;
  /**
   * Nodes on screen until a switch of their container's drawing (see `switchHolders`) took down
   * what drew them, for the rest of the commit's sync: they are drawn again at once.
   */
  private readonly shownBeforeSwitch = new Set<Id>();
  /** The world scale and zoom each display was last drawn for (see `drawKey`). */
  private readonly drawnFor = new WeakMap<Display, string>();
  private readonly texts: TextPacer | null;
  private readonly stopPacingTexts: () => void;
  private page: Id | null = null;
  private serial = 0;
  private readonly chunkSize: number;
  private buildSliceMs: number;
  private textureCaches: boolean;
  /** Whether chunks are built ahead of the view (see `buildAhead`). */
  private aheadOn = true;
  private readonly clock: () => number;
  /** When the current pass's share of chunk building ends, by `clock`. */
  private buildDeadline = Infinity;
  private readonly lazy: boolean;
  private zoom = 1;
  private detail: Detail = detailForZoom(1);
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /** The nodes the last cull found near the view, with their ancestors. */
  private inView: InView | Set<Id>;
  /** Bumped whenever `inView` changes, so chunks know when to cut their index lists again. */
  private cullSerial = 0;
  /** Bumped whenever `inView` changes, by a cull or by edits adding to it. */
  private viewSerial = 0;
  private builds = 0;
  private patches = 0;
  /** When the last commit came, and whether edits are live (see `LIVE_EDIT_MS`). */
  private lastCommitAt = -Infinity;
  private live = false;
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly gestures: SceneRendererOptions["gestures"] | null;
  private readonly stopFollowingGestures: () => void;
  private cullWanted = false;
  /** Nodes commits have taken into the last cull's set since (see `keepCullingHonest`). */
  private honestSinceCull = 0;
  /** Nodes of the page whose blend mode reads the backdrop. */
  private readonly backdropReaders = new Set<Id>();
  private backdropNeeded = false;
  private readonly onBackdropNeeded: ((needed: boolean) => void) | null;
  private readonly images: ImageSource | null;
  private readonly tiles: TileRenderer | null;
  private readonly stopRestoring: () => void;
  /** The zoom pattern tiles were last rendered for, and the wait for the zoom to rest. */
  private patternZoom = 1;
  private patternTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly owner: ChunkOwner;
  private readonly uploads: ((geometry: Geometry) => void) | null;
  private readonly unsubscribe: () => void;
  /** The text being edited in its field, drawn by the field instead. */
  private editing: Id | null;
  private readonly stopFollowingEditing: () => void;

  constructor(
    private readonly store: DocumentStore,
    root: Container,
    private readonly invalidate: () => void,
    options: SceneRendererOptions = {},
  ) {
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? CHUNK_SIZE));
    this.buildSliceMs = Math.max(0, options.buildSliceMs ?? Infinity);
    this.textureCaches = options.textureCaches !== false;
    this.clock = options.clock ?? (() => performance.now());
    this.lazy = options.lazy ?? false;
    this.onBackdropNeeded = options.onBackdropNeeded ?? null;
    const images = options.images ?? null;
    this.tiles = options.tiles ?? null;
    this.uploads = options.uploads ?? null;
    this.stopRestoring = options.contextRestored?.(() => this.redrawPatterns()) ?? (() => {});
    // A picture decodes after its chunk was drawn (or cached as a texture): its arrival redraws.
    this.images = images && {
      load: (node, done) =>
        images.load(node, (texture) => {
          done(texture);
          this.imageArrived(node.id);
        }),
      get decoding() {
        return images.decoding;
      },
      dispose: () => images.dispose(),
    };
    this.inView = this.lazy ? "none" : "all";
    const hooks = options.renderHooks ?? null;
    const texts = hooks === null ? null : new TextPacer(invalidate);
    this.texts = texts;
    this.stopPacingTexts =
      hooks === null || texts === null
        ? () => {}
        : hooks.onRender(
            () => texts.beforeRender(),
            () => texts.afterRender(),
          );
    root.addChild(this.world);
    this.owner = {
      store,
      writer: new BatchWriter(),
      detail: () => this.detail,
      settled: () => this.settleTimer === null,
      cachesTextures: () => this.textureCaches,
      displayFor: (node) => this.memberDisplay(node),
      inView: () => this.inView,
      cullSerial: () => this.cullSerial,
      viewSerial: () => this.viewSerial,
      built: () => {
        this.builds += 1;
      },
      sliceOver: () => this.buildDeadline !== Infinity && this.clock() >= this.buildDeadline,
      liveWriter: new BatchWriter(),
      patched: (count) => {
        this.patches += count;
      },
      upload: (geometry) => this.uploads?.(geometry),
      liveEdits: () => this.live,
      drawnIn: (node, group) => {
        const display = this.displays.get(node.id);
        return (
          display !== undefined &&
          !display.batched &&
          display.type === node.type &&
          display.object.parent === group
        );
      },
    };
    this.gestures = options.gestures ?? null;
    this.stopFollowingGestures =
      options.gestures?.subscribe(() => {
        if (!this.gestures!.inGesture) this.settleLiveLater();
      }) ?? (() => {});
    this.unsubscribe = (options.commits ?? store).subscribe((commit) => this.onCommit(commit));
    this.editing = options.editingText?.id ?? null;
    this.stopFollowingEditing =
      options.editingText?.subscribe((id) => this.setEditing(id)) ?? (() => {});
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
    this.deferred.clear();
    this.masks.clear();
    this.blurred.clear();
    for (const list of this.lists.values()) list.destroy();
    this.lists.clear();
    this.world.removeChildren();
    this.backdropReaders.clear();
    this.page = pageId;
    this.serial += 1;
    this.inView = this.lazy ? "none" : "all";
    this.cullSerial += 1;
    this.viewSerial += 1;
    const pageList = new ChunkList(pageId, this.owner, this.chunkSize);
    this.lists.set(pageId, pageList);
    this.world.addChild(pageList.root);
    // Leaves in chunked lists need nothing but their list's layout; containers (whose lists
    // are decided as they are synced) and the children of small ones are synced.
    const ids: Id[] = [];
    const stack: Id[] = [pageId];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      const children = this.store.childrenOf(parent);
      const chunked =
        parent === pageId ||
        (children.length > MAX_NESTED_BATCHES && maskOf(this.nodeAt(parent)) === null);
      for (const child of children) {
        if (readsBackdrop(child.blendMode)) this.backdropReaders.add(child.id);
        if (isContainerNode(child)) stack.push(child.id);
        if (!chunked || isContainerNode(child)) ids.push(child.id);
      }
    }
    this.sync(ids, true);
  }

  /** Nodes of the shown page the renderer draws, in batches or as display objects. */
  get displayedCount(): number {
    let count = 0;
    for (const list of this.lists.values()) count += list.size;
    for (const id of this.displays.keys()) if (this.listHolding(id) === null) count += 1;
    return count;
  }

  /** The display object of a node that has one (nodes in small containers, unbatched ones). */
  displayOf(id: Id): Container | null {
    return this.displays.get(id)?.object ?? null;
  }

  /** Top-level nodes on the page, and how many sit in chunks the last cull left drawn. */
  get cullStats(): { readonly topLevel: number; readonly drawn: number } {
    const stats = { chunks: 0, drawn: 0, batchedShapesDrawn: 0, members: 0 };
    const pageList = this.pageList();
    pageList?.addStats(stats);
    return { topLevel: pageList?.size ?? 0, drawn: stats.members };
  }

  /**
   * Chunks of the page and its big containers, how many are drawn, chunk builds so far, and how
   * many batched shapes the drawn chunks hand to the GPU (a drawn chunk draws only the shapes
   * near the view). `patches` counts shapes rewritten in place in their chunks, without a
   * build, while edits were live.
   */
  get chunkStats(): {
    readonly chunks: number;
    readonly drawn: number;
    readonly builds: number;
    readonly patches: number;
    readonly batchedShapesDrawn: number;
  } {
    const stats = { chunks: 0, drawn: 0, batchedShapesDrawn: 0, members: 0 };
    for (const list of this.lists.values()) list.addStats(stats);
    const { chunks, drawn, batchedShapesDrawn } = stats;
    return { chunks, drawn, builds: this.builds, patches: this.patches, batchedShapesDrawn };
  }

  /** Member ids of each of the page's chunks, in drawing order. */
  chunkMembers(): Id[][] {
    return this.pageList()?.members() ?? [];
  }

  /** Member ids of each chunk of a big group or frame; null when its children are not chunked. */
  chunkMembersOf(holder: Id): Id[][] | null {
    return this.lists.get(holder)?.members() ?? null;
  }

  /** Whether the chunk holding `id` is drawn; null if `id` is not in a chunk. */
  isDrawn(id: Id): boolean | null {
    return this.listHolding(id)?.isDrawn(id) ?? null;
  }

  /**
   * Draws only the chunks holding the nodes in `hits` (any nodes of the page) or their
   * ancestors, building those not built yet, and culls the rest. Costs the size of the hits
   * times their depth plus the number of chunks; only chunks whose state changes are flipped.
   */
  cullTo(hits: Iterable<Id>): { readonly shown: number; readonly hidden: number } {
    this.cullWanted = false;
    this.honestSinceCull = 0;
    const next = new Set<Id>();
    for (const id of hits) this.addWithAncestors(next, id);
    this.inView = next;
    this.cullSerial += 1;
    this.viewSerial += 1;
    return this.applyCull();
  }

  /**
   * Whether a commit changed too many nodes to keep them all drawn until the next cull: the
   * viewport culls anew before the next frame.
   */
  /**
   * Whether nothing waits for a pause: no zoom to settle (chunk detail, pattern tiles), no live
   * edits to end, no chunk to build and no picture still decoding. What is drawn now stays drawn
   * until something changes.
   */
  get resting(): boolean {
    return (
      this.settleTimer === null &&
      this.patternTimer === null &&
      this.liveTimer === null &&
      !this.building &&
      this.textsWaiting === 0 &&
      !(this.images?.decoding ?? false)
    );
  }

  /**
   * Chooses the chunks to build ahead of the view while the page is idle: those holding `ids`,
   * nodes near the view but outside the last cull, nearest first, so that panning onto them
   * finds them built instead of building them in its frames. Costs the size of `ids`.
   */
  setAhead(ids: Iterable<Id>, maxMembers = AHEAD_MAX_MEMBERS): void {
    const near = new Set<Id>();
    for (const id of ids) this.addWithAncestors(near, id);
    let room = maxMembers;
    for (const list of this.lists.values()) room -= list.setAhead(near, Math.max(0, room));
  }

  /**
   * Builds chunks chosen by `setAhead` until `over` says stop; returns whether any are left. The
   * view comes first: nothing is built ahead while it is still filling in, while edits are live
   * or while a zoom has not settled (a build for a passing zoom's detail would be thrown away).
   * Returns whether to be called again, at the next idle moment.
   */
  buildAhead(over: () => boolean): boolean {
    if (!this.aheadOn) return false;
    if (this.building || this.live || this.settleTimer !== null) return true;
    let left = false;
    for (const list of this.lists.values()) if (list.buildAhead(over)) left = true;
    // Then the shapes of small groups far from the view, so a pan finds them drawn.
    if (!left && this.deferred.size > 0 && !over()) this.drawDeferred(over, true);
    return left || this.deferred.size > 0;
  }

  /** Texts set but held back from drawing until a frame has room for them (see `TextPacer`). */
  get textsWaiting(): number {
    return this.texts?.waitingCount ?? 0;
  }

  /** Whether chunks near the view are still to be built: see `continueBuilds`. */
  get building(): boolean {
    for (const list of this.lists.values()) if (list.building) return true;
    return this.deferred.nearView(this.inView, this.viewSerial);
  }

  /**
   * Goes on building the chunks near the view that earlier passes left (see `BUILD_SLICE_MS`):
   * called once a frame while `building`. Returns whether anything new is drawn.
   */
  continueBuilds(): boolean {
    if (!this.building) return false;
    const before = this.builds + this.lateDraws;
    this.applyCull();
    return this.builds + this.lateDraws !== before;
  }

  get wantsCull(): boolean {
    return this.cullWanted;
  }

  /** Draws everything again, as before the first cull. */
  uncullAll(): void {
    this.inView = "all";
    this.cullSerial += 1;
    this.viewSerial += 1;
    this.applyCull();
  }

  /**
   * Tells the renderer the camera's zoom. Chunks built from now on use its bucket's detail;
   * drawn chunks built for another bucket are rebuilt once the zoom settles, so curves stay
   * smooth zoomed in and thin strokes stay cheap zoomed out.
   */
  setZoom(zoom: number): void {
    const moved = zoom !== this.zoom;
    this.zoom = zoom;
    if (moved) this.patternsLater();
    if (moved && this.blurred.size > 0) this.scaleBlurs([...this.blurred]);
    const detail = detailForZoom(zoom);
    if (detail.pixelsPerUnit === this.detail.pixelsPerUnit) {
      // Any zoom step restarts the wait, so a slow gesture is not rebuilt for halfway through.
      if (moved && this.settleTimer !== null) this.settleLater();
      return;
    }
    const finer = detail.pixelsPerUnit > this.detail.pixelsPerUnit;
    this.detail = detail;
    // Zoomed in past the cached zooms, textures would blur: draw live. Further out, drawn
    // chunks are drawn from textures at once (see `ChunkList.updateCache`).
    if (detail.pixelsPerUnit > TEXTURE_CACHE_MAX_ZOOM)
      for (const list of this.lists.values()) list.dropCaches();
    else if (this.textureCaches) for (const list of this.lists.values()) list.updateCaches();
    // Zooming in, chunks of a coarser bucket are built again in the next frames' slices, not
    // at the settle: see `ChunkList.refineDetail`.
    if (finer) for (const list of this.lists.values()) list.refineDetail();
    this.settleLater();
  }

  /**
   * Pattern tiles are rendered for the camera's own zoom, not its bucket's, so that a tile's
   * texels fall on the screen's pixels: once the zoom rests, tiles rendered for another zoom are
   * rendered again (only shapes painted with patterns are redrawn).
   */
  private patternsLater(): void {
    if (this.patternTimer !== null) clearTimeout(this.patternTimer);
    this.patternTimer = setTimeout(() => {
      this.patternTimer = null;
      if (this.zoom !== this.patternZoom) this.redrawPatterns();
    }, ZOOM_SETTLE_MS);
  }

  private settleLater(): void {
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (this.refreshDetail() > 0) this.invalidate();
    }, ZOOM_SETTLE_MS);
  }

  /** Rebuilds (or re-caches) what was drawn for another zoom bucket; returns how many. */
  refreshDetail(): number {
    let changed = 0;
    for (const [id, display] of this.displays) {
      if (!display.zoomDependent || this.deferred.has(id)) continue;
      const node = this.store.get(id);
      if (isSceneNode(node) && (!isBatchable(node) || dependsOnZoom(node))) {
        this.drawDisplay(display, node);
        changed += 1;
      }
    }
    let rebuilt = 0;
    for (const list of this.lists.values()) rebuilt += list.refreshDetail();
    // Chunks left to build for the new detail start now, and go on in the next passes.
    if (rebuilt > 0) this.applyCull();
    changed += rebuilt;
    if (this.masks.size > 0) {
      this.refreshMasks(new Set(this.masks.keys()));
      changed += 1;
    }
    return changed;
  }

  /**
   * Draws the nodes painted with patterns again: their tiles are rendered textures, which a lost
   * WebGL context takes with it and no CPU copy restores.
   */
  redrawPatterns(): number {
    this.patternZoom = this.zoom;
    let redrawn = 0;
    for (const [id, display] of this.displays) {
      const node = this.store.get(id);
      if (!isSceneNode(node) || patternsOf(node).length === 0 || this.deferred.has(id)) continue;
      this.drawDisplay(display, node);
      redrawn += 1;
    }
    for (const list of this.lists.values()) list.dropCaches();
    if (redrawn > 0) this.invalidate();
    return redrawn;
  }

  /**
   * Changes how long one pass may spend building chunks that draw nothing yet (see
   * `SceneRendererOptions.buildSliceMs`): a frame on a GPU costs far less than the slice chosen
   * for a software rasteriser.
   */
  setBuildSliceMs(ms: number): void {
    this.buildSliceMs = Math.max(0, ms);
  }

  /** How long one pass may spend building chunks that draw nothing yet, in ms. */
  get buildSlice(): number {
    return this.buildSliceMs;
  }

  /** Turns building ahead of the view on or off (see `buildAhead`), for comparing costs. */
  setBuildsAhead(on: boolean): void {
    this.aheadOn = on;
  }

  /** Turns far-zoom texture caches on or off (see `SceneRendererOptions.textureCaches`). */
  setTextureCaches(on: boolean): void {
    if (on === this.textureCaches) return;
    this.textureCaches = on;
    if (!on) for (const list of this.lists.values()) list.dropCaches();
    else for (const list of this.lists.values()) list.refreshDetail();
    this.invalidate();
  }

  dispose(): void {
    this.unsubscribe();
    this.stopFollowingGestures();
    if (this.liveTimer !== null) clearTimeout(this.liveTimer);
    this.liveTimer = null;
    this.stopRestoring();
    if (this.patternTimer !== null) clearTimeout(this.patternTimer);
    this.patternTimer = null;
    this.stopFollowingEditing();
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    for (const list of this.lists.values()) list.destroy();
    this.lists.clear();
    this.displays.clear();
    this.deferred.clear();
    this.stopPacingTexts();
    this.texts?.releaseAll();
    this.world.destroy({ children: true });
    this.images?.dispose();
    // The off-screen backdrop costs every frame: the next document asks for it if it needs it.
    if (this.backdropNeeded) this.onBackdropNeeded?.(false);
    this.backdropNeeded = false;
  }

  private onCommit(commit: Commit): void {
    if (this.page === null) return;
    const now = performance.now();
    this.live = this.gestures?.inGesture === true || now - this.lastCommitAt < LIVE_EDIT_MS;
    this.lastCommitAt = now;
    if (this.live) this.settleLiveLater();
    if (this.store.get(this.page) === undefined) {
      const first = this.store.pages()[0];
      if (first) this.showPage(first.id);
      this.invalidate();
      return;
    }
    // A child taken out of a masked group (its first one, maybe) changes the group's mask.
    const formerParents: Id[] = [];
    const movedOnly = new Set<Id>();
    // The document's and pages' records draw nothing: renaming a document just opened must not
    // make the page's chunk list index a million members to find that none holds it.
    const nodes: Id[] = [];
    for (const change of commit.patch.changes) {
      const before = change.before ?? undefined;
      const after = change.after ?? undefined;
      if (!isSceneNode(before) && !isSceneNode(after)) continue;
      nodes.push(change.id);
      if (isSceneNode(before) && !(isSceneNode(after) && after.parent === before.parent))
        formerParents.push(before.parent);
      if (isSceneNode(before) && isSceneNode(after) && onlyMoved(before, after))
        movedOnly.add(change.id);
    }
    this.sync(nodes, false, formerParents, movedOnly);
    this.invalidate();
  }

  private pageList(): ChunkList | null {
    return this.page === null ? null : (this.lists.get(this.page) ?? null);
  }

  /** The chunk list `id` was laid out in, if any. */
  /** Marks the chunk that draws `id` (its own, or its nearest chunked ancestor's) and redraws. */
  private imageArrived(id: Id): void {
    let at: Id | null = id;
    while (at !== null) {
      if (this.listHolding(at)?.invalidateMember(at)) break;
      const record = this.store.get(at);
      at = record !== undefined && "parent" in record ? record.parent : null;
    }
    this.invalidate();
  }

  private listHolding(id: Id): ChunkList | null {
    // Its parent's list first: asking every list would make each index the members it placed.
    const node = this.store.get(id);
    const own = isSceneNode(node) ? this.lists.get(node.parent) : undefined;
    if (own?.has(id) === true) return own;
    for (const list of this.lists.values()) if (list !== own && list.has(id)) return list;
    return null;
  }

  /**
   * Brings the scene in line with the store for `ids`: big containers get or lose their chunk
   * lists; a changed child of a chunked holder marks its chunk for a rebuild, and lays the list
   * out again when it came, went or moved; other nodes get their display objects created,
   * redrawn, re-attached and re-ordered.
   */
  private sync(
    changed: readonly Id[],
    layoutAll: boolean,
    formerParents: readonly Id[] = [],
    movedOnly: ReadonlySet<Id> = new Set(),
  ): void {
    const ids = this.switchHolders(changed, layoutAll);
    const defer = this.buildSliceMs !== Infinity && ids.length > DEFER_DRAWS_OVER;
    const touchedHosts = new Set<Id>();
    const attach: SceneNode[] = [];
    const relayout = new Set<ChunkList>(layoutAll ? this.lists.values() : []);
    /** Removed containers whose chunk lists go once the loop is done. */
    const gone: Id[] = [];
    for (const id of ids) {
      const node = this.store.get(id);
      const existing = this.displays.get(id);
      const oldList = this.listHolding(id);
      const shownBefore = this.shownBeforeSwitch.has(id) || this.isShown(id, oldList);
      oldList?.memberChanged(id);
      const onPage = isSceneNode(node) && this.store.pageOf(id)?.id === this.page;
      if (onPage && readsBackdrop(node.blendMode)) this.backdropReaders.add(id);
      else this.backdropReaders.delete(id);
      if (!onPage) {
        this.deferred.delete(id);
        if (existing) {
          existing.object.destroy({ children: false });
          this.displays.delete(id);
        }
        if (oldList) relayout.add(oldList);
        // Its list goes after the others are synced: its members moved out (an ungroup, an
        // undone grouping) are asked whether it showed them.
        if (this.lists.has(id) && id !== this.page) gone.push(id);
        continue;
      }
      const list = this.lists.get(node.parent) ?? null;
      if (list !== oldList) {
        if (oldList) relayout.add(oldList);
        if (list) relayout.add(list);
      } else if (list !== null && !list.isPlaced(node)) relayout.add(list);
      // On screen until now, elsewhere (Ctrl+G, Ctrl+Shift+G, their undo, a container switched to
      // chunks): its new chunk is built in this pass, or it would vanish for the frames a sliced
      // build takes.
      if (list !== null && list !== oldList && shownBefore) list.arrivedShown(id);
      if (list !== null) {
        // Holders get their display at once, so their children have somewhere to go; other
        // members no batch draws get theirs when their chunk is built.
        if (isBatchable(node) || (!isContainerNode(node) && existing === undefined)) {
          if (existing) {
            existing.object.destroy({ children: false });
            this.displays.delete(id);
          }
          continue;
        }
      }
      let display = existing;
      const batched = list === null && isBatchable(node);
      let fresh = false;
      if (display === undefined || display.type !== node.type || display.batched !== batched) {
        if (display) display.object.destroy({ children: false });
        display = batched ? batchDisplay(node.type) : createDisplay(node, this.images);
        this.displays.set(id, display);
        fresh = true;
      }
      // A masked group's children stay drawn at once: its mask hides the first one's drawing.
      // So does a shape on screen before the commit (moved out of a chunk into a small group:
      // Ctrl+G), which its chunk drops at once: left to the next passes, it would vanish.
      if (
        defer &&
        fresh &&
        !shownBefore &&
        list === null &&
        !isContainerNode(node) &&
        maskOf(this.nodeAt(node.parent)) === null
      )
        this.deferred.add(id);
      else {
        const waited = this.deferred.has(id);
        this.deferred.delete(id);
        // Only moved (grouped, ungrouped, reordered), at the scale and zoom it was drawn for:
        // it stays drawn as it is. Drawing a labelled box again costs about a millisecond under
        // load, most of a second in the commit's task for Ctrl+G of a thousand.
        if (
          fresh ||
          waited ||
          !movedOnly.has(id) ||
          this.drawnFor.get(display) !== this.drawKey(id)
        )
          this.drawDisplay(display, node);
      }
      this.applyCommon(display, node);
      this.placeListOf(id);
      if (list === null) attach.push(node);
    }
    for (const id of gone) {
      const own = this.lists.get(id);
      if (own === undefined) continue;
      own.destroy();
      this.lists.delete(id);
      relayout.delete(own);
    }
    this.shownBeforeSwitch.clear();
    for (const node of attach) {
      const display = this.displays.get(node.id)!;
      const host = this.displays.get(node.parent)?.host;
      if (host === undefined || host === null) continue;
      // Taken out of a chunk, it keeps no cull of the chunk's (see `ChunkList.cutToView`).
      display.object.culled = false;
      if (display.object.parent !== host) host.addChild(display.object);
      touchedHosts.add(node.parent);
    }
    for (const parent of touchedHosts) this.order(parent);
    for (const list of relayout) list.layout();
    this.refreshMasks(this.maskedAround([...ids, ...formerParents]));
    this.scaleBlurs(ids);
    this.rescaleLists();
    this.keepCullingHonest(ids);
    this.applyCull(this.buildSliceMs !== Infinity);
    const backdropNeeded = this.backdropReaders.size > 0;
    if (backdropNeeded !== this.backdropNeeded) {
      this.backdropNeeded = backdropNeeded;
      this.onBackdropNeeded?.(backdropNeeded);
    }
  }

  /**
   * Gives chunk lists to containers that grew past `MAX_NESTED_BATCHES` children and takes them
   * from those that shrank under half that. A switch tears down the container's descendants'
   * lists and the displays that differ between the two ways (batch meshes of their own,
   * containers); they are returned with `changed` to be drawn anew, at once where they were on
   * screen (`shownBeforeSwitch`).
   */
  private switchHolders(changed: readonly Id[], layoutAll = false): readonly Id[] {
    const candidates = new Set<Id>();
    for (const id of changed) {
      // A child removed from a chunked container or moved out of it: it may now be small.
      const held = this.listHolding(id)?.holder;
      if (held !== undefined && held !== this.page) candidates.add(held);
      const node = this.store.get(id);
      if (!isSceneNode(node)) continue;
      if (isContainerNode(node)) candidates.add(id);
      if (node.parent !== this.page) candidates.add(node.parent);
    }
    if (candidates.size === 0) return changed;
    const redraw: Id[] = [];
    // A switch tears down lists below it, so containers under it are looked at again after.
    const work = [...candidates];
    for (let i = 0; i < work.length; i += 1) {
      const holder = work[i]!;
      const node = this.store.get(holder);
      if (!isSceneNode(node) || !isContainerNode(node)) continue;
      if (this.store.pageOf(holder)?.id !== this.page) continue;
      const count = this.store.childrenOf(holder).length;
      const has = this.lists.has(holder);
      // A masked group keeps a display per child: its first child's is left undrawn.
      const wanted =
        maskOf(node) === null &&
        (has ? count >= MAX_NESTED_BATCHES / 2 : count > MAX_NESTED_BATCHES);
      if (wanted === has) continue;
      // A page just shown has nothing drawn yet: of what is below, only containers need work
      // (lists of their own), and a hundred thousand shapes in an imported group are not read.
      const descendants = this.descendantsOf(holder, layoutAll);
      // Asked before any is taken down: a grandchild's chunk goes with its parent's list. A page
      // just shown has nothing on screen yet.
      if (!layoutAll)
        for (const id of descendants) if (this.isShown(id)) this.shownBeforeSwitch.add(id);
      for (const id of descendants) {
        this.deferred.delete(id);
        const display = this.displays.get(id);
        const child = this.store.get(id);
        const container = isSceneNode(child) && isContainerNode(child);
        // A leaf's own display object (a labelled box, a text, a picture) draws it in a chunk as
        // in a small container: kept, so its words' glyphs are not set and paced again (see
        // `TextPacer`) and it is moved, not made again, when its new home is built.
        if (display && (display.batched || container)) {
          display.object.destroy({ children: false });
          this.displays.delete(id);
        }
        const list = this.lists.get(id);
        if (list) {
          list.destroy();
          this.lists.delete(id);
        }
        if (container) work.push(id);
        // Laying out every list (a page just shown) places a leaf that had nothing drawn: a
        // group of a hundred thousand shapes opened with its page is not synced shape by shape.
        if (layoutAll && wanted && !container && !display && !list) continue;
        redraw.push(id);
      }
      if (has) {
        this.lists.get(holder)!.destroy();
        this.lists.delete(holder);
      } else {
        this.lists.set(holder, new ChunkList(holder, this.owner, this.chunkSize));
        this.placeListOf(holder);
      }
    }
    return redraw.length === 0 ? changed : [...new Set([...changed, ...redraw])];
  }

  /**
   * Whether `id` is drawn now: by the chunk of `list`, the list it was last laid out in, or by a
   * display object of its own not waiting to be drawn.
   */
  private isShown(id: Id, list = this.listHolding(id)): boolean {
    if (list !== null) return list.shows(id);
    return this.displays.has(id) && !this.deferred.has(id);
  }

  /** Puts a chunked holder's list where its children go. */
  private placeListOf(holder: Id): void {
    const list = this.lists.get(holder);
    const host = this.displays.get(holder)?.host;
    if (list === undefined || host === undefined || host === null) return;
    if (list.root.parent !== host) {
      host.removeChildren();
      host.addChild(list.root);
    }
  }

  /** Chunks of big containers are built for their holder's world scale. */
  private rescaleLists(): void {
    for (const [holder, list] of this.lists) {
      if (holder === this.page) continue;
      list.setScale(this.worldScale(holder));
    }
  }

  /** Culls every list; `deferBuilds`: see `ChunkList.applyCull`. */
  private applyCull(deferBuilds = false): { readonly shown: number; readonly hidden: number } {
    let shown = 0;
    let hidden = 0;
    this.buildDeadline =
      this.buildSliceMs === Infinity ? Infinity : this.clock() + this.buildSliceMs;
    for (const list of this.lists.values()) {
      const result = list.applyCull(deferBuilds);
      shown += result.shown;
      hidden += result.hidden;
    }
    // A commit's own pass leaves them to the next frames, as it leaves big builds.
    if (!deferBuilds) this.drawDeferred(() => this.owner.sliceOver());
    return { shown, hidden };
  }

  /**
   * Draws deferred shapes near the view (or, with `anywhere`, any) until `over` says stop;
   * returns how many.
   */
  private drawDeferred(over: () => boolean, anywhere = false): number {
    const drawn = this.deferred.drawSome(
      this.inView,
      this.viewSerial,
      (id) => {
        const node = this.nodeAt(id);
        const display = this.displays.get(id);
        if (node !== undefined && display !== undefined) this.drawDisplay(display, node);
      },
      over,
      anywhere,
    );
    this.lateDraws += drawn;
    return drawn;
  }

  /**
   * The display object of a chunk member no batch draws, slotted into its chunk at a build;
   * created and drawn if it has none.
   */
  private memberDisplay(node: SceneNode): Container {
    let display = this.displays.get(node.id);
    if (display === undefined || display.type !== node.type || display.batched) {
      if (display) display.object.destroy({ children: false });
      display = createDisplay(node, this.images);
      this.drawDisplay(display, node);
      this.applyCommon(display, node);
      this.displays.set(node.id, display);
    }
    return display.object;
  }

  private applyCommon(display: Display, node: SceneNode): void {
    applyCommon(display.object, node);
    display.showWords(node.id !== this.editing);
  }

  /** Shows the text that was being edited again and leaves the newly edited one undrawn. */
  private setEditing(id: Id | null): void {
    const before = this.editing;
    this.editing = id;
    for (const changed of [before, id]) {
      if (changed === null) continue;
      const node = this.store.get(changed);
      const display = this.displays.get(changed);
      if (display !== undefined && isSceneNode(node)) this.applyCommon(display, node);
    }
    this.invalidate();
  }

  /** Draws `node` into its display, noting the world scale and zoom it was drawn for. */
  private drawDisplay(display: Display, node: SceneNode): void {
    display.draw(node, this.drawContext(node.id));
    this.drawnFor.set(display, this.drawKey(node.id));
  }

  /** What a display's drawing depends on besides its node: its world scale and the zoom. */
  private drawKey(id: Id): string {
    return `${this.worldScale(id)} ${this.zoom}`;
  }

  /** What a display drawing node `id` needs: the zoom's detail and the node's world scale. */
  private drawContext(id: Id): DrawContext {
    if (this.tiles !== null) this.patternZoom = this.zoom;
    return {
      detail: this.detail,
      zoom: this.zoom,
      worldScale: () => this.worldScale(id),
      tiles: this.tiles,
      texts: this.texts,
    };
  }

  private worldScale(id: Id): number {
    const m = worldMatrix(this.store, id);
    return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c)) || 1;
  }

  /**
   * A changed node may have moved into view; its chunks are drawn until the next cull decides,
   * which costs nothing per frame and never hides what should show. A commit too big for that
   * (an import of thousands of shapes would all be built) asks for a fresh cull instead.
   */
  private keepCullingHonest(ids: readonly Id[]): void {
    const inView = this.inView;
    if (!(inView instanceof Set)) return;
    if (ids.length > MAX_HONEST_CHANGES) {
      this.cullWanted = true;
      return;
    }
    for (const id of ids) {
      if (!isSceneNode(this.store.get(id))) {
        if (inView.delete(id)) this.viewSerial += 1;
      } else if (this.addWithAncestors(inView, id)) {
        // Nodes taken in since the last cull, counted so that many small commits adding nodes
        // (an import's slices) ask for a cull too, instead of drawing all of them.
        this.honestSinceCull += 1;
        if (this.honestSinceCull > NEW_IN_VIEW_BEFORE_CULL) this.cullWanted = true;
        // A node already in view that moved into a group the cull left out brings the group in:
        // its chunk would stay hidden with the node in it.
        this.viewSerial += 1;
        // Its chunk's drawn index lists were cut without it: cut again.
        this.listHolding(id)?.recutMember(id);
      }
    }
  }

  /**
   * Ends live edits once no commit has come for `LIVE_SETTLE_MS` and no gesture is open: chunks
   * built for them are built the ordinary way where that draws faster (see `ChunkList.settle`).
   */
  private settleLiveLater(): void {
    if (this.liveTimer !== null) clearTimeout(this.liveTimer);
    this.liveTimer = setTimeout(() => {
      this.liveTimer = null;
      if (this.gestures?.inGesture === true) return;
      this.settleLive();
    }, LIVE_SETTLE_MS);
  }

  /** Ends live edits now (see `settleLater`); returns how many chunks changed. */
  settleLive(): number {
    this.live = false;
    let changed = 0;
    for (const list of this.lists.values()) changed += list.settle();
    if (changed > 0) this.invalidate();
    return changed;
  }

  /**
   * Adds `id` and its ancestors below the page to `set`, stopping at an ancestor already there
   * (`id` itself may be there already: its parent may be new). Returns whether any was added.
   */
  private addWithAncestors(set: Set<Id>, id: Id): boolean {
    let added = false;
    let node = this.store.get(id);
    for (let depth = 0; isSceneNode(node) && depth < MAX_DEPTH; depth += 1) {
      if (set.has(node.id)) {
        if (depth > 0) return added;
      } else {
        set.add(node.id);
        added = true;
      }
      if (node.parent === this.page) return added;
      node = this.store.get(node.parent);
    }
    return added;
  }

  /** Everything below `holder`, or only the containers when `containersOnly`. */
  private descendantsOf(holder: Id, containersOnly = false): Id[] {
    const out: Id[] = [];
    const stack: Id[] = [holder];
    while (stack.length > 0) {
      for (const child of this.store.childrenOf(stack.pop()!)) {
        const container = isContainerNode(child);
        if (container || !containersOnly) out.push(child.id);
        // Only containers have children: asking a leaf for its own would cost a lookup each.
        if (container) stack.push(child.id);
      }
    }
    return out;
  }

  /**
   * Puts a small group's or frame's children in the document's back-to-front order, in time
   * linear in their number.
   */
  private order(parent: Id): void {
    const host = this.displays.get(parent)?.host;
    if (!host || this.lists.has(parent)) return;
    const wanted: Container[] = [];
    for (const child of this.store.childrenOf(parent)) {
      const object = this.displays.get(child.id)?.object;
      if (object !== undefined && object.parent === host) wanted.push(object);
    }
    // A mask's drawing stays with its group, last (PixiJS leaves it out of the normal pass).
    const mask = host instanceof LayerHost ? host.maskDrawing : null;
    if (mask !== null) wanted.push(mask);
    if (sameChildren(host, wanted)) return;
    host.removeChildren();
    for (const object of wanted) host.addChild(object);
  }

  private nodeAt(id: Id): SceneNode | undefined {
    const record = this.store.get(id);
    return isSceneNode(record) ? record : undefined;
  }

  /**
   * The groups whose mask `ids` may change: masked groups (or groups that were) among them and
   * their ancestors.
   */
  private maskedAround(ids: readonly Id[]): Set<Id> {
    const out = new Set<Id>();
    if (ids.length === 0) return out;
    for (const id of ids) {
      let at: Id | undefined = id;
      for (let depth = 0; at !== undefined && depth < MAX_DEPTH; depth += 1) {
        const node = this.nodeAt(at);
        if (this.masks.has(at) || maskOf(node) !== null) out.add(at);
        at = node?.parent;
      }
    }
    return out;
  }

  /**
   * Sizes the blur of each blurred group among `ids` (and of those inside a changed group, whose
   * scale may have changed with it) for the zoom.
   */
  private scaleBlurs(ids: readonly Id[]): void {
    if (ids.length === 0) return;
    const candidates = new Set<Id>(ids);
    for (const id of this.blurred) candidates.add(id);
    for (const id of candidates) {
      const node = this.nodeAt(id);
      const object = this.displays.get(id)?.object;
      if (node === undefined || blurOf(node) === null || !(object instanceof LayerHost)) {
        this.blurred.delete(id);
        continue;
      }
      this.blurred.add(id);
      scaleLayerBlur(object, node, this.zoom * this.worldScale(id));
    }
  }

  /** Masks each of `groups` by a drawing of its first child, or unmasks it (see groupMasks.ts). */
  private refreshMasks(groups: ReadonlySet<Id>): void {
    if (groups.size === 0) return;
    const scene: MaskScene = {
      childrenOf: (id) => this.store.childrenOf(id),
      context: (id) => this.drawContext(id),
      images: this.images,
    };
    const displayOf = (id: Id): Container | null => this.displays.get(id)?.object ?? null;
    for (const id of groups) {
      const node = this.nodeAt(id);
      const object = this.displays.get(id)?.object;
      const onPage = node !== undefined && this.store.pageOf(id)?.id === this.page;
      if (!onPage || !(object instanceof LayerHost)) {
        this.masks.delete(id);
        continue;
      }
      const state = refreshGroupMask(scene, node, object, this.masks.get(id) ?? null, displayOf);
      if (state === null) this.masks.delete(id);
      else this.masks.set(id, state);
      this.order(id);
    }
  }
}

/**
 * Past this many changed nodes a commit has the viewport cull anew rather than drawing every
 * changed node until the next cull.
 */
export const MAX_HONEST_CHANGES = 4096;

/**
 * Past this many nodes taken into the last cull's set by commits since, the viewport culls anew
 * on its next tick (a query of the view, far cheaper than building what is not near it): an
 * import's slices, each small, would otherwise have every shape they add built and drawn.
 */
export const NEW_IN_VIEW_BEFORE_CULL = 64;

/**
 * Whether `after` differs from `before` only in where it sits (its parent, its place among
 * siblings) and in what `applyCommon` sets at every sync.
 */
function onlyMoved(before: SceneNode, after: SceneNode): boolean {
  // Neither moved (most changes: a drag step's shapes and connectors): nothing to compare.
  if (before.parent === after.parent && before.index === after.index) return false;
  const a = before as unknown as Record<string, unknown>;
  const b = after as unknown as Record<string, unknown>;
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const key of keys) {
    if (MOVE_KEYS.has(key)) continue;
    if (!(key in a) || !sameValue(a[key], b[key])) return false;
  }
  return true;
}

const MOVE_KEYS = new Set(["parent", "index"]);

/** Deeper than the document allows; bounds walks up a broken parent chain. */
const MAX_DEPTH = 4096;
