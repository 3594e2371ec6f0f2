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

/**
 * The document drawn as a retained PixiJS scene, built once per page and then updated from each
 * commit's patch: only the records a commit changed are redrawn; nothing is rebuilt per frame.
 */
export class SceneRenderer {
  /** The camera's render group: one transform for pan and zoom. */
  readonly world = new Container({ label: "world", isRenderGroup: true });
  private readonly displays = new Map<Id, Display>();
  private page: Id | null = null;
  /**
   * Top-level nodes left drawn by the last cull; every other top-level display is `culled`. Null
   * until the first cull, when everything is drawn. Kept so a cull flips only what entered or
   * left the view: each flip dirties the whole world render group.
   */
  private inView: Set<Id> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DocumentStore,
    root: Container,
    private readonly invalidate: () => void,
  ) {
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
    const topLevel = this.world.children.length;
    return { topLevel, drawn: this.inView === null ? topLevel : this.inView.size };
  }

  /**
   * Draws only the top-level nodes that `hits` (any nodes of the page, nested ones included) lead
   * to, and culls the rest. Costs the size of the hits plus what entered or left the view; only
   * the first cull after a page is shown walks every top-level node.
   */
  cullTo(hits: Iterable<Id>): { readonly shown: number; readonly hidden: number } {
    const next = new Set<Id>();
    for (const id of hits) {
      const top = this.topLevelOf(id);
      if (top !== null) next.add(top);
    }
    let shown = 0;
    let hidden = 0;
    const previous = this.inView;
    if (previous === null) {
      for (const child of this.world.children) {
        const culled = !next.has(child.label);
        if (child.culled !== culled) {
          child.culled = culled;
          if (culled) hidden += 1;
          else shown += 1;
        }
      }
    } else {
      for (const id of previous) {
        if (next.has(id)) continue;
        const object = this.topLevelObject(id);
        if (object && !object.culled) {
          object.culled = true;
          hidden += 1;
        }
      }
      for (const id of next) {
        if (previous.has(id)) continue;
        const object = this.topLevelObject(id);
        if (object?.culled) {
          object.culled = false;
          shown += 1;
        }
      }
    }
    for (const id of next) if (this.topLevelObject(id) === null) next.delete(id);
    this.inView = next;
    return { shown, hidden };
  }

  /** Draws everything again, as before the first cull. */
  uncullAll(): void {
    for (const child of this.world.children) child.culled = false;
    this.inView = null;
  }

  dispose(): void {
    this.unsubscribe();
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
    this.sync(commit.patch.changes.map((change) => change.id));
    this.invalidate();
  }

  /** Brings the displays of `ids` in line with the store: create, redraw, remove, re-attach, re-order. */
  private sync(ids: readonly Id[]): void {
    const touchedHosts = new Set<Id>();
    const attach: SceneNode[] = [];
    for (const id of ids) {
      const node = this.store.get(id);
      const existing = this.displays.get(id);
      const onPage = isSceneNode(node) && this.store.pageOf(id)?.id === this.page;
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
      const display = this.displays.get(node.id)!;
      const host = node.parent === this.page ? this.world : this.displays.get(node.parent)?.host;
      if (host === undefined || host === null) continue;
      if (display.object.parent !== host) host.addChild(display.object);
      touchedHosts.add(node.parent);
    }
    for (const parent of touchedHosts) this.order(parent);
    if (this.inView !== null) this.keepCullingHonest(ids);
  }

  /**
   * A changed node may have moved into view, or stopped being top-level; it is drawn until the
   * next cull decides, which costs nothing per frame and never hides what should show.
   */
  private keepCullingHonest(ids: readonly Id[]): void {
    const inView = this.inView!;
    for (const id of ids) {
      const display = this.displays.get(id);
      if (display === undefined) {
        inView.delete(id);
        continue;
      }
      const top = this.topLevelOf(id);
      if (top !== id) {
        inView.delete(id);
        display.object.culled = false;
      }
      if (top === null || inView.has(top)) continue;
      const object = this.topLevelObject(top);
      if (object === null) continue;
      object.culled = false;
      inView.add(top);
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
    return object !== undefined && object.parent === this.world ? object : null;
  }

  /** Puts a host's children in the document's back-to-front order. */
  private order(parent: Id): void {
    const host = parent === this.page ? this.world : this.displays.get(parent)?.host;
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
