import type { Engine } from "../../engine";
import type { DocRecord, Id, RGBA } from "../doc/types";
import type { BindingFollower } from "../editing/bindingFollower";
import type { CommitPipeline } from "../editing/commitPipeline";
import {
  createEditor,
  type EditableDocument,
  type EditingText,
  type LastDuplicate,
} from "../editing/editor";
import type { GradientEditRequests } from "../editing/gradientEditRequests";
import type { History } from "../history/history";
import type { DocumentStore } from "../doc/store";
import { Jobs } from "../io/jobs";
import { afterFirstFrame } from "../persist/afterFirstFrame";
import type { DocumentStatusStore } from "../persist/documentStatus";
import type { PersistenceSession } from "../persist/session";
import { attachRenderer, type SceneRenderer } from "../render";
import type { Camera } from "../render/camera";
import { Overlays } from "../render/overlays/overlays";
import { Viewport, type ViewPreferences } from "../render/viewport";
import { SpatialSync, type PageBoxes } from "../scene/spatialSync";
import type { NodeClasses } from "../scene/picker";
import { attachTools, type ToolServices, type ToolSession } from "./toolSession";

/** What an editor is opened with besides its records. */
export interface EditorOptions {
  /** Where the document's name and unsaved state are shown. */
  readonly status: DocumentStatusStore;
  /** Autosave and recovery of this document; null for a document that is not stored. */
  readonly persistence: PersistenceSession | null;
  /** What outlives one document: settings, commands, the text field, the image picker. */
  readonly services: ToolServices;
  /** The view to keep from the document before (pan, zoom, grid). */
  readonly view?: ViewPreferences;
  /** The first page's boxes, worked out while the store was built (`pageBoxesSteps`). */
  readonly pageBoxes?: PageBoxes | null;
  /** Its nodes classified for picking, worked out while the store was built (`nodeClassesSteps`). */
  readonly nodeClasses?: NodeClasses | null;
}

/**
 * One open document and everything that lives as long as it: the store and history, the commit
 * pipeline, the renderer and the spatial index bound to the engine, overlays, tools and picking,
 * autosave, imports and exports under way, and the requests the chrome makes of its tools.
 * `close()` lets go of all of it in one place; nothing of a closed editor runs afterwards. The
 * program swaps editors when another document is opened.
 */
export class Editor implements EditableDocument {
  readonly store: DocumentStore;
  readonly history: History;
  /**
   * The editable document by the name embedders reach it through (`linework.current.editor`):
   * the editor is that document together with what shows and edits it.
   */
  get editor(): EditableDocument {
    return this;
  }
  readonly editingText: EditingText;
  readonly commits: CommitPipeline;
  readonly bindings: BindingFollower;
  readonly gradientEdits: GradientEditRequests;
  lastDuplicate: LastDuplicate | null = null;
  readonly renderer: SceneRenderer;
  readonly spatial: SpatialSync;
  /** The view: pan and zoom, culling, grid and statistics. */
  readonly viewport: Viewport;
  readonly camera: Camera;
  /** Selection, hover, marquee, guides and path markers, drawn in screen pixels for the tools. */
  readonly overlays: Overlays;
  /** The tools, bound to this document and the engine's input. */
  readonly tools: ToolSession;
  /** Imports into and exports of this document under way, for the chrome's bars and Cancel. */
  readonly jobs = new Jobs();
  private page: Id;
  private readonly backgroundListeners = new Set<(background: RGBA | null) => void>();
  private lastBackground: RGBA | null;
  private closed = false;

  /** Opens `content`: records, or a store already made of them (`buildEditorStore`). */
  constructor(
    private readonly engine: Engine,
    content: readonly DocRecord[] | DocumentStore,
    options: EditorOptions,
  ) {
    const document = createEditor(content);
    this.store = document.store;
    this.history = document.history;
    this.editingText = document.editingText;
    this.commits = document.commits;
    this.bindings = document.bindings;
    this.gradientEdits = document.gradientEdits;
    const { store, commits } = this;
    options.persistence?.attach(this, options.status, engine);
    this.renderer = attachRenderer(engine, this);
    // The page is drawn before the core indexes it: its first culls scan the boxes.
    this.spatial = new SpatialSync(
      store,
      engine.core.index,
      commits.stage("spatial index"),
      (task) => afterFirstFrame(task),
    );
    const firstPage = store.pages()[0];
    this.page = firstPage?.id ?? "";
    if (firstPage) this.spatial.showPage(firstPage.id, options.pageBoxes ?? null);
    this.viewport = new Viewport(engine, this.renderer, this.spatial, options.view);
    this.camera = this.viewport.camera;
    this.overlays = new Overlays(
      store,
      this.camera,
      () => engine.invalidate(),
      () => this.page,
      commits.stage("overlays"),
    );
    this.viewport.screen.addChild(this.overlays.layer);
    this.tools = attachTools(
      engine,
      {
        editor: this,
        camera: this.camera,
        overlays: this.overlays,
        spatial: this.spatial,
        viewport: this.viewport,
        pageId: () => this.page,
        nodeClasses: options.nodeClasses ?? null,
      },
      options.services,
    );
    const followName = (): void => options.status.set({ name: store.document.name });
    followName();
    commits.stage("document name").subscribe(followName);
    this.lastBackground = this.pageBackground();
    commits.stage("page background").subscribe(() => this.checkBackground());
  }

  /** The page on screen. */
  pageId(): Id {
    return this.page;
  }

  /** Shows another page of the document. */
  showPage(pageId: Id): void {
    if (this.tools.controller.tool.busy) this.tools.controller.cancel();
    this.page = pageId;
    this.tools.setScope(pageId);
    this.store.setSelection([]);
    this.renderer.showPage(pageId);
    this.spatial.showPage(pageId);
    this.overlays.refresh();
    this.checkBackground();
    this.engine.invalidate();
  }

  /**
   * The background colour of the page on screen, as the exports draw it. The renderer's page,
   * not `page`: it moves to the first page when the shown one is deleted.
   */
  pageBackground(): RGBA | null {
    const shown = this.store.get(this.renderer.currentPage ?? this.page);
    return shown?.type === "page" ? shown.background : null;
  }

  /**
   * Calls `listener` whenever the page on screen has another background: an edit of the page
   * record, another page shown, or the shown page deleted. Returns the unsubscribe.
   */
  onPageBackground(listener: (background: RGBA | null) => void): () => void {
    this.backgroundListeners.add(listener);
    return () => this.backgroundListeners.delete(listener);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Lets go of everything bound to this document; the engine keeps running for the next one. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.jobs.cancelAll();
    this.tools.dispose();
    this.commits.dispose();
    this.bindings.dispose();
    this.backgroundListeners.clear();
    this.overlays.dispose();
    this.viewport.dispose();
    this.spatial.dispose();
    this.renderer.dispose();
    this.history.dispose();
    this.engine.invalidate();
  }

  // Per commit: one record look-up, and the listeners only when the colour changed.
  private checkBackground(): void {
    const next = this.pageBackground();
    if (next === this.lastBackground) return;
    this.lastBackground = next;
    for (const listener of [...this.backgroundListeners]) listener(next);
  }
}
