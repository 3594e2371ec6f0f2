import type { Change } from "./patch";
import {
  isContainer,
  isSceneNode,
  type Binding,
  type DocRecord,
  type Id,
  type LineNode,
  type NodeOf,
  type NodeType,
  type SceneNode,
} from "./types";

/** What the checks need to see of a set of records. */
export interface RecordView {
  get(id: Id): DocRecord | undefined;
  /** Ids of the records whose `parent` is `id`. */
  childIds(id: Id): Iterable<Id>;
  all(): Iterable<DocRecord>;
  readonly size: number;
}

export class InvariantError extends Error {
  constructor(readonly violations: readonly string[]) {
    super(`Document invariants broken: ${violations.slice(0, 5).join("; ")}`);
    this.name = "InvariantError";
  }
}

/** The rules of one kind's own fields: each broken one adds its message to `problems`. */
export type ValueRule<T extends SceneNode> = (
  view: RecordView,
  node: T,
  problems: string[],
) => void;

/**
 * What the checks need of each kind: the rules of its own fields. The kinds give them
 * (`KIND_RULES`, `shapes/registry.ts`) to whoever checks a document: this layer lies below them
 * and cannot name them itself.
 */
export type KindRules = { readonly [K in NodeType]: { readonly rules: ValueRule<NodeOf<K>> } };

/** A kind whose own fields need no rule beyond the common ones. */
export const NO_RULES = (): void => {};

/** Every record, every rule, in time linear in the number of records; used after loads and in tests. */
export function checkAll(view: RecordView, rules: KindRules): string[] {
  const steps = checkAllSteps(view, rules);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/** Records `checkAllSteps` checks between two steps. */
const CHECKS_PER_STEP = 4096;

/**
 * `checkAll` in steps of CHECKS_PER_STEP records, for a load of a large document spread over
 * tasks (see io/steps.ts).
 */
export function* checkAllSteps(
  view: RecordView,
  rules: KindRules,
): Generator<void, string[], void> {
  let checked = 0;
  const problems: string[] = [];
  let documents = 0;
  const reachesPage = new Map<Id, boolean>();
  const indexesByParent = new Map<Id, Map<string, Id>>();
  for (const record of view.all()) {
    if (++checked % CHECKS_PER_STEP === 0) yield;
    if (record.type === "document") documents += 1;
    checkOwnFields(view, record, rules, problems);
    if (!isSceneNode(record)) continue;
    if (!reaches(view, record.id, reachesPage)) {
      problems.push(`${record.id}: its ancestors form a cycle or end without a page`);
    }
    let indexes = indexesByParent.get(record.parent);
    if (indexes === undefined) indexesByParent.set(record.parent, (indexes = new Map()));
    const other = indexes.get(record.index);
    if (other !== undefined)
      problems.push(`${record.id}: shares index ${record.index} with sibling ${other}`);
    else indexes.set(record.index, record.id);
  }
  if (documents !== 1) problems.push(`expected one document record, found ${documents}`);
  return problems;
}

/**
 * The rules that `changes` can break, checked only around the changed records: cheap enough to
 * run after every transaction in development and tests. Sibling indexes are checked once per
 * parent that gained or re-indexed a child.
 */
export function checkChanged(
  view: RecordView,
  changes: Iterable<Change>,
  rules: KindRules,
): string[] {
  const problems: string[] = [];
  const parents = new Set<Id>();
  const reachesPage = new Map<Id, boolean>();
  for (const { id, before } of changes) {
    const record = view.get(id);
    if (record !== undefined) {
      checkOwnFields(view, record, rules, problems);
      if (isSceneNode(record)) {
        if (!reaches(view, id, reachesPage))
          problems.push(`${id}: its ancestors form a cycle or end without a page`);
        parents.add(record.parent);
      }
      continue;
    }
    for (const child of view.childIds(id)) problems.push(`${child} has a removed parent ${id}`);
    if (before !== null && isSceneNode(before)) {
      // Deleting shapes is common, but this runs only where invariants are checked (tests and
      // development): one scan per removed node is fine there.
      for (const other of view.all()) {
        if (
          other.type === "line" &&
          (other.startBinding?.node === id || other.endBinding?.node === id)
        )
          problems.push(`${other.id}: bound to ${id}, which was removed`);
      }
    }
    if (before?.type === "blob") {
      // Removing image data is rare; a scan is fine there.
      for (const other of view.all()) {
        if (other.type === "image" && other.blob === id)
          problems.push(`${other.id}: image data ${id} was removed`);
      }
    }
  }
  for (const parent of parents) {
    const indexes = new Map<string, Id>();
    for (const childId of view.childIds(parent)) {
      const child = view.get(childId);
      if (!isSceneNode(child)) continue;
      const other = indexes.get(child.index);
      if (other !== undefined)
        problems.push(`${childId}: shares index ${child.index} with sibling ${other}`);
      else indexes.set(child.index, childId);
    }
  }
  return problems;
}

/**
 * Whether a node's chain of parents reaches a page without looping. Answers are remembered for
 * every node on the walked chain, so checking all nodes costs one step per node.
 */
function reaches(view: RecordView, id: Id, known: Map<Id, boolean>): boolean {
  const chain: Id[] = [];
  const onChain = new Set<Id>();
  let cursor: DocRecord | undefined = view.get(id);
  let result = false;
  for (;;) {
    if (cursor === undefined) break;
    if (cursor.type === "page") {
      result = true;
      break;
    }
    if (!isSceneNode(cursor) || onChain.has(cursor.id)) break;
    const memo = known.get(cursor.id);
    if (memo !== undefined) {
      result = memo;
      break;
    }
    chain.push(cursor.id);
    onChain.add(cursor.id);
    cursor = view.get(cursor.parent);
  }
  for (const link of chain) known.set(link, result);
  return result;
}

/** The rules about one record and the records it names (not its siblings or ancestors). */
function checkOwnFields(
  view: RecordView,
  record: DocRecord,
  rules: KindRules,
  problems: string[],
): void {
  const id = record.id;
  if (typeof id !== "string" || id.length === 0) problems.push(`a record has an empty id`);
  const bad = firstNonFinite(record, "");
  if (bad !== null) problems.push(`${id}: ${bad} is not a finite number`);
  if (record.type === "page") {
    if (record.index.length === 0) problems.push(`${id}: empty index`);
    return;
  }
  if (!isSceneNode(record)) return;
  if (record.index.length === 0) problems.push(`${id}: empty index`);
  const parent = view.get(record.parent);
  if (parent === undefined) problems.push(`${id}: parent ${record.parent} does not exist`);
  else if (parent.type !== "page" && !isContainer(parent)) {
    problems.push(`${id}: parent ${record.parent} is a ${parent.type}, not a page, frame or group`);
  }
  checkValues(view, record, rules, problems);
}

function checkValues(
  view: RecordView,
  node: DocRecord,
  rules: KindRules,
  problems: string[],
): void {
  if (!isSceneNode(node)) return;
  const id = node.id;
  if (node.opacity < 0 || node.opacity > 1)
    problems.push(`${id}: opacity ${node.opacity} outside 0–1`);
  if ("width" in node && node.width !== null && node.width < 0)
    problems.push(`${id}: negative width`);
  if ("height" in node && node.height < 0) problems.push(`${id}: negative height`);
  if ("stroke" in node && node.stroke.width < 0) problems.push(`${id}: negative stroke width`);
  // The table pairs each type with its own records, which a lookup by a union cannot show.
  (rules[node.type].rules as ValueRule<SceneNode>)(view, node, problems);
}

/** The rules of a line's ends, for the line kind: see `checkBinding`. */
export const boundEndRules: ValueRule<LineNode> = (view, node, problems) => {
  for (const binding of [node.startBinding, node.endBinding])
    if (binding !== null) checkBinding(view, node, binding, problems);
};

/**
 * A line end may be bound to a shape on its page that is neither a line (so bindings never form
 * chains or cycles), nor the line itself, nor a container holding the line (whose box would move
 * with the end it places).
 */
function checkBinding(
  view: RecordView,
  line: LineNode,
  binding: Binding,
  problems: string[],
): void {
  const target = view.get(binding.node);
  if (target === undefined || !isSceneNode(target)) {
    problems.push(`${line.id}: bound to ${binding.node}, which does not exist`);
    return;
  }
  if (target.type === "line" || target.type === "group")
    problems.push(`${line.id}: bound to ${binding.node}, a ${target.type}`);
  for (let cursor = view.get(line.parent); cursor !== undefined && isSceneNode(cursor);) {
    if (cursor.id === target.id) {
      problems.push(`${line.id}: bound to ${target.id}, which holds it`);
      break;
    }
    cursor = view.get(cursor.parent);
  }
  if (pageOf(view, target) !== pageOf(view, line))
    problems.push(`${line.id}: bound to ${target.id}, on another page`);
}

function pageOf(view: RecordView, node: DocRecord): Id | null {
  let cursor: DocRecord | undefined = node;
  for (let guard = 0; cursor !== undefined && guard < 100_000; guard++) {
    if (cursor.type === "page") return cursor.id;
    if (!isSceneNode(cursor)) return null;
    cursor = view.get(cursor.parent);
  }
  return null;
}

/** Path of the first number that is NaN or infinite, or null. */
function firstNonFinite(value: unknown, path: string): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? null : path || "(value)";
  if (typeof value !== "object" || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // Long number arrays (freehand points) are the common case: test them without recursion.
      if (typeof item === "number") {
        if (!Number.isFinite(item)) return `${path}[${i}]`;
      } else if (typeof item === "object" && item !== null) {
        const found = firstNonFinite(item, `${path}[${i}]`);
        if (found !== null) return found;
      }
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const inner = record[key];
    if (typeof inner === "number") {
      if (!Number.isFinite(inner)) return path ? `${path}.${key}` : key;
    } else if (typeof inner === "object" && inner !== null) {
      const found = firstNonFinite(inner, path ? `${path}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}
