import { Graphics } from "pixi.js";
import type { CameraState, ViewportSize } from "./camera";
import { gridLines, type GridLines } from "./grid";

/** The line colour on the light canvas; the dark theme gives a light one. */
export const GRID_INK_LIGHT = 0x18181b;
const MINOR = { alpha: 0.07, width: 1, pixelLine: true } as const;
const MAJOR = { alpha: 0.16, width: 1, pixelLine: true } as const;
const PIXEL = { alpha: 0.05, width: 1, pixelLine: true } as const;

/** Centres a 1 px line on a CSS pixel so it lands on one column of device pixels, not two. */
function crisp(at: number): number {
  return Math.floor(at) + 0.5;
}

/**
 * The grid in screen space, beneath the world and outside its render group: redrawing it never
 * dirties the world, and shapes cover it. Redrawn only when the view, the viewport or the ink
 * changes while it is shown.
 */
export class GridOverlay {
  readonly graphics = new Graphics({ label: "grid" });
  private shown = false;
  private lines: GridLines | null = null;
  private ink = GRID_INK_LIGHT;

  constructor() {
    this.graphics.visible = false;
  }

  get visible(): boolean {
    return this.shown;
  }

  /** The world step of the lines last drawn; null while hidden. */
  get step(): number | null {
    return this.shown ? (this.lines?.step ?? null) : null;
  }

  setVisible(visible: boolean, camera: CameraState, viewport: ViewportSize): void {
    this.shown = visible;
    this.graphics.visible = visible;
    if (visible) this.update(camera, viewport);
    else {
      this.graphics.clear();
      this.lines = null;
    }
  }

  setInk(color: number, camera: CameraState, viewport: ViewportSize): void {
    if (color === this.ink) return;
    this.ink = color;
    this.update(camera, viewport);
  }

  update(camera: CameraState, viewport: ViewportSize): void {
    if (!this.shown) return;
    const lines = gridLines(camera, viewport);
    this.lines = lines;
    const g = this.graphics.clear();
    const { width, height } = viewport;
    if (lines.pixelVertical.length > 0) {
      for (const x of lines.pixelVertical) g.moveTo(crisp(x), 0).lineTo(crisp(x), height);
      for (const y of lines.pixelHorizontal) g.moveTo(0, crisp(y)).lineTo(width, crisp(y));
      g.stroke({ ...PIXEL, color: this.ink });
    }
    for (const major of [false, true]) {
      let any = false;
      for (const line of lines.vertical) {
        if (line.major !== major) continue;
        g.moveTo(crisp(line.at), 0).lineTo(crisp(line.at), height);
        any = true;
      }
      for (const line of lines.horizontal) {
        if (line.major !== major) continue;
        g.moveTo(0, crisp(line.at)).lineTo(width, crisp(line.at));
        any = true;
      }
      if (any) g.stroke({ ...(major ? MAJOR : MINOR), color: this.ink });
    }
  }

  destroy(): void {
    this.graphics.destroy();
  }
}
