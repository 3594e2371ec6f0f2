import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";

/** Hand (H): drag to pan the view. Never touches the document. */
export class HandTool implements Tool {
  readonly id = "hand" as const;
  private from: Point | null = null;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.from === null ? "idle" : "panning";
  }
  get busy(): boolean {
    return this.from !== null;
  }
  get cursor(): string {
    return this.from === null ? "grab" : "grabbing";
  }

  pointer(e: ToolPointer): void {
    if (e.phase === "down" && e.button === 0) this.from = e.screen;
    else if (e.phase === "move" && this.from !== null) {
      this.ctx.camera.panBy(e.screen.x - this.from.x, e.screen.y - this.from.y);
      this.from = e.screen;
    } else if (e.phase === "up" || e.phase === "cancel") this.from = null;
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  /** Panning has nothing to undo: cancelling just stops. */
  cancel(): void {
    this.from = null;
  }

  deactivate(): void {
    this.from = null;
  }
}
