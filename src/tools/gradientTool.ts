import type { Modifiers } from "../../engine";
import { worldMatrix } from "../doc/commands";
import type { Matrix } from "../doc/transform";
import { isSceneNode, type Fill, type Id, type SceneNode } from "../doc/types";

import {
  defaultTarget,
  dragGeometry,
  gradientMarkers,
  gradientOf,
  handleOrder,
  handlePoint,
  hitGradient,
  layGradient,
  newGradientTarget,
  offsetOnLine,
  onLine,
  sameHandle,
  withGradient,
  type GradientHandle,
  type GradientMarkers,
  type GradientPaint,
} from "../render/overlays/gradientGeometry";
import { addStop, convertFill, moveStop, removeStop } from "../doc/gradient";
import { gradientBox } from "../shapes/gradientBox";
import { UNPAINTED_STROKE } from "../doc/strokePaint";
import { DRAG_THRESHOLD_PX } from "./controller";
import { PICK_TOLERANCE_PX } from "./selectTool";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import type { PaintTarget } from "../doc/gradient";

const LABEL = "Edit gradient";
const NO_PAINT: Fill = { type: "none" };

/** A handle, or "lay": a drag across the shape that lays the gradient's line anew. */
type Grab = GradientHandle | { readonly kind: "lay" };

type State =
  | { readonly name: "idle" }
  | {
      readonly name: "dragging";
      readonly grab: Grab;
      /** Where the press landed, on screen and on the page. */
      readonly press: { readonly screen: Point; readonly world: Point };
      /** The paint when the press landed: every move starts from it. */
      readonly original: GradientPaint;
      /** Whether the gesture is open in history (from the first move that changed something). */
      started: boolean;
      /** The last pointer position and Shift, so pressing Shift mid-drag re-applies. */
      last: { screen: Point; world: Point };
      shift: boolean;
    };

/**
 * On-canvas gradient editing (G, or "Edit on canvas" in the fill or stroke editor) of the one
 * selected node's fill or stroke gradient. Drag the ends of a linear gradient's line, the centre,
 * radius handle and focal point of a radial one (Alt-drag the centre to pull the focal point off
 * it), and the stops along the line; Shift keeps the line's angle in 15° steps. A drag across the
 * shape away from the handles lays the line anew (the centre and radius of a radial one), and
 * makes a linear gradient from the shape's colour when it has none. Double-click the line to add
 * a stop there; Delete removes the selected stop. Tab and Shift+Tab select the handles in turn
 * and the arrows move the selected one (Shift: ten times as far). Each drag or key press is one
 * undo step and Esc during a drag puts everything back. Esc or Enter goes back to Select, as
 * does a click on empty canvas (which also clears the selection, as it would in Select).
 */
export class GradientTool implements Tool {
  readonly id = "gradient" as const;
  private current: State = { name: "idle" };
  private active = false;
  private node: Id | null = null;
  private paintTarget: PaintTarget = "fill";
  private requested: PaintTarget | null = null;
  /** The handle last pressed or reached with Tab: arrows move it, Delete removes a stop. */
  private selected: GradientHandle | null = null;
  /** The pointer rests over a handle (for the cursor). */
  private overHandle = false;

  private readonly unsubscribe: Array<() => void>;

  constructor(private readonly ctx: ToolContext) {
    const store = ctx.editor.store;
    this.unsubscribe = [
      ctx.editor.commits.stage("tools").subscribe(() => {
        if (this.active) this.show();
      }),
      store.subscribeSelection(() => {
        if (this.active && this.current.name === "idle") this.retarget();
      }),
      ctx.editor.gradientEdits.listen((target) => {
        this.requested = target;
        if (this.active) this.retarget();
        else ctx.setTool("gradient");
      }),
    ];
  }

  dispose(): void {
    for (const stop of this.unsubscribe.splice(0)) stop();
  }

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    if (this.current.name === "dragging") return "grabbing";
    return this.overHandle ? "grab" : "default";
  }
  /** The node whose gradient is shown, and which of its paints. */
  get editing(): { readonly node: Id; readonly target: PaintTarget } | null {
    return this.node === null ? null : { node: this.node, target: this.paintTarget };
  }
  /** The selected stop, as an index into the paint's stops. */
  get selectedStop(): number | null {
    return this.selected?.kind === "stop" ? this.selected.index : null;
  }
  get selectedHandle(): GradientHandle | null {
    return this.selected;
  }

  pointer(e: ToolPointer): void {
    this.ensureActive();
    if (e.phase === "cancel") return this.cancel();
    const s = this.current;
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0) this.press(e);
      else if (e.phase === "move") this.hover(e);
      return;
    }
    if (e.phase === "move") {
      s.last = { screen: e.screen, world: e.world };
      s.shift = e.modifiers.shift;
      this.drag(s, e.modifiers);
    } else if (e.phase === "up") this.release(s);
  }

  key(press: ToolKey): boolean {
    this.ensureActive();
    if (press.code === "Escape" || press.code === "Enter" || press.code === "NumpadEnter") {
      this.ctx.setTool("select");
      return true;
    }
    const m = press.modifiers;
    if (m.ctrl || m.meta || m.alt) return false;
    switch (press.code) {
      case "Delete":
      case "Backspace":
        this.removeSelectedStop();
        return true;
      case "Tab":
        return this.cycle(m.shift);
      case "ArrowLeft":
        return this.nudge(-1, 0, m.shift);
      case "ArrowRight":
        return this.nudge(1, 0, m.shift);
      case "ArrowUp":
        return this.nudge(0, -1, m.shift);
      case "ArrowDown":
        return this.nudge(0, 1, m.shift);
      default:
        return false;
    }
  }

  tick(modifiers: Modifiers): void {
    this.ensureActive();
    const s = this.current;
    if (s.name === "dragging" && s.started && modifiers.shift !== s.shift) {
      s.shift = modifiers.shift;
      this.drag(s, modifiers);
    }
  }

  /** Esc or a right-click mid-drag: the gesture's commits are reverted, history left as it was. */
  cancel(): void {
    const s = this.current;
    this.current = { name: "idle" };
    if (s.name === "dragging" && s.started) this.ctx.editor.history.cancelGesture();
    this.show();
  }

  deactivate(): void {
    this.cancel();
    this.active = false;
    this.node = null;
    this.selected = null;
    this.requested = null;
    this.overHandle = false;
    this.ctx.overlays.setGradientMarkers?.(null);
  }

  // ---- Target ----

  /** The first input or tick after the switch reads the selection (settings outlive documents). */
  private ensureActive(): void {
    if (this.active) return;
    this.active = true;
    this.retarget();
  }

  private retarget(): void {
    const store = this.ctx.editor.store;
    const only = store.selection.length === 1 ? store.get(store.selection[0]!) : undefined;
    const previous = this.node;
    this.node = null;
    if (isSceneNode(only) && "fill" in only) {
      this.node = only.id;
      this.paintTarget = this.requested ?? defaultTarget(only) ?? newGradientTarget(only);
    }
    this.requested = null;
    if (this.node !== previous) this.selected = null;
    this.show();
  }

  /** The edited node and its gradient (null paint: it has none yet). */
  private edited(): { node: SceneNode; paint: GradientPaint | null; world: Matrix } | null {
    if (this.node === null) return null;
    const node = this.ctx.editor.store.get(this.node);
    if (!isSceneNode(node)) return null;
    const paint = gradientOf(node, this.paintTarget);
    return { node, paint, world: worldMatrix(this.ctx.editor.store, node.id) };
  }

  private target(): { node: SceneNode; paint: GradientPaint; world: Matrix } | null {
    const t = this.edited();
    return t === null || t.paint === null ? null : { ...t, paint: t.paint };
  }

  private markers(): GradientMarkers | null {
    const t = this.target();
    return t === null ? null : gradientMarkers(t.paint, t.world, this.selected);
  }

  private editable(node: SceneNode): boolean {
    return !node.locked && !this.ctx.editor.store.readOnly;
  }

  // ---- Pressing and dragging ----

  private press(e: ToolPointer): void {
    const t = this.target();
    const markers = t === null ? null : gradientMarkers(t.paint, t.world, this.selected);
    if (t !== null && markers !== null && this.editable(t.node)) {
      let handle = hitGradient(markers, this.ctx.camera.state, e.screen);
      if (handle !== null) {
        if (handle.kind === "center" && e.modifiers.alt) handle = { kind: "focal" };
        this.selected = handle;
        this.grab(e, handle, t.paint);
        this.show();
        return;
      }
      if (e.clickCount >= 2 && onLine(markers, this.ctx.camera.state, e.screen)) {
        const added = addStop(t.paint.stops, offsetOnLine(markers, e.world));
        if (added !== null) {
          this.selected = { kind: "stop", index: added.index };
          this.write(t.node.id, { ...t.paint, stops: added.stops });
        }
        return;
      }
    }
    this.pressElsewhere(e);
  }

  private hover(e: ToolPointer): void {
    const markers = this.markers();
    this.overHandle =
      markers !== null && hitGradient(markers, this.ctx.camera.state, e.screen) !== null;
  }

  /**
   * A press on the edited node itself starts laying the line anew (a click there does nothing);
   * on another node it selects that node, which keeps gradient editing when it has a gradient;
   * on empty canvas it leaves gradient editing.
   */
  private pressElsewhere(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    const picked = this.ctx.scene.pick(e.world, PICK_TOLERANCE_PX / this.ctx.camera.zoom, {
      scope: this.ctx.scope(),
    });
    if (picked !== null && picked === this.node) {
      const t = this.edited();
      if (t !== null && this.editable(t.node))
        this.grab(e, { kind: "lay" }, t.paint ?? newGradient(t.node, this.paintTarget));
      return;
    }
    if (picked === null) {
      // The line may run past the shape: a press on it (the first of a double-click that adds a
      // stop) keeps editing.
      const markers = this.markers();
      if (markers !== null && onLine(markers, this.ctx.camera.state, e.screen)) return;
      store.setSelection([]);
      this.ctx.setTool("select");
      return;
    }
    store.setSelection([picked]);
    const node = store.get(picked);
    if (!isSceneNode(node) || defaultTarget(node) === null) this.ctx.setTool("select");
  }

  private grab(e: ToolPointer, grab: Grab, original: GradientPaint): void {
    const at = { screen: e.screen, world: e.world };
    this.current = {
      name: "dragging",
      grab,
      press: at,
      original,
      started: false,
      last: at,
      shift: e.modifiers.shift,
    };
  }

  private drag(s: Extract<State, { name: "dragging" }>, modifiers: Modifiers): void {
    const t = this.edited();
    if (t === null) return;
    const options = { constrain: modifiers.shift };
    let next: GradientPaint | null;
    if (s.grab.kind === "lay") {
      // A near miss of a handle is not a new line: laying starts past the drag threshold.
      const moved = Math.hypot(
        s.last.screen.x - s.press.screen.x,
        s.last.screen.y - s.press.screen.y,
      );
      if (!s.started && moved < DRAG_THRESHOLD_PX) return;
      next = layGradient(s.original, s.press.world, s.last.world, t.world, options);
    } else if (s.grab.kind === "stop") {
      const markers = gradientMarkers(s.original, t.world, null);
      const offset = offsetOnLine(markers, s.last.world);
      const moved = moveStop(s.original.stops, s.grab.index, offset);
      if (moved === null) return;
      this.selected = { kind: "stop", index: moved.index };
      next = { ...s.original, stops: moved.stops };
    } else {
      next = dragGeometry(s.original, s.grab, s.last.world, t.world, options);
    }
    if (next === null) return;
    if (!s.started) {
      if (samePaint(next, s.original) && t.paint !== null) return;
      this.ctx.editor.history.beginGesture(LABEL);
      s.started = true;
    }
    this.write(t.node.id, next);
  }

  private release(s: Extract<State, { name: "dragging" }>): void {
    this.current = { name: "idle" };
    if (s.started) this.ctx.editor.history.endGesture();
    this.show();
    this.ctx.invalidate();
  }

  private removeSelectedStop(): void {
    const t = this.target();
    const s = this.selected;
    if (t === null || s?.kind !== "stop" || !this.editable(t.node)) return;
    const removed = removeStop(t.paint.stops, s.index);
    if (removed === null) return;
    this.selected = null;
    this.write(t.node.id, { ...t.paint, stops: removed.stops });
  }

  // ---- Keyboard ----

  /** Tab and Shift+Tab step through the handles, so the arrows can reach every one. */
  private cycle(back: boolean): boolean {
    const markers = this.markers();
    if (markers === null) return false;
    const order = handleOrder(markers);
    const at = order.findIndex((h) => sameHandle(h, this.selected));
    const next = at < 0 ? (back ? order.length - 1 : 0) : at + (back ? -1 : 1);
    this.selected = order[(next + order.length) % order.length] ?? null;
    this.show();
    return true;
  }

  /**
   * Arrows move the selected handle by one page unit (Shift: ten), a stop by 1 % along the line
   * (Shift: 10 %); each press is one undo step, as nudging shapes is.
   */
  private nudge(dx: number, dy: number, shift: boolean): boolean {
    const t = this.target();
    const s = this.selected;
    if (t === null || s === null) return false;
    if (!this.editable(t.node)) return true;
    const step = shift ? 10 : 1;
    if (s.kind === "stop") {
      const stop = t.paint.stops[s.index];
      if (stop === undefined) return false;
      const moved = moveStop(t.paint.stops, s.index, stop.offset + (dx - dy) * step * 0.01);
      if (moved === null) return true;
      this.selected = { kind: "stop", index: moved.index };
      this.write(t.node.id, { ...t.paint, stops: moved.stops });
      return true;
    }
    const at = handlePoint(gradientMarkers(t.paint, t.world, null), s);
    if (at === null) return false;
    const to = { x: at.x + dx * step, y: at.y + dy * step };
    const next = dragGeometry(t.paint, s, to, t.world, { constrain: false });
    if (next !== null) this.write(t.node.id, next);
    return true;
  }

  // ---- Writing and showing ----

  private write(id: Id, paint: GradientPaint): void {
    const target = this.paintTarget;
    this.ctx.editor.store.transact(LABEL, (tx) => {
      const present = tx.get(id);
      if (isSceneNode(present)) tx.put(withGradient(present, target, paint));
    });
    this.ctx.invalidate();
  }

  private show(): void {
    this.ctx.overlays.setGradientMarkers?.(this.active ? this.markers() : null);
  }
}

/** A linear gradient from the node's present paint (its colour to transparent) across its box. */
function newGradient(node: SceneNode, target: PaintTarget): GradientPaint {
  const current: Fill = !("fill" in node)
    ? NO_PAINT
    : target === "fill"
      ? node.fill
      : (node.stroke.paint ?? NO_PAINT);
  const made = convertFill(
    current,
    "linear",
    gradientBox(node),
    target === "stroke" ? UNPAINTED_STROKE : null,
  );
  if (made.type !== "linear") throw new Error("convertFill made no linear gradient");
  return made;
}

function samePaint(a: GradientPaint, b: GradientPaint): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
