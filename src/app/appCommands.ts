import { isSceneNode } from "../doc/types";
import type { ScreenArea } from "../render/camera";
import { nodeQuad, quadBox, selectionQuad } from "../render/overlays/geometry";
import { unionBox } from "../geometry/bounds";
import { TOOLS } from "../tools/catalog";
import type { ToolSettings } from "../editing/settings";
import type { Command } from "../editing/commands";
import type { Editor } from "./editor";
import type { Box } from "../math/box";

/** Zoom commands step by this factor, as the zoom menus of other editors do. */
export const ZOOM_STEP = 2;
/** Room left around what "fit" shows, in screen pixels, inside the area the panels leave free. */
export const FIT_PADDING_PX = 32;

export interface AppCommandHost {
  current(): Editor;
  readonly settings: ToolSettings;
  save(): void;
  saveAs(): void;
  open(): void;
  toggleFullscreen(): void;
  toggleFocusMode(): void;
  /**
   * The part of the canvas (canvas pixels) not covered by panels, where fits show their box;
   * null or absent: the whole canvas.
   */
  freeArea?(): ScreenArea | null;
}

/** Everything on the page shown: the union of its top-level nodes' bounds. */
export function pageBounds(doc: Editor): Box | null {
  const store = doc.store;
  let box: Box | null = null;
  for (const node of store.childrenOf(doc.pageId())) {
    if (node.hidden) continue;
    const quad = nodeQuad(store, node.id);
    if (quad !== null) box = unionBox(box, quadBox(quad));
  }
  return box;
}

function fit(doc: Editor, box: Box | null, area: ScreenArea | null): void {
  if (box === null) return;
  doc.camera.fitRect(box, doc.viewport.size, FIT_PADDING_PX, area ?? undefined);
}

function zoomBy(doc: Editor, factor: number): void {
  const size = doc.viewport.size;
  doc.camera.zoomAt({ x: size.width / 2, y: size.height / 2 }, factor);
}

/**
 * The program's own commands: tools, history, files and the view. Editing actions on the
 * selection come from the actions module; both go into the one registry.
 */
export function appCommands(host: AppCommandHost): Command[] {
  const tools: Command[] = TOOLS.map((tool) => ({
    id: `tool.${tool.id}`,
    label: tool.label,
    category: "tool",
    shortcuts: tool.shortcuts,
    run: () => host.settings.update({ tool: tool.id }),
  }));
  return [
    ...tools,
    {
      id: "tool.keep",
      label: "Keep tool after drawing",
      category: "tool",
      shortcuts: [{ code: "KeyQ" }],
      run: () => host.settings.update({ keepTool: !host.settings.get().keepTool }),
    },
    {
      id: "edit.undo",
      label: "Undo",
      category: "edit",
      shortcuts: [{ code: "KeyZ", mod: true }],
      enabled: () => host.current().history.canUndo,
      run: () => host.current().history.undo(),
    },
    {
      id: "edit.redo",
      label: "Redo",
      category: "edit",
      shortcuts: [
        { code: "KeyZ", mod: true, shift: true },
        { code: "KeyY", mod: true },
      ],
      enabled: () => host.current().history.canRedo,
      run: () => host.current().history.redo(),
    },
    {
      id: "file.save",
      label: "Save",
      category: "file",
      shortcuts: [{ code: "KeyS", mod: true }],
      run: () => host.save(),
    },
    {
      id: "file.saveAs",
      label: "Save as…",
      category: "file",
      shortcuts: [{ code: "KeyS", mod: true, shift: true }],
      run: () => host.saveAs(),
    },
    {
      id: "file.open",
      label: "Open…",
      category: "file",
      shortcuts: [{ code: "KeyO", mod: true }],
      run: () => host.open(),
    },
    {
      id: "view.zoomIn",
      label: "Zoom in",
      category: "view",
      shortcuts: [
        { key: "=", mod: true },
        { key: "+", mod: true },
      ],
      run: () => zoomBy(host.current(), ZOOM_STEP),
    },
    {
      id: "view.zoomOut",
      label: "Zoom out",
      category: "view",
      shortcuts: [
        { key: "-", mod: true },
        { key: "_", mod: true },
      ],
      run: () => zoomBy(host.current(), 1 / ZOOM_STEP),
    },
    {
      id: "view.zoom100",
      label: "Zoom to 100%",
      category: "view",
      shortcuts: [{ code: "Digit0", shift: true }],
      run: () => {
        const doc = host.current();
        const size = doc.viewport.size;
        doc.camera.setZoom(1, { x: size.width / 2, y: size.height / 2 });
      },
    },
    {
      id: "view.fitAll",
      label: "Zoom to fit",
      category: "view",
      shortcuts: [{ code: "Digit1", shift: true }],
      run: () => fit(host.current(), pageBounds(host.current()), host.freeArea?.() ?? null),
    },
    {
      id: "view.fitSelection",
      label: "Zoom to selection",
      category: "view",
      shortcuts: [{ code: "Digit2", shift: true }],
      enabled: () => host.current().store.selection.length > 0,
      run: () => {
        const doc = host.current();
        const store = doc.store;
        const ids = store.selection.filter((id) => isSceneNode(store.get(id)));
        const quad = selectionQuad(store, ids);
        fit(doc, quad === null ? null : quadBox(quad), host.freeArea?.() ?? null);
      },
    },
    {
      id: "view.grid",
      label: "Show grid",
      category: "view",
      shortcuts: [{ code: "Quote", mod: true }],
      run: () => host.current().viewport.toggleGrid(),
    },
    {
      id: "view.statistics",
      label: "Show statistics",
      category: "view",
      shortcuts: [{ code: "F3" }, { code: "KeyD", mod: true, shift: true }],
      run: () => host.current().viewport.toggleHud(),
    },
    {
      id: "view.fullscreen",
      label: "Full screen",
      category: "view",
      // F alone is the Frame tool (as in Figma), so full screen takes F11 and Ctrl+Shift+F.
      shortcuts: [{ code: "F11" }, { code: "KeyF", mod: true, shift: true }],
      run: () => host.toggleFullscreen(),
    },
    {
      id: "view.focusMode",
      label: "Focus mode",
      category: "view",
      shortcuts: [{ code: "Backslash", mod: true }],
      run: () => host.toggleFocusMode(),
    },
  ];
}
