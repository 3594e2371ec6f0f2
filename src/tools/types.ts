import type { KeyPress, Modifiers, PointerKind } from "../../engine";
import type { EditableDocument } from "../editing/editor";
import type { Id, TextNode } from "../doc/types";
import type { Camera, ViewportSize } from "../render/camera";
import type { Guide, PathMarkers } from "../render/overlays/overlays";
import type { HandleHit, Quad, RotateHandle } from "../render/overlays/geometry";
import type { GradientMarkers } from "../render/overlays/gradientGeometry";

import type { ToolId, ToolSettings } from "../editing/settings";
import type { ScenePicker } from "../scene/picker";
import type { Snapper } from "../snap/snapper";
import type { Point } from "../math/point";
import type { Box } from "../math/box";

/** One pointer sample as a tool sees it: screen and world positions, and what was held. */
export interface ToolPointer {
  readonly phase: "down" | "move" | "up" | "cancel";
  readonly pointerId: number;
  readonly kind: PointerKind;
  /** CSS pixels from the canvas's top-left corner. */
  readonly screen: Point;
  /** Page coordinates under the camera at the time of the sample. */
  readonly world: Point;
  /** 0–1; 0.5 for devices that report none. */
  readonly pressure: number;
  /** The button that went down or up (0 primary, 1 middle, 2 secondary); -1 on moves. */
  readonly button: number;
  readonly buttons: number;
  readonly modifiers: Modifiers;
  readonly time: number;
  /** 2 for the second press of a double click (same place, quickly), else 1. */
  readonly clickCount: number;
}

export type ToolKey = KeyPress;

/** The overlays a tool draws on: hover, marquee, guides, path markers (screen-space, crisp). */
export interface OverlaySink {
  setHover(id: Id | null): void;
  setMarquee(rect: Box | null): void;
  setGuides(guides: readonly Guide[]): void;
  setPathMarkers(markers: PathMarkers | null): void;
  /** The gradient being edited on the canvas; sinks that draw nothing may leave it out. */
  setGradientMarkers?(markers: GradientMarkers | null): void;
  /** The keyboard cursor's crosshair, in world coordinates; null hides it. */
  setKeyboardCursor(point: Point | null): void;
  /** The selection handle under a screen point, if any. */
  hitHandle(screen: Point, kind?: PointerKind): HandleHit | null;
  /** The selection's frame on screen as last drawn, for cursors that follow its turn. */
  readonly selectionFrame?: Quad | null;
  /** The rotate affordance at a hovered rotation zone; sinks that draw nothing may leave it out. */
  setRotateHint?(handle: RotateHandle | null): void;
  /** Hides the selection's frame and handles (Edit path); optional like the rotate hint. */
  setHandlesHidden?(hidden: boolean): void;
  /** The frame whose name label (drawn above it) is under a screen point; sinks without labels leave it out. */
  hitFrameLabel?(screen: Point): Id | null;
  /** The end (or bend handle) of the one selected line whose handle is under a screen point. */
  hitLineEnd?(screen: Point, kind?: PointerKind): "start" | "end" | "bend" | null;
  refresh(): void;
}

/**
 * Text editing happens in a real, positioned DOM field so IME, spell-check and on-screen
 * keyboards work; tests use an in-memory host.
 */
export interface TextEditorHost {
  /**
   * Opens an editor over a text node; `done` gets the final content (null when cancelled),
   * `changed` the content after each edit, so the document shows the text as it is being typed.
   */
  edit(
    nodeId: Id,
    done: (content: string | null) => void,
    changed?: (content: string) => void,
    /** Where to put the caret, in canvas pixels (a double-click's point); else at the end. */
    caretAt?: Point,
  ): void;
  /**
   * A key press that reached the canvas after the field was opened but before it had the
   * keyboard (typed straight after the click): applied to the field as typing in it would be.
   * Returns false when the field has no use for the key.
   */
  typeKey(press: KeyPress): boolean;
  close(): void;
  /** The size the canvas draws a text at, in the text's own units. */
  measure(node: TextNode): { readonly width: number; readonly height: number };
}

/** An image the user picked for the image tool, already checked at the file boundary. */
export interface PickedImage {
  readonly name: string;
  readonly mime: string;
  /** Base64 of the file's bytes. */
  readonly data: string;
  readonly width: number;
  readonly height: number;
}

/** Everything a tool may use. Tools never reach past this into the engine or the DOM. */
export interface ToolContext {
  readonly editor: EditableDocument;
  readonly camera: Camera;
  readonly overlays: OverlaySink;
  readonly scene: ScenePicker;
  readonly snapper: Snapper;
  readonly settings: ToolSettings;
  readonly text: TextEditorHost;
  /** The canvas area the camera draws into, in CSS pixels. */
  viewSize(): ViewportSize;
  /** The page being edited. */
  pageId(): Id;
  /** The group the user has entered (Enter / double-click), or the page. */
  scope(): Id;
  setScope(id: Id): void;
  /** A drawing tool made its shape: back to Select unless keep-tool is on. */
  done(): void;
  setTool(id: ToolId): void;
  /**
   * Switches to the text tool editing this text at once (Select's double-click or Enter); a
   * double-click's point (canvas pixels) puts the caret where it was clicked.
   */
  editText(id: Id, caretAt?: Point): void;
  /** Opens the system file picker for one image; null when the user cancels or it is unreadable. */
  requestImage(): Promise<PickedImage | null>;
  /** Asks the engine to draw the next frame. */
  invalidate(): void;
}

/**
 * A tool is an explicit state machine fed by the polled input, one sample or key at a time.
 * `cancel` (Esc, a right-click mid-gesture, a switch of tool) must leave the document and the
 * history exactly as they were before the gesture began.
 */
export interface Tool {
  readonly id: ToolId;
  /** The state's name, for tests and the status bar. */
  readonly state: string;
  /** Whether a gesture is under way: Esc cancels it rather than clearing the selection. */
  readonly busy: boolean;
  /** CSS cursor over the canvas. */
  readonly cursor: string;
  /**
   * How the keyboard cursor places points for this tool: "drag" presses at one Enter and releases
   * at the next (two corners), "clicks" clicks at each Enter (successive points). Undefined: the
   * tool does not draw, and arrows go to the shortcuts (nudging).
   */
  readonly placement?: "drag" | "clicks";
  /** Typed numbers while a shape is in progress ("200, 100" Enter) set its size exactly. */
  typedSize?(width: number, height: number | null): void;
  pointer(event: ToolPointer): void;
  /** Returns whether the tool used the key; unused keys go on to the shortcuts. */
  key(press: ToolKey): boolean;
  /** Starts working on one node straight away, when asked to by another tool (edit this text). */
  editNode?(id: Id, caretAt?: Point): void;
  /** Lets go of what the tool subscribed to; called once when its document closes. */
  dispose?(): void;
  /** Once per tick, after the samples: modifiers held now (Shift pressed mid-drag). */
  tick?(modifiers: Modifiers): void;
  cancel(): void;
  /** The tool is switched away from: finish what can be finished, cancel the rest. */
  deactivate(): void;
}
