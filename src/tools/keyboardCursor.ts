import type { KeyPress, Modifiers } from "../../engine";

import { parseTypedSize } from "../commandLine/typedSize";
import type { Tool, ToolContext, ToolPointer } from "./types";
import type { Point } from "../math/point";

const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** Keys that belong in a typed size: digits, separators, arithmetic and unit letters. */
const TYPED = /^[0-9.,+\-*/ ()a-z]$/i;

/** The keyboard cursor's own pointer id, apart from every real device. */
export const KEYBOARD_POINTER_ID = -1;

/**
 * Drawing without a pointer. With a drawing tool active, the arrows move a crosshair by the grid
 * step (Shift: ten steps), and Enter or Space places points as the tool wants them: a press and a
 * release for two-corner shapes, a click per point for lines, polygons and paths (Enter again on
 * the same spot finishes). While a shape is in progress, typed numbers ("200, 100") and Enter set
 * its size exactly.
 */
export class KeyboardCursor {
  private position: Point | null = null;
  private pressing = false;
  private typed = "";
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly context: Pick<
      ToolContext,
      "camera" | "settings" | "overlays" | "invalidate" | "viewSize"
    >,
    private readonly tool: () => Tool,
  ) {}

  /** Where the crosshair is, or null when it is not in use. */
  get point(): Point | null {
    return this.position;
  }

  /** What has been typed towards a size, shown by the chrome while drawing. */
  get typedText(): string {
    return this.typed;
  }

  /** Whether Space places points now (instead of panning). */
  usesSpace(): boolean {
    return this.position !== null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  reset(): void {
    this.pressing = false;
    this.typed = "";
    if (this.position !== null) {
      this.position = null;
      this.context.overlays.setKeyboardCursor(null);
    }
    this.notify();
  }

  /** Returns whether the key was used. */
  key(press: KeyPress): boolean {
    const tool = this.tool();
    if (tool.placement === undefined) return false;
    const m = press.modifiers;
    if (m.ctrl || m.meta || m.alt) return false;
    const arrow = ARROWS[press.code];
    if (arrow) {
      this.move(arrow[0], arrow[1], m.shift);
      return true;
    }
    if (tool.busy && this.typed.length > 0 && press.code === "Backspace") {
      this.typed = this.typed.slice(0, -1);
      this.notify();
      return true;
    }
    if (
      tool.busy &&
      tool.typedSize &&
      TYPED.test(press.key) &&
      (this.typed.length > 0 || /[0-9.]/.test(press.key))
    ) {
      this.typed += press.key;
      this.notify();
      return true;
    }
    const enter = press.code === "Enter" || press.code === "NumpadEnter";
    if (enter && this.typed.length > 0 && tool.busy && tool.typedSize) {
      const size = parseTypedSize(this.typed);
      this.typed = "";
      this.pressing = false;
      this.notify();
      if (size.ok) tool.typedSize(size.width, size.height ?? null);
      return true;
    }
    // Space places points only once the crosshair is in use; before that it is the hand.
    const space = press.code === "Space" && this.position !== null;
    if ((enter || space) && !press.repeat) {
      if (this.position === null) {
        // The first Enter with the cursor unused places at the view's centre.
        this.position = this.start();
      }
      this.place(tool, m);
      return true;
    }
    return false;
  }

  private start(): Point {
    const { camera } = this.context;
    const size = this.context.viewSize();
    const centre = camera.screenToWorld({ x: size.width / 2, y: size.height / 2 });
    const step = this.context.settings.get().gridSize;
    return { x: Math.round(centre.x / step) * step, y: Math.round(centre.y / step) * step };
  }

  private move(dx: number, dy: number, shift: boolean): void {
    const step = this.context.settings.get().gridSize * (shift ? 10 : 1);
    const from = this.position ?? this.start();
    this.position = { x: from.x + dx * step, y: from.y + dy * step };
    this.context.overlays.setKeyboardCursor(this.position);
    const tool = this.tool();
    if (this.pressing || (tool.busy && tool.placement === "clicks")) {
      tool.pointer(this.event("move", this.pressing ? 1 : 0, NO_MODIFIERS));
    }
    this.context.invalidate();
    this.notify();
  }

  private place(tool: Tool, modifiers: Modifiers): void {
    this.context.overlays.setKeyboardCursor(this.position);
    if (tool.placement === "drag") {
      if (!this.pressing) {
        tool.pointer(this.event("down", 1, modifiers));
        this.pressing = tool.busy;
      } else {
        this.pressing = false;
        tool.pointer(this.event("up", 0, modifiers));
      }
    } else {
      tool.pointer(this.event("down", 1, modifiers));
      tool.pointer(this.event("up", 0, modifiers));
    }
    this.context.invalidate();
    this.notify();
  }

  private event(phase: "down" | "move" | "up", buttons: number, modifiers: Modifiers): ToolPointer {
    const world = this.position!;
    return {
      phase,
      pointerId: KEYBOARD_POINTER_ID,
      kind: "mouse",
      screen: this.context.camera.worldToScreen(world),
      world,
      pressure: 0.5,
      button: phase === "move" ? -1 : 0,
      buttons,
      modifiers,
      time: performance.now(),
      clickCount: 1,
    };
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

const NO_MODIFIERS: Modifiers = { shift: false, ctrl: false, alt: false, meta: false };
