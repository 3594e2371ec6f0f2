import type { Engine } from "../../engine";
import type { DocRecord, Id } from "../doc/types";
import type { PersistenceSession } from "../persist/session";
import { attachRenderer, type SceneRenderer } from "../render";
import type { Camera } from "../render/camera";
import { Overlays } from "../render/overlays/overlays";
import { Viewport, type ViewPreferences } from "../render/viewport";
import { SpatialSync } from "../scene/spatialSync";
import type { DocumentStatusStore } from "./documentStatus";
import { createEditor, type Editor } from "./editor";

/** One document bound to the running engine: its editor, drawing, spatial index and saving. */
export interface OpenDocument {
  readonly editor: Editor;
  readonly renderer: SceneRenderer;
  readonly spatial: SpatialSync;
  /** The view: pan and zoom, culling, grid and statistics. */
  readonly viewport: Viewport;
  readonly camera: Camera;
  /** Selection, hover, marquee, guides and path markers, drawn in screen pixels for the tools. */
  readonly overlays: Overlays;
  /** Shows another page of the document. */
  showPage(pageId: Id): void;
  close(): void;
}

export function openDocument(
  engine: Engine,
  records: readonly DocRecord[],
  status: DocumentStatusStore,
  persistence: PersistenceSession | null,
  view?: ViewPreferences,
): OpenDocument {
  const editor = createEditor(records);
  const store = editor.store;
  persistence?.attach(editor, status, engine);
  const renderer = attachRenderer(engine, editor);
  const spatial = new SpatialSync(store, engine.core.index);
  const firstPage = store.pages()[0];
  if (firstPage) spatial.showPage(firstPage.id);
  const viewport = new Viewport(engine, renderer, spatial, view);
  const overlays = new Overlays(store, viewport.camera, () => engine.invalidate());
  viewport.screen.addChild(overlays.layer);
  const followName = (): void => status.set({ name: store.document.name });
  followName();
  const stopFollowing = store.subscribe(followName);
  return {
    editor,
    renderer,
    spatial,
    viewport,
    camera: viewport.camera,
    overlays,
    showPage(pageId) {
      renderer.showPage(pageId);
      spatial.showPage(pageId);
      overlays.refresh();
      engine.invalidate();
    },
    close() {
      stopFollowing();
      overlays.dispose();
      viewport.dispose();
      spatial.dispose();
      renderer.dispose();
      editor.history.dispose();
      engine.invalidate();
    },
  };
}
