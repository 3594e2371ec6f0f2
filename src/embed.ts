import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import {
  followWindowAspect,
  parseAspectSetting,
  windowRatio,
  type AspectSetting,
} from "./app/aspect";
import type { Editor } from "./app/editor";
import type { FileCommands } from "./app/fileCommands";
import { Program, type SwitchOptions } from "./app/program";
import { bindProgramCommands } from "./app/programCommands";
import type { BannerStore } from "./editing/banners";
import type { CommandRegistry } from "./editing/commands";
import type { ToolSettings } from "./editing/settings";
import type { DocumentExports } from "./io/export/documentExports";
import type { ImportFileResult } from "./io/import/importFile";
import { followTitle, type DocumentStatusStore } from "./persist/documentStatus";
import type { PersistenceSession } from "./persist/session";
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

/**
 * Starts Linework inside `parent`: loads the program (storage, fonts) and starts the engine,
 * whose main routine opens the first document and shows the chrome; then binds the commands.
 */
export async function mountLinework(
  parent: HTMLElement,
  options: LineworkOptions = {},
): Promise<Linework> {
  const aspect = resolveAspect(options.aspectRatio);
  const page = parent.ownerDocument;
  installStyles(page);
  // The engine's environment is not there before it starts; it is the same pure function of the
  // language, and the program needs it to read storage before the engine starts.
  const env = programEnvironment(navigator.language);
  const program = await Program.load({ persist: options.persist !== false, env, page });
  const chrome = new ChromeState();
  const cleanups: Array<() => void> = [];
  let chromeView: ChromeView | null = null;

  const main = (engine: Engine): void => {
    program.start(engine, () => chromeView?.documentSwitched());
    if (options.manageTitle !== false) cleanups.push(followTitle(program.status, page));
    chromeView = showChrome(engine, {
      program,
      chrome,
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
  if (aspect === "window") cleanups.push(followWindowAspect(engine, window));
  cleanups.push(
    bindProgramCommands({
      engine,
      program,
      toggleFocusMode: () => chrome.toggleFocusMode(),
      openExportDialog: () => chrome.openDialog("export"),
      freeArea: () => chromeView?.freeArea() ?? null,
    }),
  );

  return {
    engine,
    get editor() {
      return program.current;
    },
    get current() {
      return program.current;
    },
    document: program.status,
    get persistence() {
      return program.persistence;
    },
    aspect,
    banners: program.banners,
    files: program.files,
    commands: program.commands,
    tools: program.settings,
    chrome,
    exports: program.exports,
    open: (path, switchOptions) => program.open(path, switchOptions),
    newDocument: (switchOptions) => program.newDocument(switchOptions),
    importDocument: (text, name) => program.importDocument(text, name),
    importFile: (name, data, at) => program.importFile(name, data, at),
    destroy() {
      program.dispose();
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
