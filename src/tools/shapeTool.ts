import { DEFAULT_INNER_RATIO } from "../shapes/cornered";
import { addNodes } from "../doc/commands";
import { makeNode } from "../shapes/makeNode";
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

import { DragDrawingTool, type DragDrawing } from "./dragDrawingTool";
import { dragBox, drawingParent, parentInverse, toLocal } from "./drawing";
import type { ToolContext, ToolPointer } from "./types";
import type { Point } from "../math/point";

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

interface BoxDrawing extends DragDrawing {
  /** In the parent's coordinates. */
  readonly anchor: Point;
}

/**
 * Frame (F), Rectangle (R), Ellipse (O) and Polygon/Star (Y): press, drag, release. Shift makes
 * squares and circles, Alt draws from the centre.
 */
export class ShapeTool extends DragDrawingTool<BoxDrawing> {
  constructor(
    readonly id: BoxShapeKind,
    ctx: ToolContext,
  ) {
    super(ctx);
  }

  typedSize(width: number, height: number | null): void {
    const s = this.drawing;
    if (s === null) return;
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

  protected begin(e: ToolPointer): BoxDrawing {
    const store = this.ctx.editor.store;
    const parent = drawingParent(this.ctx, e.world);
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set());
    const anchor = toLocal(parentInverse(this.ctx, parent), snapped.point);
    const id = newId();
    this.ctx.editor.history.beginGesture(LABELS[this.id]);
    store.transact(LABELS[this.id], (tx) => {
      addNodes(tx, parent, [this.make(id, parent, anchor)]);
      tx.select([id]);
    });
    return { id, parent, anchor, startScreen: e.screen, dragged: false, last: e };
  }

  protected update(s: BoxDrawing, e: ToolPointer): void {
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set([s.id]));
    this.ctx.overlays.setGuides(snapped.guides);
    const to = toLocal(parentInverse(this.ctx, s.parent), snapped.point);
    const box = dragBox(s.anchor, to, e.modifiers.shift, e.modifiers.alt);
    this.resize(s.id, box);
  }

  protected click(s: BoxDrawing): void {
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
              innerRatio: DEFAULT_INNER_RATIO,
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
