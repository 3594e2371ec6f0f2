import { addNodes } from "../doc/commands";
import { newId } from "../doc/ids";
import { IDENTITY_TRANSFORM } from "../doc/transform";
import type { Fill, Id, SceneNode, Stroke, Transform } from "../doc/types";
import type { ToolSettingsState } from "../editing/settings";

import { DragDrawingTool, type DragDrawing } from "./dragDrawingTool";
import { dragBox, drawingParent, parentInverse, toLocal } from "./drawing";
import type { ToolContext, ToolPointer } from "./types";
import type { Point } from "../math/point";

/** The tools that draw a shape by dragging a box. */
export type BoxShapeKind = "frame" | "rect" | "ellipse" | "polygon";

/** A click without a drag makes a shape of this size, centred on the click. */
export const CLICK_SIZE = 100;

/** Where a new shape goes and the style of new shapes. */
export interface NewShape {
  readonly id: Id;
  readonly parent: Id;
  readonly fill: Fill;
  readonly stroke: Stroke;
  readonly transform: Transform;
}

/**
 * What a box tool draws, said where the tool is declared (`TOOLS`, `catalog.ts`): the tool itself
 * knows no kinds.
 */
export interface BoxShape {
  /** The undo step's label. */
  readonly label: string;
  /** The node made at the press, 0 × 0 until the drag sizes it. */
  make(shape: NewShape, settings: ToolSettingsState): SceneNode;
}

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
    private readonly shape: BoxShape,
    ctx: ToolContext,
  ) {
    super(ctx);
  }

  typedSize(width: number, height: number | null): void {
    const s = this.drawing;
    if (s === null) return;
    const h = height ?? width;
    this.ctx.editor.store.transact(this.shape.label, (tx) => {
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
    this.ctx.editor.history.beginGesture(this.shape.label);
    store.transact(this.shape.label, (tx) => {
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
    this.ctx.editor.store.transact(this.shape.label, (tx) => {
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
    return this.shape.make(
      { id, parent, fill: settings.fill, stroke: settings.stroke, transform },
      settings,
    );
  }
}
