import { cloneWithFreshIds, subtree } from "../actions/copyTree";
import { adoptIntoFrames, frameChildren, keepInPlace } from "../actions/frames";
import { addNodes, isAncestorOrSelf } from "../doc/commands";
import { newId } from "../doc/ids";
import { isContainer, isSceneNode, type Id } from "../doc/types";

import {
  cornerPoints,
  handleCursor,
  quadAngle,
  quadBox,
  type HandleHit,
  type Quad,
  type ResizeHandle,
  type RotateHandle,
} from "../render/overlays/geometry";

import { hasWords } from "../shapes/registry";
import { DRAG_THRESHOLD_PX } from "./controller";
import { LineEndDrag, onLineLabel } from "./lineEndDrag";
import { geometryQuad } from "./geometryFrame";
import {
  applyWorldChange,
  originals,
  rotationAbout,
  scaleAbout,
  translation,
  type Original,
} from "../actions/worldTransform";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import type { Box } from "../math/box";
import { isPath } from "../shapes/path";
import { isFrame } from "../shapes/frame";

/** Pick tolerance around thin shapes, in screen pixels. */
export const PICK_TOLERANCE_PX = 4;
const ANGLE_STEP = Math.PI / 12;

type State =
  | { readonly name: "idle" }
  /** Pressed, not yet dragged: a click or the start of a drag. */
  | {
      readonly name: "pointing";
      readonly start: ToolPointer;
      readonly hit: Id | null;
      /** The press changed the selection already (so a click does not change it again). */
      readonly selectedOnPress: boolean;
      /** The selection before the press: a cancel (Esc, a second finger) puts it back. */
      readonly selectionBefore: readonly Id[];
    }
  | {
      readonly name: "moving";
      readonly start: Point;
      readonly items: Original[];
      readonly box: Box;
      /** What snapping leaves out: what moves, and the lines bound to it, which follow. */
      readonly ignore: ReadonlySet<Id>;
    }
  | { readonly name: "marquee"; readonly start: Point; readonly base: readonly Id[] }
  | {
      readonly name: "resizing";
      readonly handle: ResizeHandle;
      readonly quad: Quad;
      /** Where the press was: the handle follows the pointer's movement from there. */
      readonly press: Point;
      readonly items: Original[];
      /** What the resized frames hold, as it was: it stays where it is on the page. */
      readonly children: Original[];
    }
  | {
      readonly name: "rotating";
      readonly centre: Point;
      readonly startAngle: number;
      readonly items: Original[];
    }
  /** Dragging an end of the one selected line. */
  | { readonly name: "line end"; readonly drag: LineEndDrag };

const OPPOSITE: Record<ResizeHandle, ResizeHandle> = {
  nw: "se",
  n: "s",
  ne: "sw",
  e: "w",
  se: "nw",
  s: "n",
  sw: "ne",
  w: "e",
};

/**
 * Select (V): click, Shift-click, Ctrl-click into groups, marquee (touching; Alt: contained),
 * drag to move (Alt: duplicate first), the eight handles to resize (Shift: proportional, Alt:
 * from the centre), the zones outside the corners to rotate (Shift: 15° steps). Double-click
 * enters a group, edits a text, or edits a path's nodes.
 */
export class SelectTool implements Tool {
  readonly id = "select" as const;
  private current: State = { name: "idle" };
  /** What the pointer is over when no gesture runs: a handle's cursor, `move` or the default. */
  private hoverCursor = "default";
  /** The grabbed handle's cursor, kept through the resize or rotation. */
  private gestureCursor = "default";
  /**
   * A move sample of a drag not applied yet. A move goes wherever the last sample of the tick
   * puts it, so only that one is applied: a mouse reporting at 1,000 Hz hands a tick a dozen
   * coalesced samples, and each applied would move the shapes, their bound connectors and
   * every drawing of them once more for a position never shown.
   */
  private pendingMove: ToolPointer | null = null;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.current.name;
  }

  get busy(): boolean {
    return this.current.name !== "idle";
  }

  get cursor(): string {
    switch (this.current.name) {
      case "moving":
        return "move";
      case "rotating":
      case "resizing":
        return this.gestureCursor;
      default:
        return this.hoverCursor;
    }
  }

  pointer(e: ToolPointer): void {
    if (e.phase === "move" && this.current.name === "moving") {
      this.pendingMove = e;
      return;
    }
    this.applyPendingMove();
    const s = this.current;
    if (e.phase === "cancel") {
      this.cancel();
      return;
    }
    switch (s.name) {
      case "idle":
        if (e.phase === "down" && e.button === 0) this.press(e);
        else if (e.phase === "move" && e.buttons === 0) this.hover(e);
        return;
      case "pointing":
        if (e.phase === "move") {
          const moved = Math.hypot(e.screen.x - s.start.screen.x, e.screen.y - s.start.screen.y);
          if (moved >= DRAG_THRESHOLD_PX) this.startDrag(s, e);
        } else if (e.phase === "up") this.click(s);
        return;
      case "moving":
        if (e.phase === "up") {
          this.dropIntoFrames(s, e);
          this.finish();
        }
        return;
      case "marquee":
        if (e.phase === "move") this.marquee(s, e);
        else if (e.phase === "up") this.finishMarquee();
        return;
      case "resizing":
        if (e.phase === "move") this.resize(s, e);
        else if (e.phase === "up") this.finish();
        return;
      case "rotating":
        if (e.phase === "move") this.rotate(s, e);
        else if (e.phase === "up") this.finish();
        return;
      case "line end":
        if (e.phase === "move") s.drag.update(e);
        else if (e.phase === "up") {
          this.current = { name: "idle" };
          s.drag.finish();
        }
        return;
    }
  }

  /** The tick's samples are in: the drag goes to the last of them. */
  tick(): void {
    this.applyPendingMove();
  }

  private applyPendingMove(): void {
    const e = this.pendingMove;
    this.pendingMove = null;
    if (e !== null && this.current.name === "moving") this.move(this.current, e);
  }

  key(press: ToolKey): boolean {
    this.applyPendingMove();
    const store = this.ctx.editor.store;
    if (press.code === "Escape") {
      if (this.ctx.scope() !== this.ctx.pageId()) {
        const scope = store.get(this.ctx.scope());
        this.ctx.setScope(isSceneNode(scope) ? scope.parent : this.ctx.pageId());
        store.setSelection(isSceneNode(scope) ? [scope.id] : []);
        return true;
      }
      if (store.selection.length > 0) {
        store.setSelection([]);
        return true;
      }
      return false;
    }
    if (press.modifiers.ctrl || press.modifiers.meta || press.modifiers.alt) return false;
    if (press.code === "Tab") {
      this.cycle(press.modifiers.shift ? -1 : 1);
      return true;
    }
    if (press.code === "Enter" || press.code === "NumpadEnter") {
      if (press.modifiers.shift) this.exitGroup();
      else this.enter();
      return true;
    }
    return false;
  }

  cancel(): void {
    const s = this.current;
    this.current = { name: "idle" };
    this.pendingMove = null;
    this.ctx.overlays.setMarquee(null);
    this.ctx.overlays.setGuides([]);
    if (s.name === "marquee") this.ctx.editor.store.setSelection(s.base);
    // A press that selected a shape and was cancelled before it dragged (a pinch's first
    // finger, an Esc) leaves the selection as it was.
    if (s.name === "pointing" && s.selectedOnPress)
      this.ctx.editor.store.setSelection(s.selectionBefore);
    if (s.name === "line end") s.drag.cancel();
    if (s.name === "moving" || s.name === "resizing" || s.name === "rotating") {
      this.ctx.editor.history.cancelGesture();
    }
    this.ctx.invalidate();
  }

  deactivate(): void {
    if (this.busy) this.cancel();
    this.ctx.overlays.setHover(null);
    this.ctx.overlays.setRotateHint?.(null);
    this.hoverCursor = "default";
  }

  // ---- Pressing and clicking ----

  private press(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (e.clickCount >= 2 && this.doubleClick(e)) return;
    const only = store.selection.length === 1 && !store.readOnly ? store.selection[0]! : null;
    const end =
      only === null
        ? null
        : (this.ctx.overlays.hitLineEnd?.(e.screen, e.kind) ??
          (onLineLabel(this.ctx, only, e.world) ? "label" : null));
    const drag = end === null ? null : LineEndDrag.begin(this.ctx, store.selection[0]!, end);
    if (drag !== null) {
      this.current = { name: "line end", drag };
      return;
    }
    const handle =
      store.selection.length > 0 ? this.ctx.overlays.hitHandle(e.screen, e.kind) : null;
    // A frame's name label sits where the rotation zone of its corner reaches: the label wins.
    const label =
      handle !== null && !handle.startsWith("rotate")
        ? null
        : (this.ctx.overlays.hitFrameLabel?.(e.screen) ?? null);
    if (label === null && handle !== null && !store.readOnly) {
      this.grabHandle(handle, e);
      return;
    }
    const deep = e.modifiers.ctrl || e.modifiers.meta;
    const hit = label ?? (deep ? null : this.selectedUnder(e)) ?? this.pick(e);
    let selectedOnPress = false;
    const selectionBefore = store.selection;
    if (hit !== null && !store.selection.includes(hit)) {
      store.setSelection(e.modifiers.shift ? [...store.selection, hit] : [hit]);
      selectedOnPress = true;
    }
    this.current = { name: "pointing", start: e, hit, selectedOnPress, selectionBefore };
  }

  private click(s: Extract<State, { name: "pointing" }>): void {
    const store = this.ctx.editor.store;
    this.current = { name: "idle" };
    if (s.hit === null) {
      if (!s.start.modifiers.shift) store.setSelection([]);
      return;
    }
    if (s.selectedOnPress) return;
    if (s.start.modifiers.shift) store.setSelection(store.selection.filter((id) => id !== s.hit));
    else store.setSelection([s.hit]);
  }

  private doubleClick(e: ToolPointer): boolean {
    const store = this.ctx.editor.store;
    const deep = this.ctx.scene.pick(e.world, this.tolerance(), { deep: true });
    if (deep === null) return false;
    const node = store.get(deep);
    const selected = store.selection;
    // Into the group the double-clicked shape is in, one level at a time.
    if (selected.length === 1 && isContainer(store.get(selected[0]!))) {
      const inner = this.ctx.scene.pick(e.world, this.tolerance(), { scope: selected[0]! });
      if (inner !== null) {
        this.ctx.setScope(selected[0]!);
        store.setSelection([inner]);
        return true;
      }
    }
    if (isSceneNode(node) && hasWords(node) && !store.readOnly) {
      store.setSelection([deep]);
      this.ctx.editText(deep, e.screen);
      return true;
    }
    if (isPath(node) && !store.readOnly) {
      store.setSelection([deep]);
      this.ctx.setTool("path");
      return true;
    }
    return false;
  }

  private pick(e: ToolPointer): Id | null {
    return this.ctx.scene.pick(e.world, this.tolerance(), {
      deep: e.modifiers.ctrl || e.modifiers.meta,
      scope: this.ctx.scope(),
      intoFrames: true,
    });
  }

  /**
   * The selected node under the pointer, however deep: a shape selected inside a group is dragged
   * by itself, not by the group a plain click would pick.
   */
  private selectedUnder(e: ToolPointer): Id | null {
    const store = this.ctx.editor.store;
    if (store.selection.length === 0) return null;
    const deep = this.ctx.scene.pick(e.world, this.tolerance(), { deep: true });
    let record = deep === null ? undefined : store.get(deep);
    while (isSceneNode(record)) {
      if (store.selection.includes(record.id)) return record.id;
      record = store.get(record.parent);
      // A frame is not a group: pressing on what it holds takes that, not the selected frame.
      if (isFrame(record)) return null;
    }
    return null;
  }

  private tolerance(): number {
    return PICK_TOLERANCE_PX / this.ctx.camera.zoom;
  }

  private hover(e: ToolPointer): void {
    const hit = this.pick(e);
    this.ctx.overlays.setHover(hit);
    const store = this.ctx.editor.store;
    const frame = this.ctx.overlays.selectionFrame ?? null;
    let handle =
      store.selection.length > 0 && !store.readOnly && frame !== null
        ? this.ctx.overlays.hitHandle(e.screen, e.kind)
        : null;
    // A frame's name label wins over the rotation zone it lies in, as a press does.
    if (handle?.startsWith("rotate") && (this.ctx.overlays.hitFrameLabel?.(e.screen) ?? null))
      handle = null;
    this.ctx.overlays.setRotateHint?.(
      handle?.startsWith("rotate") ? (handle as RotateHandle) : null,
    );
    if (handle !== null && frame !== null) this.hoverCursor = handleCursor(frame, handle);
    else if (
      store.selection.length === 1 &&
      !store.readOnly &&
      (this.ctx.overlays.hitLineEnd?.(e.screen, e.kind) ?? null) !== null
    )
      this.hoverCursor = "pointer";
    else if (hit !== null && !store.readOnly && !this.lockedOrHidden(hit))
      this.hoverCursor = "move";
    else this.hoverCursor = "default";
  }

  // ---- Dragging ----

  private startDrag(s: Extract<State, { name: "pointing" }>, e: ToolPointer): void {
    const store = this.ctx.editor.store;
    this.ctx.overlays.setHover(null);
    if (s.hit === null || store.readOnly) {
      const base = s.start.modifiers.shift ? store.selection : [];
      this.current = { name: "marquee", start: s.start.world, base };
      this.marquee(this.current, e);
      return;
    }
    const history = this.ctx.editor.history;
    let ids = store.selection.filter((id) => !this.lockedOrHidden(id));
    if (ids.length === 0) {
      this.current = { name: "idle" };
      return;
    }
    history.beginGesture(s.start.modifiers.alt ? "Duplicate" : "Move");
    if (s.start.modifiers.alt) ids = this.duplicate(ids);
    const quad = geometryQuad(store, ids);
    if (quad === null) {
      history.cancelGesture();
      this.current = { name: "idle" };
      return;
    }
    const items = originals(store, ids);
    const moved = items.map((item) => item.node.id);
    const ignore = new Set([...moved, ...this.ctx.editor.bindings.linesBoundTo(moved)]);
    this.current = { name: "moving", start: s.start.world, items, box: quadBox(quad), ignore };
    this.move(this.current, e);
  }

  private duplicate(ids: readonly Id[]): Id[] {
    const store = this.ctx.editor.store;
    const copies: Id[] = [];
    store.transact("Duplicate", (tx) => {
      const nodes = ids.map((id) => tx.get(id)).filter(isSceneNode);
      const trees = nodes.map((node) => subtree(tx, node));
      const fresh = new Map<Id, Id>();
      for (const tree of trees) for (const member of tree) fresh.set(member.id, newId());
      for (const [i, node] of nodes.entries()) {
        const id = node.id;
        const [root, ...descendants] = cloneWithFreshIds(trees[i]!, newId, fresh);
        addNodes(tx, node.parent, [root!], { after: id });
        for (const child of descendants) tx.put(child);
        copies.push(root!.id);
      }
      tx.select(copies);
    });
    return copies;
  }

  private move(s: Extract<State, { name: "moving" }>, e: ToolPointer): void {
    let dx = e.world.x - s.start.x;
    let dy = e.world.y - s.start.y;
    if (e.modifiers.shift) {
      // Shift keeps the move on one axis, like other editors.
      if (Math.abs(dx) > Math.abs(dy)) dy = 0;
      else dx = 0;
    }
    const moved = {
      minX: s.box.minX + dx,
      minY: s.box.minY + dy,
      maxX: s.box.maxX + dx,
      maxY: s.box.maxY + dy,
    };
    const snap =
      e.modifiers.ctrl || e.modifiers.meta ? null : this.ctx.snapper.snapBox(moved, s.ignore);
    if (snap !== null) {
      dx += e.modifiers.shift && dx === 0 ? 0 : snap.dx;
      dy += e.modifiers.shift && dy === 0 ? 0 : snap.dy;
    }
    this.ctx.overlays.setGuides(snap?.guides ?? []);
    this.ctx.editor.store.transact("Move", (tx) =>
      applyWorldChange(tx, s.items, translation(dx, dy)),
    );
  }

  /**
   * On release, what was dragged joins the frame under the pointer, or leaves its frame for the
   * page (or the group the frame is in), keeping its place: one more step of the move's gesture.
   * A frame being moved is placed by its centre, since it may be dragged by its label above it.
   */
  private dropIntoFrames(s: Extract<State, { name: "moving" }>, e: ToolPointer): void {
    const store = this.ctx.editor.store;
    const ids = s.items.map((item) => item.node.id);
    let moved: Id[] = [];
    store.transact("Move", (tx) => {
      moved = adoptIntoFrames(
        tx,
        ids,
        (point, exclude) => this.ctx.scene.frameAt(point, { exclude }),
        (node) => (isFrame(node) ? null : e.world),
      );
    });
    const scope = this.ctx.scope();
    if (moved.some((id) => !isAncestorOrSelf(store, scope, id)))
      this.ctx.setScope(this.ctx.pageId());
  }

  private finish(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
  }

  // ---- Marquee ----

  private marquee(s: Extract<State, { name: "marquee" }>, e: ToolPointer): void {
    const box = {
      minX: Math.min(s.start.x, e.world.x),
      minY: Math.min(s.start.y, e.world.y),
      maxX: Math.max(s.start.x, e.world.x),
      maxY: Math.max(s.start.y, e.world.y),
    };
    this.ctx.overlays.setMarquee(box);
    const hits = this.ctx.scene.marquee(box, {
      contained: e.modifiers.alt,
      scope: this.ctx.scope(),
    });
    const merged = [...s.base];
    for (const id of hits) if (!merged.includes(id)) merged.push(id);
    this.ctx.editor.store.setSelection(merged);
  }

  private finishMarquee(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setMarquee(null);
  }

  // ---- Resizing and rotating ----

  private grabHandle(handle: HandleHit, e: ToolPointer): void {
    const store = this.ctx.editor.store;
    const ids = store.selection.filter((id) => !this.lockedOrHidden(id));
    const quad = geometryQuad(store, ids);
    if (quad === null || ids.length === 0) return;
    const frame = this.ctx.overlays.selectionFrame ?? null;
    this.gestureCursor = frame === null ? "default" : handleCursor(frame, handle);
    this.ctx.overlays.setRotateHint?.(null);
    this.ctx.editor.history.beginGesture(handle.startsWith("rotate") ? "Rotate" : "Resize");
    const items = originals(store, ids);
    if (handle.startsWith("rotate")) {
      const centre = {
        x: (quad[0].x + quad[2].x) / 2,
        y: (quad[0].y + quad[2].y) / 2,
      };
      this.current = {
        name: "rotating",
        centre,
        startAngle: Math.atan2(e.world.y - centre.y, e.world.x - centre.x),
        items,
      };
    } else {
      this.current = {
        name: "resizing",
        handle: handle as ResizeHandle,
        quad,
        press: e.world,
        items,
        children: frameChildren(store, items),
      };
    }
  }

  private resize(s: Extract<State, { name: "resizing" }>, e: ToolPointer): void {
    const angle = quadAngle(s.quad);
    const corners = cornerPoints(s.quad);
    const sides = {
      n: mid(corners.nw, corners.ne),
      e: mid(corners.ne, corners.se),
      s: mid(corners.se, corners.sw),
      w: mid(corners.sw, corners.nw),
    };
    const at = (h: ResizeHandle): Point =>
      h.length === 2 ? corners[h as keyof typeof corners] : sides[h as keyof typeof sides];
    const centre = mid(corners.nw, corners.se);
    const origin = e.modifiers.alt ? centre : at(OPPOSITE[s.handle]);
    const grabbed = at(s.handle);
    // Work in the frame's own axes, so a rotated selection resizes along its sides.
    const unrotate = (p: Point): Point => {
      const cos = Math.cos(-angle);
      const sin = Math.sin(-angle);
      const x = p.x - origin.x;
      const y = p.y - origin.y;
      return { x: x * cos - y * sin, y: x * sin + y * cos };
    };
    const from = unrotate(grabbed);
    const to = unrotate({
      x: grabbed.x + e.world.x - s.press.x,
      y: grabbed.y + e.world.y - s.press.y,
    });
    let sx = s.handle === "n" || s.handle === "s" ? 1 : safeRatio(to.x, from.x);
    let sy = s.handle === "e" || s.handle === "w" ? 1 : safeRatio(to.y, from.y);
    if (e.modifiers.shift) {
      const k =
        s.handle === "n" || s.handle === "s"
          ? Math.abs(sy)
          : s.handle === "e" || s.handle === "w"
            ? Math.abs(sx)
            : Math.max(Math.abs(sx), Math.abs(sy));
      sx = Math.sign(sx || 1) * k;
      sy = Math.sign(sy || 1) * k;
    }
    const change = scaleAbout(sx, sy, origin, angle);
    this.ctx.editor.store.transact("Resize", (tx) => {
      applyWorldChange(tx, s.items, change);
      keepInPlace(tx, s.children);
    });
  }

  private rotate(s: Extract<State, { name: "rotating" }>, e: ToolPointer): void {
    let delta = Math.atan2(e.world.y - s.centre.y, e.world.x - s.centre.x) - s.startAngle;
    if (e.modifiers.shift) {
      // Snap the resulting angle of a single node, or the turn of a multi-selection.
      const base = s.items.length === 1 ? s.items[0]!.node.transform.rotation : 0;
      delta = Math.round((base + delta) / ANGLE_STEP) * ANGLE_STEP - base;
    }
    const change = rotationAbout(delta, s.centre.x, s.centre.y);
    this.ctx.editor.store.transact("Rotate", (tx) => applyWorldChange(tx, s.items, change));
  }

  // ---- Keyboard selection ----

  /** Tab and Shift+Tab: the next or previous shape in the current group, in paint order. */
  private cycle(step: 1 | -1): void {
    const store = this.ctx.editor.store;
    const siblings = store
      .childrenOf(this.ctx.scope())
      .filter((n) => !n.hidden && !n.locked)
      .map((n) => n.id);
    if (siblings.length === 0) return;
    const current = store.selection.length === 1 ? siblings.indexOf(store.selection[0]!) : -1;
    const next =
      current < 0
        ? step === 1
          ? 0
          : siblings.length - 1
        : (current + step + siblings.length) % siblings.length;
    store.setSelection([siblings[next]!]);
  }

  /** Enter: into the selected group (its first child selected). */
  private enter(): void {
    const store = this.ctx.editor.store;
    const only = store.selection.length === 1 ? store.get(store.selection[0]!) : undefined;
    if (!isContainer(only)) {
      if (isPath(only) && !store.readOnly) this.ctx.setTool("path");
      else if (isSceneNode(only) && hasWords(only) && !store.readOnly) this.ctx.editText(only.id);
      return;
    }
    const children = store.childrenOf(only.id).filter((n) => !n.hidden && !n.locked);
    if (children.length === 0) return;
    this.ctx.setScope(only.id);
    store.setSelection(children.map((n) => n.id));
  }

  /** Shift+Enter: out of the group, which becomes the selection. */
  private exitGroup(): void {
    const store = this.ctx.editor.store;
    const scope = store.get(this.ctx.scope());
    if (!isSceneNode(scope)) return;
    this.ctx.setScope(scope.parent);
    store.setSelection([scope.id]);
  }

  private lockedOrHidden(id: Id): boolean {
    const store = this.ctx.editor.store;
    let node = store.get(id);
    while (isSceneNode(node)) {
      if (node.locked || node.hidden) return true;
      node = store.get(node.parent);
    }
    return false;
  }
}

function mid(p: Point, q: Point): Point {
  return { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
}

/** to / from, kept away from zero so a shape never collapses to nothing (and cannot come back). */
function safeRatio(to: number, from: number): number {
  if (Math.abs(from) < 1e-9) return 1;
  const k = to / from;
  return Math.abs(k) < 1e-3 ? Math.sign(k || 1) * 1e-3 : k;
}
