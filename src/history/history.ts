import { invertPatch, isEmptyPatch, PatchBuilder, type Patch } from "../doc/patch";
import type { Commit, DocumentStore } from "../doc/store";
import type { Id } from "../doc/types";
import { estimatePatchBytes } from "./cost";

/** Undo keeps going back until its entries would hold this much memory. */
export const DEFAULT_HISTORY_BUDGET_BYTES = 256 * 1024 * 1024;

export interface HistoryEntry {
  readonly label: string;
  readonly patch: Patch;
  /** Estimated memory the entry keeps alive. */
  readonly bytes: number;
  readonly selectionBefore: readonly Id[];
  readonly selectionAfter: readonly Id[];
}

interface OpenGesture {
  label: string;
  changes: PatchBuilder;
  selectionBefore: readonly Id[];
  selectionAfter: readonly Id[];
}

/**
 * Undo and redo from the store's user commits. A gesture (a drag, a stroke) folds every commit it
 * makes into one entry; cancelling it reverts those commits and leaves history as it was.
 * Depth is bounded by memory, not count: entries hold only the records they changed.
 */
export class History {
  private readonly undoStack: HistoryEntry[] = [];
  private undoBytes = 0;
  private redoBytes = 0;
  private readonly redoStack: HistoryEntry[] = [];
  private gesture: OpenGesture | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: DocumentStore,
    private readonly budgetBytes: number = DEFAULT_HISTORY_BUDGET_BYTES,
    commits: Pick<DocumentStore, "subscribe"> = store,
  ) {
    this.unsubscribe = commits.subscribe((commit) => this.record(commit));
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0 && this.gesture === null && !this.store.readOnly;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0 && this.gesture === null && !this.store.readOnly;
  }

  get undoLabel(): string | null {
    return this.undoStack.at(-1)?.label ?? null;
  }

  get redoLabel(): string | null {
    return this.redoStack.at(-1)?.label ?? null;
  }

  get depth(): { undo: number; redo: number } {
    return { undo: this.undoStack.length, redo: this.redoStack.length };
  }

  /** Estimated memory held by undo and redo entries. */
  get bytes(): number {
    return this.undoBytes + this.redoBytes;
  }

  /** Starts folding user commits into one entry until `endGesture` or `cancelGesture`. */
  beginGesture(label: string): void {
    if (this.gesture !== null) this.endGesture();
    const selection = this.store.selection;
    this.gesture = {
      label,
      changes: new PatchBuilder(),
      selectionBefore: selection,
      selectionAfter: selection,
    };
  }

  endGesture(): void {
    const gesture = this.gesture;
    if (gesture === null) return;
    this.gesture = null;
    const patch = gesture.changes.build();
    if (!isEmptyPatch(patch)) {
      this.push({
        label: gesture.label,
        patch,
        bytes: estimatePatchBytes(patch),
        selectionBefore: gesture.selectionBefore,
        selectionAfter: gesture.selectionAfter,
      });
    } else this.notify();
  }

  /** Reverts everything the open gesture did; history and redo stay exactly as they were. */
  cancelGesture(): void {
    const gesture = this.gesture;
    if (gesture === null) return;
    this.gesture = null;
    const patch = gesture.changes.build();
    if (!isEmptyPatch(patch)) {
      this.store.apply(
        invertPatch(patch),
        "undo",
        `Cancel ${gesture.label}`,
        gesture.selectionBefore,
      );
    } else this.store.setSelection(gesture.selectionBefore);
    this.notify();
  }

  get inGesture(): boolean {
    return this.gesture !== null;
  }

  undo(): boolean {
    if (!this.canUndo) return false;
    const entry = this.undoStack.pop()!;
    this.store.apply(
      invertPatch(entry.patch),
      "undo",
      `Undo ${entry.label}`,
      entry.selectionBefore,
    );
    this.redoStack.push(entry);
    this.notify();
    return true;
  }

  redo(): boolean {
    if (!this.canRedo) return false;
    const entry = this.redoStack.pop()!;
    this.store.apply(entry.patch, "redo", `Redo ${entry.label}`, entry.selectionAfter);
    this.undoStack.push(entry);
    this.redoBytes -= entry.bytes;
    this.undoBytes += entry.bytes;
    this.notify();
    return true;
  }

  clear(): void {
    this.undoStack.length = 0;
    this.redoStack.length = 0;
    this.undoBytes = 0;
    this.redoBytes = 0;
    this.notify();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.unsubscribe();
  }

  private record(commit: Commit): void {
    if (commit.origin !== "user") return;
    if (this.gesture !== null) {
      this.gesture.changes.add(commit.patch);
      this.gesture.selectionAfter = commit.selectionAfter;
      return;
    }
    if (isEmptyPatch(commit.patch)) return; // a selection-only change is not an undo step
    this.push({
      label: commit.label,
      patch: commit.patch,
      bytes: estimatePatchBytes(commit.patch),
      selectionBefore: commit.selectionBefore,
      selectionAfter: commit.selectionAfter,
    });
  }

  private push(entry: HistoryEntry): void {
    this.undoStack.push(entry);
    this.undoBytes += entry.bytes;
    this.redoStack.length = 0;
    this.redoBytes = 0;
    // The oldest steps go first when memory runs over budget; the newest always stays.
    let dropped = 0;
    while (this.undoBytes > this.budgetBytes && this.undoStack.length - dropped > 1) {
      this.undoBytes -= this.undoStack[dropped]!.bytes;
      dropped += 1;
    }
    if (dropped > 0) this.undoStack.splice(0, dropped);
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
