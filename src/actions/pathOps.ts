import type { EditableDocument } from "../editing/editor";
import type { Command } from "../editing/commands";
import { addNodes, deleteNodes, worldMatrix } from "../doc/commands";
import { newId } from "../doc/ids";
import { IDENTITY_MATRIX } from "../doc/transform";
import { isSceneNode, type DocRecord, type Id, type SceneNode } from "../doc/types";
import type { BooleanOperation } from "../shapes/booleans";
import { outlineStroke } from "../shapes/outlineStroke";
import { isPathConvertible, toEditablePath } from "../shapes/toPath";
import { inPaintOrder } from "./clipboard";
import { inlineBooleans, type BooleanRunner } from "./booleanRunner";
import { editableSelection } from "./targets";
import { isPath } from "../shapes/path";

/** Why a path operation did nothing, for the person who asked; null when it worked. */
export type PathOpOutcome = string | null;

/**
 * Union, subtract, intersect or exclude of the selected shapes into one path, placed where the
 * top-most of them was, as one undo step. Curves and holes are kept (paper.js). The geometry is
 * computed by `runner` (a worker in the browser, with a time limit); if the shapes were edited
 * meanwhile, nothing is done.
 */
export async function booleanSelection(
  editor: EditableDocument,
  op: BooleanOperation,
  runner: BooleanRunner = inlineBooleans,
): Promise<PathOpOutcome> {
  const { store } = editor;
  if (store.readOnly) return "The document is read-only.";
  const nodes = inPaintOrder(store, editableSelection(store)).filter(isPathConvertible);
  if (nodes.length < 2) return "Select at least two shapes.";
  const top = nodes.at(-1)!;
  const parent = store.get(top.parent);
  // Records are replaced, never changed in place: if the shapes and their ancestors are the same
  // objects after the computation, nothing they depend on was edited meanwhile.
  const inputs = new Map<Id, DocRecord>();
  for (const node of nodes) {
    let record: DocRecord | undefined = node;
    while (record !== undefined && !inputs.has(record.id)) {
      inputs.set(record.id, record);
      record = isSceneNode(record) ? store.get(record.parent) : undefined;
    }
  }
  const result = await runner.run({
    op,
    operands: nodes.map((node) => ({ node, world: worldMatrix(store, node.id) })),
    target: {
      id: newId(),
      parent: top.parent,
      index: "",
      name: op[0]!.toUpperCase() + op.slice(1),
      parentWorld: isSceneNode(parent) ? worldMatrix(store, parent.id) : IDENTITY_MATRIX,
    },
  });
  if (result.node === null) return result.reason;
  if (store.readOnly || [...inputs].some(([id, record]) => store.get(id) !== record))
    return "The shapes changed while they were being combined; nothing was done.";
  const made = result.node;
  store.transact(made.name, (tx) => {
    addNodes(tx, top.parent, [made], { after: top.id });
    deleteNodes(
      tx,
      nodes.map((n) => n.id),
    );
    tx.select([made.id]);
  });
  return null;
}

/**
 * Every selected shape becomes an editable path in place: boxes, ellipses, polygons and stars
 * as exact curves; freehand ink as Bézier curves fitted to its centre line.
 */
export function convertSelectionToPath(editor: EditableDocument): PathOpOutcome {
  const { store } = editor;
  if (store.readOnly) return "The document is read-only.";
  const nodes = editableSelection(store)
    .filter(isPathConvertible)
    .filter((n) => !isPath(n));
  if (nodes.length === 0) return "Select a shape to convert.";
  store.transact("Convert to path", (tx) => {
    for (const node of nodes) {
      tx.put(toEditablePath(node));
    }
  });
  return null;
}

/** Every selected shape's stroke becomes a filled path of its own outline, in place. */
export function outlineSelectionStroke(editor: EditableDocument): PathOpOutcome {
  const { store } = editor;
  if (store.readOnly) return "The document is read-only.";
  const nodes = editableSelection(store).filter(isPathConvertible);
  const outlined: SceneNode[] = [];
  let reason: string | null = "Select a shape with a stroke.";
  for (const node of nodes) {
    const result = outlineStroke(node);
    if (result.node === null) reason = result.reason;
    else outlined.push(result.node);
  }
  if (outlined.length === 0) return reason;
  store.transact("Outline stroke", (tx) => {
    for (const node of outlined) tx.put(node);
  });
  return null;
}

export interface PathCommandHost {
  editor(): EditableDocument;
  notify?(message: string): void;
  /** Where booleans are computed; on this thread when not given. */
  booleans?: BooleanRunner;
}

/** The path commands for the registry, with Figma's shortcuts. */
export function pathCommands(host: PathCommandHost): Command[] {
  const report = (outcome: PathOpOutcome): void => {
    if (outcome !== null) host.notify?.(outcome);
  };
  const writable = (minimum: number) => (): boolean =>
    !host.editor().store.readOnly && host.editor().store.selection.length >= minimum;
  const boolean = (op: BooleanOperation, label: string, code: string): Command => ({
    id: `object.${op}`,
    label,
    category: "object",
    shortcuts: [{ code, mod: true, alt: true }],
    enabled: writable(2),
    run: () => {
      booleanSelection(host.editor(), op, host.booleans).then(report, (error: unknown) =>
        report(`The shapes could not be combined: ${String(error)}`),
      );
    },
  });
  return [
    boolean("union", "Union", "KeyU"),
    boolean("subtract", "Subtract", "KeyS"),
    boolean("intersect", "Intersect", "KeyI"),
    boolean("exclude", "Exclude", "KeyX"),
    {
      id: "object.outlineStroke",
      label: "Outline stroke",
      category: "object",
      shortcuts: [{ code: "KeyO", mod: true, shift: true }],
      enabled: writable(1),
      run: () => report(outlineSelectionStroke(host.editor())),
    },
    {
      id: "object.convertToPath",
      label: "Convert to path",
      category: "object",
      shortcuts: [{ code: "KeyE", mod: true, alt: true }],
      enabled: writable(1),
      run: () => report(convertSelectionToPath(host.editor())),
    },
  ];
}
