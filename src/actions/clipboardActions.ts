import type { EditableDocument } from "../editing/editor";
import { isSceneNode, type Id } from "../doc/types";
import type { FrameAt } from "./frames";
import {
  copyPayload,
  cutSelection,
  pastePayload,
  pastePayloadInSlices,
  type PasteResult,
} from "./clipboard";
import type { Jobs } from "../io/jobs";

/** What other programs paste of a copy: the selection as SVG markup and as a PNG. */
export interface ClipboardPicture {
  readonly svg: string | null;
  readonly png: Promise<Blob> | null;
}

/** Where copied text goes: the system clipboard in the browser, memory in tests. */
export interface ClipboardPort {
  /** The selection's picture, taken before a copy or cut (a cut deletes what it shows). */
  capture?(): ClipboardPicture;
  write(text: string, picture?: ClipboardPicture): void | Promise<void>;
  /**
   * Copies, or cuts, a selection too large to copy in one task over many, where this clipboard
   * can; false leaves it to the usual copy and `write`.
   */
  copyInSteps?(cut: boolean): boolean;
  read(): string | null | Promise<string | null>;
}

/** What clipboard actions need of the running program. */
export interface ClipboardHost {
  editor(): EditableDocument;
  /** Where pasted shapes go: the page, or the group the person entered. */
  scope(): Id;
  /** Tells the person why a paste was refused. */
  notify?(message: string): void;
  /** The frame a page point lies in, so pasted shapes land inside the frames they cover. */
  frameAt?: FrameAt;
  /** The open document's jobs: a large paste shows its progress and a Cancel button there. */
  jobs?(): Jobs;
}

/** A clipboard that lives in the page's memory. */
export class MemoryClipboard implements ClipboardPort {
  private text: string | null = null;
  write(text: string): void {
    this.text = text;
  }
  read(): string | null {
    return this.text;
  }
}

/**
 * Payloads from this size on are pasted over many tasks. The format is compact (a plain
 * rectangle takes about 36 characters), so this is about a thousand shapes, which one task
 * reads, adds and draws in about 100 ms.
 */
export const SLICED_PASTE_CHARS = 32 * 1024;

/** Each further paste of the same clipboard lands this much further on. */
export const PASTE_STEP = 10;

/**
 * Remembers the last pasted text: pasting it again lands one step further on, and the first
 * paste steps off only when the originals are still in the document to be covered.
 */
class PasteOffsets {
  private lastText: string | null = null;
  private count = 0;

  next(
    text: string,
    editor: EditableDocument,
  ): (originals: readonly Id[]) => { x: number; y: number } {
    this.count = text === this.lastText ? this.count + 1 : 0;
    this.lastText = text;
    const count = this.count;
    return (originals) => {
      const covering = originals.some((id) => isSceneNode(editor.store.get(id))) ? 1 : 0;
      const step = (count + covering) * PASTE_STEP;
      return { x: step, y: step };
    };
  }
}

/**
 * Copy, cut and paste as text in and out, for the registry's commands and for the page's
 * clipboard events (which alone reach the system clipboard without a prompt): both must share
 * one instance so repeated pastes step on from each other.
 */
export interface ClipboardActions {
  /** The selection as clipboard text, or null when nothing is selected. */
  copy(): string | null;
  /** Copies, then deletes what of the selection can be deleted, as one step. */
  cut(): string | null;
  /** Pastes text into the scope; a refusal is reported through the host and returned. */
  paste(text: string): PasteResult;
  /**
   * `paste` for text of any size: a payload of thousands of shapes is read and added over many
   * tasks (see `pastePayloadInSlices`) under a bar with Cancel, where the host has jobs; a
   * cancel is reported to no one. A small one is pasted before this returns.
   */
  pasteAny(text: string): Promise<PasteResult>;
}

export function clipboardActions(host: ClipboardHost): ClipboardActions {
  const offsets = new PasteOffsets();
  const options = (text: string, editor: EditableDocument) => ({
    parent: host.scope(),
    offset: offsets.next(text, editor),
    frameAt: host.frameAt,
  });
  return {
    copy: () => copyPayload(host.editor()),
    cut: () => cutSelection(host.editor()),
    paste: (text) => {
      const editor = host.editor();
      const result = pastePayload(editor, text, options(text, editor));
      if (!result.ok) host.notify?.(result.error);
      return result;
    },
    pasteAny(text) {
      const job = text.length >= SLICED_PASTE_CHARS ? host.jobs?.().start("paste", "shapes") : null;
      if (job === null || job === undefined) return Promise.resolve(this.paste(text));
      const editor = host.editor();
      return pastePayloadInSlices(editor, text, options(text, editor), job)
        .then((result) => {
          if (!result.ok && result.cancelled !== true) host.notify?.(result.error);
          return result;
        })
        .finally(() => job.finish());
    },
  };
}
