import { DRAG_THRESHOLD_PX } from "./controller";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";

/** One click of the zoom tool doubles (or with Alt halves) the zoom. */
export const ZOOM_CLICK_FACTOR = 2;

/**
 * Zoom (Z): click to zoom in at the point, Alt-click to zoom out, drag a rectangle to fit it.
 * The rectangle shows as the marquee; Esc drops it.
 */
export class ZoomTool implements Tool {
  readonly id = "zoom" as const;
  private start: { screen: Point; world: Point } | null = null;
  private dragging = false;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.start === null ? "idle" : this.dragging ? "framing" : "pointing";
  }
  get busy(): boolean {
    return this.start !== null;
  }
  get cursor(): string {
    return "zoom-in";
  }

  pointer(e: ToolPointer): void {
    if (e.phase === "down" && e.button === 0) {
      this.start = { screen: e.screen, world: e.world };
      this.dragging = false;
      return;
    }
    const start = this.start;
    if (start === null) return;
    if (e.phase === "cancel") return this.cancel();
    const box = {
      minX: Math.min(start.world.x, e.world.x),
      minY: Math.min(start.world.y, e.world.y),
      maxX: Math.max(start.world.x, e.world.x),
      maxY: Math.max(start.world.y, e.world.y),
    };
    if (e.phase === "move") {
      if (Math.hypot(e.screen.x - start.screen.x, e.screen.y - start.screen.y) >= DRAG_THRESHOLD_PX)
        this.dragging = true;
      if (this.dragging) this.ctx.overlays.setMarquee(box);
      return;
    }
    if (e.phase === "up") {
      if (this.dragging) this.ctx.camera.fitRect(box, this.ctx.viewSize());
      else
        this.ctx.camera.zoomAt(
          start.screen,
          e.modifiers.alt ? 1 / ZOOM_CLICK_FACTOR : ZOOM_CLICK_FACTOR,
        );
      this.cancel();
    }
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  cancel(): void {
    this.start = null;
    this.dragging = false;
    this.ctx.overlays.setMarquee(null);
  }

  deactivate(): void {
    this.cancel();
  }
}
