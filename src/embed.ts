import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import { parseAspectSetting, windowRatio, type AspectSetting } from "./app/aspect";
import { canvasRectStore } from "./app/canvasRect";
import { DocumentStatusStore, formatTitle } from "./app/documentStatus";
import { newDocumentRecords, type Editor } from "./app/editor";
import { openDocument, type OpenDocument } from "./app/openDocument";
import { parseDocument } from "./io/native";
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
  /** Opens a document of the library in place of the current one (which is saved first). */
  open(path: string): Promise<void>;
  /**
   * Reads a .linework file into the library and opens it. A file that cannot be read leaves
   * the open document untouched; the returned message says why.
   */
  importDocument(
    text: string,
    name?: string,
  ): Promise<{ ok: true; path: string } | { ok: false; error: string }>;
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
  const cleanups: Array<() => void> = [];
  // The editor is built from the stored document, so storage is read before the program starts.
  // The engine's environment is not there yet; it is the same pure function of the language.
  const env = programEnvironment(navigator.language);
  const startPersistence = (): Promise<PersistenceSession | null> =>
    options.persist === false
      ? Promise.resolve(null)
      : PersistenceSession.start({ home: env.HOME, user: env.USER });
  let persistence = await startPersistence();
  let current: OpenDocument | null = null;
  let root: Root | null = null;

  const renderChrome = (engine: Engine): void => {
    root?.render(
      createElement(Overlay, {
        rect: canvasRectStore(engine),
        status,
        ...(persistence ? { banners: persistence.banners } : {}),
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

  const open = async (path: string): Promise<void> => {
    const library = persistence?.documents;
    if (!persistence || !library) throw new Error("There is no document library in this browser");
    await library.open(path).then((handle) => handle.close()); // fails clearly if it is not there
    await persistence.whenSaved();
    await library.setLastOpened(path);
    opened().close();
    persistence.dispose();
    persistence = await startPersistence();
    current = openDocument(
      engine,
      persistence?.records ?? newDocumentRecords(env.USER),
      status,
      persistence,
    );
    renderChrome(engine);
  };

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
    open,
    async importDocument(text, name) {
      const result = parseDocument(text);
      if (!result.ok) return { ok: false, error: result.error };
      const library = persistence?.documents;
      if (!library) return { ok: false, error: "There is no document library in this browser" };
      const meta = result.records.find((record) => record.type === "document");
      const path = await library.create(name ?? meta?.name ?? "Untitled", result.records);
      await open(path);
      return { ok: true, path };
    },
    destroy() {
      current?.close();
      persistence?.dispose();
      for (const cleanup of cleanups.splice(0)) cleanup();
      engine.destroy();
    },
  };
}

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
