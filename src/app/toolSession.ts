import type { Engine } from "../../engine";
import type { Id } from "../doc/types";
import type { Camera } from "../render/camera";
import type { Overlays } from "../render/overlays/overlays";
import type { Viewport } from "../render/viewport";
import { Picker, type NodeClasses } from "../scene/picker";
import type { SpatialSync } from "../scene/spatialSync";
import { SceneSnapper } from "../snap/snapper";
import { ToolController } from "../tools/controller";
import { TOOL_FACTORIES } from "../tools";
import type { ToolSettings } from "../editing/settings";
import type { PickedImage, TextEditorHost } from "../tools/types";
import type { CommandRegistry } from "../editing/commands";
import type { EditableDocument } from "../editing/editor";

/** What outlives one document: the settings, the commands, and the DOM pieces tools borrow. */
export interface ToolServices {
  readonly settings: ToolSettings;
  readonly commands: CommandRegistry;
  readonly text: TextEditorHost;
  requestImage(): Promise<PickedImage | null>;
}

/** The parts of an open document the tools work on. */
export interface ToolTargets {
  readonly editor: EditableDocument;
  readonly camera: Camera;
  readonly overlays: Overlays;
  readonly spatial: SpatialSync;
  readonly viewport: Viewport;
  pageId(): Id;
  /** The document's nodes classified for picking, when worked out beforehand. */
  readonly nodeClasses?: NodeClasses | null;
}

export interface ToolSession {
  readonly controller: ToolController;
  readonly picker: Picker;
  /** The group the user has entered, or the page. */
  scope(): Id;
  setScope(id: Id): void;
  dispose(): void;
}

/**
 * Binds the tools to an open document and to the engine's fixed step: every tick the controller
 * reads the polled input, and the canvas's CSS cursor follows the active tool.
 */
export function attachTools(
  engine: Engine,
  targets: ToolTargets,
  services: ToolServices,
): ToolSession {
  const { editor, camera, overlays, spatial, viewport } = targets;
  let scope: Id | null = null;
  const currentScope = (): Id => {
    const page = targets.pageId();
    if (scope === null || !editor.store.has(scope) || editor.store.pageOf(scope)?.id !== page) {
      scope = null;
      return page;
    }
    return scope;
  };
  const picker = new Picker(
    editor.store,
    spatial,
    editor.commits.stage("picker"),
    targets.nodeClasses ?? null,
  );
  const snapper = new SceneSnapper({
    store: editor.store,
    spatial,
    settings: () => services.settings.get(),
    zoom: () => camera.zoom,
    view: () => viewport.visibleWorldRect(),
  });
  const controller = new ToolController(
    {
      editor,
      camera,
      overlays,
      scene: picker,
      snapper,
      settings: services.settings,
      text: services.text,
      viewSize: () => viewport.size,
      pageId: targets.pageId,
      scope: currentScope,
      setScope: (id) => {
        scope = id === targets.pageId() ? null : id;
      },
      requestImage: () => services.requestImage(),
      invalidate: () => engine.invalidate(),
    },
    TOOL_FACTORIES,
    services.commands,
  );
  const canvas = engine.shell.canvas;
  let shownCursor = "";
  const untick = engine.onTick((input) => {
    controller.tick(input);
    const cursor = controller.cursorStyle;
    if (cursor !== shownCursor) {
      shownCursor = cursor;
      canvas.style.cursor = cursor;
    }
  });
  return {
    controller,
    picker,
    scope: currentScope,
    setScope: (id) => {
      scope = id === targets.pageId() ? null : id;
    },
    dispose() {
      untick();
      controller.dispose();
      picker.dispose();
      services.text.close();
    },
  };
}
