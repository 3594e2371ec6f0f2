import { createDocument } from "../doc/factory";
import { newId } from "../doc/ids";
import { DocumentStore } from "../doc/store";
import type { DocRecord, Id } from "../doc/types";
import { History } from "../history/history";
import { KIND_RULES } from "../shapes/registry";
import { BindingFollower } from "./bindingFollower";
import { followFilterRegions } from "./filterFitter";
import { CommitPipeline } from "./commitPipeline";
import { GradientEditRequests } from "./gradientEditRequests";

/**
 * The text whose editing field is open, if any. Session state, not a document change: the
 * renderer leaves that text undrawn (the field shows its words), while the panels, the files and
 * the history see the text as it is.
 */
export class EditingText {
  private current: Id | null = null;
  private readonly listeners = new Set<(id: Id | null) => void>();

  get id(): Id | null {
    return this.current;
  }

  set(id: Id | null): void {
    if (id === this.current) return;
    this.current = id;
    for (const listener of [...this.listeners]) listener(id);
  }

  subscribe(listener: (id: Id | null) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The document and its history: what every tool, panel and saver works with. */
export interface EditableDocument {
  readonly store: DocumentStore;
  readonly history: History;
  readonly editingText: EditingText;
  /** What runs after each commit, in order; each part hears commits through its own stage. */
  readonly commits: CommitPipeline;
  /** Keeps bound line ends on their shapes, inside each transaction. */
  readonly bindings: BindingFollower;
  /** The properties panel's requests for on-canvas gradient editing. */
  readonly gradientEdits: GradientEditRequests;
  /** What the last Duplicate made, so a repeated Ctrl+D repeats how far the copies were moved. */
  lastDuplicate: LastDuplicate | null;
}

export interface LastDuplicate {
  readonly originals: readonly Id[];
  readonly copies: readonly Id[];
}

/** Invariant checks run after every transaction in development and tests, not in production. */
export const CHECK_INVARIANTS = import.meta.env.DEV || import.meta.env.MODE === "test";

/**
 * An editor's store of `records`, made in steps (see `DocumentStore.build`): what a document
 * switch loads before it closes the open document, then hands to `createEditor`.
 */
export function buildEditorStore(
  records: readonly DocRecord[],
): Generator<void, DocumentStore, void> {
  return DocumentStore.build(records, CHECK_INVARIANTS ? { invariants: KIND_RULES } : {});
}

/** An editable document of `content`: its records, or a store `buildEditorStore` made of them. */
export function createEditor(
  content: readonly DocRecord[] | DocumentStore,
  { checkInvariants = CHECK_INVARIANTS }: { readonly checkInvariants?: boolean } = {},
): EditableDocument {
  const store =
    content instanceof DocumentStore
      ? content
      : new DocumentStore(content, checkInvariants ? { invariants: KIND_RULES } : {});
  const commits = new CommitPipeline(store, checkInvariants);
  const bindings = new BindingFollower(store, commits.stage("bindings"));
  followFilterRegions(store);
  const history = new History(store, undefined, commits.stage("history"));
  const gradientEdits = new GradientEditRequests();
  return {
    store,
    history,
    editingText: new EditingText(),
    commits,
    bindings,
    gradientEdits,
    lastDuplicate: null,
  };
}

export function newDocumentRecords(author: string, now: Date = new Date()): DocRecord[] {
  return createDocument({ id: newId(), pageId: newId(), author, created: now.toISOString() });
}
