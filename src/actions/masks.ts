import { CollapsedParentError, groupNodes } from "../doc/commands";
import { newId } from "../doc/ids";
import { InvariantError } from "../doc/invariants";
import type { GroupNode, Id, MaskKind } from "../doc/types";
import type { EditableDocument } from "../editing/editor";
import { isGroup } from "../shapes/group";
import { editableSelection } from "./targets";

/**
 * Masks, as Figma and Inkscape make them: the selection is grouped and the bottom-most of it
 * (the group's first child) masks the rest, by its outline (a clip), its opacity (alpha) or its
 * brightness (luminance). One undo step; the masked group is selected. Fewer than two nodes,
 * nothing to mask: nothing happens. `makeId` is for tests that need known ids.
 */
export function maskSelection(
  editor: EditableDocument,
  kind: MaskKind,
  makeId: () => Id = newId,
): void {
  const { store } = editor;
  const nodes = editableSelection(store);
  if (nodes.length < 2) return;
  try {
    store.transact(kind === "outline" ? "Clip" : "Mask", (tx) => {
      const group = groupNodes(
        tx,
        nodes.map((n) => n.id),
        makeId(),
        kind === "outline" ? "Clip group" : "Mask group",
      );
      if (group === null) return;
      tx.put({ ...group, mask: kind });
      tx.select([group.id]);
    });
  } catch (error) {
    // As grouping: nodes in a container scaled to nothing have no places to keep; nothing changed.
    if (!(error instanceof CollapsedParentError || error instanceof InvariantError)) throw error;
  }
}

/** The selection's masked groups, which `releaseMasks` would release. */
export function maskedInSelection(editor: EditableDocument): GroupNode[] {
  return editableSelection(editor.store).filter(
    (node): node is GroupNode => isGroup(node) && node.mask !== undefined,
  );
}

/**
 * Releases the selected masked groups' masks: each stays a group, its first child drawn again
 * as the shape it is. One undo step.
 */
export function releaseMasks(editor: EditableDocument): void {
  const groups = maskedInSelection(editor);
  if (groups.length === 0) return;
  editor.store.transact("Release mask", (tx) => {
    for (const group of groups) {
      const { mask: _released, ...rest } = group;
      tx.put(rest);
    }
  });
}
