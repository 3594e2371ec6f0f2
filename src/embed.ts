import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import { parseAspectSetting, windowRatio, type AspectSetting } from "./app/aspect";
import { canvasRectStore } from "./app/canvasRect";
import { BannerStore } from "./editing/banners";
import { DocumentStatusStore, formatTitle } from "./persist/documentStatus";
import { newDocumentRecords, type EditableDocument } from "./editing/editor";
import { FileCommands } from "./app/fileCommands";
import { openDocument, type OpenDocument } from "./app/openDocument";
import { appCommands } from "./app/appCommands";
import { bindChromeKeys, chromeOrigin } from "./app/chromeFocus";
import { CommandRegistry } from "./editing/commands";
import { pickImage } from "./app/pickImage";
import {
  BrowserClipboard,
  bindClipboardEvents,
  bindFileDrop,
  type ClipboardTarget,
} from "./app/systemClipboard";
import { clipboardActions, editorCommands } from "./actions/editorCommands";
import { pathCommands } from "./actions/pathOps";
import { downloadBlob, exportCommands } from "./app/exportCommands";
import type { ToolServices } from "./app/toolSession";
import { ToolSettings } from "./editing/settings";
import { DomTextEditorHost } from "./tools/textEditorHost";
import { measureTextNode } from "./render/displays";
import type { DocRecord } from "./doc/types";
import { serializeDocument, type LoadResult } from "./io/native";
import { documentExports, type DocumentExports } from "./io/export/documentExports";
import { importFileInto, type ImportFileResult } from "./io/import/importFile";
import { parseOpenedText } from "./persist/damaged";
import { BANNER_DAMAGED, PersistenceSession } from "./persist/session";
import { ChromeState } from "./ui/chromeState";
import { measureFreeArea } from "./ui/freeArea";
import { followTheme } from "./ui/theme";
import { CANVAS_COLOURS, type CanvasTheme } from "./render/canvasTheme";
import { canvasBackground } from "./render/pageBackground";
import { browserBooleans } from "./actions/booleanRunner";
import { bundledGlyphFonts, registerBundledFonts } from "./fonts/bundledFonts";
import { Overlay } from "./ui/Overlay";
import type { DocumentActions, SwitchOptions } from "./ui/services";
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
  readonly editor: EditableDocument;
  readonly current: OpenDocument;
  readonly document: DocumentStatusStore;
  /** Autosave, recovery and the document library; null when `persist` is false. */
  readonly persistence: PersistenceSession | null;
  readonly aspect: AspectSetting;
  /** Messages the user must see: storage, files, read-only documents. */
  readonly banners: BannerStore;
  /** Save (Ctrl+S), Save as (Ctrl+Shift+S) and Open (Ctrl+O) with files on disk. */
  readonly files: FileCommands;
  /** Every command with its label and shortcuts: menus, the palette and the keys run them. */
  readonly commands: CommandRegistry;
  /** The active tool and the style of new shapes. */
  readonly tools: ToolSettings;
  /** What the chrome shows: focus mode. */
  readonly chrome: ChromeState;
  /** SVG, PNG and PDF export of the open document, and clipboard payloads. */
  readonly exports: DocumentExports;
  /**
   * Opens a document of the library in place of the current one, which is saved first unless
   * `discardUnsaved` (then writes still pending are given up).
   */
  open(path: string, options?: SwitchOptions): Promise<void>;
  /** Creates "Untitled" in the library and opens it, as `open` does; returns its path. */
  newDocument(options?: SwitchOptions): Promise<string>;
  /**
   * Reads a .linework file into the library and opens it. A file from a newer Linework opens
   * read-only and is not stored (path null). A file that cannot be read leaves the open document
   * untouched; the returned error says why.
   */
  importDocument(
    text: string,
    name?: string,
  ): Promise<{ ok: true; path: string | null; readOnly: boolean } | { ok: false; error: string }>;
  /**
   * Imports an SVG, PNG, JPEG, GIF, WebP, .excalidraw or .linework file into the page on screen
   * as one undo step (centred on `at` when given); the new shapes become the selection. The
   * content is checked at the untrusted-input boundary; on failure the document is untouched.
   */
  importFile(
    name: string,
    data: Uint8Array | string,
    at?: { x: number; y: number },
  ): Promise<ImportFileResult>;
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
  const sessionOptions = {
    home: env.HOME,
    user: env.USER,
    banners,
    // Called from a banner, long after the registry below exists.
    manageDrawings: (): void => void commands.run("file.openLibrary"),
  };
  const startPersistence = (): Promise<PersistenceSession | null> =>
    options.persist === false ? Promise.resolve(null) : PersistenceSession.start(sessionOptions);
  // Text is drawn once, when its chunk is built: the shipped typeface must be there first, or
  // canvas text would be set in a fallback font. Local files load in milliseconds; a page whose
  // fonts never arrive falls back, as CSS does, after FONT_WAIT_MS.
  const fontsReady = registerBundledFonts(parent.ownerDocument.fonts);
  let persistence = await startPersistence();
  await Promise.race([fontsReady, new Promise((done) => setTimeout(done, FONT_WAIT_MS))]);
  let current: OpenDocument | null = null;
  let root: Root | null = null;
  let overlayHost: HTMLElement | null = null;
  // The canvas follows the chrome's theme; an embedding page's own background is the light one.
  // A page with a background of its own shows it, as the exports do.
  let canvasTheme: CanvasTheme = "light";
  const lightBackground = options.background ?? CANVAS_COLOURS.light.background;
  const paintCanvas = (engine: Engine): void => {
    const colours = CANVAS_COLOURS[canvasTheme];
    const themeColour = canvasTheme === "light" ? lightBackground : colours.background;
    engine.setBackground(canvasBackground(themeColour, current?.pageBackground() ?? null));
    current?.viewport.setGridInk(colours.gridInk);
  };
  /** Repaints the canvas when the open document's shown page changes its background. */
  const followPageBackground = (engine: Engine, open: OpenDocument): void => {
    open.onPageBackground(() => paintCanvas(engine));
  };
  const commands = new CommandRegistry();
  const tools = new ToolSettings();
  const chrome = new ChromeState();
  let services: ToolServices | null = null;
  // Made before the chrome first renders: its export dialog and `linework.exports` share it.
  const exports = documentExports(() => {
    if (!current) throw new Error("No document is open");
    return current.editor.store;
  }, bundledGlyphFonts);
  const exporting = {
    exports,
    save: (blob: Blob, name: string) => downloadBlob(parent.ownerDocument, blob, name),
  };

  // One object for the page's life, so the chrome does not re-register its commands per render.
  const documentActions: DocumentActions = {
    library: () => persistence?.documents ?? null,
    currentPath: () => persistence?.path ?? null,
    open: (path, options) => open(path, options),
    newDocument: async (options) => {
      await newDocument(options);
    },
    whenSaved: () => persistence?.whenSaved() ?? Promise.resolve(),
    report: (error) =>
      banners.show({
        id: BANNER_SWITCH,
        tone: "error",
        message: `The drawing could not be opened (${error instanceof Error ? error.message : String(error)}). The open drawing stays.`,
        actions: [{ label: "Dismiss", onClick: () => banners.dismiss(BANNER_SWITCH) }],
      }),
  };

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
        services: current && {
          commands,
          tools,
          chrome,
          current,
          canvas: engine.shell.canvas,
          lang: env.LANG,
          exporting,
          ...(persistence ? { documents: documentActions } : {}),
        },
        persisting: persistence !== null,
      }),
    );
  };

  const main = (engine: Engine): void => {
    services = {
      settings: tools,
      commands,
      text: new DomTextEditorHost(engine.shell.parent, () =>
        current === null
          ? null
          : {
              store: current.editor.store,
              camera: current.camera,
              canvasOffset: () => ({
                x: engine.shell.canvas.offsetLeft,
                y: engine.shell.canvas.offsetTop,
              }),
              measure: measureTextNode,
            },
      ),
      requestImage: () => pickImage(parent.ownerDocument),
    };
    current = openDocument(
      engine,
      persistence?.records ?? newDocumentRecords(env.USER),
      status,
      persistence,
      services,
    );
    followPageBackground(engine, current);
    paintCanvas(engine);
    if (options.manageTitle !== false) {
      const applyTitle = (): void => {
        document.title = formatTitle(status.get());
      };
      applyTitle();
      cleanups.push(status.subscribe(applyTitle));
    }
    const host = parent.ownerDocument.createElement("div");
    host.className = "lw-overlay-host";
    parent.appendChild(host);
    overlayHost = host;
    root = createRoot(host);
    renderChrome(engine);
    cleanups.push(() => {
      root?.unmount();
      host.remove();
      overlayHost = null;
    });
    cleanups.push(
      followTheme(chrome, (theme) => {
        canvasTheme = theme;
        paintCanvas(engine);
      }),
    );
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
      services!,
      view,
    );
    current.editor.store.setReadOnly(readOnly);
    followPageBackground(engine, current);
    paintCanvas(engine);
    banners.dismiss(BANNER_READ_ONLY_FILE);
    renderChrome(engine);
  };

  const open = async (path: string, options: SwitchOptions = {}): Promise<void> => {
    const library = persistence?.documents;
    if (!persistence || !library) throw new Error("There is no document library in this browser");
    await library.open(path).then((handle) => handle.close()); // fails clearly if it is not there
    if (options.discardUnsaved) status.set({ dirty: false });
    else await persistence.whenSaved();
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
    if (!persistence || !library) {
      swap(result.records, persistence, false);
      return null;
    }
    // The text is stored as it came (one transaction; nothing serialised or hashed) and the
    // editor is built from the records already parsed, not read back: the snapshot's read-back
    // check runs after the first frame (PersistenceSession.whenSnapshotChecked).
    const text = result.source ?? serializeDocument(result.records);
    await persistence.whenSaved();
    const path = await library.createFromText(name, text);
    persistence.dispose();
    const next = await PersistenceSession.start(sessionOptions, {
      path,
      records: result.records,
      text,
    });
    swap(result.records, next, false);
    files.forgetFile();
    if (result.warning !== undefined) {
      banners.show({
        id: BANNER_DAMAGED,
        tone: "warning",
        message: `“${name}” was recovered from damaged data. ${result.warning}`,
        actions: [{ label: "Dismiss", onClick: () => banners.dismiss(BANNER_DAMAGED) }],
      });
    }
    return path;
  };

  const newDocument = async (options: SwitchOptions = {}): Promise<string> => {
    const library = persistence?.documents;
    if (!library) throw new Error("There is no document library in this browser");
    const path = await library.create("Untitled");
    await open(path, options);
    return path;
  };

  const files = new FileCommands(
    {
      records: () => opened().editor.store.snapshot(),
      name: () => opened().editor.store.document.name,
      openLoaded: async (result, fileName) => {
        await openLoaded(result, fileName);
      },
      parse: parseOpenedText,
    },
    banners,
  );

  const report = (action: Promise<unknown>): void => {
    action.catch((error: unknown) => engine.printErr(`Linework: ${String(error)}`));
  };
  const toggleFullscreen = (): void => {
    engine.shell.toggleFullscreen().catch((error: unknown) => {
      engine.printErr(`Full screen is not available: ${String(error)}`);
    });
  };
  cleanups.push(
    commands.register(
      appCommands({
        current: opened,
        settings: tools,
        save: () => report(files.save()),
        saveAs: () => report(files.saveAs()),
        open: () => report(files.open()),
        toggleFullscreen,
        toggleFocusMode: () => chrome.toggleFocusMode(),
        freeArea: () =>
          overlayHost === null ? null : measureFreeArea(overlayHost, engine.shell.canvas),
      }),
    ),
  );
  const notifyEdit = (message: string): void =>
    banners.show({ id: BANNER_EDIT, tone: "warning", message, actions: [] });
  const editHost = {
    editor: () => opened().editor,
    scope: () => opened().tools.scope(),
    notify: notifyEdit,
    frameAt: (point: { x: number; y: number }, exclude: ReadonlySet<string>) =>
      opened().tools.picker.frameAt(point, { exclude }),
  };
  // One instance for the menus and the keyboard's clipboard events, so repeated pastes step on.
  const clipboard = clipboardActions(editHost);
  const clipboardTarget: ClipboardTarget & {
    worldAt(x: number, y: number): { x: number; y: number };
  } = {
    ...editHost,
    actions: clipboard,
    viewCentre: () => {
      const size = opened().viewport.size;
      return opened().camera.screenToWorld({ x: size.width / 2, y: size.height / 2 });
    },
    worldAt: (clientX, clientY) => {
      const rect = engine.shell.canvas.getBoundingClientRect();
      return opened().camera.screenToWorld({ x: clientX - rect.left, y: clientY - rect.top });
    },
  };
  cleanups.push(
    commands.register(
      editorCommands({ ...editHost, clipboard: new BrowserClipboard(clipboardTarget) }, clipboard),
    ),
    commands.register(pathCommands({ ...editHost, booleans: browserBooleans() })),
    commands.register(
      exportCommands({
        current: opened,
        exports,
        settings: tools,
        save: exporting.save,
        notify: notifyEdit,
        openExportDialog: () => chrome.openDialog("export"),
      }),
    ),
    bindClipboardEvents(
      engine.shell.canvas,
      clipboardTarget,
      (event) => chromeOrigin(event.target, engine.shell.parent) !== null,
    ),
    bindFileDrop(engine.shell.canvas, clipboardTarget),
  );
  // Keys the canvas keeps from the browser while it has focus: our shortcuts, and what tools use
  // (Tab cycles shapes; F6 still leaves the canvas for the panels).
  cleanups.push(engine.claimKeys((event) => commands.claims(event) || TOOL_KEYS.has(event.code)));
  // A click on a panel button or on plain chrome takes focus from the canvas; shortcuts keep
  // working there (not while typing in a field), and Esc hands focus back to the canvas.
  cleanups.push(bindChromeKeys(engine, engine.shell.parent));

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
    commands,
    tools,
    chrome,
    exports,
    open,
    newDocument,
    async importDocument(text, name) {
      const result = parseOpenedText(text);
      if (!result.ok) return { ok: false, error: result.error };
      const path = await openLoaded(result, "Untitled", name);
      return { ok: true, path, readOnly: result.readOnly };
    },
    importFile(name, data, at) {
      const open = opened();
      return importFileInto(open.editor.store, open.pageId(), name, data, at);
    },
    destroy() {
      current?.close();
      persistence?.dispose();
      for (const cleanup of cleanups.splice(0)) cleanup();
      engine.destroy();
    },
  };
}

/** How long start-up waits for the shipped typeface before drawing text in a fallback. */
const FONT_WAIT_MS = 1500;

const BANNER_READ_ONLY_FILE = "read-only-file";
/** A New or Open from the library that failed. */
const BANNER_SWITCH = "document-switch";
/** Why an edit, paste or drop did nothing. */
const BANNER_EDIT = "edit-refused";

/** Keys the tools use that browsers would otherwise act on (scrolling, focus moves). */
const TOOL_KEYS = new Set([
  "Tab",
  "Space",
  "Enter",
  "NumpadEnter",
  "Escape",
  "Backspace",
  "Delete",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
]);

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
