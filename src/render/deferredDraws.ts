import type { Id } from "../doc/types";

/** What the last cull found near the view: everything, nothing yet, or these nodes. */
export type ViewSet = "all" | "none" | ReadonlySet<Id>;

/**
 * Shapes inside small groups and frames whose display objects exist but are not drawn yet. A
 * page opened or a big commit made thousands of them at once (an illustration of many small
 * groups of self-crossing curves), and drawing them all in one task froze the tab for seconds
 * before anything showed. They are drawn in the renderer's build slices instead, those near the
 * view first, so the view fills in over frames; the rest wait until the view comes near them
 * or the page is idle. Knows nothing of displays: the renderer draws what it is handed.
 */
export class DeferredDraws {
  private readonly ids = new Set<Id>();
  /** The undrawn ones near the view, nearest-first order not kept; rebuilt per view change. */
  private queue: Id[] = [];
  private queueFor = -1;
  private queueView: ViewSet = "none";

  get size(): number {
    return this.ids.size;
  }

  add(id: Id): void {
    this.ids.add(id);
    // The view's queue is cut again at the next look, so a node added near the view is found.
    this.queueFor = -1;
  }

  /** Forgets `id`: drawn another way, or gone. */
  delete(id: Id): void {
    this.ids.delete(id);
  }

  has(id: Id): boolean {
    return this.ids.has(id);
  }

  clear(): void {
    this.ids.clear();
    this.queue = [];
    this.queueFor = -1;
  }

  /** Whether any undrawn node is near the view `view` (changed whenever `serial` does). */
  nearView(view: ViewSet, serial: number): boolean {
    if (this.ids.size === 0) return false;
    this.cut(view, serial);
    while (this.queue.length > 0 && !this.ids.has(this.queue[this.queue.length - 1]!))
      this.queue.pop();
    return this.queue.length > 0;
  }

  /**
   * Hands `draw` the undrawn nodes near the view until `over` says stop (at least one, so every
   * pass gets on), or with `anywhere` any undrawn node once those are done. Returns how many.
   */
  drawSome(
    view: ViewSet,
    serial: number,
    draw: (id: Id) => void,
    over: () => boolean,
    anywhere = false,
  ): number {
    if (this.ids.size === 0) return 0;
    this.cut(view, serial);
    let drawn = 0;
    const next = (): Id | undefined => {
      while (this.queue.length > 0) {
        const id = this.queue.pop()!;
        if (this.ids.has(id)) return id;
      }
      if (!anywhere) return undefined;
      for (const id of this.ids) return id;
      return undefined;
    };
    for (let id = next(); id !== undefined; id = next()) {
      this.ids.delete(id);
      draw(id);
      drawn += 1;
      if (over()) break;
    }
    return drawn;
  }

  /** Cuts the queue of undrawn nodes near the view, once per view: the smaller set is walked. */
  private cut(view: ViewSet, serial: number): void {
    if (this.queueFor === serial && this.queueView === view) return;
    this.queueFor = serial;
    this.queueView = view;
    this.queue = [];
    if (view === "none") return;
    if (view === "all" || view.size >= this.ids.size) {
      for (const id of this.ids) if (view === "all" || view.has(id)) this.queue.push(id);
    } else for (const id of view) if (this.ids.has(id)) this.queue.push(id);
    // Popped from the end: reversed, so the document's order comes first.
    this.queue.reverse();
  }
}
