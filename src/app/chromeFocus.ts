import type { Engine } from "../../engine";

/**
 * Keys reach the program through the canvas, but a click on a panel button (a layer's eye, Add
 * page, a zoom button) or on plain chrome (the status bar) takes focus away from it. People expect
 * Ctrl+Z, tool letters and Shift+0 to keep working then, as long as they are not typing: this
 * module says which keys pressed outside the canvas belong to the program.
 */

/** Input types that take no typing: letters pressed on them are free for shortcuts. */
const NON_TEXT_INPUTS = new Set([
  "button",
  "checkbox",
  "radio",
  "range",
  "color",
  "submit",
  "reset",
  "image",
  "file",
]);

/** Whether keys pressed on `element` are text for it. */
export function takesTyping(element: Element): boolean {
  if (element instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(element.type);
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * Widgets that read every key themselves while focus is inside them: an open menu (arrows,
 * type-ahead), a dialog (its own fields and Esc), a list with a search.
 */
const OWN_KEYS =
  '[role="menu"], [role="dialog"], [role="alertdialog"], dialog, [role="listbox"], [role="combobox"]';

/**
 * Keys that mean something to a focused control: moving between controls, pressing one, the
 * layers panel's arrows. Esc is handled apart (it takes focus back to the canvas).
 */
const CONTROL_KEYS = new Set([
  "Tab",
  "Enter",
  " ",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  "Escape",
  "F6",
  "ContextMenu",
]);
const CONTROL_CODES = new Set(["Space", "NumpadEnter"]);

/**
 * Where an event that did not happen on the canvas comes from: "nothing" when no element has
 * focus (after a click on plain chrome), "control" for a button or other non-text control of
 * the program, null for a text field, a menu or dialog, or anything outside the program.
 */
export function chromeOrigin(
  target: EventTarget | null,
  program: Element,
): "nothing" | "control" | null {
  if (!(target instanceof Element)) return null;
  const doc = target.ownerDocument;
  if (target === doc.body || target === doc.documentElement) return "nothing";
  if (!program.contains(target)) return null;
  if (takesTyping(target) || target.closest(OWN_KEYS) !== null) return null;
  return "control";
}

/**
 * A field that shows what the document holds, nothing typed into it since: Enter applied its
 * value, or it was never changed. Undo there is the document's, as in Figma; the browser's own
 * undo would take back the field's text alone (and then another field's), leaving the document
 * as it was and the fields showing values it does not hold.
 */
const COMMITTED_FIELD = "[data-committed]";

/** Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y (Cmd on a Mac). */
function isHistoryChord(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  const key = event.key.toLowerCase();
  return key === "z" || (key === "y" && !event.shiftKey);
}

/** Whether a keydown outside the canvas is the program's (a shortcut, a tool key). */
export function isProgramKey(event: KeyboardEvent, program: Element): boolean {
  // A control that used the key (a gradient stop's Delete, a row's Alt+arrow) prevents it.
  if (event.defaultPrevented || event.isComposing) return false;
  const target = event.target;
  if (
    isHistoryChord(event) &&
    target instanceof Element &&
    program.contains(target) &&
    target.matches(COMMITTED_FIELD)
  )
    return true;
  const origin = chromeOrigin(target, program);
  if (origin === null) return false;
  if (event.key === "Tab" || event.key === "F6" || event.key === "Escape") return false;
  if (origin === "nothing") return true;
  return !CONTROL_KEYS.has(event.key) && !CONTROL_CODES.has(event.code);
}

/**
 * Keys pressed while a panel control (or nothing) has focus reach the program as if pressed on
 * the canvas, and Esc there hands focus back to the canvas. Returns the unbinding.
 */
export function bindChromeKeys(engine: Engine, program: Element): () => void {
  const canvas = engine.shell.canvas;
  const doc = canvas.ownerDocument;
  const onEscape = (event: KeyboardEvent): void => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    if (chromeOrigin(event.target, program) === null) return;
    event.preventDefault();
    canvas.focus({ preventScroll: true });
  };
  doc.addEventListener("keydown", onEscape);
  const release = engine.acceptKeysFrom((event) => isProgramKey(event, program));
  return () => {
    doc.removeEventListener("keydown", onEscape);
    release();
  };
}
