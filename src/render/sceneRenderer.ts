import "pixi.js/advanced-blend-modes";
import { Container, Graphics, Matrix, Sprite, Text, Texture } from "pixi.js";
import type { DocumentStore, Commit } from "../doc/store";
import { toMatrix } from "../doc/transform";
import {
  isSceneNode,
  type Id,
  type ImageNode,
  type SceneNode,
  type TextNode,
  type FreehandNode,
} from "../doc/types";
import { colorOf, strokeInput } from "./paint";
import { drawVector } from "./shapes";

interface Display {
  readonly type: SceneNode["type"];
  /** What carries the node's transform, opacity and visibility. */
  readonly object: Container;
  /** Where its children go (groups and frames); null for shapes. */
  readonly host: Container | null;
  /** Redraws the node's own visuals. */
  draw(node: SceneNode): void;
}

/** Top-level nodes per chunk when a page is laid out; an edit re-uploads at most one chunk. */
export const CHUNK_SIZE = 1024;

export interface SceneRendererOptions {
  /**
   * Top-level nodes per chunk when chunks are built. A page with no more than this many draws
   * them straight in the world, where one render group costs less than a chunk tree.
   */
  readonly chunkSize?: number;
}

/**
 * The document drawn as a retained PixiJS scene, built once per page and then updated from each
 * commit's patch: only the records a commit changed are redrawn; nothing is rebuilt per frame.
 *
 * Pixi rebuilds a whole render group when anything inside it changes, so a large page's
 * top-level nodes live in chunks: runs of consecutive siblings, each its own render group inside
 * the camera's. Runs keep the document's back-to-front order across chunks, and an edit or a cull
 * re-uploads only the chunks it touches. Culling hides whole chunks, not single nodes.
 */
export class SceneRenderer {
  /** The camera's render group: one transform for pan and zoom. */
  readonly world = new Container({ label: "world", isRenderGroup: true });
  private readonly displays = new Map<Id, Display>();
  private page: Id | null = null;
  /** Chunk render groups, when the page is large enough to be chunked. */
  private readonly chunks = new Set<Container>();
  private chunked = false;
  private chunkSerial = 0;
  /** Sibling keys of top-level nodes at the last layout, to tell a re-order from an edit. */
  private readonly placedIndex = new Map<Id, string>();
  private readonly chunkSize: number;
  /**
   * Top-level nodes the last cull found in view, plus those edited since. Null until the first
   * cull, when everything is drawn. A chunk (or, on a small page, a node) is drawn if it holds
   * one of them.
   */
  private inView: Set<Id> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DocumentStore,
    root: Container,
    private readonly invalidate: () => void,
    options: SceneRendererOptions = {},
  ) {
    this.chunkSize = Math.max(1, Math.floor(options.chunkSize ?? CHUNK_SIZE));
    root.addChild(this.world);
    this.unsubscribe = store.subscribe((commit) => this.onCommit(commit));
  }

  get currentPage(): Id | null {
    return this.page;
  }

  /** Shows a page: drops what was drawn and builds the page's nodes. */
  showPage(pageId: Id): void {
    for (const display of this.displays.values()) display.object.destroy({ children: true });
    this.displays.clear();
    this.world.removeChildren();
    for (const chunk of this.chunks) chunk.destroy({ children: false });
    this.chunks.clear();
    this.chunked = false;
    this.page = pageId;
    this.inView = null;
    const ids: Id[] = [];
    const stack = [pageId];
    while (stack.length > 0) {
      const parent = stack.pop()!;
      for (const child of this.store.childrenOf(parent)) {
        ids.push(child.id);
        stack.push(child.id);
      }
    }
    this.sync(ids);
  }

  /** Number of nodes with a display object; lets tests see what is drawn. */
  get displayedCount(): number {
    return this.displays.size;
  }

  displayOf(id: Id): Container | null {
    return this.displays.get(id)?.object ?? null;
  }

  /** Top-level nodes on the page, and how many of them the last cull left drawn. */
  get cullStats(): { readonly topLevel: number; readonly drawn: number } {
    if (!this.chunked) {
      let drawn = 0;
      for (const child of this.world.children) if (!child.culled) drawn += 1;
      return { topLevel: this.world.children.length, drawn };
    }
    let topLevel = 0;
    let drawn = 0;
    for (const chunk of this.world.children) {
      topLevel += chunk.children.length;
      if (!chunk.culled) drawn += chunk.children.length;
    }
    return { topLevel, drawn };
  }

  /** Render groups the top level is split into (0 while it is drawn straight in the world). */
  get chunkStats(): { readonly chunks: number; readonly drawn: number } {
    if (!this.chunked) return { chunks: 0, drawn: 0 };
    let drawn = 0;
    for (const chunk of this.world.children) if (!chunk.culled) drawn += 1;
    return { chunks: this.world.children.length, drawn };
  }

  /**
   * Draws only what holds the top-level nodes that `hits` (any nodes of the page, nested ones
   * included) lead to, and culls the rest. Costs the size of the hits plus the number of chunks;
   * only chunks whose state changes are flipped, each flip re-dirtying just the world's short
   * list of chunks.
   */
  cullTo(hits: Iterable<Id>): { readonly shown: number; readonly hidden: number } {
    const next = new Set<Id>();
    for (const id of hits) {
      const top = this.topLevelOf(id);
      if (top !== null && this.topLevelObject(top) !== null) next.add(top);
    }
    this.inView = next;
    return this.applyCull();
  }

  /** Draws everything again, as before the first cull. */
  uncullAll(): void {
    this.inView = null;
    this.applyCull();
  }

  dispose(): void {
    this.unsubscribe();
    this.world.destroy({ children: true });
    this.chunks.clear();
  }

  private onCommit(commit: Commit): void {
    if (this.page === null) return;
    if (this.store.get(this.page) === undefined) {
      const first = this.store.pages()[0];
      if (first) this.showPage(first.id);
      this.invalidate();
      return;
    }
    this.sync(commit.patch.changes.map((change) => change.id));
    this.invalidate();
  }

  /** Brings the displays of `ids` in line with the store: create, redraw, remove, re-attach, re-order. */
  private sync(ids: readonly Id[]): void {
    const touchedHosts = new Set<Id>();
    const attach: SceneNode[] = [];
    let topChanged = false;
    for (const id of ids) {
      const node = this.store.get(id);
      const existing = this.displays.get(id);
      const onPage = isSceneNode(node) && this.store.pageOf(id)?.id === this.page;
      if (existing && this.isTopPlaced(existing.object)) topChanged = true;
      if (!onPage) {
        if (existing) {
          existing.object.destroy({ children: false });
          this.displays.delete(id);
        }
        continue;
      }
      let display = existing;
      if (display === undefined || display.type !== node.type) {
        if (display) display.object.destroy({ children: false });
        display = createDisplay(node);
        this.displays.set(id, display);
      }
      display.draw(node);
      applyCommon(display.object, node);
      attach.push(node);
    }
    for (const node of attach) {
      if (node.parent === this.page) {
        topChanged = true;
        continue;
      }
      const display = this.displays.get(node.id)!;
      const host = this.displays.get(node.parent)?.host;
      if (host === undefined || host === null) continue;
      if (display.object.parent !== host) host.addChild(display.object);
      // Only top-level holders are culled; a node nested now must not stay hidden.
      display.object.culled = false;
      touchedHosts.add(node.parent);
    }
    for (const parent of touchedHosts) this.order(parent);
    if (topChanged && this.layoutNeeded(ids)) {
      this.layoutTop();
      this.keepCullingHonest(ids);
      this.applyCull();
    } else if (this.inView !== null) this.keepCullingHonest(ids);
  }

  /**
   * Whether a commit may have changed which nodes are top-level or their order; an edit of a
   * top-level node's own look or transform leaves the layout alone, so it dirties one chunk only.
   */
  private layoutNeeded(ids: readonly Id[]): boolean {
    for (const id of ids) {
      const object = this.displays.get(id)?.object;
      const node = this.store.get(id);
      if (object === undefined || !isSceneNode(node)) return true;
      const placed = this.isTopPlaced(object);
      if (placed !== (node.parent === this.page)) return true;
      if (placed && this.placedIndex.get(id) !== node.index) return true;
    }
    return false;
  }

  private isTopPlaced(object: Container): boolean {
    const parent = object.parent;
    return parent !== null && (parent === this.world || this.chunks.has(parent));
  }

  /**
   * Puts the page's top-level displays where the document's order says: straight in the world on
   * a small page, else in runs of consecutive siblings, one chunk per run. Nodes keep their chunk
   * while it stays one unbroken run and under twice the chunk size, so most edits move nothing;
   * a node that lands between runs joins the run before it.
   */
  private layoutTop(): void {
    const ordered: Container[] = [];
    this.placedIndex.clear();
    for (const child of this.store.childrenOf(this.page!)) {
      const object = this.displays.get(child.id)?.object;
      if (object === undefined) continue;
      ordered.push(object);
      this.placedIndex.set(child.id, child.index);
    }
    const chunked = ordered.length > (this.chunked ? this.chunkSize / 2 : this.chunkSize);
    if (!chunked) {
      if (!sameChildren(this.world, ordered)) {
        this.world.removeChildren();
        for (const object of ordered) this.world.addChild(object);
      }
      for (const chunk of this.chunks) chunk.destroy({ children: false });
      this.chunks.clear();
      this.chunked = false;
      return;
    }
    if (!this.chunked) {
      this.world.removeChildren();
      this.chunked = true;
    }
    const runs: { group: Container; members: Container[]; cap: number }[] = [];
    const opened = new Set<Container>();
    let current: (typeof runs)[number] | null = null;
    for (const object of ordered) {
      const home = object.parent !== null && this.chunks.has(object.parent) ? object.parent : null;
      if (current !== null && home === current.group && current.members.length < current.cap) {
        current.members.push(object);
        continue;
      }
      if (home !== null && !opened.has(home)) {
        opened.add(home);
        current = { group: home, members: [object], cap: this.chunkSize * 2 };
        runs.push(current);
        continue;
      }
      if (current !== null && current.members.length < current.cap) {
        current.members.push(object);
        continue;
      }
      const group = new Container({ label: `chunk ${this.chunkSerial++}`, isRenderGroup: true });
      group.eventMode = "none";
      this.chunks.add(group);
      opened.add(group);
      current = { group, members: [object], cap: this.chunkSize };
      runs.push(current);
    }
    for (const run of runs) {
      if (sameChildren(run.group, run.members)) continue;
      run.group.removeChildren();
      for (const object of run.members) {
        object.culled = false;
        run.group.addChild(object);
      }
    }
    const groups = runs.map((run) => run.group);
    if (!sameChildren(this.world, groups)) {
      this.world.removeChildren();
      for (const group of groups) this.world.addChild(group);
    }
    for (const chunk of this.chunks) {
      if (opened.has(chunk)) continue;
      chunk.destroy({ children: false });
      this.chunks.delete(chunk);
    }
  }

  /** Sets each chunk's (or, unchunked, each top-level node's) `culled` from `inView`. */
  private applyCull(): { readonly shown: number; readonly hidden: number } {
    const inView = this.inView;
    let wanted: (unit: Container) => boolean;
    if (inView === null) wanted = () => true;
    else if (!this.chunked) wanted = (unit) => inView.has(unit.label);
    else {
      const drawn = new Set<Container>();
      for (const id of inView) {
        const parent = this.displays.get(id)?.object.parent;
        if (parent) drawn.add(parent);
      }
      wanted = (unit) => drawn.has(unit);
    }
    let shown = 0;
    let hidden = 0;
    for (const unit of this.world.children) {
      const culled = !wanted(unit);
      if (unit.culled === culled) continue;
      unit.culled = culled;
      if (culled) hidden += 1;
      else shown += 1;
    }
    return { shown, hidden };
  }

  /**
   * A changed node may have moved into view; what holds it is drawn until the next cull
   * decides, which costs nothing per frame and never hides what should show.
   */
  private keepCullingHonest(ids: readonly Id[]): void {
    const inView = this.inView;
    if (inView === null) return;
    for (const id of ids) {
      if (!this.displays.has(id)) {
        inView.delete(id);
        continue;
      }
      if (this.topLevelOf(id) !== id) inView.delete(id);
      const top = this.topLevelOf(id);
      if (top === null) continue;
      const object = this.topLevelObject(top);
      if (object === null) continue;
      inView.add(top);
      const unit = this.chunked ? object.parent! : object;
      unit.culled = false;
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

  private topLevelObject(id: Id): Container | null {
    const object = this.displays.get(id)?.object;
    return object !== undefined && this.isTopPlaced(object) ? object : null;
  }

  /** Puts a group's or frame's children in the document's back-to-front order. */
  private order(parent: Id): void {
    const host = this.displays.get(parent)?.host;
    if (!host) return;
    let position = 0;
    for (const child of this.store.childrenOf(parent)) {
      const object = this.displays.get(child.id)?.object;
      if (object === undefined || object.parent !== host) continue;
      if (host.getChildIndex(object) !== position) host.setChildIndex(object, position);
      position += 1;
    }
  }
}

/** Whether `host` has exactly `wanted` as children, in that order. */
function sameChildren(host: Container, wanted: readonly Container[]): boolean {
  const children = host.children;
  if (children.length !== wanted.length) return false;
  for (let i = 0; i < wanted.length; i += 1) if (children[i] !== wanted[i]) return false;
  return true;
}

function applyCommon(object: Container, node: SceneNode): void {
  const m = toMatrix(node.transform);
  object.setFromMatrix(new Matrix(m.a, m.b, m.c, m.d, m.e, m.f));
  object.alpha = node.opacity;
  object.visible = !node.hidden;
  // PixiJS has every mode of the model but hue; until the renderer gains its own, hue draws as
  // the closest one it has (colour keeps hue and saturation from the top layer too).
  object.blendMode = node.blendMode === "hue" ? "color" : node.blendMode;
  object.label = node.id;
}

function createDisplay(node: SceneNode): Display {
  switch (node.type) {
    case "group": {
      const object = new Container();
      return { type: node.type, object, host: object, draw: () => {} };
    }
    case "frame": {
      const object = new Container();
      const background = new Graphics();
      const content = new Container();
      const mask = new Graphics();
      object.addChild(background, content, mask);
      return {
        type: node.type,
        object,
        host: content,
        draw(next) {
          if (next.type !== "frame") return;
          drawVector(background, next);
          mask.clear().rect(0, 0, next.width, next.height).fill({ color: 0xffffff });
          content.mask = next.clip ? mask : null;
          mask.visible = next.clip;
        },
      };
    }
    case "text":
      return textDisplay();
    case "image":
      return imageDisplay();
    case "freehand": {
      const object = new Graphics();
      return {
        type: node.type,
        object,
        host: null,
        draw: (next) => drawFreehand(object, next as FreehandNode),
      };
    }
    default: {
      const object = new Graphics();
      return {
        type: node.type,
        object,
        host: null,
        draw(next) {
          if (
            next.type === "group" ||
            next.type === "text" ||
            next.type === "image" ||
            next.type === "freehand"
          )
            return;
          drawVector(object, next);
        },
      };
    }
  }
}

function drawFreehand(g: Graphics, node: FreehandNode): void {
  g.clear();
  const stroke = strokeInput({
    ...node.stroke,
    width: node.settings.size,
    cap: "round",
    join: "round",
  });
  if (stroke === null || node.points.length < 3) return;
  g.moveTo(node.points[0]!, node.points[1]!);
  for (let i = 3; i < node.points.length; i += 3) g.lineTo(node.points[i]!, node.points[i + 1]!);
  if (node.points.length === 3) g.lineTo(node.points[0]! + 0.01, node.points[1]!);
  g.stroke(stroke);
}

function textDisplay(): Display {
  const object = new Text({ text: "" });
  return {
    type: "text",
    object,
    host: null,
    draw(next) {
      const node = next as TextNode;
      object.text = node.content;
      object.style = {
        fontFamily: node.fontFamily,
        fontSize: node.fontSize,
        fontWeight: String(node.fontWeight) as "400",
        fontStyle: node.fontStyle,
        align: node.align === "justify" ? "justify" : node.align,
        lineHeight: node.fontSize * node.lineHeight,
        wordWrap: node.width !== null,
        wordWrapWidth: node.width ?? 0,
        fill: node.fill.type === "solid" ? colorOf(node.fill.color) : [0, 0, 0, 1],
      };
    },
  };
}

/** Images need the store for their data; the sprite shows the bitmap once it has decoded. */
function imageDisplay(): Display {
  const object = new Sprite(Texture.EMPTY);
  let source: string | null = null;
  return {
    type: "image",
    object,
    host: null,
    draw(next) {
      const node = next as ImageNode;
      object.width = node.width;
      object.height = node.height;
      if (source === node.blob) return;
      source = node.blob;
      imageLoader?.(node, (texture) => {
        if (source !== node.blob || object.destroyed) return;
        object.texture = texture;
        object.width = node.width;
        object.height = node.height;
      });
    },
  };
}

type ImageLoader = (node: ImageNode, done: (texture: Texture) => void) => void;
let imageLoader: ImageLoader | null = null;

/** Sets how image nodes get their texture (from the store's blob records). */
export function setImageLoader(loader: ImageLoader | null): void {
  imageLoader = loader;
}
