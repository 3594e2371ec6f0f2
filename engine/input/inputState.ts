import { MAX_TOUCH_POINTS } from "../constants";

/**
 * Polled input. DOM events land in pending buffers at any time; `beginTick()` publishes them as
 * one consistent snapshot that the fixed step reads. Nothing reacts to events directly, so tools
 * see the same input whatever order the browser delivered it in within a step.
 */

export type PointerKind = "mouse" | "pen" | "touch";
export type PointerPhase = "down" | "move" | "up" | "cancel";

export interface PointerSample {
  readonly phase: PointerPhase;
  readonly pointerId: number;
  readonly kind: PointerKind;
  /** CSS pixels relative to the canvas's top-left corner. */
  readonly x: number;
  readonly y: number;
  /** 0–1; 0.5 for a pressed mouse button and devices that report none. */
  readonly pressure: number;
  readonly tiltX: number;
  readonly tiltY: number;
  readonly buttons: number;
  /** Event timestamp, ms. */
  readonly time: number;
  /**
   * The modifier keys held when the event happened. A key released in the same tick as a
   * pointer-up must not change what that release did; where absent, the tick's keys stand in.
   */
  readonly modifiers?: Modifiers;
}

export interface TouchPoint {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  readonly force: number;
}

export interface WheelInput {
  readonly dx: number;
  readonly dy: number;
  /** Ctrl+wheel, which is also how trackpad pinch arrives in browsers. */
  readonly ctrlKey: boolean;
}

export interface PenState {
  readonly active: boolean;
  readonly pressure: number;
  readonly tiltX: number;
  readonly tiltY: number;
  readonly kind: PointerKind;
}

export interface Modifiers {
  readonly shift: boolean;
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly meta: boolean;
}

/** One key press, auto-repeats included, in the order the keyboard produced them. */
export interface KeyPress {
  readonly code: string;
  readonly key: string;
  readonly modifiers: Modifiers;
  /** An auto-repeat of a held key. */
  readonly repeat: boolean;
}

/**
 * A pointer sample or a key press, in the one order the browser delivered both: a key typed
 * straight after a click must be seen after that click, though both land in one tick.
 */
export type PolledEvent =
  | { readonly type: "pointer"; readonly sample: PointerSample }
  | { readonly type: "key"; readonly press: KeyPress };

const NO_WHEEL: WheelInput = { dx: 0, dy: 0, ctrlKey: false };

export class InputState {
  // What the current tick sees.
  private readonly downCodes = new Set<string>();
  private readonly downKeys = new Set<string>();
  private pressedCodes = new Map<string, Modifiers>();
  private releasedCodes = new Set<string>();
  private pressedKeys = new Set<string>();
  private releasedKeys = new Set<string>();
  private tickKeyPresses: KeyPress[] = [];
  private tickSamples: PointerSample[] = [];
  private tickEvents: PolledEvent[] = [];
  private tickWheel: WheelInput = NO_WHEEL;
  private tickTouches: TouchPoint[] = [];
  private tickModifiers: Modifiers = { shift: false, ctrl: false, alt: false, meta: false };

  // What has arrived since the last tick.
  private readonly pendingDownCodes = new Set<string>();
  private readonly pendingDownKeys = new Set<string>();
  private pendingPressedCodes = new Map<string, Modifiers>();
  private pendingReleasedCodes = new Set<string>();
  private pendingPressedKeys = new Set<string>();
  private pendingReleasedKeys = new Set<string>();
  private pendingKeyPresses: KeyPress[] = [];
  private pendingSamples: PointerSample[] = [];
  private pendingEvents: PolledEvent[] = [];
  private pendingWheel = { dx: 0, dy: 0, ctrlKey: false };
  private pendingTouches: TouchPoint[] = [];
  private pendingModifiers: Modifiers = this.tickModifiers;

  private mouseX = 0;
  private mouseY = 0;
  private mouseButtons = 0;
  private penState: PenState = { active: false, pressure: 0, tiltX: 0, tiltY: 0, kind: "mouse" };
  private readonly activeTouchPointers = new Set<number>();
  private sampleTotal = 0;

  // ---- Feeding (from the DOM adapter or tests) ----

  /** Whether keys or pointer samples have arrived since the last tick began. */
  get hasPending(): boolean {
    return this.pendingEvents.length > 0;
  }

  keyDown(code: string, key: string, modifiers: Modifiers, repeat = false): void {
    this.pendingModifiers = modifiers;
    const press: KeyPress = { code, key, modifiers, repeat };
    this.pendingKeyPresses.push(press);
    this.pendingEvents.push({ type: "key", press });
    // Modifiers are kept with the press: Ctrl can be up again before the tick reads a Ctrl+Z.
    if (!this.pendingDownCodes.has(code)) this.pendingPressedCodes.set(code, modifiers);
    if (!this.pendingDownKeys.has(key)) this.pendingPressedKeys.add(key);
    this.pendingDownCodes.add(code);
    this.pendingDownKeys.add(key);
  }

  keyUp(code: string, key: string, modifiers: Modifiers): void {
    this.pendingModifiers = modifiers;
    if (this.pendingDownCodes.delete(code)) this.pendingReleasedCodes.add(code);
    // The key a code produced can change while it is held (Shift pressed mid-way), so a release by
    // code also releases whatever key names are still held for it.
    if (this.pendingDownKeys.delete(key)) this.pendingReleasedKeys.add(key);
  }

  /** Focus left the canvas: nothing can be held any more, or keys would stick. */
  releaseAll(): void {
    for (const code of this.pendingDownCodes) this.pendingReleasedCodes.add(code);
    for (const key of this.pendingDownKeys) this.pendingReleasedKeys.add(key);
    this.pendingDownCodes.clear();
    this.pendingDownKeys.clear();
    this.pendingModifiers = { shift: false, ctrl: false, alt: false, meta: false };
  }

  /**
   * Records one pointer sample. Returns false for a touch pointer beyond the touch cap, which is
   * ignored as the touch list ignores it.
   */
  pointer(sample: PointerSample): boolean {
    if (sample.kind === "touch") {
      if (sample.phase === "down") {
        if (this.activeTouchPointers.size >= MAX_TOUCH_POINTS) return false;
        this.activeTouchPointers.add(sample.pointerId);
      } else if (!this.activeTouchPointers.has(sample.pointerId)) {
        return false;
      } else if (sample.phase === "up" || sample.phase === "cancel") {
        this.activeTouchPointers.delete(sample.pointerId);
      }
    }
    this.pendingSamples.push(sample);
    this.pendingEvents.push({ type: "pointer", sample });
    this.sampleTotal += 1;
    if (sample.kind === "mouse" || sample.kind === "pen") {
      this.mouseX = sample.x;
      this.mouseY = sample.y;
      this.mouseButtons = sample.buttons;
    }
    this.penState = {
      active: sample.phase === "down" || (sample.phase === "move" && sample.buttons !== 0),
      pressure: sample.pressure,
      tiltX: sample.tiltX,
      tiltY: sample.tiltY,
      kind: sample.kind,
    };
    return true;
  }

  wheel(dx: number, dy: number, ctrlKey: boolean): void {
    this.pendingWheel.dx += dx;
    this.pendingWheel.dy += dy;
    this.pendingWheel.ctrlKey ||= ctrlKey;
  }

  /** The full current touch list of a touch event; only the first 31 points are kept. */
  touches(points: readonly TouchPoint[]): void {
    this.pendingTouches = points.slice(0, MAX_TOUCH_POINTS);
  }

  // ---- The tick ----

  /** Publishes everything since the previous tick as this tick's snapshot. */
  beginTick(): void {
    this.downCodes.clear();
    for (const code of this.pendingDownCodes) this.downCodes.add(code);
    this.downKeys.clear();
    for (const key of this.pendingDownKeys) this.downKeys.add(key);
    [this.pressedCodes, this.pendingPressedCodes] = [this.pendingPressedCodes, this.pressedCodes];
    [this.releasedCodes, this.pendingReleasedCodes] = [
      this.pendingReleasedCodes,
      this.releasedCodes,
    ];
    [this.pressedKeys, this.pendingPressedKeys] = [this.pendingPressedKeys, this.pressedKeys];
    [this.releasedKeys, this.pendingReleasedKeys] = [this.pendingReleasedKeys, this.releasedKeys];
    this.pendingPressedCodes.clear();
    this.pendingReleasedCodes.clear();
    this.pendingPressedKeys.clear();
    this.pendingReleasedKeys.clear();

    this.tickKeyPresses = this.pendingKeyPresses;
    this.pendingKeyPresses = [];
    this.tickSamples = this.pendingSamples;
    this.pendingSamples = [];
    this.tickEvents = this.pendingEvents;
    this.pendingEvents = [];
    const w = this.pendingWheel;
    this.tickWheel =
      w.dx === 0 && w.dy === 0 ? NO_WHEEL : { dx: w.dx, dy: w.dy, ctrlKey: w.ctrlKey };
    this.pendingWheel = { dx: 0, dy: 0, ctrlKey: false };
    this.tickTouches = this.pendingTouches;
    this.tickModifiers = this.pendingModifiers;
  }

  // ---- Reading (what tools poll) ----

  /** Physical key held, by `KeyboardEvent.code` (layout-independent: letters for shortcuts). */
  isDown(code: string): boolean {
    return this.downCodes.has(code);
  }
  pressed(code: string): boolean {
    return this.pressedCodes.has(code);
  }
  /** The modifiers held when `code` was pressed in this tick; null if it was not pressed. */
  pressedWith(code: string): Modifiers | null {
    return this.pressedCodes.get(code) ?? null;
  }
  released(code: string): boolean {
    return this.releasedCodes.has(code);
  }
  /** Produced key held, by `KeyboardEvent.key` (layout-dependent: symbols such as `[` or `+`). */
  isKeyDown(key: string): boolean {
    return this.downKeys.has(key);
  }
  keyPressed(key: string): boolean {
    return this.pressedKeys.has(key);
  }
  keyReleased(key: string): boolean {
    return this.releasedKeys.has(key);
  }
  /**
   * Every key press of this tick in order, auto-repeats included: what typing and held arrows
   * need, where `pressed` answers only whether a key went down at all.
   */
  get keyPresses(): readonly KeyPress[] {
    return this.tickKeyPresses;
  }
  get modifiers(): Modifiers {
    return this.tickModifiers;
  }
  get mouse(): { readonly x: number; readonly y: number; readonly buttons: number } {
    return { x: this.mouseX, y: this.mouseY, buttons: this.mouseButtons };
  }
  get wheelDelta(): WheelInput {
    return this.tickWheel;
  }
  /** Current touches, at most 31. */
  get touchPoints(): readonly TouchPoint[] {
    return this.tickTouches;
  }
  /** Every pointer sample since the previous tick, coalesced ones included, in arrival order. */
  get samples(): readonly PointerSample[] {
    return this.tickSamples;
  }
  /** This tick's pointer samples and key presses together, in the order they arrived. */
  get events(): readonly PolledEvent[] {
    return this.tickEvents;
  }
  get pen(): PenState {
    return this.penState;
  }
  /** Samples received since start; lets tests check that nothing was dropped. */
  get totalSamples(): number {
    return this.sampleTotal;
  }
}
