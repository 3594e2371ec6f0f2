import type { KeyPress } from "../../engine";
import { worldMatrix } from "../doc/commands";
import type { DocumentStore } from "../doc/store";
import { multiply, type Matrix } from "../doc/transform";
import { isSceneNode, type Id, type TextNode } from "../doc/types";
import { labelOf, labelText } from "../shapes/label";
import { kindOf } from "../shapes/registry";
import type { Camera } from "../render/camera";
import { resolvedFamilyList } from "../fonts/family";
import { screenMatrix } from "../render/overlays/geometry";
import { typeKey } from "./typedKeys";
import type { TextEditorHost } from "./types";
import type { Point } from "../math/point";
import { isText } from "../shapes/text";

/** What the field needs of the open document: the text's record and where the view is. */
export interface TextEditorView {
  readonly store: Pick<DocumentStore, "get">;
  readonly camera: Camera;
  /** The canvas's top-left corner in the container's coordinates (CSS pixels). */
  canvasOffset(): Point;
  /** The size the canvas draws a text at, in the text's own units. */
  measure(node: TextNode): { readonly width: number; readonly height: number };
}

/** Longest text the field accepts: a runaway paste stays far below what a page can lay out. */
export const MAX_TEXT_LENGTH = 100_000;

/** The words a field edits, set as a text, and where that text's top-left corner is on the page. */
interface EditedWords {
  readonly text: TextNode;
  readonly matrix: Matrix;
  /** A shape's label: its lines are centred on the shape, so the field moves as they change. */
  readonly label: boolean;
}

/**
 * A text node as it is, or a shape's label as the text it is drawn as, with `content` in place of
 * what the document holds (what the field shows), centred where the shape's kind places it.
 */
function editedWords(view: TextEditorView, id: Id, content?: string): EditedWords | null {
  const node = view.store.get(id);
  if (isText(node))
    return {
      text: content === undefined ? node : { ...node, content },
      matrix: worldMatrix(view.store, id),
      label: false,
    };
  if (!isSceneNode(node)) return null;
  const label = labelOf(node);
  const placement = kindOf(node).labelPlacement?.(node) ?? null;
  if (label === null || placement === null) return null;
  const text = labelText(node, { ...label, content: content ?? label.content }, placement);
  const size = view.measure(text);
  const width = placement.width ?? size.width;
  const height = Math.max(size.height, text.fontSize * text.lineHeight);
  const at = { x: placement.center.x - width / 2, y: placement.center.y - height / 2 };
  return {
    text,
    matrix: multiply(worldMatrix(view.store, id), { a: 1, b: 0, c: 0, d: 1, e: at.x, f: at.y }),
    label: true,
  };
}

function cssColor(node: TextNode): string {
  if (node.fill.type !== "solid") return "#000";
  const { r, g, b, a } = node.fill.color;
  const byte = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 255);
  return `rgba(${byte(r)}, ${byte(g)}, ${byte(b)}, ${Math.min(1, Math.max(0, a))})`;
}

/**
 * Edits text in a real `<textarea>` laid over the canvas at the text's place, scale and rotation
 * (a CSS matrix of the camera and the node's world transform), so input methods, spell-check,
 * dictation and on-screen keyboards work as anywhere else on the web. Esc, Ctrl+Enter and leaving
 * the field commit; the field follows the camera while it is open.
 */
export class DomTextEditorHost implements TextEditorHost {
  private field: HTMLTextAreaElement | null = null;
  private session: {
    readonly id: Id;
    readonly view: TextEditorView;
    readonly done: (content: string | null) => void;
    readonly changed: ((content: string) => void) | null;
    /** A shape's label rather than a text's content. */
    readonly label: boolean;
    readonly unsubscribe: () => void;
    /** What had focus before (the canvas): it gets it back when editing ends from the field. */
    readonly returnFocus: HTMLElement | null;
  } | null = null;

  constructor(
    private readonly container: HTMLElement,
    private readonly view: () => TextEditorView | null,
  ) {
    // Made now, not on the first edit: adding a child later would make the canvas shell re-fit
    // (and take focus back) a moment after editing began.
    this.fieldElement();
  }

  /** Screen pixels per unit of the text, so the caret's room stays a pixel or two at any zoom. */
  private scale = 1;

  edit(
    nodeId: Id,
    done: (content: string | null) => void,
    changed?: (content: string) => void,
    caretAt?: Point,
  ): void {
    this.close();
    const view = this.view();
    const words = view === null ? null : editedWords(view, nodeId);
    if (view === null || words === null) {
      done(null);
      return;
    }
    const field = this.fieldElement();
    field.value = words.text.content.slice(0, MAX_TEXT_LENGTH);
    const unsubscribe = view.camera.subscribe(() => this.place());
    const focused = field.ownerDocument.activeElement;
    const returnFocus = focused instanceof HTMLElement && focused !== field ? focused : null;
    this.session = {
      id: nodeId,
      view,
      done,
      changed: changed ?? null,
      label: words.label,
      unsubscribe,
      returnFocus,
    };
    // Shown before it is placed: a field with display:none measures nothing, and would be
    // fitted to no width at all.
    field.style.display = "block";
    this.place();
    field.focus({ preventScroll: true });
    const caret = (caretAt && this.caretIndexAt(field, view, caretAt)) ?? field.value.length;
    field.setSelectionRange(caret, caret);
  }

  /**
   * The caret position under a point of the canvas (a double-click's), as the browser lays out
   * the field's text there: so a word clicked in the middle of a text is where typing goes, as
   * in Excalidraw. Null where the point is off the text.
   */
  private caretIndexAt(field: HTMLTextAreaElement, view: TextEditorView, at: Point): number | null {
    const box = this.container.getBoundingClientRect();
    const offset = view.canvasOffset();
    const doc = field.ownerDocument;
    if (typeof doc.caretPositionFromPoint !== "function") return null;
    const position = doc.caretPositionFromPoint(
      box.left + offset.x + at.x,
      box.top + offset.y + at.y,
    );
    return position !== null && position.offsetNode === field ? position.offset : null;
  }

  typeKey(press: KeyPress): boolean {
    const field = this.field;
    if (this.session === null || field === null) return false;
    const result = typeKey(
      { value: field.value, start: field.selectionStart, end: field.selectionEnd },
      press,
    );
    if (result.type === "none") return false;
    if (result.type === "commit") {
      this.close();
      return true;
    }
    const { value, start, end } = result.text;
    if (value.length > MAX_TEXT_LENGTH) return true;
    const edited = value !== field.value;
    if (edited) field.value = value;
    field.setSelectionRange(start, end);
    if (edited) this.edited();
    return true;
  }

  measure(node: TextNode): { readonly width: number; readonly height: number } {
    const view = this.session?.view ?? this.view();
    return view === null ? { width: 0, height: 0 } : view.measure(node);
  }

  /** Ends editing and keeps what was typed. */
  close(): void {
    const session = this.session;
    if (session === null) return;
    this.session = null;
    session.unsubscribe();
    const field = this.field!;
    const content = field.value;
    // Esc or Ctrl+Enter in the field hands the keyboard back; a click elsewhere keeps its focus.
    const fromField = field.ownerDocument.activeElement === field;
    field.style.display = "none";
    field.blur();
    if (fromField) session.returnFocus?.focus({ preventScroll: true });
    session.done(content);
  }

  private fieldElement(): HTMLTextAreaElement {
    if (this.field !== null) return this.field;
    const field = document.createElement("textarea");
    field.className = "linework-text-editor";
    field.setAttribute("aria-label", "Text");
    field.spellcheck = true;
    field.maxLength = MAX_TEXT_LENGTH;
    field.wrap = "soft";
    Object.assign(field.style, {
      position: "absolute",
      display: "none",
      margin: "0",
      padding: "0",
      border: "none",
      outline: "1px dashed rgba(13, 153, 255, 0.8)",
      background: "transparent",
      resize: "none",
      overflow: "hidden",
      transformOrigin: "0 0",
      zIndex: "10",
    } satisfies Partial<CSSStyleDeclaration>);
    field.addEventListener("keydown", (event) => {
      // Keys typed here are the field's, not the canvas's shortcuts.
      event.stopPropagation();
      // Esc or Enter while an input method is composing belongs to the composition.
      if (event.isComposing) return;
      if (event.key === "Escape" || (event.key === "Enter" && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        this.close();
      }
    });
    // Also while an input method composes: the field and the document follow the composition.
    field.addEventListener("input", () => this.edited());
    field.addEventListener("blur", () => this.close());
    this.container.appendChild(field);
    this.field = field;
    return field;
  }

  /** Puts the field over the text: same font, same wrapping width, the text's screen matrix. */
  private place(): void {
    const session = this.session;
    const field = this.field;
    if (session === null || field === null) return;
    const words = editedWords(session.view, session.id, field.value);
    if (words === null) return;
    const node = words.text;
    const offset = session.view.canvasOffset();
    const m = screenMatrix(session.view.camera.state, words.matrix);
    this.scale = Math.hypot(m.a, m.b) || 1;
    Object.assign(field.style, {
      left: `${offset.x}px`,
      top: `${offset.y}px`,
      transform: `matrix(${m.a}, ${m.b}, ${m.c}, ${m.d}, ${m.e}, ${m.f})`,
      fontFamily: resolvedFamilyList(node.fontFamily),
      fontSize: `${node.fontSize}px`,
      fontWeight: String(node.fontWeight),
      fontStyle: node.fontStyle,
      lineHeight: `${node.fontSize * node.lineHeight}px`,
      textAlign: node.align,
      color: cssColor(node),
      whiteSpace: node.width === null ? "pre" : "pre-wrap",
      width: node.width === null ? "auto" : `${node.width}px`,
    } satisfies Partial<CSSStyleDeclaration>);
    this.fit(node);
  }

  /** The field's text changed: it is fitted to it, and the document told. */
  private edited(): void {
    const session = this.session;
    if (session === null || this.field === null) return;
    // Told first: a label's shape may grow for its words, and the field is placed on the result.
    session.changed?.(this.field.value);
    // A label is centred on its shape: as its lines change, its corner moves.
    if (session.label) this.place();
    else {
      const words = editedWords(session.view, session.id, this.field.value);
      if (words !== null) this.fit(words.text);
    }
  }

  /**
   * Sizes the field as the canvas draws its text: the measured box of what is typed (the wrapping
   * width for wrapped text), and never less than the field needs to show every line, so the text
   * shown in the field and the text drawn once editing ends take the same place.
   */
  private fit(node: TextNode): void {
    const session = this.session;
    const field = this.field;
    if (session === null || field === null) return;
    const measured = session.view.measure(node);
    if (node.width === null) {
      // Room for the caret after the last character, about two screen pixels.
      const caret = 2 / this.scale;
      field.style.width = "0px";
      field.style.width = `${Math.max(measured.width, field.scrollWidth) + caret}px`;
    }
    field.style.height = "0px";
    const line = node.fontSize * node.lineHeight;
    field.style.height = `${Math.max(measured.height, field.scrollHeight, line)}px`;
    // A field briefly too small scrolled its text; it fits now, so nothing may stay scrolled.
    field.scrollLeft = 0;
    field.scrollTop = 0;
  }
}
