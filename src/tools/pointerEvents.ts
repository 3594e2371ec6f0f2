import type { Modifiers, PointerSample } from "../../engine";
import type { Camera } from "../render/camera";
import type { ToolPointer } from "./types";

/** A second press within this time and distance of the first is a double click. */
export const DOUBLE_CLICK_MS = 400;
export const DOUBLE_CLICK_PX = 5;
/**
 * A finger's second tap lands 5–20 px from its first, a pen's closer: a double tap is judged by
 * the kind of pointer (Excalidraw allows a finger 35 px).
 */
export const DOUBLE_TAP_PX: Readonly<Record<PointerSample["kind"], number>> = {
  mouse: DOUBLE_CLICK_PX,
  pen: 12,
  touch: 30,
};

/** Button numbers of `PointerEvent.button`, from the bits of `buttons` (1 left, 2 right, 4 middle). */
const BUTTON_BITS: ReadonlyArray<readonly [number, number]> = [
  [1, 0],
  [4, 1],
  [2, 2],
  [8, 3],
  [16, 4],
];

function changedButton(before: number, after: number): number {
  const diff = before ^ after;
  for (const [bit, button] of BUTTON_BITS) if (diff & bit) return button;
  return 0;
}

/**
 * Turns raw polled samples into tool events: world positions under the current camera, which
 * button went down or up, and click counts for double clicks. The browser's pointer events give
 * only `buttons` (a chord), so presses of a second button mid-drag show up here as moves whose
 * buttons changed; they are reported as downs and ups of that button.
 */
export class PointerEvents {
  private readonly buttons = new Map<number, number>();
  private lastDown: {
    x: number;
    y: number;
    time: number;
    count: number;
    kind: PointerSample["kind"];
  } | null = null;

  constructor(private readonly camera: Camera) {}

  convert(sample: PointerSample, modifiers: Modifiers): ToolPointer[] {
    const before = this.buttons.get(sample.pointerId) ?? 0;
    const after = sample.phase === "up" || sample.phase === "cancel" ? 0 : sample.buttons;
    if (after === 0) this.buttons.delete(sample.pointerId);
    else this.buttons.set(sample.pointerId, after);
    const base = {
      pointerId: sample.pointerId,
      kind: sample.kind,
      screen: { x: sample.x, y: sample.y },
      world: this.camera.screenToWorld({ x: sample.x, y: sample.y }),
      pressure: sample.pressure,
      buttons: after,
      modifiers,
      time: sample.time,
      clickCount: 1,
    };
    if (sample.phase === "cancel") return [{ ...base, phase: "cancel", button: -1 }];
    const events: ToolPointer[] = [];
    // A chord: one event per button that changed, ups before downs.
    const released = before & ~after;
    const pressed = after & ~before;
    if (released) events.push({ ...base, phase: "up", button: changedButton(released, 0) });
    if (pressed) {
      events.push({
        ...base,
        phase: "down",
        button: changedButton(0, pressed),
        clickCount: this.countClick(sample),
      });
    }
    if (events.length === 0) {
      // A touch or pen "down" without buttons (some devices) is still a press.
      if (sample.phase === "down") {
        events.push({ ...base, phase: "down", button: 0, clickCount: this.countClick(sample) });
      } else if (sample.phase === "up") {
        events.push({ ...base, phase: "up", button: 0 });
      } else {
        events.push({ ...base, phase: "move", button: -1 });
      }
    }
    return events;
  }

  private countClick(sample: PointerSample): number {
    const last = this.lastDown;
    const count =
      last !== null &&
      last.kind === sample.kind &&
      sample.time - last.time <= DOUBLE_CLICK_MS &&
      Math.hypot(sample.x - last.x, sample.y - last.y) <= DOUBLE_TAP_PX[sample.kind]
        ? last.count + 1
        : 1;
    this.lastDown = { x: sample.x, y: sample.y, time: sample.time, count, kind: sample.kind };
    return count;
  }
}
