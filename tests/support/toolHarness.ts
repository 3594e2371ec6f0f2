/**
 * A headless editing session for tool tests: the real ToolController with every tool, a real
 * DocumentStore and History, a real Camera and InputState, the real picker and snapper over the
 * core's spatial index, a recording overlay sink and an in-memory text editor. Tests feed pointer samples
 * and key presses exactly as the engine does (pending buffers, then `beginTick`, then the tools).
 */
import type { KeyPress, Modifiers, PointerKind, PointerSample } from "../../engine";
import { InputState } from "../../engine/input/inputState";
import { CommandRegistry } from "../../src/editing/commands";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE, makeNode } from "../../src/doc/factory";
import { type DocRecord, type Id, type RectNode, type SceneNode } from "../../src/doc/types";
import { Camera } from "../../src/render/camera";
import type { HandleHit } from "../../src/render/overlays/geometry";
import type { Guide, PathMarkers } from "../../src/render/overlays/overlays";

import { Picker } from "../../src/scene/picker";
import { SpatialSync } from "../../src/scene/spatialSync";
import { SceneSnapper } from "../../src/snap/snapper";
import { ToolController } from "../../src/tools/controller";
import { TOOL_FACTORIES } from "../../src/tools";
import { ToolSettings, type ToolSettingsState } from "../../src/editing/settings";
import { typeKey } from "../../src/tools/typedKeys";
import type { OverlaySink, PickedImage, TextEditorHost } from "../../src/tools/types";
import { loadCore } from "../core/loadCore.ts";
import type { ToolId } from "../../src/editing/settings";
import type { Point } from "../../src/math/point";
import type { Box } from "../../src/math/box";

export const PAGE = "page";
export const NO_MODIFIERS: Modifiers = { shift: false, ctrl: false, alt: false, meta: false };

/** Remembers the last value of every overlay the tools set, and how often each was set. */
export class RecordingOverlays implements OverlaySink {
  hover: Id | null = null;
  marquee: Box | null = null;
  guides: readonly Guide[] = [];
  markers: PathMarkers | null = null;
  keyboardCursor: Point | null = null;
  readonly calls: string[] = [];

  setHover(id: Id | null): void {
    this.hover = id;
    this.calls.push("hover");
  }
  setMarquee(rect: Box | null): void {
    this.marquee = rect;
    this.calls.push("marquee");
  }
  setGuides(guides: readonly Guide[]): void {
    this.guides = guides;
    this.calls.push("guides");
  }
  setPathMarkers(markers: PathMarkers | null): void {
    this.markers = markers;
    this.calls.push("markers");
  }
  setKeyboardCursor(point: Point | null): void {
    this.keyboardCursor = point;
    this.calls.push("keyboardCursor");
  }
  hitHandle(_screen: Point): HandleHit | null {
    return null;
  }
  refresh(): void {
    this.calls.push("refresh");
  }
}

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

  constructor(private readonly store: () => EditableDocument["store"]) {}

  edit(
    nodeId: Id,
    done: (content: string | null) => void,
    changed?: (content: string) => void,
  ): void {
    const node = this.store().get(nodeId);
    this.editing = nodeId;
    this.value = node?.type === "text" ? node.content : "";
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
  readonly input = new InputState();
  readonly overlays = new RecordingOverlays();
  readonly camera = new Camera();
  readonly settings: ToolSettings;
  readonly text: MemoryTextEditorHost;
  readonly commands = new CommandRegistry();
  readonly controller: ToolController;
  readonly picker: Picker;
  image: PickedImage | null;
  imageRequests = 0;
  invalidations = 0;
  private clock = 1000;
  private scopeId: Id = PAGE;
  private held = new Map<number, number>();

  constructor(
    readonly editor: EditableDocument,
    spatial: SpatialSync,
    options: HarnessOptions,
  ) {
    this.settings = new ToolSettings({
      // Snapping off unless a test wants it, so positions are exactly where the pointer was.
      snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 },
      ...options.settings,
    });
    this.image = options.image ?? null;
    this.text = new MemoryTextEditorHost(() => this.editor.store);
    this.picker = new Picker(editor.store, spatial);
    const snapper = new SceneSnapper({
      store: editor.store,
      spatial,
      settings: () => this.settings.get(),
      zoom: () => this.camera.zoom,
      view: () => ({ minX: -5000, minY: -5000, maxX: 5000, maxY: 5000 }),
    });
    this.controller = new ToolController(
      {
        editor,
        camera: this.camera,
        overlays: this.overlays,
        scene: this.picker,
        snapper,
        settings: this.settings,
        text: this.text,
        viewSize: () => ({ width: 800, height: 600 }),
        pageId: () => PAGE,
        scope: () => this.scopeId,
        setScope: (id) => {
          this.scopeId = id;
        },
        requestImage: () => {
          this.imageRequests += 1;
          return Promise.resolve(this.image);
        },
        invalidate: () => {
          this.invalidations += 1;
        },
      },
      TOOL_FACTORIES,
      this.commands,
    );
  }

  get store(): EditableDocument["store"] {
    return this.editor.store;
  }
  get history(): EditableDocument["history"] {
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
    this.input.beginTick();
    this.controller.tick(this.input);
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
  const core = await loadCore();
  const records = [
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    ...(options.records ?? []),
  ];
  const editor = createEditor(records);
  const spatial = new SpatialSync(editor.store, core.index);
  spatial.showPage(PAGE);
  return new ToolHarness(editor, spatial, options);
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
