import { withBindingsRemapped } from "../../doc/bindings";
import { generateNKeysBetween } from "fractional-indexing";
import { createIdGenerator } from "../../doc/ids";
import type { Id, SceneNode } from "../../doc/types";
import { IMPORT_ROOT } from "./result";

/** A node as an importer builds it: children nested, ids and indexes not yet given. */
export interface Draft {
  readonly node: SceneNode;
  readonly children: Draft[] | null;
}

/**
 * The drafts as a flat list of nodes with local ids, parents and sibling indexes, parents
 * before their children.
 */
export function flattenDrafts(drafts: readonly Draft[]): SceneNode[] {
  const nextId = createIdGenerator("n");
  const out: SceneNode[] = [];
  const queue: Array<{ drafts: readonly Draft[]; parent: Id }> = [{ drafts, parent: IMPORT_ROOT }];
  // A node read back from Linework data may carry the id a line is bound to in it.
  const renamed = new Map<Id, Id>();
  while (queue.length > 0) {
    const { drafts: list, parent } = queue.pop()!;
    if (list.length === 0) continue;
    const indexes = generateNKeysBetween(null, null, list.length);
    list.forEach((draft, i) => {
      const id = nextId();
      if (!renamed.has(draft.node.id)) renamed.set(draft.node.id, id);
      out.push({ ...draft.node, id, parent, index: indexes[i]! } as SceneNode);
      if (draft.children !== null) queue.push({ drafts: draft.children, parent: id });
    });
  }
  // Bindings follow their shapes to the new ids; one to a shape not imported comes free.
  return out.map((node) => withBindingsRemapped(node, renamed));
}

/** Whether every number in a node is finite and within ±limit. */
export function numbersWithin(value: unknown, limit: number): boolean {
  if (typeof value === "number") return Number.isFinite(value) && Math.abs(value) <= limit;
  if (typeof value !== "object" || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (!numbersWithin(item, limit)) return false;
    return true;
  }
  for (const key in value) {
    if (!numbersWithin((value as Record<string, unknown>)[key], limit)) return false;
  }
  return true;
}

/** "3 filters, 1 mask" from counts by singular name. */
export function describeCounts(counts: ReadonlyMap<string, number>): string {
  return [...counts]
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${n === 1 ? name : plural(name)}`)
    .join(", ");
}

/** English plurals of the feature names used: the head noun before a qualifier takes the "s". */
function plural(name: string): string {
  const qualifier = /\s(with|that|on|to|from)\s/.exec(name);
  if (qualifier !== null)
    return `${plural(name.slice(0, qualifier.index))}${name.slice(qualifier.index)}`;
  if (/(s|x|ch|sh)$/.test(name)) return `${name}es`;
  if (/[^aeiou]y$/.test(name)) return `${name.slice(0, -1)}ies`;
  return `${name}s`;
}
