import type { KeyPress } from "../../engine";

/** What a text field holds: its value and its selection (UTF-16 offsets, as the DOM's). */
export interface FieldText {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** What a key press does to the field it was meant for. */
export type TypedKey =
  | { readonly type: "edit"; readonly text: FieldText }
  /** Esc, Ctrl+Enter or Cmd+Enter: the field closes and keeps its text. */
  | { readonly type: "commit" }
  /** A key the field has no use for (Tab, F-keys, a lone modifier). */
  | { readonly type: "none" };

const NONE: TypedKey = { type: "none" };

/**
 * A key that would have typed a character: one code point, with no Ctrl or Cmd held, except
 * Ctrl+Alt, which is how AltGr arrives on Windows layouts ("@" on a German keyboard).
 */
export function typedCharacter(press: KeyPress): string | null {
  const { ctrl, alt, meta } = press.modifiers;
  if (meta || (ctrl && !alt)) return null;
  return [...press.key].length === 1 ? press.key : null;
}

function replace(field: FieldText, from: number, to: number, text: string): TypedKey {
  const value = field.value.slice(0, from) + text + field.value.slice(to);
  const caret = from + text.length;
  return { type: "edit", text: { value, start: caret, end: caret } };
}

function caret(field: FieldText, at: number): TypedKey {
  return { type: "edit", text: { value: field.value, start: at, end: at } };
}

/** The offset one code point before `at` (a surrogate pair is one character). */
function previous(value: string, at: number): number {
  if (at <= 0) return 0;
  const low = value.charCodeAt(at - 1);
  const high = at >= 2 ? value.charCodeAt(at - 2) : 0;
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return at - (pair ? 2 : 1);
}

/** The offset one code point after `at`. */
function next(value: string, at: number): number {
  if (at >= value.length) return value.length;
  const code = value.codePointAt(at) ?? 0;
  return at + (code > 0xffff ? 2 : 1);
}

/**
 * What typing `press` in a field holding `field` does, as a browser's textarea would: characters
 * replace the selection, Enter starts a line, Backspace and Delete remove, arrows, Home and End
 * move the caret within the line. Used for keys that reached the canvas before the field had the
 * keyboard, so nothing typed straight after a click is lost or taken for a shortcut.
 */
export function typeKey(field: FieldText, press: KeyPress): TypedKey {
  const start = Math.max(0, Math.min(field.start, field.end, field.value.length));
  const end = Math.min(field.value.length, Math.max(field.start, field.end));
  const { ctrl, meta } = press.modifiers;
  switch (press.key) {
    case "Escape":
      return { type: "commit" };
    case "Enter":
      return ctrl || meta ? { type: "commit" } : replace(field, start, end, "\n");
    case "Backspace":
      return replace(field, start === end ? previous(field.value, start) : start, end, "");
    case "Delete":
      return replace(field, start, start === end ? next(field.value, end) : end, "");
    case "ArrowLeft":
      return caret(field, start === end ? previous(field.value, start) : start);
    case "ArrowRight":
      return caret(field, start === end ? next(field.value, end) : end);
    case "Home":
      return caret(field, start === 0 ? 0 : field.value.lastIndexOf("\n", start - 1) + 1);
    case "End": {
      const lineEnd = field.value.indexOf("\n", end);
      return caret(field, lineEnd < 0 ? field.value.length : lineEnd);
    }
    default: {
      const character = typedCharacter(press);
      return character === null ? NONE : replace(field, start, end, character);
    }
  }
}
