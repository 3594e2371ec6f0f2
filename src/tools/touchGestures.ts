import type { PointerSample } from "../../engine";
import type { Point } from "../math/point";

/** A tap is short and still: longer or further and it was a gesture. */
export const TAP_MS = 300;
export const TAP_SLOP_PX = 12;

export type TouchOutcome =
  /** One finger draws: hand the sample to the tool. */
  | { readonly type: "tool"; readonly sample: PointerSample }
  /** A second finger arrived while the first was drawing: cancel the tool's gesture. */
  | { readonly type: "cancelTool" }
  | { readonly type: "pan"; readonly dx: number; readonly dy: number }
  | { readonly type: "zoom"; readonly center: Point; readonly factor: number }
  | { readonly type: "tap"; readonly fingers: number };

interface Finger {
  readonly start: Point;
  /** Where navigation last took it into account. */
  at: Point;
  /** Where it is now. */
  latest: Point;
}

/**
 * Touches on a tablet. Without a stylus one finger uses the current tool and two pan and pinch;
 * with a stylus (pen mode) the pen draws, every finger navigates, and fingers that land while the
 * pen touches the screen are a resting palm and are ignored. Quick still taps with two or three
 * fingers are reported (undo and redo).
 */
export class TouchGestures {
  private readonly fingers = new Map<number, Finger>();
  /** The finger whose samples go to the tool; null once navigation took over. */
  private drawing: number | null = null;
  private ignored = new Set<number>();
  private startTime = 0;
  private maxFingers = 0;
  private moved = false;
  private navigated = false;

  /** `penMode`: a stylus has been seen. `penDown`: the stylus touches the screen now. */
  handle(sample: PointerSample, penMode: boolean, penDown: boolean): TouchOutcome[] {
    const id = sample.pointerId;
    const at = { x: sample.x, y: sample.y };
    if (sample.phase === "down") {
      if (penDown) {
        this.ignored.add(id);
        return [];
      }
      const out: TouchOutcome[] = [];
      if (this.fingers.size === 0) {
        this.startTime = sample.time;
        this.maxFingers = 0;
        this.moved = false;
        this.navigated = false;
      }
      this.fingers.set(id, { start: at, at, latest: at });
      this.maxFingers = Math.max(this.maxFingers, this.fingers.size);
      if (this.fingers.size === 1 && !penMode) {
        this.drawing = id;
        out.push({ type: "tool", sample });
      } else if (this.drawing !== null) {
        out.push({ type: "cancelTool" });
        this.drawing = null;
      }
      return out;
    }
    if (this.ignored.has(id)) {
      if (sample.phase === "up" || sample.phase === "cancel") this.ignored.delete(id);
      return [];
    }
    const finger = this.fingers.get(id);
    if (!finger) return [];
    if (sample.phase === "move") return this.move(id, finger, at, sample);
    // up or cancel
    const out: TouchOutcome[] = [];
    if (this.drawing === id) {
      out.push({ type: "tool", sample });
      this.drawing = null;
    }
    this.fingers.delete(id);
    if (this.fingers.size === 0) {
      const quick = sample.time - this.startTime <= TAP_MS;
      if (quick && !this.moved && this.maxFingers >= 2 && sample.phase === "up")
        out.push({ type: "tap", fingers: this.maxFingers });
    }
    return out;
  }

  /** The stylus appeared: whatever fingers were doing stops feeding the tool. */
  reset(): void {
    this.fingers.clear();
    this.ignored.clear();
    this.drawing = null;
  }

  private move(id: number, finger: Finger, at: Point, sample: PointerSample): TouchOutcome[] {
    if (Math.hypot(at.x - finger.start.x, at.y - finger.start.y) > TAP_SLOP_PX) this.moved = true;
    if (this.drawing === id) {
      finger.at = at;
      finger.latest = at;
      return [{ type: "tool", sample }];
    }
    finger.latest = at;
    // Within the tap's slop the fingers are taken to stay where they were, so the first pan or
    // pinch past it catches up what they all moved meanwhile and the page stays under them.
    if (!this.moved && !this.navigated) return [];
    const before = this.centroidAndSpread();
    if (this.navigated) finger.at = at;
    else for (const f of this.fingers.values()) f.at = f.latest;
    const after = this.centroidAndSpread();
    if (before === null || after === null) return [];
    this.navigated = true;
    const out: TouchOutcome[] = [];
    const dx = after.center.x - before.center.x;
    const dy = after.center.y - before.center.y;
    if (dx !== 0 || dy !== 0) out.push({ type: "pan", dx, dy });
    if (this.fingers.size >= 2 && before.spread > 0 && after.spread > 0) {
      const factor = after.spread / before.spread;
      if (factor !== 1) out.push({ type: "zoom", center: after.center, factor });
    }
    return out;
  }

  private centroidAndSpread(): { center: Point; spread: number } | null {
    if (this.fingers.size === 0) return null;
    let x = 0;
    let y = 0;
    for (const f of this.fingers.values()) {
      x += f.at.x;
      y += f.at.y;
    }
    const center = { x: x / this.fingers.size, y: y / this.fingers.size };
    let spread = 0;
    for (const f of this.fingers.values())
      spread += Math.hypot(f.at.x - center.x, f.at.y - center.y);
    return { center, spread: spread / this.fingers.size };
  }
}
