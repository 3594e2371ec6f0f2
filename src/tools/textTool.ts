import { addNodes, deleteNodes } from "../doc/commands";
import { BLACK, NO_STROKE } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { DEFAULT_TEXT_FAMILY } from "../fonts/family";
import { IDENTITY_TRANSFORM, type Matrix } from "../doc/transform";
import {
  isSceneNode,
  type Fill,
  type Id,
  type Label,
  type SceneNode,
  type TextNode,
} from "../doc/types";
import { labelOf } from "../shapes/label";
import { grownForLabel } from "./labelGrowth";
import { hasWords } from "../shapes/registry";

import { DRAG_THRESHOLD_PX } from "./controller";
import { drawingParent, parentInverse, toLocal } from "./drawing";
import { PICK_TOLERANCE_PX } from "./selectTool";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import { isText } from "../shapes/text";

/** Type settings of new texts. */
export const DEFAULT_TEXT = {
  fontFamily: DEFAULT_TEXT_FAMILY,
  fontSize: 24,
  fontWeight: 400,
  fontStyle: "normal",
  align: "left",
  lineHeight: 1.25,
} as const satisfies Partial<TextNode>;

/** Type settings of new labels: a little smaller than new texts, as labels sit inside shapes. */
export const DEFAULT_LABEL_SIZE = 20;

/** A new, empty label for a shape: in the shape's ink colour, so it reads on the shape's fill. */
function newLabel(node: SceneNode): Label {
  const ink = "stroke" in node ? node.stroke.paint : null;
  return {
    content: "",
    fontFamily: DEFAULT_TEXT.fontFamily,
    fontSize: DEFAULT_LABEL_SIZE,
    fontWeight: DEFAULT_TEXT.fontWeight,
    fontStyle: DEFAULT_TEXT.fontStyle,
    color: ink?.type === "solid" ? { ...ink.color, a: 1 } : BLACK,
    position: 0.5,
  };
}

/** A drag narrower than this (world units) is a click: the text grows with what is typed. */
const MIN_WRAP_WIDTH = 8;

type State =
  | { readonly name: "idle" }
  /** Pressed on empty canvas: a click places auto-width text, a drag sets a wrapping width. */
  | {
      readonly name: "pointing";
      readonly parent: Id;
      readonly toParent: Matrix;
      readonly anchor: Point;
      readonly startScreen: Point;
      width: number | null;
      /** Keys pressed before the release placed the text: typed into it once it opens. */
      readonly typed: ToolKey[];
    }
  /**
   * The DOM editor is open over `id`: a text's content, or a shape's label (`label`). `created`:
   * the text, or the label, was made for this edit, and goes if it is left empty.
   */
  | {
      readonly name: "editing";
      readonly id: Id;
      readonly created: boolean;
      readonly label: boolean;
      /** A labelled shape's height when editing began: it grows for the words, never below. */
      readonly least: number | null;
    };

/**
 * Text (T): click on the canvas to place a new text that grows with its content, or drag to set a
 * width it wraps at, whatever is selected; click an existing text to edit it. Typing happens in
 * the positioned DOM field of the TextEditorHost (IME, spell-check and on-screen keyboards work
 * there). Keys that reach the canvas after the placing click, before the field has the keyboard
 * (the field opens on the next tick), are typed into the field in order, never taken for
 * shortcuts. Esc or a click elsewhere commits. Creating and typing (or one editing session) is
 * one undo step; text left empty is removed, a new one never added. Each edit reaches the
 * document as it is typed; the renderer leaves the node undrawn while its field is open
 * (`editor.editingText`), so the field and the canvas never draw the same words twice. Select's
 * double-click or Enter asks for an edit through `editNode`.
 */
export class TextTool implements Tool {
  readonly id = "text" as const;
  private current: State = { name: "idle" };
  /** Set while the tool is being switched away from: editing ends without `done`. */
  private switching = false;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return "text";
  }
  /** The text being edited, if any. */
  get editing(): Id | null {
    return this.current.name === "editing" ? this.current.id : null;
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "editing") {
      // A press on the canvas is a click away from the field: it commits.
      if (e.phase === "down") this.ctx.text.close();
      return;
    }
    if (s.name === "idle") {
      if (e.phase === "down" && e.button === 0) this.press(e);
      return;
    }
    if (e.phase === "move" || e.phase === "up") {
      const moved = Math.hypot(e.screen.x - s.startScreen.x, e.screen.y - s.startScreen.y);
      if (moved >= DRAG_THRESHOLD_PX) {
        const to = toLocal(s.toParent, e.world);
        const width = Math.abs(to.x - s.anchor.x);
        s.width = width >= MIN_WRAP_WIDTH ? width : null;
      }
    }
    if (e.phase === "up") this.create(s);
  }

  /**
   * Keys reaching the canvas once a text is being placed belong to it: the field opens after the
   * click (on the tool's tick) and takes the keyboard only then, so what was typed in between is
   * handed to it, in order. Keys pressed before the click are shortcuts as ever.
   */
  key(press: ToolKey): boolean {
    const s = this.current;
    if (s.name === "pointing") {
      s.typed.push(press);
      return true;
    }
    if (s.name === "editing") {
      this.ctx.text.typeKey(press);
      return true;
    }
    return false;
  }

  /** Select's double-click or Enter on a text or a shape that carries a label: edit it now. */
  editNode(id: Id, caretAt?: Point): void {
    const s = this.current;
    if (s.name === "editing" && s.id === id) return;
    if (s.name !== "idle") this.cancel();
    const store = this.ctx.editor.store;
    const node = store.get(id);
    if (!isSceneNode(node) || node.locked || store.readOnly) return;
    if (isText(node)) this.edit(id, false, caretAt);
    else if (hasWords(node)) this.editLabel(node, caretAt);
  }

  /** Esc reaching the canvas: editing commits (as Esc in the field does); a press is dropped. */
  cancel(): void {
    const s = this.current;
    if (s.name === "editing") this.ctx.text.close();
    else this.current = { name: "idle" };
  }

  /** Switching tools commits the text without asking to switch again. */
  deactivate(): void {
    this.switching = true;
    try {
      this.cancel();
    } finally {
      this.switching = false;
    }
  }

  private press(e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (store.readOnly) return;
    const hit = this.ctx.scene.pick(e.world, PICK_TOLERANCE_PX / this.ctx.camera.zoom, {
      deep: true,
    });
    const node = hit === null ? undefined : store.get(hit);
    if (isText(node) && !node.locked) {
      this.edit(node.id, false);
      return;
    }
    const parent = drawingParent(this.ctx, e.world);
    const toParent = parentInverse(this.ctx, parent);
    this.current = {
      name: "pointing",
      parent,
      toParent,
      anchor: toLocal(toParent, e.world),
      startScreen: e.screen,
      width: null,
      typed: [],
    };
  }

  private create(s: Extract<State, { name: "pointing" }>): void {
    const settings = this.ctx.settings.get();
    const id = newId();
    // Text takes the ink colour of the style for new shapes (a shape's white fill would vanish).
    const fill: Fill = settings.stroke.paint ?? { type: "solid", color: BLACK };
    this.ctx.editor.history.beginGesture("Add text");
    this.ctx.editor.store.transact("Add text", (tx) => {
      addNodes(tx, s.parent, [
        makeNode<TextNode>("text", id, s.parent, "", {
          ...DEFAULT_TEXT,
          fill,
          stroke: NO_STROKE,
          content: "",
          width: s.width,
          transform: { ...IDENTITY_TRANSFORM, x: s.anchor.x, y: s.anchor.y },
        }),
      ]);
      tx.select([id]);
    });
    this.open(id, true, false);
    for (const press of s.typed) {
      if (this.current.name !== "editing") break;
      this.ctx.text.typeKey(press);
    }
  }

  private edit(id: Id, created: boolean, caretAt?: Point): void {
    this.ctx.editor.history.beginGesture("Edit text");
    this.open(id, created, false, null, caretAt);
  }

  /** Types into a shape's label, giving it an empty one first if it has none. */
  private editLabel(node: SceneNode, caretAt?: Point): void {
    const created = labelOf(node) === null;
    this.ctx.editor.history.beginGesture("Edit label");
    if (created)
      this.ctx.editor.store.transact("Edit label", (tx) => {
        const current = tx.get(node.id);
        if (isSceneNode(current) && "label" in current)
          tx.put({ ...current, label: newLabel(current) });
      });
    this.open(node.id, created, true, "height" in node ? node.height : null, caretAt);
  }

  private open(
    id: Id,
    created: boolean,
    label: boolean,
    least: number | null = null,
    caretAt?: Point,
  ): void {
    this.current = { name: "editing", id, created, label, least };
    this.ctx.editor.store.transact("Edit text", (tx) => tx.select([id]));
    this.ctx.editor.editingText.set(id);
    this.ctx.invalidate();
    this.ctx.text.edit(
      id,
      (content) => this.closed(id, content),
      (content) => this.changed(id, content),
      caretAt,
    );
  }

  /** What is typed reaches the document at once, inside the gesture: panels show it as it is. */
  private changed(id: Id, content: string): void {
    const s = this.current;
    if (s.name !== "editing" || s.id !== id) return;
    this.ctx.editor.store.transact(s.label ? "Edit label" : "Edit text", (tx) => {
      const node = tx.get(id);
      if (isText(node) && node.content !== content) tx.put({ ...node, content });
      else if (isSceneNode(node) && "label" in node && node.label && node.label.content !== content)
        tx.put(this.fitted({ ...node, label: { ...node.label, content } }, s.least));
    });
  }

  /** A labelled shape with its height set for its words (see `grownForLabel`). */
  private fitted(node: SceneNode, least: number | null): SceneNode {
    if (least === null) return node;
    return grownForLabel(node, least, (text) => this.ctx.text.measure(text));
  }

  private closed(id: Id, content: string | null): void {
    const s = this.current;
    if (s.name !== "editing" || s.id !== id) return;
    this.current = { name: "idle" };
    this.ctx.editor.editingText.set(null);
    const history = this.ctx.editor.history;
    if (content === null || (content.trim() === "" && s.created)) {
      history.cancelGesture();
    } else if (s.label) {
      // A label emptied is no label: the shape keeps no empty words.
      this.ctx.editor.store.transact("Edit label", (tx) => {
        const node = tx.get(id);
        if (!isSceneNode(node) || !("label" in node) || node.label === null) return;
        if (content.trim() === "") tx.put(this.fitted({ ...node, label: null }, s.least));
        else if (node.label.content !== content)
          tx.put(this.fitted({ ...node, label: { ...node.label, content } }, s.least));
      });
      history.endGesture();
    } else {
      this.ctx.editor.store.transact("Edit text", (tx) => {
        const node = tx.get(id);
        if (!isText(node)) return;
        if (content.trim() === "") {
          deleteNodes(tx, [id]);
          tx.select([]);
        } else if (node.content !== content) tx.put({ ...node, content });
      });
      history.endGesture();
    }
    this.ctx.invalidate();
    if (!this.switching) this.ctx.done();
  }
}
