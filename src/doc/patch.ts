import type { DocRecord, Id } from "./types";

/** One record's change: absent → present is an add, present → absent a removal. */
export interface Change {
  readonly id: Id;
  readonly before: DocRecord | null;
  readonly after: DocRecord | null;
}

/**
 * What a transaction did, as before/after pairs. The same patch drives undo (inverted), autosave
 * (appended to the log), the renderer and spatial index (applied), and later sync.
 */
export interface Patch {
  readonly changes: readonly Change[];
}

export const EMPTY_PATCH: Patch = { changes: [] };

export function invertPatch(patch: Patch): Patch {
  const changes: Change[] = [];
  for (let i = patch.changes.length - 1; i >= 0; i--) {
    const change = patch.changes[i]!;
    changes.push({ id: change.id, before: change.after, after: change.before });
  }
  return { changes };
}

/**
 * Folds patches applied one after another into one: each id keeps its earliest `before` and its
 * latest `after`, and ids that end where they started drop out. A gesture's frames become one
 * undo step this way, at a cost per changed record, not per frame.
 */
export class PatchBuilder {
  private readonly merged = new Map<Id, { before: DocRecord | null; after: DocRecord | null }>();

  add(patch: Patch): this {
    for (const change of patch.changes) {
      const existing = this.merged.get(change.id);
      if (existing) existing.after = change.after;
      else this.merged.set(change.id, { before: change.before, after: change.after });
    }
    return this;
  }

  get isEmpty(): boolean {
    return this.merged.size === 0;
  }

  build(): Patch {
    const changes: Change[] = [];
    for (const [id, { before, after }] of this.merged) {
      if (!sameValue(before, after)) changes.push({ id, before, after });
    }
    return { changes };
  }
}

export function composePatches(first: Patch, second: Patch): Patch {
  return new PatchBuilder().add(first).add(second).build();
}

export function isEmptyPatch(patch: Patch): boolean {
  return patch.changes.length === 0;
}

/** Structural equality of plain JSON-like values. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  return sameFields(a as Record<string, unknown>, b as Record<string, unknown>);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether two plain objects have the same own keys with the same values. Fields that are the
 * same value are passed over without a call, and nothing is allocated: a record changed in one
 * field (a line end placed again) is told apart at that field, and a transaction compares
 * every record it wrote.
 */
function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  let keys = 0;
  for (const key in a) {
    if (!hasOwn.call(a, key)) continue;
    keys += 1;
    const value = a[key];
    const other = b[key];
    if (value === other && value !== undefined) continue;
    if (!hasOwn.call(b, key) || !sameValue(value, other)) return false;
  }
  for (const key in b) if (hasOwn.call(b, key)) keys -= 1;
  return keys === 0;
}
