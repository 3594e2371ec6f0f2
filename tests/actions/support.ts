import fc from "fast-check";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import {
  isSceneNode,
  type DocRecord,
  type GroupNode,
  type Id,
  type RectNode,
  type SceneNode,
  type Transform,
} from "../../src/doc/types";
import { IDENTITY_TRANSFORM } from "../../src/doc/transform";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { documentArb } from "../support/arbitraries";
import { emptyDocumentStore } from "../support/store";

/** Everything undo must restore: every record (sorted by id) and the selection. */
export interface StoreState {
  readonly records: readonly DocRecord[];
  readonly selection: readonly Id[];
}

export function stateOf(store: DocumentStore): StoreState {
  const records = [...store.snapshot()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { records, selection: [...store.selection] };
}

export function sceneIds(store: DocumentStore): Id[] {
  return store
    .snapshot()
    .filter(isSceneNode)
    .map((n) => n.id);
}

/** A generated document, open in an editor, with some of its nodes selected. */
export const editorArb: fc.Arbitrary<{ records: DocRecord[]; picks: number[] }> = fc.record({
  records: documentArb({ maxPages: 2 }),
  picks: fc.array(fc.nat({ max: 1000 }), { maxLength: 5 }),
});

export function openEditor({
  records,
  picks,
}: {
  records: DocRecord[];
  picks: number[];
}): EditableDocument {
  const editor = createEditor(records);
  const ids = sceneIds(editor.store);
  const selection = ids.length === 0 ? [] : picks.map((p) => ids[p % ids.length]!);
  editor.store.setSelection([...new Set(selection)]);
  return editor;
}

/** A transform from degrees and the rest, for readable fixtures. */
export function at(x: number, y: number, degrees = 0, scaleX = 1, scaleY = 1): Transform {
  return { ...IDENTITY_TRANSFORM, x, y, rotation: (degrees * Math.PI) / 180, scaleX, scaleY };
}

export function rect(
  id: Id,
  parent: Id,
  index: string,
  transform: Transform,
  width = 100,
  height = 50,
): RectNode {
  return makeNode<RectNode>("rect", id, parent, index, {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width,
    height,
    radii: [0, 0, 0, 0],
    transform,
  });
}

export function group(id: Id, parent: Id, index: string, transform: Transform): GroupNode {
  return makeNode<GroupNode>("group", id, parent, index, { transform });
}

/** An editor on the empty test document (page "page") holding `nodes`. */
export function editorWith(nodes: readonly SceneNode[]): EditableDocument {
  const records = [...emptyDocumentStore().snapshot(), ...nodes];
  return createEditor(records);
}

/** Counter ids, so tests can name what an action creates. */
export function counterIds(prefix = "new"): () => Id {
  let n = 0;
  return () => `${prefix}${n++}`;
}

export function closeTo(actual: number, expected: number, tolerance = 1e-6): boolean {
  return Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
}
