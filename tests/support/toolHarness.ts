/**
 * A headless editing session for tool tests: the program's own `Editor` (store, history, commit
 * pipeline, renderer, spatial index, viewport, overlays, tools, picker and snapper, wired as the
 * app wires them) on a headless engine, with an in-memory text field and image picker. Tests feed
 * pointer samples and key presses exactly as the engine does (pending buffers, then one fixed
 * step running every tick listener).
 */
import type { KeyPress, Modifiers, PointerKind, PointerSample } from "../../engine";
import type { InputState } from "../../engine/input/inputState";
import type { Editor } from "../../src/app/editor";
import { CommandRegistry } from "../../src/editing/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import {
  isSceneNode,
  type DocRecord,
  type Id,
  type RectNode,
  type SceneNode,
  type TextNode,
} from "../../src/doc/types";
import { labelOf } from "../../src/shapes/label";
import { cssFont, ESTIMATED_MEASURE, layoutText } from "../../src/io/export/textLayout";
import { ToolSettings, type ToolSettingsState } from "../../src/editing/settings";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import type { ToolController } from "../../src/tools/controller";
import { typeKey } from "../../src/tools/typedKeys";
import type { PickedImage, TextEditorHost } from "../../src/tools/types";
import type { ToolId } from "../../src/editing/settings";
import type { Point } from "../../src/math/point";
import { headlessEngine, type HeadlessEngine } from "./headlessEngine";

export const PAGE = "page";
export const NO_MODIFIERS: Modifiers = { shift: false, ctrl: false, alt: false, meta: false };

/**
 * The text editor without a DOM: the test types by setting `value` (or with `type`, which tells
 * the tool as the field's input event does), then commits or cancels, as the textarea's blur and
 * Esc would. The caret is always at the end.
 */
export class MemoryTextEditorHost implements TextEditorHost {
  editing: Id | null = null;
  value = "";
  private done: ((content: string | null) => void) | null = null;
  private changed: ((content: string) => void) | null = null;

  constructor(private readonly store: () => Editor["store"]) {}

  edit(
    nodeId: Id,
    done: (content: string | null) => void,
    changed?: (content: string) => void,
  ): void {
    const node = this.store().get(nodeId);
    this.editing = nodeId;
    this.value =
      node?.type === "text"
        ? node.content
        : isSceneNode(node)
          ? (labelOf(node)?.content ?? "")
          : "";
    this.done = done;
    this.changed = changed ?? null;
  }

  type(text: string): void {
    this.value += text;
    this.changed?.(this.value);
  }

  typeKey(press: KeyPress): boolean {
    if (this.editing === null) return false;
    const end = this.value.length;
    const result = typeKey({ value: this.value, start: end, end }, press);
    if (result.type === "commit") this.commit();
    else if (result.type === "edit" && result.text.value !== this.value) {
      this.value = result.text.value;
      this.changed?.(this.value);
    }
    return result.type !== "none";
  }

  /** Esc or a click elsewhere: the text as typed is kept. */
  commit(): void {
    this.finish(this.value);
  }

  cancel(): void {
    this.finish(null);
  }

  /** Closing the field (the tool switched away, a click on the canvas) keeps what was typed. */
  close(): void {
    if (this.done !== null) this.commit();
  }

  /** Text set at the estimated advance (0.6 of the size a glyph), as the exports do in Node. */
  measure(node: TextNode): { width: number; height: number } {
    const layout = layoutText(node, ESTIMATED_MEASURE);
    const font = cssFont(node);
    return {
      width: Math.max(0, ...layout.lines.map((line) => ESTIMATED_MEASURE.width(line.text, font))),
      height: layout.lines.length * node.fontSize * node.lineHeight,
    };
  }

  private finish(content: string | null): void {
    const done = this.done;
    this.editing = null;
    this.done = null;
    this.changed = null;
    done?.(content);
  }
}

export interface PointerOptions {
  readonly modifiers?: Partial<Modifiers>;
  readonly kind?: PointerKind;
  readonly pressure?: number;
  readonly pointerId?: number;
  /** Defaults to the primary button while pressed. */
  readonly buttons?: number;
}

export interface HarnessOptions {
  readonly records?: readonly DocRecord[];
  readonly settings?: Partial<ToolSettingsState>;
  /** The image `requestImage` answers with (null: the user cancelled). */
  readonly image?: PickedImage | null;
}

export class ToolHarness {
  readonly input: InputState;
  image: PickedImage | null;
  imageRequests = 0;
  private clock = 1000;
  private held = new Map<number, number>();

  constructor(
    readonly editor: Editor,
    private readonly engine: HeadlessEngine,
    readonly settings: ToolSettings,
    readonly text: MemoryTextEditorHost,
    readonly commands: CommandRegistry,
    image: PickedImage | null,
  ) {
    this.input = engine.input;
    this.image = image;
  }

  get overlays(): Editor["overlays"] {
    return this.editor.overlays;
  }
  get camera(): Editor["camera"] {
    return this.editor.camera;
  }
  get controller(): ToolController {
    return this.editor.tools.controller;
  }
  get picker(): Editor["tools"]["picker"] {
    return this.editor.tools.picker;
  }
  /** How often the editor asked the engine for a frame. */
  get invalidations(): number {
    return this.engine.invalidations();
  }

  get store(): Editor["store"] {
    return this.editor.store;
  }
  get history(): Editor["history"] {
    return this.editor.history;
  }
  get tool(): ToolController["tool"] {
    return this.controller.tool;
  }

  /** Switches tools and runs one (empty) tick, as the engine's next step would. */
  setTool(id: ToolId): void {
    this.controller.setTool(id);
    this.tick();
  }

  /** The scene nodes of the page (direct children), back to front. */
  nodes(): readonly SceneNode[] {
    return this.store.childrenOf(PAGE);
  }

  /** Publishes what has been fed since the last tick and runs the tools once. */
  tick(): void {
    this.engine.step();
  }

  // ---- Pointer samples (screen coordinates; the camera starts at identity) ----

  down(x: number, y: number, options: PointerOptions = {}): this {
    const id = options.pointerId ?? 1;
    const buttons = options.buttons ?? 1;
    this.held.set(id, buttons);
    return this.sample("down", x, y, options, buttons);
  }

  move(x: number, y: number, options: PointerOptions = {}): this {
    const buttons = options.buttons ?? this.held.get(options.pointerId ?? 1) ?? 0;
    return this.sample("move", x, y, options, buttons);
  }

  up(x: number, y: number, options: PointerOptions = {}): this {
    this.held.delete(options.pointerId ?? 1);
    return this.sample("up", x, y, options, 0);
  }

  /** Down, moves in `steps` equal parts, up: all in one tick, as coalesced samples. */
  drag(from: Point, to: Point, options: PointerOptions & { steps?: number } = {}): this {
    const steps = options.steps ?? 8;
    this.down(from.x, from.y, options);
    for (let i = 1; i <= steps; i++) {
      this.move(
        from.x + ((to.x - from.x) * i) / steps,
        from.y + ((to.y - from.y) * i) / steps,
        options,
      );
    }
    this.up(to.x, to.y, options);
    this.tick();
    return this;
  }

  click(x: number, y: number, options: PointerOptions = {}): this {
    this.down(x, y, options).up(x, y, options);
    this.tick();
    return this;
  }

  /** Lets enough time pass that the next press is not part of a double click. */
  pause(ms = 1000): this {
    this.clock += ms;
    return this;
  }

  /** A key press and release, then a tick. */
  key(code: string, key = keyFor(code), modifiers: Partial<Modifiers> = {}): this {
    const m = { ...NO_MODIFIERS, ...modifiers };
    this.input.keyDown(code, key, m);
    this.input.keyUp(code, key, m);
    this.tick();
    return this;
  }

  private sample(
    phase: PointerSample["phase"],
    x: number,
    y: number,
    options: PointerOptions,
    buttons: number,
  ): this {
    this.clock += 8;
    const kind = options.kind ?? "mouse";
    const modifiers = { ...NO_MODIFIERS, ...options.modifiers };
    // Modifiers reach tools through the tick's keyboard state, as in the browser.
    this.input.keyUp("Probe", "Probe", modifiers);
    this.input.pointer({
      phase,
      pointerId: options.pointerId ?? 1,
      kind,
      x,
      y,
      pressure: options.pressure ?? (buttons !== 0 ? 0.5 : 0),
      tiltX: 0,
      tiltY: 0,
      buttons,
      time: this.clock,
    });
    return this;
  }
}

function keyFor(code: string): string {
  if (code.startsWith("Key")) return code.slice(3).toLowerCase();
  if (code.startsWith("Digit")) return code.slice(5);
  if (code === "Space") return " ";
  return code;
}

/** A fresh session on a document with one empty page (id "page"), plus any extra records. */
export async function createToolHarness(options: HarnessOptions = {}): Promise<ToolHarness> {
  const headless = await headlessEngine();
  // Loaded late: the editor brings in PixiJS, which needs the navigator the engine provides.
  const { Editor } = await import("../../src/app/editor");
  const records = [
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    ...(options.records ?? []),
  ];
  const settings = new ToolSettings({
    // Snapping off unless a test wants it, so positions are exactly where the pointer was.
    snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 },
    ...options.settings,
  });
  const commands = new CommandRegistry();
  let editor: Editor | null = null;
  const text = new MemoryTextEditorHost(() => editor!.store);
  let harness: ToolHarness | null = null;
  editor = new Editor(headless.engine, records, {
    status: new DocumentStatusStore(),
    persistence: null,
    services: {
      settings,
      commands,
      text,
      requestImage: () => {
        harness!.imageRequests += 1;
        return Promise.resolve(harness!.image);
      },
    },
  });
  harness = new ToolHarness(editor, headless, settings, text, commands, options.image ?? null);
  return harness;
}

/** The document and history as a test compares them before and after a cancelled gesture. */
export function documentState(h: ToolHarness): {
  records: DocRecord[];
  depth: { undo: number; redo: number };
} {
  const records = [...h.store.snapshot()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { records, depth: h.history.depth };
}

/** A rectangle on the page with a solid fill and stroke, for tools to act on. */
export function rectRecord(
  id: Id,
  box: { x: number; y: number; width: number; height: number },
  index: string,
  style: { fill?: RectNode["fill"]; stroke?: RectNode["stroke"] } = {},
): RectNode {
  const node = makeNode<RectNode>("rect", id, PAGE, index, {
    width: box.width,
    height: box.height,
    radii: [0, 0, 0, 0],
    fill: style.fill ?? DEFAULT_FILL,
    stroke: style.stroke ?? DEFAULT_STROKE,
  });
  return { ...node, transform: { ...node.transform, x: box.x, y: box.y } };
}
