import { addNodes } from "../doc/commands";
import { makeNode } from "../doc/factory";
import { newId } from "../doc/ids";
import type { LineNode } from "../doc/types";

import { DragDrawingTool, type DragDrawing } from "./dragDrawingTool";
import { constrainAngle, drawingParent, parentInverse, toLocal } from "./drawing";
import type { ToolContext, ToolPointer } from "./types";
import type { Point } from "../math/point";

/** A click without a drag makes a line this long, to the right. */
export const CLICK_LENGTH = 100;

interface LineDrawing extends DragDrawing {
  /** In the parent's coordinates. */
  readonly start: Point;
}

/** Line (L) and Arrow (Shift+L): press at one end, release at the other; Shift: 15° steps. */
export class LineTool extends DragDrawingTool<LineDrawing> {
  constructor(
    readonly id: "line" | "arrow",
    ctx: ToolContext,
  ) {
    super(ctx);
  }

  /** Typed length (and optional angle in degrees) from the start point. */
  typedSize(length: number, angleDeg: number | null): void {
    const s = this.drawing;
    if (s === null) return;
    const angle = ((angleDeg ?? 0) * Math.PI) / 180;
    this.setEnd(s, {
      x: s.start.x + Math.cos(angle) * length,
      y: s.start.y + Math.sin(angle) * length,
    });
    this.commit();
  }

  protected begin(e: ToolPointer): LineDrawing {
    const store = this.ctx.editor.store;
    const parent = drawingParent(this.ctx, e.world);
    const start = toLocal(
      parentInverse(this.ctx, parent),
      this.ctx.snapper.snapPoint(e.world, new Set()).point,
    );
    const settings = this.ctx.settings.get();
    const id = newId();
    const label = this.id === "arrow" ? "Draw arrow" : "Draw line";
    this.ctx.editor.history.beginGesture(label);
    store.transact(label, (tx) => {
      addNodes(tx, parent, [
        makeNode<LineNode>("line", id, parent, "", {
          fill: { type: "none" },
          stroke: settings.stroke,
          start,
          end: start,
          startHead: "none",
          endHead: this.id === "arrow" ? "arrow" : "none",
          name: this.id === "arrow" ? "Arrow" : "Line",
        }),
      ]);
      tx.select([id]);
    });
    return { id, parent, start, startScreen: e.screen, dragged: false, last: e };
  }

  protected update(s: LineDrawing, e: ToolPointer): void {
    const inverse = parentInverse(this.ctx, s.parent);
    let end: Point;
    if (e.modifiers.shift) {
      end = constrainAngle(s.start, toLocal(inverse, e.world));
      this.ctx.overlays.setGuides([]);
    } else {
      const snapped = this.ctx.snapper.snapPoint(e.world, new Set([s.id]));
      this.ctx.overlays.setGuides(snapped.guides);
      end = toLocal(inverse, snapped.point);
    }
    this.setEnd(s, end);
  }

  protected click(s: LineDrawing): void {
    this.setEnd(s, { x: s.start.x + CLICK_LENGTH, y: s.start.y });
  }

  private setEnd(s: LineDrawing, end: Point): void {
    this.ctx.editor.store.transact("Draw line", (tx) => {
      const node = tx.get(s.id);
      if (node?.type === "line") tx.put({ ...node, end });
    });
  }
}
