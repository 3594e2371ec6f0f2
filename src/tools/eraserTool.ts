import { deleteNodes } from "../doc/commands";
import { isSceneNode, type Id } from "../doc/types";

import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";

/** How near the eraser's path a shape's outline must come, in screen pixels. */
export const ERASER_RADIUS_PX = 4;
/** Marked shapes are drawn at this share of their opacity until the release removes them. */
export const MARKED_OPACITY = 0.25;

const LABEL = "Erase";

type State =
  | { readonly name: "idle" }
  | {
      readonly name: "erasing";
      readonly pointerId: number;
      previous: Point;
      readonly marked: Set<Id>;
    };

/**
 * Eraser (E): drag across shapes; every shape the drag passes over is marked (dimmed) and all of
 * them are removed on release, as one undo step. The dimming is part of the open gesture, so Esc
 * or a right-click puts everything back exactly as it was. With the keyboard cursor, Enter starts
 * erasing at the crosshair, the arrows sweep it, Enter again removes.
 */
export class EraserTool implements Tool {
  readonly id = "eraser" as const;
  readonly placement = "drag" as const;
  private current: State = { name: "idle" };

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return "crosshair";
  }
  /** Shapes marked by the drag so far. */
  get marked(): readonly Id[] {
    return this.current.name === "erasing" ? [...this.current.marked] : [];
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0 && !this.ctx.editor.store.readOnly) {
        this.ctx.editor.history.beginGesture(LABEL);
        const erasing = {
          name: "erasing" as const,
          pointerId: e.pointerId,
          previous: e.world,
          marked: new Set<Id>(),
        };
        this.current = erasing;
        this.sweep(erasing, e.world);
      }
      return;
    }
    if (e.pointerId !== s.pointerId) return;
    if (e.phase === "move" || e.phase === "up") this.sweep(s, e.world);
    if (e.phase === "up") this.finish(s);
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  cancel(): void {
    if (this.current.name === "idle") return;
    this.current = { name: "idle" };
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  deactivate(): void {
    this.cancel();
  }

  private sweep(s: Extract<State, { name: "erasing" }>, to: Point): void {
    const tolerance = ERASER_RADIUS_PX / this.ctx.camera.zoom;
    const fresh = this.ctx.scene
      .touching(s.previous, to, tolerance)
      .filter((id) => !s.marked.has(id));
    s.previous = to;
    if (fresh.length === 0) return;
    for (const id of fresh) s.marked.add(id);
    this.ctx.editor.store.transact(LABEL, (tx) => {
      for (const id of fresh) {
        const node = tx.get(id);
        if (isSceneNode(node)) tx.put({ ...node, opacity: node.opacity * MARKED_OPACITY });
      }
    });
    this.ctx.invalidate();
  }

  private finish(s: Extract<State, { name: "erasing" }>): void {
    this.current = { name: "idle" };
    if (s.marked.size > 0) {
      const store = this.ctx.editor.store;
      store.transact(LABEL, (tx) => {
        deleteNodes(tx, [...s.marked]);
        tx.select(store.selection.filter((id) => !s.marked.has(id)));
      });
    }
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
  }
}
