import type { Commit } from "../doc/store";

/** Where a part of the program hears of commits: the store itself, or one stage of a pipeline. */
export interface CommitSource {
  subscribe(listener: (commit: Commit) => void): () => void;
}

/**
 * Everything that reacts to a commit, in the order it runs. The order matters: the bindings'
 * index first, so that whatever a listener does next is finished against current bindings; history so
 * undo sees the edit before anything else can add to it; storage next so an edit is on its way to
 * disk before any drawing; the spatial index before the picker, renderer and overlays that query
 * it; the tools last among the document's parts, so a tool that reacts to a commit sees a scene
 * already redrawn. The chrome's own subscriptions run after every stage.
 */
export const COMMIT_STAGES = [
  "bindings",
  "history",
  "autosave",
  "spatial index",
  "picker",
  "renderer",
  "overlays",
  "document name",
  "page background",
  "tools",
] as const;

export type CommitStage = (typeof COMMIT_STAGES)[number];

/** One commit as the pipeline ran it: how long each stage took, in milliseconds. */
export interface CommitTrace {
  readonly label: string;
  readonly version: number;
  readonly changes: number;
  readonly stages: readonly { readonly stage: CommitStage; readonly ms: number }[];
}

/** How many commits the trace keeps: enough to read a gesture, bounded for a long session. */
export const TRACE_LENGTH = 64;

/**
 * The one ordered list of what happens after a commit. It is the store's only document-lifetime
 * listener; each stage is a `CommitSource` that its part subscribes to, and the stages run in
 * `COMMIT_STAGES` order whatever order the parts were built in. With `trace` on (development and
 * tests), each commit's time per stage is kept for `trace()`.
 */
export class CommitPipeline {
  private readonly listeners = new Map<CommitStage, Set<(commit: Commit) => void>>(
    COMMIT_STAGES.map((stage) => [stage, new Set()]),
  );
  private readonly traces: CommitTrace[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    store: CommitSource,
    private readonly tracing: boolean = false,
  ) {
    this.unsubscribe = store.subscribe((commit) => this.run(commit));
  }

  /** The source a part subscribes to, to hear commits at its place in the order. */
  stage(stage: CommitStage): CommitSource {
    const listeners = this.listeners.get(stage)!;
    return {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }

  /** The last commits' time per stage, oldest first (empty unless tracing). */
  trace(): readonly CommitTrace[] {
    return [...this.traces];
  }

  /** Stops hearing the store; every stage's listeners are dropped with it. */
  dispose(): void {
    this.unsubscribe();
    for (const set of this.listeners.values()) set.clear();
  }

  private run(commit: Commit): void {
    if (!this.tracing) {
      for (const set of this.listeners.values()) for (const listener of [...set]) listener(commit);
      return;
    }
    const stages: { stage: CommitStage; ms: number }[] = [];
    for (const [stage, set] of this.listeners) {
      if (set.size === 0) continue;
      const start = performance.now();
      for (const listener of [...set]) listener(commit);
      stages.push({ stage, ms: performance.now() - start });
    }
    this.traces.push({
      label: commit.label,
      version: commit.version,
      changes: commit.patch.changes.length,
      stages,
    });
    if (this.traces.length > TRACE_LENGTH) this.traces.shift();
  }
}
