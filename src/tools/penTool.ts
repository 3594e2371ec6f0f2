import { addNodes, worldMatrix } from "../doc/commands";
import { NO_FILL } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { apply, IDENTITY_MATRIX, IDENTITY_TRANSFORM, type Matrix } from "../doc/transform";
import { isSceneNode, type Id, type PathNode, type Subpath } from "../doc/types";
import { fromEditable, type PathPoint } from "../geometry/pathNodes";

import { DRAG_THRESHOLD_PX } from "./controller";
import { constrainAngle, drawingParent, parentInverse, toLocal } from "./drawing";
import { KEYBOARD_POINTER_ID } from "./keyboardCursor";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import { isPath } from "../shapes/path";

/** A press this close to the first node (screen pixels) closes the path. */
export const CLOSE_RADIUS_PX = 8;
/** A press this close to the last node finishes the path (a second Enter on the same spot). */
export const SAME_SPOT_PX = 1;

const LABEL = "Draw path";

interface Drawing {
  readonly name: "drawing";
  readonly id: Id;
  readonly parent: Id;
  /** Parent coordinates of the first node: the path's translate. */
  readonly origin: Point;
  readonly toParent: Matrix;
  readonly toWorld: Matrix;
  /** Placed nodes, in the parent's coordinates. */
  readonly nodes: PathPoint[];
  /** The node being placed while the button is down: dragging pulls its handles out. */
  drag: { readonly index: number; readonly startScreen: Point; dragged: boolean } | null;
  /** Where the next segment would go, following the pointer between clicks. */
  preview: Point | null;
  /** Set on the press that ends the path; the release finishes it. */
  ending: "close" | "open" | null;
  /** What placed the last node: Enter finishes a path drawn with the pointer. */
  source: "pointer" | "keyboard";
  last: ToolPointer;
}

type State = { readonly name: "idle" } | Drawing;

/**
 * Pen (P): click for corner nodes, drag for smooth nodes with mirrored handles, click the first
 * node to close, Enter or Esc to finish (Esc with fewer than two nodes discards the path),
 * Backspace removes the last node. Shift keeps segments and handles at 15° steps. The path lives in
 * the document from the first click, with the next segment as a preview, all in one gesture: the
 * whole path is one undo step, and discarding it leaves document and history as they were.
 */
export class PenTool implements Tool {
  readonly id = "pen" as const;
  readonly placement = "clicks" as const;
  private current: State = { name: "idle" };

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    const s = this.current;
    if (s.name === "idle") return "idle";
    return s.drag !== null ? "placing" : "drawing";
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return "crosshair";
  }
  /** Nodes placed so far (for the status bar and tests). */
  get nodeCount(): number {
    return this.current.name === "idle" ? 0 : this.current.nodes.length;
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0) this.begin(e);
      return;
    }
    s.last = e;
    if (e.phase === "down" && e.button === 0) this.press(s, e);
    else if (e.phase === "move") this.moveTo(s, e);
    else if (e.phase === "up") this.release(s);
  }

  key(press: ToolKey): boolean {
    const s = this.current;
    if (s.name === "idle") return false;
    if (press.code === "Enter" || press.code === "NumpadEnter") {
      this.finish(s, false);
      return true;
    }
    if ((press.code === "Backspace" || press.code === "Delete") && s.drag === null) {
      s.nodes.pop();
      if (s.nodes.length === 0) this.discard();
      else this.write(s);
      return true;
    }
    return false;
  }

  tick(modifiers: ToolPointer["modifiers"]): void {
    const s = this.current;
    if (s.name !== "drawing" || s.last.modifiers.shift === modifiers.shift) return;
    // Shift with the arrows moves the keyboard cursor further; it does not constrain.
    if (s.source === "keyboard") return;
    s.last = { ...s.last, modifiers };
    if (s.drag?.dragged) this.pullHandles(s, s.last);
    else if (s.drag === null && s.preview !== null) {
      s.preview = this.place(s, s.last);
      this.write(s);
    }
  }

  /** Esc, a right-click or touch cancel: a path of two or more nodes is kept, open. */
  cancel(): void {
    const s = this.current;
    if (s.name === "idle") return;
    if (s.nodes.length >= 2) this.finish(s, false);
    else this.discard();
  }

  /** Switching tools keeps a path of two or more nodes, without asking to switch again. */
  deactivate(): void {
    const s = this.current;
    if (s.name === "idle") return;
    if (s.nodes.length >= 2) this.finish(s, false, false);
    else this.discard();
  }

  private begin(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (store.readOnly) return;
    const parent = drawingParent(this.ctx, e.world);
    const toParent = parentInverse(this.ctx, parent);
    const toWorld = isSceneNode(store.get(parent)) ? worldMatrix(store, parent) : IDENTITY_MATRIX;
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set());
    this.ctx.overlays.setGuides(snapped.guides);
    const origin = toLocal(toParent, snapped.point);
    const id = newId();
    const settings = this.ctx.settings.get();
    this.ctx.editor.history.beginGesture(LABEL);
    store.transact(LABEL, (tx) => {
      addNodes(tx, parent, [
        makeNode<PathNode>("path", id, parent, "", {
          fill: NO_FILL,
          stroke: settings.stroke,
          subpaths: [{ start: { x: 0, y: 0 }, segments: [], closed: false }],
          fillRule: "nonzero",
          transform: { ...IDENTITY_TRANSFORM, x: origin.x, y: origin.y },
        }),
      ]);
      tx.select([id]);
    });
    const drawing: Drawing = {
      name: "drawing",
      id,
      parent,
      origin,
      toParent,
      toWorld,
      nodes: [{ point: origin, handleIn: null, handleOut: null }],
      drag: { index: 0, startScreen: e.screen, dragged: false },
      preview: null,
      ending: null,
      source: e.pointerId === KEYBOARD_POINTER_ID ? "keyboard" : "pointer",
      last: e,
    };
    this.current = drawing;
    this.showMarkers(drawing);
  }

  private press(s: Drawing, e: ToolPointer): void {
    const fromKeyboard = e.pointerId === KEYBOARD_POINTER_ID;
    if (fromKeyboard && s.source === "pointer") {
      // Enter after drawing with the pointer means "done", not "a node at the crosshair".
      s.ending = "open";
      return;
    }
    s.source = fromKeyboard ? "keyboard" : "pointer";
    const first = this.ctx.camera.worldToScreen(apply(s.toWorld, s.nodes[0]!.point));
    const lastNode = s.nodes[s.nodes.length - 1]!;
    const last = this.ctx.camera.worldToScreen(apply(s.toWorld, lastNode.point));
    if (s.nodes.length >= 2 && distance(first, e.screen) <= CLOSE_RADIUS_PX) {
      s.ending = "close";
      return;
    }
    if (
      distance(last, e.screen) <= SAME_SPOT_PX ||
      (e.clickCount >= 2 && distance(last, e.screen) <= CLOSE_RADIUS_PX)
    ) {
      s.ending = "open";
      return;
    }
    const point = this.place(s, e);
    s.nodes.push({ point, handleIn: null, handleOut: null });
    s.drag = { index: s.nodes.length - 1, startScreen: e.screen, dragged: false };
    s.preview = null;
    this.write(s);
  }

  private moveTo(s: Drawing, e: ToolPointer): void {
    if (s.drag !== null && (e.buttons & 1) !== 0) {
      const moved = distance(e.screen, s.drag.startScreen);
      if (moved >= DRAG_THRESHOLD_PX) s.drag.dragged = true;
      if (s.drag.dragged) this.pullHandles(s, e);
      return;
    }
    if (s.drag !== null || s.ending !== null) return;
    if (e.pointerId === KEYBOARD_POINTER_ID) s.source = "keyboard";
    s.preview = this.place(s, e);
    this.write(s);
  }

  private release(s: Drawing): void {
    if (s.ending !== null) {
      this.finish(s, s.ending === "close");
      return;
    }
    s.drag = null;
    this.ctx.overlays.setGuides([]);
  }

  /** Dragging out of a new node: its outgoing handle follows the pointer, the incoming mirrors it. */
  private pullHandles(s: Drawing, e: ToolPointer): void {
    if (s.drag === null) return;
    const node = s.nodes[s.drag.index]!;
    let out = toLocal(s.toParent, e.world);
    if (e.modifiers.shift) out = constrainAngle(node.point, out);
    const handleIn = { x: 2 * node.point.x - out.x, y: 2 * node.point.y - out.y };
    s.nodes[s.drag.index] = { point: node.point, handleIn, handleOut: out };
    this.write(s);
  }

  /** Where a press or the preview lands: Shift keeps 15° from the last node, else snapping. */
  private place(s: Drawing, e: ToolPointer): Point {
    const previous = s.nodes[s.nodes.length - 1]!;
    if (e.modifiers.shift) {
      this.ctx.overlays.setGuides([]);
      return constrainAngle(previous.point, toLocal(s.toParent, e.world));
    }
    const snapped = this.ctx.snapper.snapPoint(e.world, new Set([s.id]));
    this.ctx.overlays.setGuides(snapped.guides);
    return toLocal(s.toParent, snapped.point);
  }

  private finish(s: Drawing, closed: boolean, thenDone = true): void {
    if (s.nodes.length < 2) {
      this.discard();
      return;
    }
    s.preview = null;
    this.write(s, closed);
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.overlays.setPathMarkers(null);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
    if (thenDone) this.ctx.done();
  }

  private discard(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.overlays.setPathMarkers(null);
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  private write(s: Drawing, closed = false): void {
    const subpath = this.subpath(s, closed);
    const fill = closed ? this.ctx.settings.get().fill : NO_FILL;
    this.ctx.editor.store.transact(LABEL, (tx) => {
      const node = tx.get(s.id);
      if (isPath(node)) tx.put({ ...node, subpaths: [subpath], fill });
    });
    this.showMarkers(s);
    this.ctx.invalidate();
  }

  /** The nodes (and the preview) relative to the path's origin. */
  private subpath(s: Drawing, closed: boolean): Subpath {
    const o = s.origin;
    const shift = (p: Point | null): Point | null =>
      p === null ? null : { x: p.x - o.x, y: p.y - o.y };
    const nodes = s.nodes.map((n) => ({
      point: shift(n.point)!,
      handleIn: shift(n.handleIn),
      handleOut: shift(n.handleOut),
    }));
    if (s.preview !== null)
      nodes.push({ point: shift(s.preview)!, handleIn: null, handleOut: null });
    return fromEditable({ nodes, closed });
  }

  private showMarkers(s: Drawing): void {
    const world = (p: Point): Point => apply(s.toWorld, p);
    const handles: Array<readonly [Point, Point]> = [];
    for (const n of s.nodes) {
      if (n.handleIn !== null) handles.push([world(n.point), world(n.handleIn)]);
      if (n.handleOut !== null) handles.push([world(n.point), world(n.handleOut)]);
    }
    this.ctx.overlays.setPathMarkers({
      nodes: s.nodes.map((n) => world(n.point)),
      handles,
      selected: [s.nodes.length - 1],
    });
  }
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
