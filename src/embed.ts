import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import { parseAspectSetting, windowRatio, type AspectSetting } from "./app/aspect";
import { canvasRectStore } from "./app/canvasRect";
import { BannerStore } from "./app/banners";
import { DocumentStatusStore, formatTitle } from "./app/documentStatus";
import { newDocumentRecords, type Editor } from "./app/editor";
import { FileCommands } from "./app/fileCommands";
import { openDocument, type OpenDocument } from "./app/openDocument";
import { bindShortcuts, type Shortcut } from "./app/shortcuts";
import type { DocRecord } from "./doc/types";
import { parseDocument, type LoadResult } from "./io/native";
import { viewportShortcuts } from "./render/viewport";
import { PersistenceSession } from "./persist/session";
import { Overlay } from "./ui/Overlay";
import overlayCss from "./ui/overlay.css?inline";

/** The embedding options: the engine's, with the aspect ratio given as a Linework setting. */
export interface LineworkOptions extends Omit<
  EngineOptions,
  "parent" | "aspectRatio" | "main" | "noInitialRun"
> {
  /** "window" (the default), or a fixed ratio such as "16:9", "A4" or { width, height }. */
  readonly aspectRatio?: AspectSetting | string;
  /** Sets the page title; off for pages that own their title. */
  readonly manageTitle?: boolean;
  /** Autosaves to and reopens from the browser's storage; on unless false. */
  readonly persist?: boolean;
}

export interface Linework {
  readonly engine: Engine;
  /** The open document's editor; a new one after `open` or `importDocument`. */
  readonly editor: Editor;
  readonly current: OpenDocument;
  readonly document: DocumentStatusStore;
  /** Autosave, recovery and the document library; null when `persist` is false. */
  readonly persistence: PersistenceSession | null;
  readonly aspect: AspectSetting;
  /** Messages the user must see: storage, files, read-only documents. */
  readonly banners: BannerStore;
  /** Save (Ctrl+S), Save as (Ctrl+Shift+S) and Open (Ctrl+O) with files on disk. */
  readonly files: FileCommands;
  /** Opens a document of the library in place of the current one (which is saved first). */
  open(path: string): Promise<void>;
  /**
   * Reads a .linework file into the library and opens it. A file from a newer Linework opens
   * read-only and is not stored (path null). A file that cannot be read leaves the open document
   * untouched; the returned error says why.
   */
  importDocument(
    text: string,
    name?: string,
  ): Promise<{ ok: true; path: string | null; readOnly: boolean } | { ok: false; error: string }>;
  destroy(): void;
}

/** Starts Linework inside `parent`: the engine, then the program's main routine and the chrome. */
export async function mountLinework(
  parent: HTMLElement,
  options: LineworkOptions = {},
): Promise<Linework> {
  const aspect = resolveAspect(options.aspectRatio);
  installStyles(parent.ownerDocument);
  const status = new DocumentStatusStore();
  const banners = new BannerStore();
  const cleanups: Array<() => void> = [];
  // The editor is built from the stored document, so storage is read before the program starts.
  // The engine's environment is not there yet; it is the same pure function of the language.
  const env = programEnvironment(navigator.language);
  const startPersistence = (): Promise<PersistenceSession | null> =>
    options.persist === false
      ? Promise.resolve(null)
      : PersistenceSession.start({ home: env.HOME, user: env.USER, banners });
  let persistence = await startPersistence();
  let current: OpenDocument | null = null;
  let root: Root | null = null;

  const renderChrome = (engine: Engine): void => {
    root?.render(
      createElement(Overlay, {
        rect: canvasRectStore(engine),
        status,
        banners,
        onToggleFullscreen: () => {
          engine.shell.toggleFullscreen().catch((error: unknown) => {
            engine.printErr(`Full screen is not available: ${String(error)}`);
          });
        },
      }),
    );
  };

  const main = (engine: Engine): void => {
    current = openDocument(
      engine,
      persistence?.records ?? newDocumentRecords(env.USER),
      status,
      persistence,
    );
    if (options.manageTitle !== false) {
      const applyTitle = (): void => {
        document.title = formatTitle(status.get());
      };
      applyTitle();
      cleanups.push(status.subscribe(applyTitle));
    }
    const overlayHost = parent.ownerDocument.createElement("div");
    overlayHost.className = "lw-overlay-host";
    parent.appendChild(overlayHost);
    root = createRoot(overlayHost);
    renderChrome(engine);
    cleanups.push(() => {
      root?.unmount();
      overlayHost.remove();
    });
  };

  const {
    aspectRatio: _setting,
    manageTitle: _title,
    persist: _persist,
    ...engineOptions
  } = options;
  const engine = await startEngine({
    ...engineOptions,
    parent,
    aspectRatio: aspect === "window" ? windowRatio(window) : aspect,
    main,
  });

  if (aspect === "window") {
    const follow = (): void => {
      const ratio = windowRatio(window);
      if (ratio) engine.setAspectRatio(ratio.width, ratio.height);
    };
    window.addEventListener("resize", follow);
    cleanups.push(() => window.removeEventListener("resize", follow));
  }

  const opened = (): OpenDocument => {
    if (current === null) throw new Error("Linework's main routine did not run");
    return current;
  };
  opened();

  /** Puts another document in place of the open one; callers save the old one first. */
  const swap = (
    records: readonly DocRecord[] | null,
    session: PersistenceSession | null,
    readOnly: boolean,
  ): void => {
    const view = opened().viewport.preferences;
    opened().close();
    persistence = session;
    current = openDocument(
      engine,
      records ?? newDocumentRecords(env.USER),
      status,
      readOnly ? null : session,
      view,
    );
    current.editor.store.setReadOnly(readOnly);
    banners.dismiss(BANNER_READ_ONLY_FILE);
    renderChrome(engine);
  };

  const open = async (path: string): Promise<void> => {
    const library = persistence?.documents;
    if (!persistence || !library) throw new Error("There is no document library in this browser");
    await library.open(path).then((handle) => handle.close()); // fails clearly if it is not there
    await persistence.whenSaved();
    await library.setLastOpened(path);
    // The old session lets go of its document (and its lock) before the next one takes any.
    persistence.dispose();
    const next = await startPersistence();
    swap(next?.records ?? null, next, false);
    files.forgetFile();
  };

  /** A file's contents become a library document; one from a newer Linework opens read-only. */
  const openLoaded = async (
    result: LoadResult & { ok: true },
    fileName: string,
    preferredName?: string,
  ): Promise<string | null> => {
    const meta = result.records.find((record) => record.type === "document");
    const name = preferredName ?? meta?.name ?? fileName.replace(/\.linework$/i, "");
    if (result.readOnly) {
      await persistence?.whenSaved();
      swap(result.records, persistence, true);
      banners.show({
        id: BANNER_READ_ONLY_FILE,
        tone: "info",
        message: result.message ?? `${name} is open read-only.`,
        actions: [],
      });
      return null;
    }
    const library = persistence?.documents;
    if (!library) {
      swap(result.records, persistence, false);
      return null;
    }
    const path = await library.create(name, result.records);
    await open(path);
    return path;
  };

  const files = new FileCommands(
    {
      records: () => opened().editor.store.snapshot(),
      name: () => opened().editor.store.document.name,
      openLoaded: async (result, fileName) => {
        await openLoaded(result, fileName);
      },
    },
    banners,
  );

  const report = (action: Promise<unknown>): void => {
    action.catch((error: unknown) => engine.printErr(`Linework: ${String(error)}`));
  };
  const shortcuts: Shortcut[] = [
    { code: "KeyZ", mod: true, label: "Undo", run: () => opened().editor.history.undo() },
    {
      code: "KeyZ",
      mod: true,
      shift: true,
      label: "Redo",
      run: () => opened().editor.history.redo(),
    },
    { code: "KeyY", mod: true, label: "Redo", run: () => opened().editor.history.redo() },
    { code: "KeyS", mod: true, label: "Save", run: () => report(files.save()) },
    { code: "KeyS", mod: true, shift: true, label: "Save as", run: () => report(files.saveAs()) },
    { code: "KeyO", mod: true, label: "Open", run: () => report(files.open()) },
    ...viewportShortcuts(() => opened().viewport),
  ];
  cleanups.push(bindShortcuts(engine, shortcuts));

  return {
    engine,
    get editor() {
      return opened().editor;
    },
    get current() {
      return opened();
    },
    document: status,
    get persistence() {
      return persistence;
    },
    aspect,
    banners,
    files,
    open,
    async importDocument(text, name) {
      const result = parseDocument(text);
      if (!result.ok) return { ok: false, error: result.error };
      const path = await openLoaded(result, "Untitled", name);
      return { ok: true, path, readOnly: result.readOnly };
    },
    destroy() {
      current?.close();
      persistence?.dispose();
      for (const cleanup of cleanups.splice(0)) cleanup();
      engine.destroy();
    },
  };
}

const BANNER_READ_ONLY_FILE = "read-only-file";

function resolveAspect(setting: AspectSetting | string | undefined): AspectSetting {
  if (setting === undefined) return "window";
  if (typeof setting !== "string") return setting;
  const parsed = parseAspectSetting(setting);
  if (parsed === null) throw new RangeError(`Unknown aspect ratio setting "${setting}"`);
  return parsed;
}

const STYLE_ID = "linework-styles";

/** Styles travel inside the script so an embedding page needs one import and nothing else. */
function installStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = overlayCss;
  doc.head.appendChild(style);
}

/** The engine itself, for pages that embed it with a main routine of their own. */
export { startEngine } from "../engine";
export type { Engine, EngineOptions } from "../engine";
