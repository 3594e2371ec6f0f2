import type {
  ClipboardActions,
  ClipboardPicture,
  ClipboardPort,
} from "../actions/clipboardActions";
import type { FrameAt } from "../actions/frames";
import { addNodes, isAncestorOrSelf, worldMatrix } from "../doc/commands";
import { NO_STROKE } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { apply, IDENTITY_TRANSFORM, invert } from "../doc/transform";
import { isSceneNode, type Id, type TextNode } from "../doc/types";
import { exportSvg } from "../io/export/svg";
import { runExport } from "../io/export/inTasks";
import { exportSnapshot } from "../io/export/snapshot";
import type { ExportSource } from "../io/export/source";
import { deleteSelection } from "../actions/structure";
import { clipboardHtml, payloadFromHtml } from "./clipboardHtml";
import { copyItemsSteps, reaches, STEPPED_COPY_NODES } from "./steppedCopy";
import { isExcalidrawClipboard } from "../io/import/excalidraw";
import { importFileInto, OFF_THREAD_BYTES } from "../io/import/importFile";
import type { Jobs } from "../io/jobs";
import { maxInputBytesFor, megabytes } from "../io/import/limits";
import { DEFAULT_TEXT } from "../tools/textTool";
import type { EditableDocument } from "../editing/editor";
import type { Point } from "../math/point";

/** Our own clipboard format: the selection's records, for pasting back into Linework. */
export const LINEWORK_MIME = "application/x-linework+json";
/** The async Clipboard API names custom formats with this prefix (Chromium's web custom formats). */
export const LINEWORK_WEB_MIME = `web ${LINEWORK_MIME}`;
export { clipboardHtml, payloadFromHtml } from "./clipboardHtml";

/**
 * The PNG a copy puts beside its records is at most this many pixels (4096 × 4096): a chat or a
 * document needs no more, and a larger one would take seconds to draw after every Ctrl+C.
 */
export const CLIPBOARD_PNG_PIXELS = 4096 * 4096;
/** Pasted plain text longer than this is refused rather than made into one enormous text. */
export const MAX_PASTED_TEXT = 100_000;

export interface ClipboardTarget {
  editor(): EditableDocument;
  /** Where pasted shapes go: the page or the entered group. */
  scope(): Id;
  /** The middle of the view in world coordinates: pasted outside content lands there. */
  viewCentre(): Point;
  /** Tells the person why a paste did nothing. */
  notify(message: string): void;
  /** Copy, cut and paste of our own records, shared with the menu commands (paste offsets). */
  readonly actions: ClipboardActions;
  /** The frame a page point lies in: what lands there from outside goes into it. */
  frameAt?: FrameAt;
  /** The open document's imports under way, for the chrome's progress bars and Cancel. */
  imports?(): Jobs;
  /** Handles the keys pressed before the event first (Ctrl+A then Ctrl+C in one frame). */
  catchUpInput?(): void;
  /**
   * `ids` drawn as a PNG, read at once (or from `copied`, what was read of them already) and
   * drawn later; absent where there is no renderer.
   */
  snapshotPng?(ids: readonly Id[], copied?: ExportSource): Promise<Blob>;
}

/** A page point in the coordinates of `parent` (a page, frame or group). */
function inParent(editor: EditableDocument, parent: Id, at: Point): Point {
  if (!isSceneNode(editor.store.get(parent))) return at;
  const toParent = invert(worldMatrix(editor.store, parent));
  return toParent === null ? at : apply(toParent, at);
}

/** Where content from outside placed at `at` goes: the frame there, else the scope. */
function parentAt(target: ClipboardTarget, at: Point): Id {
  const scope = target.scope();
  const frame = target.frameAt?.(at, new Set());
  if (frame === null || frame === undefined) return scope;
  // Inside the entered group only: a frame elsewhere would pull the paste out of it.
  const editor = target.editor();
  return isAncestorOrSelf(editor.store, scope, frame) ? frame : scope;
}

/** The first `<svg …>…</svg>` in a piece of HTML or text (what Inkscape, Figma and Illustrator put). */
export function svgMarkupIn(text: string): string | null {
  const start = text.search(/<svg[\s>]/i);
  if (start < 0) return null;
  const end = text.toLowerCase().lastIndexOf("</svg>");
  if (end < start) return null;
  return text.slice(start, end + "</svg>".length);
}

/**
 * The selection's picture for other programs, taken now: the SVG at once, the PNG read at once
 * and drawn in the background (a chat or a document pastes the PNG; an editor the SVG).
 */
function selectionPicture(target: ClipboardTarget): ClipboardPicture {
  const editor = target.editor();
  const ids = editor.store.selection;
  const png = ids.length === 0 ? null : (target.snapshotPng?.(ids) ?? null);
  // The clipboard write reports a failed picture; nothing else is left waiting on it.
  png?.catch(() => undefined);
  return { svg: selectionSvg(editor), png };
}

/** Which of the types not every browser's async Clipboard API takes a copy offers. */
interface RichTypes {
  readonly png: boolean;
  /** The SVG as image/svg+xml. */
  readonly svg: boolean;
  /** Our records as a web custom format. */
  readonly custom: boolean;
}

/**
 * Everything a copy offers, for the async Clipboard API: the HTML (our records and the inline
 * SVG) and the SVG as text, which every browser takes, and what `rich` adds.
 */
function clipboardItems(
  text: string,
  picture: ClipboardPicture,
  rich: RichTypes,
): Record<string, Blob | Promise<Blob>> {
  const { svg, png } = picture;
  const items: Record<string, Blob | Promise<Blob>> = {
    "text/html": new Blob([clipboardHtml(text, svg)], { type: "text/html" }),
    // What Ctrl+C puts there too: the drawing as SVG for text, so both ways of copying paste
    // the same thing into an editor or a chat, not our records.
    "text/plain": new Blob([svg ?? text], { type: "text/plain" }),
  };
  if (rich.custom) items[LINEWORK_WEB_MIME] = new Blob([text], { type: LINEWORK_MIME });
  if (rich.svg && svg !== null) items["image/svg+xml"] = new Blob([svg], { type: "image/svg+xml" });
  if (rich.png && png !== null) items["image/png"] = png;
  return items;
}

/** Writes a copy through the async Clipboard API, dropping what the browser refuses. */
async function writeAsync(
  text: string,
  picture: ClipboardPicture,
  latest: () => boolean,
): Promise<void> {
  const tries: RichTypes[] = [
    { png: true, svg: true, custom: true },
    { png: false, svg: true, custom: true },
    { png: false, svg: false, custom: false },
  ];
  for (const [i, rich] of tries.entries()) {
    // A later copy has the clipboard: this one's plainer retries would overwrite it.
    if (!latest()) return;
    try {
      await navigator.clipboard.write([new ClipboardItem(clipboardItems(text, picture, rich))]);
      return;
    } catch (error) {
      if (i === tries.length - 1) throw error;
    }
  }
}

function selectionSvg(editor: EditableDocument): string | null {
  const ids = editor.store.selection;
  if (ids.length === 0) return null;
  try {
    return exportSvg(editor.store, { scope: { nodes: ids } }).svg;
  } catch {
    return null;
  }
}

/** Whether a write through the async Clipboard API can follow this event: a person's key press. */
function canWriteLater(): boolean {
  if (navigator.userActivation?.isActive !== true) return false;
  return typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function";
}

/**
 * Whose turn the clipboard is, over every way of copying (keys, menu, Copy as PNG): a copy whose
 * records or picture are made over many tasks must not overwrite a copy made after it.
 */
export class CopyTurns {
  private taken = 0;

  /** A new copy's turn: whether that copy is still the latest. */
  take(): () => boolean {
    const turn = ++this.taken;
    return () => turn === this.taken;
  }
}

/** `item`'s types, each failing once a later copy has taken the clipboard's turn. */
export function whileLatestItem<T>(
  item: Readonly<Record<string, Promise<T>>>,
  latest: () => boolean,
): Record<string, Promise<T>> {
  return Object.fromEntries(
    Object.entries(item).map(([type, made]) => [type, whileLatest(made, latest)]),
  );
}

/** Settles as `made` does while `latest()` holds, else fails: a later copy replaced this one. */
function whileLatest<T>(made: Promise<T>, latest: () => boolean): Promise<T> {
  const checked = made.then((value) => {
    if (!latest()) throw new Error("A later copy replaced this one");
    return value;
  });
  // The clipboard write reports a failure once; the other types' rejections are its.
  checked.catch(() => undefined);
  return checked;
}

/** Whether the selection is for `copyInSteps`, and the async API there to take it. */
function largeCopy(editor: EditableDocument): boolean {
  return canWriteLater() && reaches(editor.store, editor.store.selection, STEPPED_COPY_NODES);
}

/**
 * The keyboard's or the menus' copy or cut of a large selection: what was copied is read now (a cut deletes it
 * next, and later edits must not reach the copy), and the records, the SVG and the PNG are made
 * from that over many tasks under a Copy bar with Cancel (`copyItemsSteps`), then written through
 * the async API, whose items take the types as promises: the records first, then again with the
 * PNG. Until they land the clipboard keeps what it held; a cancel, a failure or a later copy
 * leaves it so.
 */
function copyInSteps(target: ClipboardTarget, cut: boolean, latest: () => boolean): void {
  const editor = target.editor();
  const ids = [...editor.store.selection];
  const snapshot = exportSnapshot(editor.store, ids);
  const png = target.snapshotPng?.(ids, snapshot) ?? null;
  if (cut) deleteSelection(editor);
  const job = target.imports?.().start("copy", "shapes");
  // Begun in a task of its own: this one has read the copy and, for a cut, deleted it.
  const made = whileLatest(
    new Promise((begin) => setTimeout(begin, 0))
      .then(() => runExport(copyItemsSteps(snapshot, ids, job?.progress), job?.signal))
      .then((items) => {
        if (items === null) throw new Error("Nothing was copied");
        return items;
      }),
    latest,
  );
  const item = (type: string): Promise<Blob> =>
    whileLatest(
      made.then((items) => {
        const blob = items[type];
        if (blob === undefined) throw new Error(`No ${type} was made`);
        return blob;
      }),
      latest,
    );
  const records = { "text/html": item("text/html"), "text/plain": item("text/plain") };
  const stopped = (): boolean => job?.signal.aborted === true || !latest();
  const write = (types: Record<string, Promise<Blob>>): Promise<void> =>
    navigator.clipboard.write([new ClipboardItem(types)]);
  // The records go as soon as they are made; the PNG takes seconds more to draw, and then all
  // of it is written again, as a small copy's picture follows its event.
  const first = write(records);
  const pictured =
    png === null ? first : write({ ...records, "image/png": whileLatest(png, latest) });
  pictured.catch(() => undefined);
  first
    .catch((error: unknown) => {
      if (!stopped())
        target.notify(`Copy failed: ${error instanceof Error ? error.message : String(error)}`);
    })
    .finally(() => job?.finish());
}

/**
 * What a paste contains, in the order of preference: our own records, SVG markup (as HTML or
 * text), an image file, then plain text (which becomes a text shape).
 */
export interface ClipboardContents {
  readonly ours: string | null;
  readonly html: string | null;
  readonly text: string | null;
  readonly files: readonly File[];
}

/**
 * Pastes what the clipboard holds into the open document, through the one untrusted-input
 * boundary. Whatever happens, the document changes only by one complete undo step or not at all.
 */
export async function pasteContents(
  target: ClipboardTarget,
  contents: ClipboardContents,
  jobs?: Jobs,
): Promise<void> {
  const editor = target.editor();
  if (editor.store.readOnly) return target.notify("The document is read-only.");
  const ours = contents.ours ?? (contents.html === null ? null : payloadFromHtml(contents.html));
  if (ours !== null) {
    await target.actions.pasteAny(ours);
    return;
  }
  const svg =
    (contents.html === null ? null : svgMarkupIn(contents.html)) ??
    (contents.text === null ? null : svgMarkupIn(contents.text));
  if (svg !== null) return importInto(target, "clipboard.svg", svg, target.viewCentre(), jobs);
  const file = contents.files[0];
  if (file !== undefined) {
    if (file.size > maxInputBytesFor(file.name)) {
      return target.notify(
        `${file.name} is ${megabytes(file.size)}; Linework imports files like it up to ${megabytes(maxInputBytesFor(file.name))}.`,
      );
    }
    return importInto(
      target,
      file.name,
      new Uint8Array(await file.arrayBuffer()),
      target.viewCentre(),
      jobs,
    );
  }
  const text = contents.text?.trim() ?? "";
  if (text === "") return;
  // Shapes copied in Excalidraw arrive as its clipboard JSON: imported as a scene.
  if (isExcalidrawClipboard(text))
    return importInto(target, "clipboard.excalidraw", text, target.viewCentre(), jobs);
  if (text.length > MAX_PASTED_TEXT) {
    return target.notify(
      `The pasted text is too long (over ${MAX_PASTED_TEXT.toLocaleString("en")} characters).`,
    );
  }
  const at = target.viewCentre();
  const parent = parentAt(target, at);
  pasteText(editor, parent, text, inParent(editor, parent, at));
}

/** With `jobs`, a large import (read in a worker) shows its progress and a Cancel button. */
async function importInto(
  target: ClipboardTarget,
  name: string,
  data: Uint8Array | string,
  at: Point,
  jobs?: Jobs,
): Promise<void> {
  const editor = target.editor();
  const size = typeof data === "string" ? data.length : data.byteLength;
  // Small files land within a frame or two: no bar flashes up for them.
  const job = size >= OFF_THREAD_BYTES ? jobs?.start("import", name) : undefined;
  const parent = parentAt(target, at);
  const result = await importFileInto(
    editor.store,
    parent,
    name,
    data,
    inParent(editor, parent, at),
    { progress: job?.progress, signal: job?.signal, gesture: editor.history },
  ).finally(() => job?.finish());
  if (!result.ok) {
    if (result.cancelled !== true) target.notify(result.error);
  } else if (result.warnings.length > 0) target.notify(result.warnings.join(" "));
}

/** Plain text becomes a text shape at `at`, selected, in one undo step. */
export function pasteText(editor: EditableDocument, parent: Id, text: string, at: Point): Id {
  const id = newId();
  editor.store.transact("Paste text", (tx) => {
    addNodes(tx, parent, [
      makeNode<TextNode>("text", id, parent, "", {
        ...DEFAULT_TEXT,
        fill: { type: "solid", color: { r: 0.12, g: 0.12, b: 0.14, a: 1 } },
        stroke: NO_STROKE,
        content: text,
        width: null,
        transform: { ...IDENTITY_TRANSFORM, x: at.x, y: at.y },
      }),
    ]);
    tx.select([id]);
  });
  return id;
}

/**
 * How long after the middle button comes up a paste still counts as its doing: Chromium on Linux
 * pastes the primary selection right after the release, in the same task.
 */
export const MIDDLE_PASTE_MS = 400;

/**
 * Follows the middle mouse button over the whole page. The middle button pans; on Linux a
 * middle click also pastes the primary selection into whatever has focus, which must not turn
 * into a text shape after every pan.
 */
function watchMiddleButton(canvas: HTMLElement): {
  pasting(event: Event): boolean;
  dispose(): void;
} {
  const win = canvas.ownerDocument.defaultView;
  let held = false;
  let releasedAt = -Infinity;
  const follow = (event: Event): void => {
    const mouse = event as MouseEvent;
    // `buttons` is the state after the event; mouseup and auxclick also name the button.
    const now = (mouse.buttons & 4) !== 0 && event.type !== "pointercancel";
    if (held && !now) releasedAt = event.timeStamp;
    if ((event.type === "mouseup" || event.type === "auxclick") && mouse.button === 1)
      releasedAt = event.timeStamp;
    held = now;
  };
  const types = [
    "pointerdown",
    "pointermove",
    "pointerup",
    "pointercancel",
    "mousedown",
    "mouseup",
    "auxclick",
  ];
  for (const type of types) win?.addEventListener(type, follow, true);
  // A key pressed after the release (Ctrl+V) makes the next paste the keyboard's, however soon.
  const keyed = (): void => {
    if (!held) releasedAt = -Infinity;
  };
  win?.addEventListener("keydown", keyed, true);
  // Pressing or releasing the middle button on the canvas does nothing of the browser's own:
  // no autoscroll on press, no selection paste on release.
  const quiet = (event: Event): void => {
    if ((event as MouseEvent).button === 1) event.preventDefault();
  };
  const quietTypes = ["mousedown", "mouseup", "auxclick"];
  for (const type of quietTypes) canvas.addEventListener(type, quiet);
  return {
    pasting: (event) => held || event.timeStamp - releasedAt < MIDDLE_PASTE_MS,
    dispose: () => {
      for (const type of types) win?.removeEventListener(type, follow, true);
      win?.removeEventListener("keydown", keyed, true);
      for (const type of quietTypes) canvas.removeEventListener(type, quiet);
    },
  };
}

/**
 * The keyboard's copy, cut and paste: the browser's own clipboard events on the canvas, which
 * carry the system clipboard synchronously and without a permission prompt. Copy writes our
 * records, the selection as SVG (image/svg+xml, and inline in text/html) and, where the
 * browser allows, PNG through the async API. `alsoFrom` accepts events aimed elsewhere on the
 * page (a panel button that has focus), so Ctrl+C and Ctrl+V work after a click on the chrome.
 */
export function bindClipboardEvents(
  canvas: HTMLElement,
  target: ClipboardTarget,
  alsoFrom: (event: Event) => boolean = () => false,
  turns: CopyTurns = new CopyTurns(),
): () => void {
  const middle = watchMiddleButton(canvas);
  const write = (event: ClipboardEvent, cut: boolean): void => {
    target.catchUpInput?.();
    const editor = target.editor();
    if (editor.store.selection.length === 0 || !event.clipboardData) return;
    // Writing thousands of shapes' records, SVG and HTML within the event is a freeze of a second
    // or more: the async API takes them as they are made, over many tasks, after a person's key
    // press. A script's event (isTrusted false) keeps the event's own way, whose data it reads.
    if (event.isTrusted && largeCopy(editor)) {
      event.preventDefault();
      copyInSteps(target, cut, turns.take());
      return;
    }
    const picture = selectionPicture(target);
    const { svg } = picture;
    const payload = cut ? target.actions.cut() : target.actions.copy();
    if (payload === null) return;
    event.preventDefault();
    event.clipboardData.setData(LINEWORK_MIME, payload);
    event.clipboardData.setData("text/html", clipboardHtml(payload, svg));
    if (svg !== null) {
      event.clipboardData.setData("image/svg+xml", svg);
      event.clipboardData.setData("text/plain", svg);
    }
    // The event cannot carry an image; the async API can, once the PNG is drawn. Until then, and
    // wherever the browser refuses it, the clipboard holds what the event put there. Only after
    // a person's key press (a script's event would be refused), and without our custom format,
    // which asks for more than writing plain types does: the HTML carries our records anyway.
    const png = picture.png;
    if (png === null || !canWriteLater()) return;
    const current = whileLatest(png, turns.take());
    navigator.clipboard
      .write([
        new ClipboardItem(
          clipboardItems(payload, { svg, png: current }, { png: true, svg: true, custom: false }),
        ),
      ])
      .catch(() => undefined);
  };
  const onCopy = (event: Event): void => write(event as ClipboardEvent, false);
  const onCut = (event: Event): void => write(event as ClipboardEvent, true);
  const onPaste = (event: Event): void => {
    const data = (event as ClipboardEvent).clipboardData;
    if (!data) return;
    event.preventDefault();
    if (middle.pasting(event)) return;
    target.catchUpInput?.();
    const contents: ClipboardContents = {
      ours: data.getData(LINEWORK_MIME) || null,
      html: data.getData("text/html") || null,
      text: data.getData("text/plain") || data.getData("image/svg+xml") || null,
      files: [...data.files],
    };
    pasteContents(target, contents, target.imports?.()).catch((error: unknown) =>
      target.notify(String(error)),
    );
  };
  // Events aimed at the chrome are heard on the document, after the focused element's own
  // handlers; a page that has text selected copies that text, not the shapes.
  const doc = canvas.ownerDocument;
  const fromChrome =
    (handle: (event: Event) => void, textCopies: boolean) =>
    (event: Event): void => {
      if (event.target === canvas || event.defaultPrevented || !alsoFrom(event)) return;
      if (textCopies && doc.getSelection()?.isCollapsed === false) return;
      handle(event);
    };
  const chromeCopy = fromChrome(onCopy, true);
  const chromeCut = fromChrome(onCut, true);
  const chromePaste = fromChrome(onPaste, false);
  canvas.addEventListener("copy", onCopy);
  canvas.addEventListener("cut", onCut);
  canvas.addEventListener("paste", onPaste);
  doc.addEventListener("copy", chromeCopy);
  doc.addEventListener("cut", chromeCut);
  doc.addEventListener("paste", chromePaste);
  return () => {
    canvas.removeEventListener("copy", onCopy);
    canvas.removeEventListener("cut", onCut);
    canvas.removeEventListener("paste", onPaste);
    doc.removeEventListener("copy", chromeCopy);
    doc.removeEventListener("cut", chromeCut);
    doc.removeEventListener("paste", chromePaste);
    middle.dispose();
  };
}

/**
 * The clipboard for menu commands (Edit → Copy, Paste): the async Clipboard API, which needs the
 * page focused and, for reading, the person's permission. Our records travel as a web custom
 * format where the browser has them, and inside text/html everywhere.
 */
export class BrowserClipboard implements ClipboardPort {
  /** `turns`: shared with the keys' copy (`bindClipboardEvents`), so the latest of any wins. */
  constructor(
    private readonly target: ClipboardTarget,
    private readonly turns: CopyTurns = new CopyTurns(),
  ) {}

  copyInSteps(cut: boolean): boolean {
    if (!largeCopy(this.target.editor())) return false;
    copyInSteps(this.target, cut, this.turns.take());
    return true;
  }

  capture(): ClipboardPicture {
    return selectionPicture(this.target);
  }

  write(text: string, picture: ClipboardPicture = { svg: null, png: null }): Promise<void> {
    const latest = this.turns.take();
    // The write waits for the picture; a copy made meanwhile must not be overwritten by it.
    const png = picture.png === null ? null : whileLatest(picture.png, latest);
    return writeAsync(text, { ...picture, png }, latest);
  }

  async read(): Promise<string | null> {
    const items = await navigator.clipboard.read();
    for (const item of items) {
      if (item.types.includes(LINEWORK_WEB_MIME))
        return (await item.getType(LINEWORK_WEB_MIME)).text();
      if (item.types.includes("text/html")) {
        const html = await (await item.getType("text/html")).text();
        const ours = payloadFromHtml(html);
        if (ours !== null) return ours;
        // Not ours: hand it to the general paste, which imports SVG and text safely.
        await pasteContents(this.target, { ours: null, html, text: null, files: [] });
        return null;
      }
      const image = item.types.find((type) => type.startsWith("image/"));
      if (image !== undefined) {
        const blob = await item.getType(image);
        const file = new File([blob], `clipboard.${image.slice(6)}`, { type: image });
        await pasteContents(this.target, { ours: null, html: null, text: null, files: [file] });
        return null;
      }
      if (item.types.includes("text/plain")) {
        const text = await (await item.getType("text/plain")).text();
        await pasteContents(this.target, { ours: null, html: null, text, files: [] });
        return null;
      }
    }
    return null;
  }
}

/** Files dropped on the canvas are imported where they were dropped, one undo step each. */
export function bindFileDrop(
  canvas: HTMLElement,
  target: ClipboardTarget & { worldAt(clientX: number, clientY: number): Point },
): () => void {
  const onOver = (event: DragEvent): void => {
    if (event.dataTransfer?.types.includes("Files")) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    }
  };
  const onDrop = (event: DragEvent): void => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    const at = target.worldAt(event.clientX, event.clientY);
    void (async () => {
      for (const [i, file] of files.entries()) {
        if (file.size > maxInputBytesFor(file.name)) {
          target.notify(
            `${file.name} is ${megabytes(file.size)}; Linework imports files like it up to ${megabytes(maxInputBytesFor(file.name))}.`,
          );
          continue;
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        // Several files fan out a little so they do not land exactly on one another.
        await importInto(
          target,
          file.name,
          bytes,
          { x: at.x + i * 20, y: at.y + i * 20 },
          target.imports?.(),
        );
      }
    })().catch((error: unknown) => target.notify(String(error)));
  };
  canvas.addEventListener("dragover", onOver);
  canvas.addEventListener("drop", onDrop);
  return () => {
    canvas.removeEventListener("dragover", onOver);
    canvas.removeEventListener("drop", onDrop);
  };
}
