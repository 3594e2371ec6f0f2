import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import { parseAspectSetting, windowRatio, type AspectSetting } from "./app/aspect";
import type { Editor } from "./app/editor";
import { downloadBlob } from "./app/exportCommands";
import type { FileCommands } from "./app/fileCommands";
import { pickImage } from "./app/pickImage";
import { Program, type SwitchOptions } from "./app/program";
import { bindProgramCommands } from "./app/programCommands";
import type { ToolServices } from "./app/toolSession";
import { BannerStore } from "./editing/banners";
import { CommandRegistry } from "./editing/commands";
import { ToolSettings } from "./editing/settings";
import { bundledGlyphFonts, registerBundledFonts } from "./fonts/bundledFonts";
import { documentExports, type DocumentExports } from "./io/export/documentExports";
import { importFileInto, type ImportFileResult } from "./io/import/importFile";
import { DocumentStatusStore, formatTitle } from "./persist/documentStatus";
import type { PersistenceSession } from "./persist/session";
import { measureTextNode } from "./render/displays";
import { DomTextEditorHost } from "./tools/textEditorHost";
import { ChromeState } from "./ui/chromeState";
import { showChrome, type ChromeView } from "./ui/chromeView";
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
  /** The same editor (the name older pages use). */
  readonly current: Editor;
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
  const commands = new CommandRegistry();
  const tools = new ToolSettings();
  const chrome = new ChromeState();
  const cleanups: Array<() => void> = [];
  // The editor is built from the stored document, so storage is read before the program starts.
  // The engine's environment is not there yet; it is the same pure function of the language.
  const env = programEnvironment(navigator.language);
  const storage =
    options.persist === false
      ? null
      : {
          home: env.HOME,
          user: env.USER,
          banners,
          // Called from a banner, long after the commands are registered.
          manageDrawings: (): void => void commands.run("file.openLibrary"),
        };
  // Text is drawn once, when its chunk is built: the shipped typeface must be there first, or
  // canvas text would be set in a fallback font. Local files load in milliseconds; a page whose
  // fonts never arrive falls back, as CSS does, after FONT_WAIT_MS.
  const fontsReady = registerBundledFonts(parent.ownerDocument.fonts);
  const session = await Program.startStorage(storage);
  await Promise.race([fontsReady, new Promise((done) => setTimeout(done, FONT_WAIT_MS))]);
  let program: Program | null = null;
  const running = (): Program => {
    if (program === null) throw new Error("Linework's main routine did not run");
    return program;
  };
  // Made before the chrome first renders: its export dialog and `linework.exports` share it.
  const exports = documentExports(() => running().current.store, bundledGlyphFonts);
  const exporting = {
    exports,
    save: (blob: Blob, name: string) => downloadBlob(parent.ownerDocument, blob, name),
  };
  let chromeView: ChromeView | null = null;

  const main = (engine: Engine): void => {
    const services: ToolServices = {
      settings: tools,
      commands,
      text: new DomTextEditorHost(engine.shell.parent, () =>
        program === null
          ? null
          : {
              store: program.current.store,
              camera: program.current.camera,
              canvasOffset: () => ({
                x: engine.shell.canvas.offsetLeft,
                y: engine.shell.canvas.offsetTop,
              }),
              measure: measureTextNode,
            },
      ),
      requestImage: () => pickImage(parent.ownerDocument),
    };
    program = Program.open(
      engine,
      {
        status,
        banners,
        services,
        persistence: storage,
        user: env.USER,
        onSwitched: () => chromeView?.documentSwitched(),
      },
      session,
    );
    if (options.manageTitle !== false) {
      const applyTitle = (): void => {
        document.title = formatTitle(status.get());
      };
      applyTitle();
      cleanups.push(status.subscribe(applyTitle));
    }
    chromeView = showChrome(engine, {
      program,
      status,
      banners,
      commands,
      tools,
      chrome,
      exporting,
      lang: env.LANG,
      background: options.background,
    });
    cleanups.push(() => chromeView?.dispose());
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
  const started = running();
  cleanups.push(
    bindProgramCommands({
      engine,
      program: started,
      commands,
      settings: tools,
      banners,
      exports,
      save: exporting.save,
      toggleFocusMode: () => chrome.toggleFocusMode(),
      openExportDialog: () => chrome.openDialog("export"),
      freeArea: () => chromeView?.freeArea() ?? null,
    }),
  );

  return {
    engine,
    get editor() {
      return started.current;
    },
    get current() {
      return started.current;
    },
    document: status,
    get persistence() {
      return started.persistence;
    },
    aspect,
    banners,
    files: started.files,
    commands,
    tools,
    chrome,
    exports,
    open: (path, switchOptions) => started.open(path, switchOptions),
    newDocument: (switchOptions) => started.newDocument(switchOptions),
    importDocument: (text, name) => started.importDocument(text, name),
    importFile(name, data, at) {
      const open = started.current;
      return importFileInto(open.store, open.pageId(), name, data, at);
    },
    destroy() {
      started.dispose();
      for (const cleanup of cleanups.splice(0)) cleanup();
      engine.destroy();
    },
  };
}

/** How long start-up waits for the shipped typeface before drawing text in a fallback. */
const FONT_WAIT_MS = 1500;

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
