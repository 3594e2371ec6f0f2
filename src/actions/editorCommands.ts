import type { Command, KeyBinding } from "../editing/commands";
import type { EditableDocument } from "../editing/editor";
import type { Id } from "../doc/types";
import { DEFAULT_STROKE } from "../doc/factory";
import { newId } from "../doc/ids";
import type { Box } from "../math/box";
import {
  ALIGN_EDGES,
  alignSelection,
  distributeSelection,
  type AlignEdge,
  type DistributeAxis,
} from "./align";
import {
  clipboardActions,
  type ClipboardActions,
  type ClipboardHost,
  type ClipboardPort,
} from "./clipboardActions";
import { connectedCopy, connectShapes, type Direction, type NodesIn } from "./connect";
import { duplicateSelection } from "./duplicate";
import { arrangeSelection, type Reorder } from "./order";
import { selectAll, selectNone } from "./selection";
import { starCommands } from "./stars";
import { deleteSelection, groupSelection, ungroupSelection } from "./structure";
import { maskedInSelection, maskSelection, releaseMasks } from "./masks";
import type { MaskKind } from "../doc/types";
import { canEditSelection, editableSelection, topLevelNodes } from "./targets";
import { flipSelection, nudgeSelection } from "./transform";
import { toggleHiddenSelection, toggleLockedSelection } from "./visibility";
import { isGroup } from "../shapes/group";

// The clipboard's port and actions are part of what a command host deals with.
export { clipboardActions, MemoryClipboard } from "./clipboardActions";
export type { ClipboardActions, ClipboardHost, ClipboardPort } from "./clipboardActions";

/** What the editing commands need of the running program. */
export interface EditorCommandHost extends ClipboardHost {
  /** The open document; it changes when another one opens, so commands ask each time. */
  editor(): EditableDocument;
  /** The page, or the group the person has entered: where Select all and Paste work. */
  scope(): Id;
  readonly clipboard: ClipboardPort;
  /** The nodes on the shown page whose boxes meet a page box, so new shapes land clear of them. */
  readonly nodesIn?: NodesIn;
  /** Scrolls the view as little as it takes to show a page box whole, clear of the panels. */
  reveal?(box: Box): void;
}

/** Arrow keys move by 1, with Shift by 10, in world units. */
export const NUDGE_SMALL = 1;
export const NUDGE_LARGE = 10;

const ALIGN_LABELS: Record<AlignEdge, string> = {
  left: "Align left",
  center: "Align horizontal centres",
  right: "Align right",
  top: "Align top",
  middle: "Align vertical centres",
  bottom: "Align bottom",
};

// Figma's keys: Alt+A/D/W/S for the edges, Alt+H/V for the centres.
const ALIGN_KEYS: Record<AlignEdge, string> = {
  left: "KeyA",
  center: "KeyH",
  right: "KeyD",
  top: "KeyW",
  middle: "KeyV",
  bottom: "KeyS",
};

const ARRANGE: readonly {
  how: Reorder;
  label: string;
  shortcuts: readonly KeyBinding[];
}[] = [
  // Shift+] types "}" on US layouts, and some layouts type "]" with Shift: both count.
  { how: "forward", label: "Bring forward", shortcuts: [{ key: "]", mod: true, shift: false }] },
  { how: "backward", label: "Send backward", shortcuts: [{ key: "[", mod: true, shift: false }] },
  {
    how: "front",
    label: "Bring to front",
    shortcuts: [
      { key: "]", mod: true, shift: true },
      { key: "}", mod: true },
    ],
  },
  {
    how: "back",
    label: "Send to back",
    shortcuts: [
      { key: "[", mod: true, shift: true },
      { key: "{", mod: true },
    ],
  },
];

const NUDGES: readonly { name: string; code: string; dx: number; dy: number }[] = [
  { name: "left", code: "ArrowLeft", dx: -1, dy: 0 },
  { name: "right", code: "ArrowRight", dx: 1, dy: 0 },
  { name: "up", code: "ArrowUp", dx: 0, dy: -1 },
  { name: "down", code: "ArrowDown", dx: 0, dy: 1 },
];

/** Masks made from the selection, its bottom-most node masking the rest (see masks.ts). */
const MASKS: readonly { readonly kind: MaskKind; readonly label: string }[] = [
  { kind: "outline", label: "Clip with bottom shape" },
  { kind: "alpha", label: "Mask with bottom shape (alpha)" },
  { kind: "luminance", label: "Mask with bottom shape (luminance)" },
];

/**
 * The editing commands for the registry: clipboard, structure, order, align, flip, nudge.
 * Ctrl+C, Ctrl+X and Ctrl+V are listed for menus; the browser delivers them as clipboard events,
 * whose handlers should call the same `clipboard` actions.
 */
export function editorCommands(
  host: EditorCommandHost,
  clipboard: ClipboardActions = clipboardActions(host),
): Command[] {
  const store = () => host.editor().store;
  const canEdit =
    (minimum = 1) =>
    (): boolean =>
      canEditSelection(store(), minimum);
  const hasSelection = (): boolean => topLevelNodes(store(), store().selection).length > 0;
  const writableSelection = (): boolean => !store().readOnly && hasSelection();
  const report = (message: string): void => host.notify?.(message);

  const paste = async (): Promise<void> => {
    let text: string | null;
    try {
      text = await host.clipboard.read();
    } catch {
      report("The clipboard could not be read.");
      return;
    }
    if (text !== null && text !== "") await clipboard.pasteAny(text);
  };
  /** Copies or cuts with `take`; the picture is taken first, while the selection still exists. */
  const copyOut = (cut: boolean, take: () => string | null): void => {
    if (host.clipboard.copyInSteps?.(cut) === true) return;
    const picture = host.clipboard.capture?.();
    const text = take();
    if (text === null) return;
    Promise.resolve()
      .then(() => host.clipboard.write(text, picture))
      .catch(() => report("The clipboard could not be written."));
  };

  const commands: Command[] = [
    {
      id: "edit.duplicate",
      label: "Duplicate",
      category: "edit",
      shortcuts: [{ code: "KeyD", mod: true }],
      enabled: writableSelection,
      run: () => duplicateSelection(host.editor()),
    },
    {
      id: "edit.delete",
      label: "Delete",
      category: "edit",
      shortcuts: [{ code: "Delete" }, { code: "Backspace" }],
      enabled: canEdit(),
      run: () => deleteSelection(host.editor()),
    },
    {
      id: "edit.selectAll",
      label: "Select all",
      category: "edit",
      shortcuts: [{ code: "KeyA", mod: true }],
      run: () => selectAll(host.editor(), host.scope()),
    },
    {
      id: "edit.selectNone",
      label: "Select none",
      category: "edit",
      enabled: () => store().selection.length > 0,
      run: () => selectNone(host.editor()),
    },
    {
      id: "edit.copy",
      label: "Copy",
      category: "edit",
      shortcuts: [{ code: "KeyC", mod: true }],
      enabled: hasSelection,
      run: () => copyOut(false, () => clipboard.copy()),
    },
    {
      id: "edit.cut",
      label: "Cut",
      category: "edit",
      shortcuts: [{ code: "KeyX", mod: true }],
      enabled: canEdit(),
      run: () => copyOut(true, () => clipboard.cut()),
    },
    {
      id: "edit.paste",
      label: "Paste",
      category: "edit",
      shortcuts: [{ code: "KeyV", mod: true }],
      enabled: () => !store().readOnly,
      run: () => void paste(),
    },
    {
      id: "object.group",
      label: "Group selection",
      category: "object",
      shortcuts: [{ code: "KeyG", mod: true }],
      enabled: canEdit(),
      run: () => groupSelection(host.editor()),
    },
    {
      id: "object.ungroup",
      label: "Ungroup",
      category: "object",
      shortcuts: [{ code: "KeyG", mod: true, shift: true }],
      enabled: () => !store().readOnly && editableSelection(store()).some(isGroup),
      run: () => ungroupSelection(host.editor()),
    },
    ...MASKS.map(({ kind, label }): Command => ({
      id: `object.${kind}Mask`,
      label,
      category: "object",
      enabled: canEdit(2),
      run: () => maskSelection(host.editor(), kind),
    })),
    {
      id: "object.releaseMask",
      label: "Release mask",
      category: "object",
      enabled: () => !store().readOnly && maskedInSelection(host.editor()).length > 0,
      run: () => releaseMasks(host.editor()),
    },
    ...ARRANGE.map(({ how, label, shortcuts }): Command => ({
      id: `arrange.${how}`,
      label,
      category: "arrange",
      shortcuts,
      enabled: canEdit(),
      run: () => arrangeSelection(host.editor(), how),
    })),
    {
      id: "object.lock",
      label: "Lock or unlock",
      category: "object",
      shortcuts: [{ code: "KeyL", mod: true, shift: true }],
      enabled: writableSelection,
      run: () => toggleLockedSelection(host.editor()),
    },
    {
      id: "object.hide",
      label: "Hide or show",
      category: "object",
      shortcuts: [{ code: "KeyH", mod: true, shift: true }],
      enabled: writableSelection,
      run: () => toggleHiddenSelection(host.editor()),
    },
    {
      id: "object.flipHorizontal",
      label: "Flip horizontal",
      category: "object",
      shortcuts: [{ code: "KeyH", shift: true }],
      enabled: canEdit(),
      run: () => flipSelection(host.editor(), "horizontal"),
    },
    {
      id: "object.flipVertical",
      label: "Flip vertical",
      category: "object",
      shortcuts: [{ code: "KeyV", shift: true }],
      enabled: canEdit(),
      run: () => flipSelection(host.editor(), "vertical"),
    },
    ...ALIGN_EDGES.map((edge): Command => ({
      id: `arrange.align.${edge}`,
      label: ALIGN_LABELS[edge],
      category: "arrange",
      shortcuts: [{ code: ALIGN_KEYS[edge], alt: true }],
      enabled: canEdit(),
      run: () => alignSelection(host.editor(), edge),
    })),
    ...(["horizontal", "vertical"] as const).map((axis: DistributeAxis): Command => ({
      id: `arrange.distribute.${axis}`,
      label:
        axis === "horizontal" ? "Distribute horizontal spacing" : "Distribute vertical spacing",
      category: "arrange",
      shortcuts: [{ code: axis === "horizontal" ? "KeyH" : "KeyV", alt: true, shift: true }],
      enabled: canEdit(3),
      run: () => distributeSelection(host.editor(), axis),
    })),
    ...NUDGES.flatMap(({ name, code, dx, dy }): Command[] => [
      {
        id: `arrange.nudge.${name}`,
        label: `Nudge ${name}`,
        category: "arrange",
        shortcuts: [{ code }],
        enabled: canEdit(),
        run: () => nudgeSelection(host.editor(), dx * NUDGE_SMALL, dy * NUDGE_SMALL),
      },
      {
        id: `arrange.nudge.${name}.far`,
        label: `Nudge ${name} by ${NUDGE_LARGE}`,
        category: "arrange",
        shortcuts: [{ code, shift: true }],
        enabled: canEdit(),
        run: () => nudgeSelection(host.editor(), dx * NUDGE_LARGE, dy * NUDGE_LARGE),
      },
    ]),
    ...NUDGES.map(({ name, code }): Command => ({
      id: `object.connectedCopy.${name}`,
      label: `Connected copy ${name}`,
      category: "object",
      shortcuts: [{ code, mod: true, alt: true }],
      enabled: () => !store().readOnly && store().selection.length === 1,
      run: () => {
        const placed = connectedCopy(
          host.editor(),
          name as Direction,
          DEFAULT_STROKE,
          newId,
          host.nodesIn,
        );
        if (placed !== null) host.reveal?.(placed);
      },
    })),
    {
      id: "object.connect",
      label: "Connect the two selected shapes",
      category: "object",
      shortcuts: [],
      enabled: () => !store().readOnly && store().selection.length === 2,
      run: () => {
        const [from, to] = store().selection;
        const result = connectShapes(host.editor(), from!, to!);
        if (!result.ok) report(`Connect: ${result.error}.`);
      },
    },
    ...starCommands(host),
  ];
  return commands;
}
