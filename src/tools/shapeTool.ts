import { addNodes } from "../doc/commands";
import { makeNode } from "../doc/factory";
import { newId } from "../doc/ids";
import { IDENTITY_TRANSFORM } from "../doc/transform";
import type {
  EllipseNode,
  FrameNode,
  Id,
  PolygonNode,
  RectNode,
  SceneNode,
  StarNode,
} from "../doc/types";
import type { Point } from "../render/camera";
import { DRAG_THRESHOLD_PX } from "./controller";
import { dragBox, drawingParent, parentInverse, toLocal } from "./drawing";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";

/** The shapes drawn by dragging a box. */
export type BoxShapeKind = "frame" | "rect" | "ellipse" | "polygon";

/** A click without a drag makes a shape of this size, centred on the click. */
export const CLICK_SIZE = 100;

const LABELS: Record<BoxShapeKind, string> = {
  frame: "Draw frame",
  rect: "Draw rectangle",
  ellipse: "Draw ellipse",
  polygon: "Draw polygon",
};

type State =
  | { readonly name: "idle" }
  | {
      readonly name: "drawing";
      readonly id: Id;
      readonly parent: Id;
      /** In the parent's coordinates. */
      readonly anchor: Point;
      readonly startScreen: Point;
      dragged: boolean;
      last: ToolPointer;
    };

/**
 * Frame (F), Rectangle (R), Ellipse (O) and Polygon/Star (Y): press, drag, release. Shift makes
 * squares and circles, Alt draws from the centre; the modifiers are read again every tick, so
 * pressing Shift mid-drag updates the shape at once.
 */
export class ShapeTool implements Tool {
  readonly placement = "drag" as const;
  private current: State = { name: "idle" };

  constructor(
    readonly id: BoxShapeKind,
    private readonly ctx: ToolContext,
  ) {}

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return "crosshair";
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0) this.begin(e);
      return;
    }
    if (e.phase === "move") {
      s.last = e;
      if (
        Math.hypot(e.screen.x - s.startScreen.x, e.screen.y - s.startScreen.y) >= DRAG_THRESHOLD_PX
      )
        s.dragged = true;
      if (s.dragged) this.update(s, e);
    } else if (e.phase === "up") {
      s.last = e;
      if (s.dragged) this.update(s, e);
      else this.clickSize(s);
      this.commit();
    }
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  tick(modifiers: ToolPointer["modifiers"]): void {
    const s = this.current;
    if (s.name !== "drawing" || !s.dragged) return;
    const m = s.last.modifiers;
    if (m.shift !== modifiers.shift || m.alt !== modifiers.alt) {
      s.last = { ...s.last, modifiers };
      this.update(s, s.last);
    }
  }

  typedSize(width: number, height: number | null): void {
    const s = this.current;
    if (s.name !== "drawing") return;
    const h = height ?? width;
    this.ctx.editor.store.transact(LABELS[this.id], (tx) => {
      const node = tx.get(s.id) as SceneNode | undefined;
      if (!node || !("width" in node)) return;
      tx.put({
        ...node,
        width: Math.abs(width),
        height: Math.abs(h),
        transform: { ...node.transform, x: s.anchor.x, y: s.anchor.y },
      } as SceneNode);
    });
    this.commit();
  }

  cancel(): void {
    if (this.current.name === "idle") return;
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  deactivate(): void {
    this.cancel();
  }

  private begin(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (store.readOnly) return;
    const parent = drawingParent(this.ctx);
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set());
    const anchor = toLocal(parentInverse(this.ctx, parent), snapped.point);
    const id = newId();
    this.ctx.editor.history.beginGesture(LABELS[this.id]);
    store.transact(LABELS[this.id], (tx) => {
      addNodes(tx, parent, [this.make(id, parent, anchor)]);
      tx.select([id]);
    });
    this.current = {
      name: "drawing",
      id,
      parent,
      anchor,
      startScreen: e.screen,
      dragged: false,
      last: e,
    };
  }

  private update(s: Extract<State, { name: "drawing" }>, e: ToolPointer): void {
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set([s.id]));
    this.ctx.overlays.setGuides(snapped.guides);
    const to = toLocal(parentInverse(this.ctx, s.parent), snapped.point);
    const box = dragBox(s.anchor, to, e.modifiers.shift, e.modifiers.alt);
    this.resize(s.id, box);
  }

  private clickSize(s: Extract<State, { name: "drawing" }>): void {
    this.resize(s.id, {
      x: s.anchor.x - CLICK_SIZE / 2,
      y: s.anchor.y - CLICK_SIZE / 2,
      width: CLICK_SIZE,
      height: CLICK_SIZE,
    });
  }

  private resize(id: Id, box: { x: number; y: number; width: number; height: number }): void {
    this.ctx.editor.store.transact(LABELS[this.id], (tx) => {
      const node = tx.get(id) as SceneNode | undefined;
      if (!node || !("width" in node)) return;
      tx.put({
        ...node,
        width: box.width,
        height: box.height,
        transform: { ...node.transform, x: box.x, y: box.y },
      } as SceneNode);
    });
  }

  private commit(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
    this.ctx.done();
  }

  private make(id: Id, parent: Id, at: Point): SceneNode {
    const settings = this.ctx.settings.get();
    const transform = { ...IDENTITY_TRANSFORM, x: at.x, y: at.y };
    const style = { fill: settings.fill, stroke: settings.stroke, transform };
    switch (this.id) {
      case "frame":
        return makeNode<FrameNode>("frame", id, parent, "", {
          ...style,
          fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
          stroke: { ...settings.stroke, paint: null },
          width: 0,
          height: 0,
          clip: true,
        });
      case "rect":
        return makeNode<RectNode>("rect", id, parent, "", {
          ...style,
          width: 0,
          height: 0,
          radii: [0, 0, 0, 0],
        });
      case "ellipse":
        return makeNode<EllipseNode>("ellipse", id, parent, "", { ...style, width: 0, height: 0 });
      case "polygon":
        return settings.starPoints > 0
          ? makeNode<StarNode>("star", id, parent, "", {
              ...style,
              width: 0,
              height: 0,
              points: settings.starPoints,
              innerRatio: 0.5,
            })
          : makeNode<PolygonNode>("polygon", id, parent, "", {
              ...style,
              width: 0,
              height: 0,
              sides: settings.polygonSides,
            });
    }
  }
}
