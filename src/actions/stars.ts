import type { Command } from "../editing/commands";
import type { EditableDocument } from "../editing/editor";
import { isSceneNode, type Id } from "../doc/types";
import { asPolygon, asStar, isPolygonLike, isStar, type PolygonLike } from "../shapes/cornered";
import { editableSelection, isLockedInTree } from "./targets";

/**
 * Turns the polygons and stars among `ids` into stars (or back into polygons) as one undo step;
 * other kinds and locked nodes are left alone. Returns how many changed.
 */
export function setStar(
  editor: EditableDocument,
  ids: readonly Id[],
  star: boolean,
  options: { readonly points?: number; readonly innerRatio?: number } = {},
): number {
  const { store } = editor;
  if (store.readOnly) return 0;
  let changed = 0;
  store.transact(star ? "Make star" : "Make polygon", (tx) => {
    for (const id of ids) {
      const node = tx.get(id);
      if (!isSceneNode(node) || !isPolygonLike(node) || isLockedInTree(tx, node)) continue;
      tx.put(star ? asStar(node, options) : asPolygon(node));
      changed += 1;
    }
  });
  return changed;
}

/** The selected, editable polygons and stars. */
export function selectedPolygons(editor: EditableDocument): PolygonLike[] {
  return editableSelection(editor.store).filter(isPolygonLike);
}

/**
 * "Toggle star" for the palette and the command line: every selected polygon becomes a star,
 * unless all of them are stars already, which then become polygons.
 */
export function starCommands(host: { editor(): EditableDocument }): Command[] {
  return [
    {
      id: "object.toggleStar",
      label: "Toggle star",
      category: "object",
      enabled: () => !host.editor().store.readOnly && selectedPolygons(host.editor()).length > 0,
      run: () => {
        const editor = host.editor();
        const shapes = selectedPolygons(editor);
        const allStars = shapes.length > 0 && shapes.every(isStar);
        setStar(
          editor,
          shapes.map((n) => n.id),
          !allStars,
        );
      },
    },
  ];
}
