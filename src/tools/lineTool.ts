import { addNodes } from "../doc/commands";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import type { Binding, LineNode } from "../doc/types";
import { bindingAt } from "./bindingTarget";

import { DragDrawingTool, type DragDrawing } from "./dragDrawingTool";
import { constrainAngle, drawingParent, parentInverse, toLocal } from "./drawing";
import type { ToolContext, ToolPointer } from "./types";
import type { Point } from "../math/point";
import { isLine } from "../shapes/line";

/** A click without a drag makes a line this long, to the right. */
export const CLICK_LENGTH = 100;

interface LineDrawing extends DragDrawing {
  /** In the parent's coordinates. */
  readonly start: Point;
  /** What the end would be bound to if released now. */
  endBinding: Binding | null;
}

/**
 * Line (L) and Arrow (Shift+L): press at one end, release at the other; Shift: 15° steps. An end
 * pressed or released on a shape is bound to it (the shape is highlighted while the end is over
 * it) and follows it from then on; Ctrl places the end freely.
 */
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
    const startBinding = e.modifiers.ctrl ? null : bindingAt(this.ctx, e.world, new Set([id]));
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
          startBinding,
          name: this.id === "arrow" ? "Arrow" : "Line",
        }),
      ]);
      tx.select([id]);
    });
    return {
      id,
      parent,
      start,
      startScreen: e.screen,
      dragged: false,
      last: e,
      endBinding: null,
    };
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
    s.endBinding = e.modifiers.ctrl ? null : bindingAt(this.ctx, e.world, new Set([s.id]));
    this.ctx.overlays.setHover(s.endBinding?.node ?? null);
    this.setEnd(s, end);
  }

  protected click(s: LineDrawing): void {
    this.setEnd(s, { x: s.start.x + CLICK_LENGTH, y: s.start.y });
  }

  protected override commit(): void {
    const s = this.drawing;
    if (s?.dragged) {
      // The end is bound on release, to the shape highlighted under it.
      const endBinding = s.endBinding?.node === this.startTarget(s) ? null : s.endBinding;
      this.ctx.editor.store.transact("Draw line", (tx) => {
        const node = tx.get(s.id);
        if (isLine(node) && endBinding !== null) tx.put({ ...node, endBinding });
      });
    }
    this.ctx.overlays.setHover(null);
    super.commit();
  }

  override cancel(): void {
    if (this.drawing !== null) this.ctx.overlays.setHover(null);
    super.cancel();
  }

  /** The shape the line's start is bound to: both ends on one shape would draw nothing. */
  private startTarget(s: LineDrawing): string | null {
    const node = this.ctx.editor.store.get(s.id);
    return isLine(node) ? (node.startBinding?.node ?? null) : null;
  }

  private setEnd(s: LineDrawing, end: Point): void {
    this.ctx.editor.store.transact("Draw line", (tx) => {
      const node = tx.get(s.id);
      if (isLine(node)) tx.put({ ...node, end });
    });
  }
}
