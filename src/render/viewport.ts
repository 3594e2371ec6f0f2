import { Container } from "pixi.js";
import type { Engine } from "../../engine";
import type { Id } from "../doc/types";

import { AheadBuilds, browserIdle, type IdleScheduler } from "./aheadBuilds";
import { Camera, type ViewportSize } from "./camera";
import { GridOverlay } from "./gridOverlay";
import { StatsHud, type RenderHooks } from "./hud";
import type { SceneRenderer } from "./sceneRenderer";
import { bindViewportInput } from "./viewportInput";
import type { Box } from "../math/box";

/** What culling asks of the spatial index. */
export interface RectQuery {
  queryRect(box: Box): Id[];
  /**
   * What draws into the rectangle from outside its content's box (a group's shadow), with what
   * it is made from; absent where nothing does.
   */
  queryEffects?(box: Box): Id[];
}

/** View settings the user toggles; they outlive the document that is open. */
export interface ViewPreferences {
  readonly grid: boolean;
  readonly hud: boolean;
}

/**
 * The cull rectangle reaches this share of the viewport past each edge, so a pan queries the
 * index again only after moving a quarter of a screen, not on every step. Everything in it is
 * handed to the GPU, which a software rasteriser pays for per vertex seen or not: measured at
 * 100k shapes, a quarter beat half a screen on every figure (zoom sweep 57 against 67 ms a
 * frame, pan at zoom 0.1 p95 30 against 34 ms); re-culling more often costs about a millisecond.
 */
export const CULL_MARGIN = 0.25;
/**
 * Zooming in until the cull rectangle is this many times the view's area re-queries it. Zooming
 * back in from far out, everything the far view culled in is handed to the GPU until then, which
 * a software rasteriser pays for per triangle: at 16, a sweep back in from zoom 0.1 still drew
 * all of a 1k page at zoom 0.7 (27,200 triangles against 11,300 at 4).
 */
const CULL_REQUERY_AREA = 4;

function contains(outer: Box, inner: Box): boolean {
  return (
    inner.minX >= outer.minX &&
    inner.minY >= outer.minY &&
    inner.maxX <= outer.maxX &&
    inner.maxY <= outer.maxY
  );
}

function area(box: Box): number {
  return Math.max(0, box.maxX - box.minX) * Math.max(0, box.maxY - box.minY);
}

/**
 * Culls top-level displays from the spatial index when the view changes, never per frame: the
 * index is asked only when the view leaves the rectangle last asked about, and the renderer
 * flips only the nodes that entered or left it.
 */
export class ViewCuller {
  private asked: Box | null = null;
  private count = 0;
  private lastMs = 0;
  private enabled = true;

  constructor(
    private readonly renderer: SceneRenderer,
    private readonly index: RectQuery,
  ) {}

  /** Queries so far, and the time of the last cull (query + flips). */
  get stats(): { readonly culls: number; readonly lastMs: number } {
    return { culls: this.count, lastMs: this.lastMs };
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Culling off draws everything: for comparing costs and ruling culling out when debugging. */
  setActive(active: boolean): void {
    this.enabled = active;
    this.asked = null;
    if (!active) this.renderer.uncullAll();
  }

  /** Forgets the last query: the page or its index was rebuilt. */
  reset(): void {
    this.asked = null;
  }

  /** Culls for the view `view` if it left the last cull rectangle; returns whether it did. */
  update(view: Box): boolean {
    if (!this.enabled) return false;
    const asked = this.asked;
    if (asked !== null && contains(asked, view) && area(asked) <= CULL_REQUERY_AREA * area(view))
      return false;
    const started = performance.now();
    const padX = (view.maxX - view.minX) * CULL_MARGIN;
    const padY = (view.maxY - view.minY) * CULL_MARGIN;
    const box = {
      minX: view.minX - padX,
      minY: view.minY - padY,
      maxX: view.maxX + padX,
      maxY: view.maxY + padY,
    };
    const hits = this.index.queryRect(box);
    const effects = this.index.queryEffects?.(box) ?? [];
    this.renderer.cullTo(effects.length === 0 ? hits : [...hits, ...effects]);
    this.asked = box;
    this.count += 1;
    this.lastMs = performance.now() - started;
    return true;
  }
}

/** How often a view filling in over frames (see `BUILD_SLICE_MS`) is drawn, at most, in ms. */
const FILL_REDRAW_MS = 1000;

/** Calls around each frame PixiJS renders; null before the renderer exists. */
export function pixiRenderHooks(engine: Engine): RenderHooks | null {
  const renderer = engine.gfx.renderer;
  if (!renderer) return null;
  return {
    onRender(before, after) {
      const pre = { prerender: before };
      const post = { postrender: after };
      renderer.runners.prerender.add(pre);
      renderer.runners.postrender.add(post);
      return () => {
        renderer.runners.prerender.remove(pre);
        renderer.runners.postrender.remove(post);
      };
    },
  };
}

/**
 * The view onto the open page: the camera applied to the world render group, wheel input,
 * culling, a screen-space layer beneath the world with the grid and one above it for the
 * editing overlays. The HUD is DOM text beside the canvas.
 */
export class Viewport {
  readonly camera: Camera;
  /** Screen-space drawing above the world; its own render group, so it never dirties the world. */
  readonly screen = new Container({ label: "screen", isRenderGroup: true });
  /**
   * Screen-space drawing beneath the world: the grid shows between shapes, never across them.
   * Its own render group too, so redrawing the grid on a pan leaves the world's alone.
   */
  readonly underlay = new Container({ label: "underlay", isRenderGroup: true });
  readonly grid = new GridOverlay();
  readonly culler: ViewCuller;
  readonly hud: StatsHud;
  /** Builds chunks around the view while the page is idle; null where it has no idle time. */
  private readonly ahead: AheadBuilds | null;
  private readonly cleanups: Array<() => void> = [];
  private pageSerial: number;
  /** The engine's frame count when chunks were last built on a tick. */
  private slicedAt = -1;
  /** When chunks built on a tick were last drawn. */
  private filledAt = -Infinity;

  constructor(
    private readonly engine: Engine,
    private readonly renderer: SceneRenderer,
    index: RectQuery,
    preferences: ViewPreferences = { grid: false, hud: false },
    idle: IdleScheduler | null = browserIdle(),
  ) {
    this.camera = new Camera();
    this.culler = new ViewCuller(renderer, index);
    this.ahead =
      idle === null
        ? null
        : new AheadBuilds(
            renderer,
            index,
            () => ({ box: this.visibleWorldRect(), culls: this.culler.stats.culls }),
            idle,
          );
    this.pageSerial = renderer.pageSerial;
    this.screen.eventMode = "none";
    this.underlay.eventMode = "none";
    this.underlay.addChild(this.grid.graphics);
    engine.gfx.root.addChildAt(this.underlay, 0);
    engine.gfx.root.addChild(this.screen);
    this.hud = new StatsHud({
      parent: engine.shell.parent,
      size: () => engine.size,
      onResize: (listener) => engine.onResize(() => listener()),
      hooks: pixiRenderHooks(engine),
      figures: () => {
        const { topLevel, drawn } = renderer.cullStats;
        const { culls, lastMs } = this.culler.stats;
        return {
          renders: engine.renders,
          displayed: renderer.displayedCount,
          topLevel,
          drawn,
          zoom: this.camera.zoom,
          culls,
          lastCullMs: lastMs,
        };
      },
    });
    this.cleanups.push(
      this.camera.subscribe(() => this.viewChanged()),
      engine.onResize(() => this.viewChanged()),
      bindViewportInput(engine, this.camera),
      // A page shown by a commit (its page deleted) or by `showPage` has a new index, and a
      // commit of thousands of nodes asks for it: cull anew (the renderer builds only what a
      // cull asks for). Checked per tick because the index is updated after the renderer.
      engine.onTick(() => {
        // A big document fills in over a few frames (see `BUILD_SLICE_MS`): one slice a
        // display frame, though a slow frame runs several ticks.
        if (renderer.building && engine.frames !== this.slicedAt) {
          this.slicedAt = engine.frames;
          // What is built shows a few times a second, and at the end: redrawing a dense view
          // for every chunk would cost more than building it.
          const now = performance.now();
          if (
            renderer.continueBuilds() &&
            (!renderer.building || now - this.filledAt >= FILL_REDRAW_MS)
          ) {
            this.filledAt = now;
            engine.invalidate();
          }
        }
        this.cullIfAsked();
      }),
      // Again before the frame is drawn: a commit made by a tick listener after this one (a
      // tool's Ctrl+G of a thousand labelled shapes) would otherwise draw every node it changed,
      // near the view or not, for a frame.
      engine.onBeforeDraw(() => this.cullIfAsked()),
    );
    this.applyTransform();
    this.culler.update(this.visibleWorldRect());
    this.ahead?.wake();
    this.setPreferences(preferences);
  }

  get size(): ViewportSize {
    const size = this.engine.size;
    if (size) return { width: size.width, height: size.height };
    const canvas = this.engine.shell.canvas;
    return { width: canvas.clientWidth, height: canvas.clientHeight };
  }

  visibleWorldRect(): Box {
    return this.camera.visibleWorldRect(this.size);
  }

  get preferences(): ViewPreferences {
    return { grid: this.grid.visible, hud: this.hud.visible };
  }

  setPreferences(preferences: ViewPreferences): void {
    this.setGrid(preferences.grid);
    this.hud.setVisible(preferences.hud);
  }

  setGrid(visible: boolean): void {
    if (visible === this.grid.visible) return;
    this.grid.setVisible(visible, this.camera.state, this.size);
    this.engine.invalidate();
  }

  /** The grid's line colour, 0xRRGGBB: dark lines on a light canvas, light on a dark one. */
  setGridInk(color: number): void {
    this.grid.setInk(color, this.camera.state, this.size);
    if (this.grid.visible) this.engine.invalidate();
  }

  toggleGrid(): void {
    this.setGrid(!this.grid.visible);
  }

  toggleHud(): void {
    this.hud.setVisible(!this.hud.visible);
  }

  /** Culls again from scratch: after a page change, or when a caller rebuilt the index. */
  private cullIfAsked(): void {
    if (this.renderer.pageSerial === this.pageSerial && !this.renderer.wantsCull) return;
    this.pageSerial = this.renderer.pageSerial;
    this.refresh();
  }

  refresh(): void {
    this.culler.reset();
    this.culler.update(this.visibleWorldRect());
    this.engine.invalidate();
    this.ahead?.wake();
  }

  dispose(): void {
    this.ahead?.dispose();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.hud.destroy();
    this.grid.destroy();
    this.underlay.destroy({ children: true });
    this.screen.destroy({ children: true });
    this.engine.invalidate();
  }

  private applyTransform(): void {
    const { x, y, zoom } = this.camera.state;
    this.renderer.world.position.set(x, y);
    this.renderer.world.scale.set(zoom);
    this.renderer.setZoom(zoom);
  }

  private viewChanged(): void {
    this.applyTransform();
    this.culler.update(this.visibleWorldRect());
    this.grid.update(this.camera.state, this.size);
    this.engine.invalidate();
    this.ahead?.wake();
  }
}
