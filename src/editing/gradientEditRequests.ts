import type { PaintTarget } from "../doc/gradient";

type Listener = (target: PaintTarget) => void;

/**
 * How the properties panel asks for on-canvas gradient editing without holding the tools: one
 * per open document, and that document's gradient tool answers by becoming the active tool.
 */
export class GradientEditRequests {
  private readonly listeners = new Set<Listener>();

  /** The gradient tool listens here; the returned function stops listening. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks to edit the selected node's fill or stroke gradient on the canvas; false if nobody can. */
  request(target: PaintTarget): boolean {
    if (this.listeners.size === 0) return false;
    for (const listener of [...this.listeners]) listener(target);
    return true;
  }
}
