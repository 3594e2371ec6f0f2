import type { Modifiers } from "../../engine";
import type { Id } from "../doc/types";

import { DRAG_THRESHOLD_PX } from "./controller";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { ToolId } from "../editing/settings";
import type { Point } from "../math/point";

/** A shape being drawn by a drag: it is in the document from the press on, inside one gesture. */
export interface DragDrawing {
  readonly id: Id;
  readonly parent: Id;
  readonly startScreen: Point;
  /** The pointer has moved past the drag threshold: a release is no longer a click. */
  dragged: boolean;
  last: ToolPointer;
}

/**
 * The press–drag–release state machine that box shapes and lines share: idle, then drawing from
 * the press to the release. A release without a drag is a click (a default-sized shape). The
 * modifiers are read again every tick, so Shift or Alt pressed mid-drag applies at once. The
 * whole gesture is one undo step; cancelling it leaves document and history as they were.
 */
export abstract class DragDrawingTool<D extends DragDrawing> implements Tool {
  abstract readonly id: ToolId;
  readonly placement = "drag" as const;
  protected drawing: D | null = null;

  constructor(protected readonly ctx: ToolContext) {}

  get state(): string {
    return this.drawing === null ? "idle" : "drawing";
  }
  get busy(): boolean {
    return this.drawing !== null;
  }
  get cursor(): string {
    return "crosshair";
  }

  pointer(e: ToolPointer): void {
    if (e.phase === "cancel") return this.cancel();
    const d = this.drawing;
    if (d === null) {
      if (e.phase === "down" && e.button === 0 && !this.ctx.editor.store.readOnly)
        this.drawing = this.begin(e);
      return;
    }
    if (e.phase !== "move" && e.phase !== "up") return;
    d.last = e;
    if (Math.hypot(e.screen.x - d.startScreen.x, e.screen.y - d.startScreen.y) >= DRAG_THRESHOLD_PX)
      d.dragged = true;
    if (d.dragged) this.update(d, e);
    else if (e.phase === "up") this.click(d);
    if (e.phase === "up") this.commit();
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  tick(modifiers: Modifiers): void {
    const d = this.drawing;
    if (d === null || !d.dragged) return;
    const held = d.last.modifiers;
    if (held.shift !== modifiers.shift || held.alt !== modifiers.alt) {
      d.last = { ...d.last, modifiers };
      this.update(d, d.last);
    }
  }

  cancel(): void {
    if (this.drawing === null) return;
    this.drawing = null;
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  deactivate(): void {
    this.cancel();
  }

  /** Ends the gesture with the shape made: one undo step, then back to Select unless kept. */
  protected commit(): void {
    this.drawing = null;
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
    this.ctx.done();
  }

  /** Opens the gesture and puts the new shape in the document. */
  protected abstract begin(e: ToolPointer): D;
  /** The shape follows the pointer. */
  protected abstract update(d: D, e: ToolPointer): void;
  /** A release without a drag: the shape gets its default size. */
  protected abstract click(d: D): void;
}
