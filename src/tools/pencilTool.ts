import { addNodes } from "../doc/commands";
import { NO_FILL } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { IDENTITY_TRANSFORM, type Matrix } from "../doc/transform";
import type { FreehandNode, Id } from "../doc/types";
import { inkSizeFor } from "../geometry/freehand";

import { drawingParent, parentInverse, toLocal } from "./drawing";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import { isFreehand } from "../shapes/freehand";

const LABEL = "Draw";

/** Pressure stored for devices that report none; the stroke's settings simulate it instead. */
const UNKNOWN_PRESSURE = 0.5;

interface Drawing {
  readonly name: "drawing";
  readonly id: Id;
  readonly pointerId: number;
  readonly origin: Point;
  readonly toParent: Matrix;
  /** x, y, pressure triples relative to the origin; grows with every sample. */
  readonly points: number[];
  /** Points not yet written to the document (written once per tick and on release). */
  dirty: boolean;
}

type State = { readonly name: "idle" } | Drawing;

/**
 * Pencil (Shift+P): a freehand stroke from every pointer sample, coalesced ones included, with the
 * stylus's pressure (or pressure simulated from speed for a mouse, when the settings ask for it).
 * Samples are gathered as they come and written to the document once per tick, so a fast stroke
 * costs one transaction per step rather than per sample. One stroke is one undo step.
 */
export class PencilTool implements Tool {
  readonly id = "pencil" as const;
  private current: State = { name: "idle" };

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return "crosshair";
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0) this.begin(e);
      return;
    }
    if (e.pointerId !== s.pointerId) return;
    if (e.phase === "move" || e.phase === "up") this.add(s, e);
    if (e.phase === "up") this.finish(s);
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  tick(): void {
    const s = this.current;
    if (s.name === "drawing" && s.dirty) this.flush(s);
  }

  cancel(): void {
    if (this.current.name === "idle") return;
    this.current = { name: "idle" };
    this.ctx.editor.history.cancelGesture();
    this.ctx.invalidate();
  }

  deactivate(): void {
    this.cancel();
  }

  private begin(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (store.readOnly) return;
    const parent = drawingParent(this.ctx, e.world);
    const toParent = parentInverse(this.ctx, parent);
    const origin = toLocal(toParent, e.world);
    const settings = this.ctx.settings.get();
    const pen = e.kind === "pen";
    const id = newId();
    const points = [0, 0, pen ? e.pressure : UNKNOWN_PRESSURE];
    this.ctx.editor.history.beginGesture(LABEL);
    store.transact(LABEL, (tx) => {
      addNodes(tx, parent, [
        makeNode<FreehandNode>("freehand", id, parent, "", {
          fill: NO_FILL,
          stroke: settings.stroke,
          points: points.slice(),
          settings: {
            ...settings.freehand,
            size: inkSizeFor(settings.stroke.width),
            // A stylus gives real pressure; simulating it too would fight the hand.
            simulatePressure: !pen && settings.freehand.simulatePressure,
          },
          transform: { ...IDENTITY_TRANSFORM, x: origin.x, y: origin.y },
        }),
      ]);
      tx.select([id]);
    });
    this.current = {
      name: "drawing",
      id,
      pointerId: e.pointerId,
      origin,
      toParent,
      points,
      dirty: false,
    };
  }

  private add(s: Drawing, e: ToolPointer): void {
    const p = toLocal(s.toParent, e.world);
    const pressure = e.kind === "pen" ? e.pressure : UNKNOWN_PRESSURE;
    s.points.push(p.x - s.origin.x, p.y - s.origin.y, pressure);
    s.dirty = true;
  }

  private flush(s: Drawing): void {
    s.dirty = false;
    const points = s.points.slice();
    this.ctx.editor.store.transact(LABEL, (tx) => {
      const node = tx.get(s.id);
      if (isFreehand(node)) tx.put({ ...node, points });
    });
    this.ctx.invalidate();
  }

  private finish(s: Drawing): void {
    this.flush(s);
    this.current = { name: "idle" };
    this.ctx.editor.history.endGesture();
    this.ctx.done();
  }
}
