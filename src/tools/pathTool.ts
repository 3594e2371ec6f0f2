import type { Modifiers } from "../../engine";
import { deleteNodes as deleteSceneNodes, worldMatrix } from "../doc/commands";
import { apply, invert, type Matrix } from "../doc/transform";
import { isSceneNode, type DocRecord, type Id, type SceneNode, type Subpath } from "../doc/types";
import { maxScale } from "../geometry/affine";
import {
  deleteNodes,
  insertNode,
  joinEndpoints,
  moveHandle,
  moveNode,
  nearestSegment,
  setClosed,
  toggleSmooth,
} from "../geometry/pathEdit";
import { toEditable, type NodeAddress } from "../geometry/pathNodes";
import { kindOf } from "../shapes/registry";
import { isPathConvertible, toEditablePath } from "../shapes/toPath";
import { hasLabel, labelOf } from "../shapes/label";

import { DRAG_THRESHOLD_PX } from "./controller";
import { PICK_TOLERANCE_PX } from "./selectTool";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

/** A press this near a node or handle (screen pixels) grabs it. */
export const NODE_HIT_PX = 6;
/** Arrow keys move selected nodes this far (world units); Shift: ten times as far. */
export const NUDGE = 1;

const LABEL = "Edit path";
/** The undo step of a shape made a path to edit it; the same label as Convert to path. */
export const CONVERT_LABEL = "Convert to path";

/** A node whose kind the tool edits in place (`ShapeKind.pathEditing`): a path, or a line. */
type Editable = SceneNode;

interface HandleRef {
  readonly node: NodeAddress;
  readonly which: "in" | "out";
}

type State =
  | { readonly name: "idle" }
  /** Pressed on a node: a click (selection already updated) or the start of a drag. */
  | { readonly name: "pointing"; readonly start: ToolPointer; readonly node: NodeAddress }
  | {
      readonly name: "movingNodes";
      readonly start: Point;
      readonly original: readonly Subpath[];
      readonly primary: NodeAddress;
    }
  | { readonly name: "movingHandle"; readonly handle: HandleRef; started: boolean }
  | { readonly name: "marquee"; readonly start: Point; readonly base: readonly NodeAddress[] };

function sameAddress(a: NodeAddress, b: NodeAddress): boolean {
  return a.subpath === b.subpath && a.node === b.node;
}

function isEditable(node: DocRecord | undefined): node is Editable {
  return isSceneNode(node) && kindOf(node).pathEditing !== null;
}

function subpathsOf(node: Editable): readonly Subpath[] {
  return kindOf(node).pathEditing?.subpaths(node) ?? [];
}

function withSubpaths(node: Editable, subpaths: readonly Subpath[]): SceneNode {
  return kindOf(node).pathEditing?.withSubpaths(node, subpaths) ?? node;
}

/**
 * Edit path (A, or Enter / double-click on a path or line in Select). The nodes and handles of
 * the selected path are shown; drag nodes (every selected one moves) and handles (a smooth node
 * keeps its handles in line, Alt breaks the pair), click / Shift-click / marquee to select nodes,
 * double-click a segment to add a node there, double-click (or Ctrl-click) a node to toggle it
 * between corner and smooth, Delete or Backspace removes the selected nodes, C closes or opens the
 * selected nodes' subpaths, J joins two selected end nodes, the arrows nudge the selected nodes
 * (Shift: ×10). Esc (or Enter) goes back to Select; Esc during a drag first cancels the drag.
 * Each edit is one undo step. A line stays a line until an edit needs more than its one segment.
 */
export class PathTool implements Tool {
  readonly id = "path" as const;
  private current: State = { name: "idle" };
  private target: Id | null = null;
  private selected: NodeAddress[] = [];
  private active = false;

  private readonly unsubscribe: () => void;

  constructor(private readonly ctx: ToolContext) {
    this.unsubscribe = ctx.editor.commits.stage("tools").subscribe(() => {
      if (this.active && this.target !== null) this.refresh();
    });
  }

  dispose(): void {
    this.unsubscribe();
  }

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return this.current.name === "movingNodes" || this.current.name === "movingHandle"
      ? "grabbing"
      : "default";
  }
  /** The path or line being edited. */
  get editing(): Id | null {
    return this.target;
  }
  /** Selected nodes, as subpath and node indexes. */
  get selectedNodes(): readonly NodeAddress[] {
    return this.selected;
  }

  pointer(e: ToolPointer): void {
    this.ensureActive();
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    switch (s.name) {
      case "idle":
        if (e.phase === "down" && e.button === 0) this.press(e);
        return;
      case "pointing":
        if (e.phase === "move") {
          const moved = Math.hypot(e.screen.x - s.start.screen.x, e.screen.y - s.start.screen.y);
          if (moved >= DRAG_THRESHOLD_PX) this.startMove(s, e);
        } else if (e.phase === "up") this.current = { name: "idle" };
        return;
      case "movingNodes":
        if (e.phase === "move") this.moveNodes(s, e);
        else if (e.phase === "up") this.endDrag();
        return;
      case "movingHandle":
        if (e.phase === "move") this.moveHandle(s, e);
        else if (e.phase === "up") this.endDrag();
        return;
      case "marquee":
        if (e.phase === "move") this.marquee(s, e);
        else if (e.phase === "up") {
          this.current = { name: "idle" };
          this.ctx.overlays.setMarquee(null);
        }
        return;
    }
  }

  key(press: ToolKey): boolean {
    this.ensureActive();
    const m = press.modifiers;
    if (press.code === "Escape" || press.code === "Enter" || press.code === "NumpadEnter") {
      this.ctx.setTool("select");
      return true;
    }
    if (m.ctrl || m.meta || m.alt || this.target === null) return false;
    switch (press.code) {
      case "Delete":
      case "Backspace":
        this.deleteSelected();
        return true;
      case "KeyJ":
        this.join();
        return true;
      case "KeyC":
        this.toggleClosed();
        return true;
      case "ArrowLeft":
        return this.nudge(-1, 0, m);
      case "ArrowRight":
        return this.nudge(1, 0, m);
      case "ArrowUp":
        return this.nudge(0, -1, m);
      case "ArrowDown":
        return this.nudge(0, 1, m);
      default:
        return false;
    }
  }

  tick(): void {
    this.ensureActive();
  }

  /** Cancels a drag (the path as it was before it) or a marquee (the node selection before it). */
  cancel(): void {
    const s = this.current;
    this.current = { name: "idle" };
    this.ctx.overlays.setMarquee(null);
    this.ctx.overlays.setGuides([]);
    if (s.name === "marquee") this.selected = [...s.base];
    if (s.name === "movingNodes" || s.name === "movingHandle")
      this.ctx.editor.history.cancelGesture();
    this.showMarkers();
  }

  deactivate(): void {
    this.cancel();
    this.active = false;
    this.target = null;
    this.selected = [];
    this.ctx.overlays.setPathMarkers(null);
    this.ctx.overlays.setHandlesHidden?.(false);
  }

  // ---- Target ----

  /**
   * The first input or tick after the switch takes the selected path as the one to edit. The
   * controller feeds only the active tool, so nothing here listens to shared settings.
   */
  private ensureActive(): void {
    if (!this.active) this.activate();
  }

  private activate(): void {
    const store = this.ctx.editor.store;
    let only = store.selection.length === 1 ? store.get(store.selection[0]!) : undefined;
    this.active = true;
    this.ctx.overlays.setHandlesHidden?.(true);
    // A rectangle, ellipse, polygon, star or ink has no nodes of its own: it becomes a path in
    // one undo step (the commit's label is announced), as Figma's Edit does on a shape. Not one
    // with words: a path holds none, and choosing a tool must not throw a label away.
    if (
      isSceneNode(only) &&
      kindOf(only).pathEditing === null &&
      !hasLabel(labelOf(only)) &&
      !only.locked &&
      !store.readOnly &&
      isPathConvertible(only)
    ) {
      const converted = toEditablePath(only);
      store.transact(CONVERT_LABEL, (tx) => tx.put(converted));
      only = store.get(converted.id);
    }
    this.target = isEditable(only) && !only.locked ? only.id : null;
    this.selected = [];
    this.showMarkers();
  }

  private node(): Editable | null {
    const node = this.target === null ? undefined : this.ctx.editor.store.get(this.target);
    return isEditable(node) ? node : null;
  }

  private toWorld(): Matrix | null {
    return this.target === null ? null : worldMatrix(this.ctx.editor.store, this.target);
  }

  private toLocal(world: Point): Point | null {
    const m = this.toWorld();
    const inverse = m === null ? null : invert(m);
    return inverse === null ? null : apply(inverse, world);
  }

  /** After any commit: the target may be gone (undo, another tab) or have fewer nodes. */
  private refresh(): void {
    const node = this.node();
    if (node === null) {
      this.target = null;
      this.selected = [];
    } else {
      const subpaths = subpathsOf(node).map(toEditable);
      this.selected = this.selected.filter(
        (a) => subpaths[a.subpath] !== undefined && a.node < subpaths[a.subpath]!.nodes.length,
      );
    }
    this.showMarkers();
  }

  // ---- Pressing ----

  private press(e: ToolPointer): void {
    const node = this.node();
    if (node !== null && !this.ctx.editor.store.readOnly) {
      const handle = this.hitHandle(node, e.screen);
      if (handle !== null) {
        this.current = { name: "movingHandle", handle, started: false };
        return;
      }
      const hit = this.hitNode(node, e.screen);
      if (hit !== null) {
        if (e.clickCount >= 2 || e.modifiers.ctrl || e.modifiers.meta) {
          this.edit((subpaths) => toggleSmooth(subpaths, hit));
          this.selected = [hit];
          this.showMarkers();
          return;
        }
        this.selectNode(hit, e.modifiers.shift);
        this.current = { name: "pointing", start: e, node: hit };
        return;
      }
      if (e.clickCount >= 2 && this.addNodeAt(node, e)) return;
    }
    // Another path or line under the pointer becomes the one being edited.
    const picked = this.ctx.scene.pick(e.world, PICK_TOLERANCE_PX / this.ctx.camera.zoom, {
      deep: true,
    });
    const pickedNode = picked === null ? undefined : this.ctx.editor.store.get(picked);
    if (picked !== null && picked !== this.target && isEditable(pickedNode)) {
      this.target = picked;
      this.selected = [];
      this.ctx.editor.store.setSelection([picked]);
      this.showMarkers();
      return;
    }
    this.current = {
      name: "marquee",
      start: e.world,
      base: e.modifiers.shift ? this.selected.slice() : [],
    };
    if (!e.modifiers.shift) this.selected = [];
    this.showMarkers();
  }

  private selectNode(hit: NodeAddress, shift: boolean): void {
    const already = this.selected.some((a) => sameAddress(a, hit));
    if (shift) {
      this.selected = already
        ? this.selected.filter((a) => !sameAddress(a, hit))
        : [...this.selected, hit];
    } else if (!already) this.selected = [hit];
    this.showMarkers();
  }

  /** Double-click on a segment: a node there, by de Casteljau's split (the curve is unchanged). */
  private addNodeAt(node: Editable, e: ToolPointer): boolean {
    const local = this.toLocal(e.world);
    const world = this.toWorld();
    if (local === null || world === null) return false;
    const tolerance = PICK_TOLERANCE_PX / this.ctx.camera.zoom / Math.max(maxScale(world), 1e-9);
    const hit = nearestSegment(subpathsOf(node), local, tolerance);
    if (hit === null || !(hit.t > 0 && hit.t < 1)) return false;
    let added: NodeAddress | null = null;
    this.edit((subpaths) => {
      const result = insertNode(subpaths, hit, hit.t);
      added = result.node;
      return result.subpaths;
    });
    if (added !== null) this.selected = [added];
    this.showMarkers();
    return true;
  }

  // ---- Dragging ----

  private startMove(s: Extract<State, { name: "pointing" }>, e: ToolPointer): void {
    const node = this.node();
    if (node === null) {
      this.current = { name: "idle" };
      return;
    }
    this.ctx.editor.history.beginGesture(LABEL);
    this.current = {
      name: "movingNodes",
      start: s.start.world,
      original: subpathsOf(node),
      primary: s.node,
    };
    this.moveNodes(this.current, e);
  }

  private moveNodes(s: Extract<State, { name: "movingNodes" }>, e: ToolPointer): void {
    const node = this.node();
    const world = this.toWorld();
    const inverse = world === null ? null : invert(world);
    if (node === null || world === null || inverse === null) return;
    // The grabbed node snaps; every selected node moves by the same amount.
    const grabbed = toEditable(s.original[s.primary.subpath]!).nodes[s.primary.node]!.point;
    const grabbedWorld = apply(world, grabbed);
    const target = {
      x: grabbedWorld.x + e.world.x - s.start.x,
      y: grabbedWorld.y + e.world.y - s.start.y,
    };
    const snapped =
      e.modifiers.ctrl || e.modifiers.meta
        ? { point: target, guides: [] }
        : this.ctx.snapper.snapPoint(target, new Set([node.id]));
    this.ctx.overlays.setGuides(snapped.guides);
    const to = apply(inverse, snapped.point);
    const delta = { x: to.x - grabbed.x, y: to.y - grabbed.y };
    let subpaths = s.original.slice();
    for (const address of this.selected) subpaths = moveNode(subpaths, address, delta);
    this.write(node, subpaths);
  }

  private moveHandle(s: Extract<State, { name: "movingHandle" }>, e: ToolPointer): void {
    const node = this.node();
    const local = this.toLocal(e.world);
    if (node === null || local === null) return;
    if (!s.started) {
      this.ctx.editor.history.beginGesture(LABEL);
      s.started = true;
    }
    const subpaths = moveHandle(
      subpathsOf(node),
      s.handle.node,
      s.handle.which,
      local,
      e.modifiers.alt ? "corner" : undefined,
    );
    this.write(node, subpaths);
  }

  private endDrag(): void {
    this.current = { name: "idle" };
    this.ctx.overlays.setGuides([]);
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
  }

  private marquee(s: Extract<State, { name: "marquee" }>, e: ToolPointer): void {
    const box: Box = {
      minX: Math.min(s.start.x, e.world.x),
      minY: Math.min(s.start.y, e.world.y),
      maxX: Math.max(s.start.x, e.world.x),
      maxY: Math.max(s.start.y, e.world.y),
    };
    this.ctx.overlays.setMarquee(box);
    const node = this.node();
    const world = this.toWorld();
    const inside: NodeAddress[] = [...s.base];
    if (node !== null && world !== null) {
      subpathsOf(node).forEach((sub, subpath) => {
        toEditable(sub).nodes.forEach((p, index) => {
          const q = apply(world, p.point);
          const address = { subpath, node: index };
          if (
            q.x >= box.minX &&
            q.x <= box.maxX &&
            q.y >= box.minY &&
            q.y <= box.maxY &&
            !inside.some((a) => sameAddress(a, address))
          )
            inside.push(address);
        });
      });
    }
    this.selected = inside;
    this.showMarkers();
  }

  // ---- Keyboard edits ----

  private deleteSelected(): void {
    const node = this.node();
    if (node === null || this.selected.length === 0 || this.ctx.editor.store.readOnly) return;
    const remaining = deleteNodes(subpathsOf(node), this.selected);
    this.selected = [];
    if (remaining.length === 0) {
      // Nothing left of the path: it goes, and so does path editing.
      this.ctx.editor.store.transact("Delete path", (tx) => {
        deleteSceneNodes(tx, [node.id]);
        tx.select([]);
      });
      this.target = null;
      this.ctx.setTool("select");
      return;
    }
    this.edit(() => remaining);
  }

  private join(): void {
    if (this.selected.length !== 2) return;
    const [a, b] = this.selected as [NodeAddress, NodeAddress];
    const node = this.node();
    if (node === null) return;
    const joined = joinEndpoints(subpathsOf(node), a, b);
    if (joined === null) return;
    this.selected = [];
    this.edit(() => joined);
  }

  /** C: every subpath with a selected node closes if it is open, opens if it is closed. */
  private toggleClosed(): void {
    const node = this.node();
    if (node === null) return;
    const indexes = new Set(this.selected.map((a) => a.subpath));
    if (indexes.size === 0) subpathsOf(node).forEach((_, i) => indexes.add(i));
    this.edit((subpaths) => {
      let out = subpaths.slice();
      for (const i of indexes) out = setClosed(out, i, !out[i]!.closed);
      return out;
    });
    this.refresh();
  }

  private nudge(dx: number, dy: number, m: Modifiers): boolean {
    if (this.selected.length === 0) return false;
    const world = this.toWorld();
    const inverse = world === null ? null : invert(world);
    if (inverse === null) return true;
    const step = NUDGE * (m.shift ? 10 : 1);
    const origin = apply(inverse, { x: 0, y: 0 });
    const moved = apply(inverse, { x: dx * step, y: dy * step });
    const delta = { x: moved.x - origin.x, y: moved.y - origin.y };
    this.edit((subpaths) => {
      let out = subpaths.slice();
      for (const address of this.selected) out = moveNode(out, address, delta);
      return out;
    });
    return true;
  }

  // ---- Writing and showing ----

  /** One edit, one transaction: one undo step. */
  private edit(change: (subpaths: readonly Subpath[]) => readonly Subpath[]): void {
    const node = this.node();
    if (node === null || this.ctx.editor.store.readOnly) return;
    this.write(node, change(subpathsOf(node)));
  }

  private write(node: Editable, subpaths: readonly Subpath[]): void {
    this.ctx.editor.store.transact(LABEL, (tx) => {
      const present = tx.get(node.id);
      if (isEditable(present)) tx.put(withSubpaths(present, subpaths));
    });
    this.ctx.invalidate();
  }

  private screenOf(world: Matrix, p: Point): Point {
    return this.ctx.camera.worldToScreen(apply(world, p));
  }

  private hitNode(node: Editable, screen: Point): NodeAddress | null {
    const world = this.toWorld()!;
    let best: NodeAddress | null = null;
    let bestDistance = NODE_HIT_PX;
    subpathsOf(node).forEach((sub, subpath) => {
      toEditable(sub).nodes.forEach((p, index) => {
        const q = this.screenOf(world, p.point);
        const d = Math.hypot(q.x - screen.x, q.y - screen.y);
        if (d <= bestDistance) {
          bestDistance = d;
          best = { subpath, node: index };
        }
      });
    });
    return best;
  }

  /** Handles shown: those of the selected nodes and of their neighbours, facing them. */
  private shownHandles(node: Editable): HandleRef[] {
    const out: HandleRef[] = [];
    const subpaths = subpathsOf(node).map(toEditable);
    const add = (subpath: number, index: number, which: "in" | "out"): void => {
      const e = subpaths[subpath];
      const p = e?.nodes[index];
      if (e === undefined || p === undefined) return;
      const handle = which === "in" ? p.handleIn : p.handleOut;
      if (handle === null) return;
      if (!out.some((h) => h.which === which && sameAddress(h.node, { subpath, node: index })))
        out.push({ node: { subpath, node: index }, which });
    };
    for (const a of this.selected) {
      const e = subpaths[a.subpath];
      if (e === undefined) continue;
      const n = e.nodes.length;
      add(a.subpath, a.node, "in");
      add(a.subpath, a.node, "out");
      if (e.closed || a.node > 0) add(a.subpath, (a.node - 1 + n) % n, "out");
      if (e.closed || a.node < n - 1) add(a.subpath, (a.node + 1) % n, "in");
    }
    return out;
  }

  private handlePoint(node: Editable, ref: HandleRef): Point | null {
    const p = toEditable(subpathsOf(node)[ref.node.subpath]!).nodes[ref.node.node];
    if (p === undefined) return null;
    return ref.which === "in" ? p.handleIn : p.handleOut;
  }

  private hitHandle(node: Editable, screen: Point): HandleRef | null {
    const world = this.toWorld()!;
    for (const ref of this.shownHandles(node)) {
      const h = this.handlePoint(node, ref);
      if (h === null) continue;
      const q = this.screenOf(world, h);
      if (Math.hypot(q.x - screen.x, q.y - screen.y) <= NODE_HIT_PX) return ref;
    }
    return null;
  }

  private showMarkers(): void {
    const node = this.active ? this.node() : null;
    const world = this.toWorld();
    if (node === null || world === null) {
      this.ctx.overlays.setPathMarkers(null);
      return;
    }
    const nodes: Point[] = [];
    const selected: number[] = [];
    const flatIndex = new Map<string, number>();
    subpathsOf(node).forEach((sub, subpath) => {
      toEditable(sub).nodes.forEach((p, index) => {
        flatIndex.set(`${subpath}:${index}`, nodes.length);
        if (this.selected.some((a) => a.subpath === subpath && a.node === index))
          selected.push(nodes.length);
        nodes.push(apply(world, p.point));
      });
    });
    const handles: Array<readonly [Point, Point]> = [];
    for (const ref of this.shownHandles(node)) {
      const h = this.handlePoint(node, ref);
      const at = nodes[flatIndex.get(`${ref.node.subpath}:${ref.node.node}`) ?? -1];
      if (h !== null && at !== undefined) handles.push([at, apply(world, h)]);
    }
    this.ctx.overlays.setPathMarkers({ nodes, handles, selected });
  }
}
