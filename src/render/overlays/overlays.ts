import { Container, Graphics, Text } from "pixi.js";
import { isSceneNode, type Id } from "../../doc/types";
import type { Commit } from "../../doc/store";

import type { Camera, CameraState } from "../camera";
import {
  HANDLE_REACH,
  HANDLE_SIZE,
  handlePositions,
  hitHandle,
  lineEnds,
  type LineEnds,
  nodeQuad,
  quadAngle,
  quadToScreen,
  rotateHint,
  selectionQuad,
  worldToScreen,
  type HandleHit,
  type RotateHandle,
  type NodeSource,
  type Quad,
} from "./geometry";
import type { GradientMarkers } from "./gradientGeometry";
import { drawGradientMarkers } from "./gradientMarkers";
import { FrameLabels } from "./frameLabels";
import { HoverOutlineCache, hoverToScreen, type HoverShape } from "./hoverOutline";
import type { Point } from "../../math/point";
import type { PointerKind } from "../../../engine";
import type { Box } from "../../math/box";

/** The accent of the chrome (overlay.css), so the canvas and the panels agree. */
export const ACCENT = 0x2563eb;
export const GUIDE = 0xff00c8;
const HANDLE_FILL = 0xffffff;
/** Radius of a selected line's end handles, in CSS pixels. */
const LINE_END_RADIUS = 5;
const MARQUEE_ALPHA = 0.08;
/** Path nodes are a little smaller than resize handles: they sit closer together. */
const PATH_NODE_SIZE = 7;
const PATH_HANDLE_RADIUS = 3.5;
/** Arrowhead arms of the rotate affordance, in screen pixels. */
const ROTATE_HINT_ARM = 4;
/** Half the length of the keyboard cursor's crosshair, in screen pixels. */
const KEYBOARD_CURSOR_ARM = 10;

const LINE = { color: ACCENT, width: 1, pixelLine: true } as const;
const GUIDE_LINE = { color: GUIDE, width: 1, pixelLine: true } as const;
/**
 * The hover is a little heavier than the 1 px chrome, so it shows over a shape's own thin stroke.
 * Bevel joins: round ones made redrawing a 20k-point outline cost ~65 ms instead of ~5 ms.
 */
const HOVER_LINE = { color: ACCENT, width: 1.5, join: "bevel", cap: "butt" } as const;

export interface Guide {
  /** World coordinates; a guide of any direction is allowed, though snapping makes them straight. */
  readonly from: Point;
  readonly to: Point;
  /** A distance or other short text shown at the middle of the line. */
  readonly label?: string;
}

export interface PathMarkers {
  /** Anchor points of the path being edited, in world coordinates. */
  readonly nodes: readonly Point[];
  /** Control handles: a line from the anchor to a dot at the handle's end. */
  readonly handles: ReadonlyArray<readonly [Point, Point]>;
  /** Indexes into `nodes` that are selected: drawn filled. */
  readonly selected: readonly number[];
}

/** What the overlays read of the document: the store. */
export interface OverlaySource extends NodeSource {
  readonly selection: readonly Id[];
  subscribe(listener: (commit: Commit) => void): () => void;
  subscribeSelection(listener: (ids: readonly Id[]) => void): () => void;
}

/** Centres a 1 px line on a CSS pixel so it lands on one column of device pixels, not two. */
function crisp(at: number): number {
  return Math.floor(at) + 0.5;
}

/** A quarter turn or none: such frames can be drawn on exact pixels. */
function isUpright(quad: Quad): boolean {
  return quad[0].x === quad[3].x && quad[0].y === quad[1].y && quad[1].x === quad[2].x;
}

function outlineQuad(g: Graphics, quad: Quad, style: typeof LINE): void {
  if (isUpright(quad)) {
    const x0 = crisp(Math.min(quad[0].x, quad[1].x));
    const x1 = crisp(Math.max(quad[0].x, quad[1].x));
    const y0 = crisp(Math.min(quad[0].y, quad[3].y));
    const y1 = crisp(Math.max(quad[0].y, quad[3].y));
    g.rect(x0, y0, x1 - x0, y1 - y0).stroke(style);
    return;
  }
  g.poly(
    quad.flatMap((p) => [p.x, p.y]),
    true,
  ).stroke(style);
}

/**
 * A square marker centred on `at`, `size` px outside to outside; upright ones cover whole pixels
 * so the border is one crisp pixel on each side.
 */
function square(g: Graphics, at: Point, size: number, angle: number, fill: number): void {
  if (angle === 0) {
    const left = Math.round(at.x - size / 2);
    const top = Math.round(at.y - size / 2);
    g.rect(left, top, size, size).fill(fill);
    g.rect(left + 0.5, top + 0.5, size - 1, size - 1).stroke(LINE);
    return;
  }
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const half = size / 2;
  const corner = (u: number, v: number): number[] => [
    at.x + u * cos - v * sin,
    at.y + u * sin + v * cos,
  ];
  const points = [...corner(-half, -half), ...corner(half, -half)];
  points.push(...corner(half, half), ...corner(-half, half));
  g.poly(points, true).fill(fill).stroke(LINE);
}

/**
 * A selection of more nodes than this shows its frame only: thousands of outlines redrawn on
 * every pan frame would cost more than they tell; the frame still shows what is selected.
 */
export const MAX_OUTLINED_SELECTION = 1000;

/** Right angles count as upright: the handles of a quarter-turned shape stay on pixels. */
function handleAngle(quad: Quad): number {
  const angle = quadAngle(quad);
  const quarter = Math.PI / 2;
  const turns = angle / quarter;
  return Math.abs(turns - Math.round(turns)) < 1e-9 ? 0 : angle;
}

/**
 * Everything drawn over the page in screen pixels for editing: selection frames and handles,
 * hover, the marquee, snapping guides, path markers, and a `presence` layer for other users'
 * cursors (empty until collaboration arrives; it is above the rest so a cursor is never hidden).
 *
 * Lines are one device pixel wide at any zoom. Everything is redrawn only when what it shows
 * changed: the selection, a commit touching a shown node, the camera, or a setter call.
 */
export class Overlays {
  readonly layer = new Container({ label: "overlays" });
  readonly hover = new Graphics({ label: "hover" });
  readonly marquee = new Graphics({ label: "marquee" });
  readonly guides = new Container({ label: "guides" });
  readonly selection = new Graphics({ label: "selection" });
  readonly pathMarkers = new Graphics({ label: "path-markers" });
  readonly gradientMarkers = new Graphics({ label: "gradient-markers" });
  /** The curved arrow shown at a corner while its rotation zone is hovered. */
  readonly rotateHintMarker = new Graphics({ label: "rotate-hint" });
  /** Other users' cursors and selections go here, above everything else. */
  readonly presence = new Container({ label: "presence" });
  private readonly keyboardCursor = new Graphics({ label: "keyboard-cursor" });
  private cursorPoint: Point | null = null;
  private readonly guideLines = new Graphics({ label: "guide-lines" });
  private readonly labels: Text[] = [];
  /** Top-level frames' names above them; clicking one selects the frame. */
  private readonly frameLabels: FrameLabels;
  private hoverId: Id | null = null;
  /** The hovered node's outline, kept between frames so the camera only re-projects it. */
  private readonly hoverOutline = new HoverOutlineCache();
  /** The shape the hover graphics hold, and the camera they were drawn for. */
  private hoverDrawn: { shape: HoverShape; zoom: number; x: number; y: number } | null = null;
  private marqueeRect: Box | null = null;
  private guideList: readonly Guide[] = [];
  private markers: PathMarkers | null = null;
  private gradient: GradientMarkers | null = null;
  private frame: Quad | null = null;
  private hinted: RotateHandle | null = null;
  /** Edit path shows the path's own nodes: the box's handles would only get in their way. */
  private handlesHidden = false;
  /**
   * The selection's frame and per-node outlines in world units, kept until the selection or a
   * shown node changes, so panning and zooming only re-project them.
   */
  private selectionWorld: {
    frame: Quad | null;
    outlines: Quad[];
    ends: LineEnds | null;
  } | null = null;
  /** The selected line's ends on screen, when one line alone is selected. */
  private ends: LineEnds | null = null;
  private readonly cleanups: Array<() => void>;

  constructor(
    private readonly source: OverlaySource,
    private readonly camera: Camera,
    private readonly invalidate: () => void,
    pageId: () => Id | null = () => null,
    commits: Pick<OverlaySource, "subscribe"> = source,
  ) {
    this.frameLabels = new FrameLabels(source, pageId);
    this.layer.eventMode = "none";
    this.guides.addChild(this.guideLines);
    this.layer.addChild(
      this.frameLabels.layer,
      this.hover,
      this.marquee,
      this.guides,
      this.selection,
      this.rotateHintMarker,
      this.pathMarkers,
      this.gradientMarkers,
      this.keyboardCursor,
      this.presence,
    );
    this.cleanups = [
      source.subscribeSelection(() => {
        this.selectionWorld = null;
        this.hinted = null;
        this.changed(() => {
          this.drawSelection();
          this.drawRotateHint();
          this.drawFrameLabels();
        });
      }),
      commits.subscribe((commit) => this.committed(commit)),
      camera.subscribe(() => this.changed(() => this.drawAll())),
    ];
    this.drawAll();
  }

  /** The selection frame on screen as last drawn (null when nothing is selected), for tools. */
  get selectionFrame(): Quad | null {
    return this.frame;
  }

  /** The end of the selected line under a screen point (CSS pixels, canvas origin), if any. */
  hitLineEnd(screenPoint: Point, kind: PointerKind = "mouse"): "start" | "end" | "bend" | null {
    const ends = this.ends;
    if (ends === null || this.handlesHidden) return null;
    const reach = LINE_END_RADIUS + HANDLE_REACH[kind].handle;
    const near = (p: Point) => Math.hypot(p.x - screenPoint.x, p.y - screenPoint.y) <= reach;
    // The end drawn on top (the end) wins where both overlap; the bend handle comes last.
    if (near(ends.end)) return "end";
    if (near(ends.start)) return "start";
    return ends.bend !== null && near(ends.bend) ? "bend" : null;
  }

  /** What a screen point (CSS pixels, canvas origin) grabs of the selection frame. */
  hitHandle(screenPoint: Point, kind: PointerKind = "mouse"): HandleHit | null {
    return this.frame === null || this.handlesHidden
      ? null
      : hitHandle(this.frame, screenPoint, HANDLE_REACH[kind]);
  }

  /** The node whose hover outline is shown, if any. */
  get hovered(): Id | null {
    return this.hoverId;
  }

  /** The path's anchors and handles as shown while a path is drawn or edited. */
  get shownPathMarkers(): PathMarkers | null {
    return this.markers;
  }

  /** The gradient's handles as shown while it is edited on the canvas. */
  get shownGradientMarkers(): GradientMarkers | null {
    return this.gradient;
  }

  /** The rotation zone whose affordance is shown, if any. */
  get rotateHint(): RotateHandle | null {
    return this.hinted;
  }

  /** Shows the rotate affordance at a rotation zone's corner; null hides it. */
  setRotateHint(handle: RotateHandle | null): void {
    if (handle === this.hinted) return;
    this.hinted = handle;
    this.changed(() => this.drawRotateHint());
  }

  /** Whether the selection's frame and handles are drawn (and grabbed); Edit path hides them. */
  get handlesShown(): boolean {
    return !this.handlesHidden;
  }

  setHandlesHidden(hidden: boolean): void {
    if (hidden === this.handlesHidden) return;
    this.handlesHidden = hidden;
    if (hidden) this.hinted = null;
    this.changed(() => {
      this.drawSelection();
      this.drawRotateHint();
    });
  }

  /** The frame whose name label is under a screen point (CSS pixels, canvas origin). */
  hitFrameLabel(screenPoint: Point): Id | null {
    return this.frameLabels.hit(screenPoint);
  }

  setHover(id: Id | null): void {
    if (id === this.hoverId) return;
    this.hoverId = id;
    this.changed(() => this.drawHover());
  }

  /** The marquee's rectangle in world coordinates; null hides it. */
  setMarquee(rect: Box | null): void {
    this.marqueeRect = rect;
    this.changed(() => this.drawMarquee());
  }

  setGuides(guides: readonly Guide[]): void {
    if (guides.length === 0 && this.guideList.length === 0) return;
    this.guideList = guides;
    this.changed(() => this.drawGuides());
  }

  setPathMarkers(markers: PathMarkers | null): void {
    this.markers = markers;
    this.changed(() => this.drawPathMarkers());
  }

  /** The gradient being edited on the canvas (world coordinates); null hides it. */
  setGradientMarkers(markers: GradientMarkers | null): void {
    if (markers === null && this.gradient === null) return;
    this.gradient = markers;
    this.changed(() => this.drawGradient());
  }

  /** The keyboard cursor's crosshair in world coordinates; null hides it. */
  setKeyboardCursor(point: Point | null): void {
    if (point === this.cursorPoint) return;
    this.cursorPoint = point;
    this.changed(() => this.drawKeyboardCursor());
  }

  /** Redraws everything: after a page change or anything else the overlays cannot see. */
  refresh(): void {
    this.selectionWorld = null;
    this.hoverOutline.clear();
    this.frameLabels.reset();
    this.changed(() => this.drawAll());
  }

  dispose(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.layer.destroy({ children: true });
    this.invalidate();
  }

  private changed(draw: () => void): void {
    draw();
    this.invalidate();
  }

  private get view(): CameraState {
    return this.camera.state;
  }

  /**
   * A commit moves a shown node when it changes the node, an ancestor or a descendant. Costs the
   * changes plus the shown nodes, times the depth: dragging 10k selected shapes stays linear.
   */
  private committed(commit: Commit): void {
    if (this.frameLabels.committed(commit)) this.changed(() => this.drawFrameLabels());
    const shown = new Set(this.source.selection);
    if (this.hoverId !== null) shown.add(this.hoverId);
    const changes = commit.patch.changes;
    if (shown.size === 0 || changes.length === 0) return;
    const changed = new Set(changes.map((change) => change.id));
    const touches =
      changes.some(
        ({ id, before }) =>
          this.underShown(id, shown) ||
          (before !== null && isSceneNode(before) && this.underShown(before.parent, shown)),
      ) || [...shown].some((node) => this.underShown(node, changed));
    if (!touches) return;
    this.selectionWorld = null;
    this.hoverOutline.clear();
    // Only what is measured from the document. Guides, the marquee and the markers are handed
    // over by the tools (a drag sets its guides just before its commit, so redrawing them here
    // drew them, and their labels' text, twice a step).
    this.changed(() => {
      this.drawHover();
      this.drawSelection();
      this.drawRotateHint();
    });
  }

  /** Whether `id` or one of its ancestors is in `shown`. */
  private underShown(id: Id, shown: ReadonlySet<Id>): boolean {
    let record = this.source.get(id);
    if (record === undefined) return shown.has(id);
    for (let guard = 0; guard < 100_000; guard++) {
      if (record === undefined) return false;
      if (shown.has(record.id)) return true;
      if (!isSceneNode(record)) return false;
      record = this.source.get(record.parent);
    }
    return false;
  }

  private drawAll(): void {
    this.drawFrameLabels();
    this.drawHover();
    this.drawMarquee();
    this.drawGuides();
    this.drawSelection();
    this.drawRotateHint();
    this.drawPathMarkers();
    this.drawGradient();
    this.drawKeyboardCursor();
  }

  private drawRotateHint(): void {
    const g = this.rotateHintMarker.clear();
    if (this.hinted === null || this.frame === null || this.handlesHidden) return;
    const { centre, radius, start, end } = rotateHint(this.frame, this.hinted);
    const point = (angle: number, r = radius): Point => ({
      x: centre.x + Math.cos(angle) * r,
      y: centre.y + Math.sin(angle) * r,
    });
    // Each arrowhead folds back from its end of the arc, across the arc's tangent there.
    const head = (angle: number, forward: 1 | -1): number[] => {
      const tip = point(angle);
      const back = angle - forward * (ROTATE_HINT_ARM / radius);
      const inner = point(back, radius - ROTATE_HINT_ARM);
      const outer = point(back, radius + ROTATE_HINT_ARM);
      return [inner.x, inner.y, tip.x, tip.y, outer.x, outer.y];
    };
    for (const style of [
      { color: HANDLE_FILL, width: 4, cap: "round", join: "round" },
      { color: ACCENT, width: 1.75, cap: "round", join: "round" },
    ] as const) {
      const from = point(start);
      g.moveTo(from.x, from.y).arc(centre.x, centre.y, radius, start, end);
      g.poly(head(start, -1), false);
      g.poly(head(end, 1), false);
      g.stroke(style);
    }
  }

  private drawFrameLabels(): void {
    this.frameLabels.draw(this.view, this.source.selection);
  }

  private drawGradient(): void {
    const g = this.gradientMarkers.clear();
    if (this.gradient !== null)
      drawGradientMarkers(g, this.gradient, this.view, { accent: ACCENT });
  }

  private drawKeyboardCursor(): void {
    const g = this.keyboardCursor.clear();
    if (this.cursorPoint === null) return;
    const at = worldToScreen(this.view, this.cursorPoint);
    const x = crisp(at.x);
    const y = crisp(at.y);
    g.moveTo(x - KEYBOARD_CURSOR_ARM, y)
      .lineTo(x + KEYBOARD_CURSOR_ARM, y)
      .moveTo(x, y - KEYBOARD_CURSOR_ARM)
      .lineTo(x, y + KEYBOARD_CURSOR_ARM)
      .stroke(LINE);
    g.circle(at.x, at.y, 3).stroke(LINE);
  }

  private drawSelection(): void {
    const g = this.selection.clear();
    this.selectionWorld ??= this.measureSelection();
    const { frame, outlines, ends } = this.selectionWorld;
    this.frame = frame === null ? null : quadToScreen(this.view, frame);
    this.ends =
      ends === null
        ? null
        : {
            ...ends,
            start: worldToScreen(this.view, ends.start),
            end: worldToScreen(this.view, ends.end),
            bend: ends.bend === null ? null : worldToScreen(this.view, ends.bend),
          };
    if (this.ends !== null && !this.handlesHidden) {
      // A line shows handles on its ends, not a box: filled where the end is bound to a shape.
      const { start, end, startBound, endBound, bend } = this.ends;
      if (bend === null) g.moveTo(start.x, start.y).lineTo(end.x, end.y).stroke(LINE);
      else square(g, bend, HANDLE_SIZE, Math.PI / 4, HANDLE_FILL);
      for (const [at, bound] of [
        [start, startBound],
        [end, endBound],
      ] as const)
        g.circle(at.x, at.y, LINE_END_RADIUS)
          .fill(bound ? ACCENT : HANDLE_FILL)
          .stroke(LINE);
      return;
    }
    if (this.frame === null || this.handlesHidden) return;
    for (const quad of outlines) outlineQuad(g, quadToScreen(this.view, quad), LINE);
    outlineQuad(g, this.frame, LINE);
    const angle = handleAngle(this.frame);
    for (const at of Object.values(handlePositions(this.frame)))
      square(g, at, HANDLE_SIZE, angle, HANDLE_FILL);
  }

  /** The selection's frame, and each node's outline when several (not too many) are selected. */
  private measureSelection(): { frame: Quad | null; outlines: Quad[]; ends: LineEnds | null } {
    const ids = this.source.selection;
    const ends = ids.length === 1 ? lineEnds(this.source, ids[0]!) : null;
    if (ends !== null) return { frame: null, outlines: [], ends };
    const frame = selectionQuad(this.source, ids);
    const outlines: Quad[] = [];
    if (frame !== null && ids.length > 1 && ids.length <= MAX_OUTLINED_SELECTION) {
      for (const id of ids) {
        const quad = nodeQuad(this.source, id);
        if (quad !== null) outlines.push(quad);
      }
    }
    return { frame, outlines, ends: null };
  }

  private drawHover(): void {
    const view = this.view;
    const shape =
      this.hoverId === null ? null : this.hoverOutline.shape(this.source, this.hoverId, view.zoom);
    const drawn = this.hoverDrawn;
    if (shape !== null && drawn?.shape === shape && drawn.zoom === view.zoom) {
      // A pan only moves the outline: shifting the drawn one spares rebuilding its line mesh,
      // which for thousands of points costs more than a frame.
      this.hover.position.set(view.x - drawn.x, view.y - drawn.y);
      return;
    }
    const g = this.hover.clear();
    g.position.set(0, 0);
    this.hoverDrawn = null;
    if (shape === null) return;
    for (const line of hoverToScreen(shape, view)) g.poly(line.points, line.closed);
    g.stroke(HOVER_LINE);
    this.hoverDrawn = { shape, zoom: view.zoom, x: view.x, y: view.y };
  }

  private drawMarquee(): void {
    const g = this.marquee.clear();
    const rect = this.marqueeRect;
    if (rect === null) return;
    const a = worldToScreen(this.view, { x: rect.minX, y: rect.minY });
    const b = worldToScreen(this.view, { x: rect.maxX, y: rect.maxY });
    const x0 = crisp(Math.min(a.x, b.x));
    const y0 = crisp(Math.min(a.y, b.y));
    const x1 = crisp(Math.max(a.x, b.x));
    const y1 = crisp(Math.max(a.y, b.y));
    g.rect(x0, y0, x1 - x0, y1 - y0)
      .fill({ color: ACCENT, alpha: MARQUEE_ALPHA })
      .stroke(LINE);
  }

  private drawGuides(): void {
    const g = this.guideLines.clear();
    let used = 0;
    for (const guide of this.guideList) {
      let a = worldToScreen(this.view, guide.from);
      let b = worldToScreen(this.view, guide.to);
      if (guide.from.x === guide.to.x) {
        a = { x: crisp(a.x), y: a.y };
        b = { x: a.x, y: b.y };
      } else if (guide.from.y === guide.to.y) {
        a = { x: a.x, y: crisp(a.y) };
        b = { x: b.x, y: a.y };
      }
      g.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke(GUIDE_LINE);
      if (guide.label === undefined || guide.label === "") continue;
      const text = this.label(used++);
      text.text = guide.label;
      text.visible = true;
      const x = Math.round((a.x + b.x) / 2 - text.width / 2);
      const y = Math.round((a.y + b.y) / 2 - text.height / 2);
      text.position.set(x, y);
      g.roundRect(x - 3, y - 1, text.width + 6, text.height + 2, 3).fill(GUIDE);
    }
    for (let i = used; i < this.labels.length; i++) this.labels[i]!.visible = false;
  }

  /** Labels are kept between redraws: a new Text means a new texture upload. */
  private label(i: number): Text {
    let text = this.labels[i];
    if (text === undefined) {
      text = new Text({
        text: "",
        style: { fontFamily: "Inter, sans-serif", fontSize: 10, fill: 0xffffff },
      });
      this.labels.push(text);
      this.guides.addChild(text);
    }
    return text;
  }

  private drawPathMarkers(): void {
    const g = this.pathMarkers.clear();
    const markers = this.markers;
    if (markers === null) return;
    for (const [from, to] of markers.handles) {
      const a = worldToScreen(this.view, from);
      const b = worldToScreen(this.view, to);
      g.moveTo(a.x, a.y).lineTo(b.x, b.y);
    }
    if (markers.handles.length > 0) g.stroke(LINE);
    for (const [, to] of markers.handles) {
      const b = worldToScreen(this.view, to);
      g.circle(b.x, b.y, PATH_HANDLE_RADIUS).fill(HANDLE_FILL).stroke(LINE);
    }
    const selected = new Set(markers.selected);
    markers.nodes.forEach((node, i) => {
      const at = worldToScreen(this.view, node);
      square(g, at, PATH_NODE_SIZE, 0, selected.has(i) ? ACCENT : HANDLE_FILL);
    });
  }
}
