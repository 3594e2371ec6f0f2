import type { Engine } from "../../engine";
import type { DocRecord, Id, RGBA } from "../doc/types";
import type { PersistenceSession } from "../persist/session";
import { attachRenderer, type SceneRenderer } from "../render";
import type { Camera } from "../render/camera";
import { Overlays } from "../render/overlays/overlays";
import { Viewport, type ViewPreferences } from "../render/viewport";
import { SpatialSync } from "../scene/spatialSync";
import type { DocumentStatusStore } from "../persist/documentStatus";
import { createEditor, type EditableDocument } from "../editing/editor";
import { attachTools, type ToolServices, type ToolSession } from "./toolSession";

/** One document bound to the running engine: its editor, drawing, spatial index and saving. */
export interface OpenDocument {
  readonly editor: EditableDocument;
  readonly renderer: SceneRenderer;
  readonly spatial: SpatialSync;
  /** The view: pan and zoom, culling, grid and statistics. */
  readonly viewport: Viewport;
  readonly camera: Camera;
  /** Selection, hover, marquee, guides and path markers, drawn in screen pixels for the tools. */
  readonly overlays: Overlays;
  /** The tools, bound to this document and the engine's input. */
  readonly tools: ToolSession;
  /** The page on screen. */
  pageId(): Id;
  /** Shows another page of the document. */
  showPage(pageId: Id): void;
  /** The background colour of the page on screen, as the exports draw it. */
  pageBackground(): RGBA | null;
  /**
   * Calls `listener` whenever the page on screen has another background: an edit of the page
   * record, another page shown, or the shown page deleted. Returns the unsubscribe.
   */
  onPageBackground(listener: (background: RGBA | null) => void): () => void;
  close(): void;
}

export function openDocument(
  engine: Engine,
  records: readonly DocRecord[],
  status: DocumentStatusStore,
  persistence: PersistenceSession | null,
  services: ToolServices,
  view?: ViewPreferences,
): OpenDocument {
  const editor = createEditor(records);
  const store = editor.store;
  persistence?.attach(editor, status, engine);
  const renderer = attachRenderer(engine, editor);
  const spatial = new SpatialSync(store, engine.core.index);
  const firstPage = store.pages()[0];
  let page = firstPage?.id ?? "";
  if (firstPage) spatial.showPage(firstPage.id);
  const viewport = new Viewport(engine, renderer, spatial, view);
  const overlays = new Overlays(
    store,
    viewport.camera,
    () => engine.invalidate(),
    () => page,
  );
  viewport.screen.addChild(overlays.layer);
  const tools = attachTools(
    engine,
    { editor, camera: viewport.camera, overlays, spatial, viewport, pageId: () => page },
    services,
  );
  const followName = (): void => status.set({ name: store.document.name });
  followName();
  const stopFollowing = store.subscribe(followName);
  // The renderer's page, not `page`: it moves to the first page when the shown one is deleted.
  // Subscribed after the renderer, so that move has happened when this runs.
  const pageBackground = (): RGBA | null => {
    const shown = store.get(renderer.currentPage ?? page);
    return shown?.type === "page" ? shown.background : null;
  };
  const backgroundListeners = new Set<(background: RGBA | null) => void>();
  let lastBackground = pageBackground();
  // Per commit: one record look-up, and the listeners only when the colour changed.
  const checkBackground = (): void => {
    const next = pageBackground();
    if (next === lastBackground) return;
    lastBackground = next;
    for (const listener of [...backgroundListeners]) listener(next);
  };
  const stopFollowingBackground = store.subscribe(checkBackground);
  return {
    editor,
    renderer,
    spatial,
    viewport,
    camera: viewport.camera,
    overlays,
    tools,
    pageId: () => page,
    showPage(pageId) {
      if (tools.controller.tool.busy) tools.controller.cancel();
      page = pageId;
      tools.setScope(pageId);
      store.setSelection([]);
      renderer.showPage(pageId);
      spatial.showPage(pageId);
      overlays.refresh();
      checkBackground();
      engine.invalidate();
    },
    pageBackground,
    onPageBackground(listener) {
      backgroundListeners.add(listener);
      return () => backgroundListeners.delete(listener);
    },
    close() {
      tools.dispose();
      stopFollowing();
      stopFollowingBackground();
      backgroundListeners.clear();
      overlays.dispose();
      viewport.dispose();
      spatial.dispose();
      renderer.dispose();
      editor.history.dispose();
      engine.invalidate();
    },
  };
}
