import type { Id } from "../doc/types";
import type { Point } from "../math/point";
import { bindingAt } from "./bindingTarget";
import { worldMatrix } from "../doc/commands";
import { apply, invert } from "../doc/transform";
import { fractionAlong, onLabelWords } from "../shapes/label";
import { kindOf } from "../shapes/registry";
import { bendTowards, routePoints } from "../shapes/lineRoute";
import type { ToolContext, ToolPointer } from "./types";
import { isLine } from "../shapes/line";

/** What of a selected line a drag takes: an end, the bend handle or the label. */
export type LinePart = "start" | "end" | "bend" | "label";

const GESTURE_LABELS: Readonly<Record<LinePart, string>> = {
  start: "Move line end",
  end: "Move line end",
  bend: "Bend line",
  label: "Move label",
};

/** Whether `world` is on the words of line `id`'s label. */
export function onLineLabel(ctx: ToolContext, id: Id, world: Point): boolean {
  const { store } = ctx.editor;
  const node = store.get(id);
  if (!isLine(node)) return false;
  const placement = kindOf(node).labelPlacement?.(node) ?? null;
  const toLocal = invert(worldMatrix(store, id));
  return (
    placement !== null &&
    toLocal !== null &&
    onLabelWords(node.label, placement, apply(toLocal, world))
  );
}

/**
 * Dragging one end of a selected line (the Select tool's end handles): the end follows the
 * pointer, is bound to the shape under it (highlighted; exact near its outline, else aimed at its
 * centre) or comes free over empty canvas or with Ctrl held. A curved or elbow line's middle
 * handle bends it instead: the curve through the pointer, the elbow's middle segment under it.
 * Its label slides along it, to the place on the line nearest the pointer. One undo step; Esc puts
 * it back.
 */
export class LineEndDrag {
  private constructor(
    private readonly ctx: ToolContext,
    readonly id: Id,
    readonly which: LinePart,
  ) {}

  /** Opens the gesture; null when `id` is not a line. */
  static begin(ctx: ToolContext, id: Id, which: LinePart): LineEndDrag | null {
    if (!isLine(ctx.editor.store.get(id))) return null;
    ctx.editor.history.beginGesture(GESTURE_LABELS[which]);
    return new LineEndDrag(ctx, id, which);
  }

  update(e: ToolPointer): void {
    const { store } = this.ctx.editor;
    const node = store.get(this.id);
    if (!isLine(node)) return;
    const toLocal = invert(worldMatrix(store, this.id));
    if (toLocal === null) return;
    if (this.which === "label") {
      const label = node.label;
      if (label === null) return;
      const position = fractionAlong(routePoints(node), apply(toLocal, e.world));
      store.transact(GESTURE_LABELS.label, (tx) => {
        const line = tx.get(this.id);
        if (isLine(line) && line.label !== null)
          tx.put({ ...line, label: { ...line.label, position } });
      });
      return;
    }
    if (this.which === "bend") {
      const bend = bendTowards(node, apply(toLocal, e.world));
      store.transact("Bend line", (tx) => {
        const line = tx.get(this.id);
        if (isLine(line)) tx.put({ ...line, bend });
      });
      return;
    }
    const binding = e.modifiers.ctrl ? null : bindingAt(this.ctx, e.world, new Set([this.id]));
    this.ctx.overlays.setHover(binding?.node ?? null);
    const local: Point = apply(toLocal, binding === null ? this.snap(e.world) : e.world);
    store.transact("Move line end", (tx) => {
      const line = tx.get(this.id);
      if (!isLine(line)) return;
      tx.put(
        this.which === "start"
          ? { ...line, start: local, startBinding: binding }
          : { ...line, end: local, endBinding: binding },
      );
    });
  }

  finish(): void {
    this.ctx.overlays.setHover(null);
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
  }

  cancel(): void {
    this.ctx.overlays.setHover(null);
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  private snap(world: Point): Point {
    const snapped = this.ctx.snapper.snapPoint(world, new Set([this.id]));
    this.ctx.overlays.setGuides(snapped.guides);
    return snapped.point;
  }
}
