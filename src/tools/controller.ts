import type { InputState, KeyPress, Modifiers, PointerSample } from "../../engine";
import type { CommandRegistry } from "../editing/commands";
import { KeyboardCursor } from "./keyboardCursor";
import { PointerEvents } from "./pointerEvents";
import { TouchGestures } from "./touchGestures";
import type { Tool, ToolContext, ToolPointer } from "./types";
import type { ToolId } from "../editing/settings";

export type ToolFactory = (context: ToolContext) => Tool;

/** What the controller reads of one tick's polled input. */
export type PolledInput = Pick<InputState, "events" | "modifiers" | "isDown" | "pen">;

/** Pointer movement before a press counts as a drag, in screen pixels. */
export const DRAG_THRESHOLD_PX = 3;

/**
 * Routes the engine's polled input to the active tool, once per fixed step: pointer samples
 * (every coalesced one) and key presses in the order they arrived, so a key typed straight after
 * a click reaches the tool the click left active, and one pressed before it acts first. It owns what is common to every tool:
 * temporary panning (Space, the middle button), Esc and right-click cancelling a gesture,
 * touch and stylus gestures, the keyboard cursor, and shortcuts for keys no tool used.
 */
export class ToolController {
  private readonly tools = new Map<ToolId, Tool>();
  private active: Tool;
  /** Whether Space was held at the last tick, for the cursor (see `cursorStyle`). */
  private spaceHeld = false;
  private readonly pointers: PointerEvents;
  private readonly touch = new TouchGestures();
  readonly cursor: KeyboardCursor;
  /** Screen position of the temporary hand's last sample, while it pans. */
  private panFrom: { x: number; y: number } | null = null;
  private penDown = false;
  private readonly listeners = new Set<() => void>();
  private readonly stopFollowingSettings: () => void;

  constructor(
    private readonly context: Omit<ToolContext, "setTool" | "done" | "editText">,
    factories: Readonly<Record<ToolId, ToolFactory>>,
    private readonly commands: CommandRegistry,
  ) {
    const full: ToolContext = {
      ...context,
      setTool: (id) => this.setTool(id),
      editText: (id, caretAt) => {
        this.setTool("text");
        if (this.active.id === "text") this.active.editNode?.(id, caretAt);
      },
      done: () => {
        if (!context.settings.get().keepTool) this.setTool("select");
      },
    };
    for (const id of Object.keys(factories) as ToolId[]) this.tools.set(id, factories[id](full));
    this.active = this.tools.get(context.settings.get().tool) ?? this.tools.get("select")!;
    this.pointers = new PointerEvents(context.camera);
    this.cursor = new KeyboardCursor(context, () => this.active);
    // The settings outlive this document's controller, so `dispose` must let go of them.
    this.stopFollowingSettings = context.settings.subscribe(() => {
      const wanted = context.settings.get().tool;
      if (wanted !== this.active.id) this.switchTo(wanted);
    });
  }

  /**
   * Lets go of everything outside this document (the tool settings, tools' subscriptions): a
   * closed document's tools and overlays must never be reached again, e.g. by the next tool
   * switch of the settings the next document shares.
   */
  dispose(): void {
    this.stopFollowingSettings();
    this.active.deactivate();
    for (const tool of this.tools.values()) tool.dispose?.();
    this.listeners.clear();
  }

  get tool(): Tool {
    return this.active;
  }

  toolFor(id: ToolId): Tool | undefined {
    return this.tools.get(id);
  }

  setTool(id: ToolId): void {
    this.context.settings.update({ tool: id });
  }

  /** Called whenever the active tool's state may have changed (for the cursor and status bar). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Esc: cancel the gesture under way, or let the tool step back (clear selection, leave group). */
  cancel(): void {
    if (this.active.busy) this.active.cancel();
    this.cursor.reset();
    this.notify();
  }

  /**
   * The canvas's cursor: the hand's while Space or the middle button pans (or Space waits to),
   * else the active tool's.
   */
  get cursorStyle(): string {
    if (this.panFrom !== null) return "grabbing";
    if (this.spaceHeld && !this.active.busy) return "grab";
    return this.active.cursor;
  }

  tick(input: PolledInput): void {
    this.spaceHeld = input.isDown("Space") && !this.cursor.usesSpace();
    const modifiers = input.modifiers;
    for (const event of input.events) {
      if (event.type === "pointer") this.sample(event.sample, modifiers, input);
      else this.key(event.press);
    }
    this.active.tick?.(modifiers);
    if (input.events.length > 0) this.notify();
  }

  private switchTo(id: ToolId): void {
    const next = this.tools.get(id);
    if (!next || next === this.active) return;
    this.active.deactivate();
    this.context.overlays.setGuides([]);
    this.context.overlays.setMarquee(null);
    this.active = next;
    this.cursor.reset();
    this.notify();
    this.context.invalidate();
  }

  private sample(sample: PointerSample, modifiers: Modifiers, input: PolledInput): void {
    if (sample.kind === "pen") {
      if (!this.context.settings.get().penMode) {
        this.context.settings.update({ penMode: true });
        this.touch.reset();
      }
      if (sample.phase === "down") this.penDown = true;
      if (sample.phase === "up" || sample.phase === "cancel") this.penDown = false;
    }
    if (sample.kind === "touch") {
      const outcomes = this.touch.handle(sample, this.context.settings.get().penMode, this.penDown);
      for (const outcome of outcomes) {
        switch (outcome.type) {
          case "tool":
            this.toTool(outcome.sample, modifiers, input);
            break;
          case "cancelTool":
            if (this.active.busy) this.active.cancel();
            break;
          case "pan":
            this.context.camera.panBy(outcome.dx, outcome.dy);
            break;
          case "zoom":
            this.context.camera.zoomAt(outcome.center, outcome.factor);
            break;
          case "tap":
            if (outcome.fingers === 2) this.commands.run("edit.undo");
            else if (outcome.fingers === 3) this.commands.run("edit.redo");
            break;
        }
      }
      return;
    }
    this.toTool(sample, modifiers, input);
  }

  private toTool(sample: PointerSample, modifiers: Modifiers, input: PolledInput): void {
    for (const event of this.pointers.convert(sample, sample.modifiers ?? modifiers)) {
      if (this.temporaryPan(event, input)) continue;
      if (event.phase === "down" && event.button === 2) {
        // Right-click mid-gesture cancels it; otherwise it belongs to the context menu.
        if (this.active.busy) this.active.cancel();
        continue;
      }
      if (event.button === 2 || (event.phase !== "move" && event.button > 2)) continue;
      this.active.pointer(event);
    }
  }

  /** Space held or the middle button: drag pans, whatever the tool. */
  private temporaryPan(event: ToolPointer, input: PolledInput): boolean {
    const spaceHeld = input.isDown("Space") && !this.cursor.usesSpace();
    if (this.panFrom === null) {
      const starts =
        event.phase === "down" &&
        (event.button === 1 || (spaceHeld && event.button === 0 && !this.active.busy));
      if (!starts) return false;
      this.panFrom = event.screen;
      return true;
    }
    if (event.phase === "move") {
      this.context.camera.panBy(event.screen.x - this.panFrom.x, event.screen.y - this.panFrom.y);
      this.panFrom = event.screen;
      return true;
    }
    if (event.phase === "up" || event.phase === "cancel") {
      if (event.buttons === 0) this.panFrom = null;
      return true;
    }
    return true;
  }

  private key(press: KeyPress): void {
    // A dialog opening from the keyboard takes what is typed before its field has the keyboard.
    if (this.commands.divert(press)) return;
    if (press.code === "Escape" && this.active.busy) {
      this.active.cancel();
      this.cursor.reset();
      return;
    }
    if (this.cursor.key(press)) return;
    if (this.active.key(press)) return;
    // With nothing under way, Esc in any other tool goes back to Select, as Excalidraw's and
    // tldraw's do: from the keyboard, Esc always reaches the neutral state.
    if (press.code === "Escape" && this.active.id !== "select") {
      this.setTool("select");
      return;
    }
    const command = this.commands.commandFor(press);
    if (command && (command.enabled?.() ?? true)) command.run();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
