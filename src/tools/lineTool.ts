import { addNodes } from "../doc/commands";
import { makeNode } from "../doc/factory";
import { newId } from "../doc/ids";
import type { Id, LineNode } from "../doc/types";
import type { Point } from "../render/camera";
import { DRAG_THRESHOLD_PX } from "./controller";
import { constrainAngle, drawingParent, parentInverse, toLocal } from "./drawing";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";

/** A click without a drag makes a line this long, to the right. */
export const CLICK_LENGTH = 100;

type State =
  | { readonly name: "idle" }
  | {
      readonly name: "drawing";
      readonly id: Id;
      readonly parent: Id;
      readonly start: Point;
      readonly startScreen: Point;
      dragged: boolean;
      last: ToolPointer;
    };

/** Line (L) and Arrow (Shift+L): press at one end, release at the other; Shift: 15° steps. */
export class LineTool implements Tool {
  readonly placement = "drag" as const;
  private current: State = { name: "idle" };

  constructor(
    readonly id: "line" | "arrow",
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
    if (e.phase === "move" || e.phase === "up") {
      s.last = e;
      if (
        Math.hypot(e.screen.x - s.startScreen.x, e.screen.y - s.startScreen.y) >= DRAG_THRESHOLD_PX
      )
        s.dragged = true;
      if (s.dragged) this.update(s, e);
      else if (e.phase === "up") this.setEnd(s, { x: s.start.x + CLICK_LENGTH, y: s.start.y });
      if (e.phase === "up") this.commit();
    }
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  tick(modifiers: ToolPointer["modifiers"]): void {
    const s = this.current;
    if (s.name === "drawing" && s.dragged && s.last.modifiers.shift !== modifiers.shift) {
      s.last = { ...s.last, modifiers };
      this.update(s, s.last);
    }
  }

  /** Typed length (and optional angle in degrees) from the start point. */
  typedSize(length: number, angleDeg: number | null): void {
    const s = this.current;
    if (s.name !== "drawing") return;
    const angle = ((angleDeg ?? 0) * Math.PI) / 180;
    this.setEnd(s, {
      x: s.start.x + Math.cos(angle) * length,
      y: s.start.y + Math.sin(angle) * length,
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
    this.current = {
      name: "drawing",
      id,
      parent,
      start,
      startScreen: e.screen,
      dragged: false,
      last: e,
    };
  }

  private update(s: Extract<State, { name: "drawing" }>, e: ToolPointer): void {
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

  private setEnd(s: Extract<State, { name: "drawing" }>, end: Point): void {
    this.ctx.editor.store.transact("Draw line", (tx) => {
      const node = tx.get(s.id);
      if (node?.type === "line") tx.put({ ...node, end });
    });
  }

  private commit(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
    this.ctx.done();
  }
}
