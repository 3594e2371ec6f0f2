import type { Engine } from "../../engine";
import type { ProgramEnvironment } from "../../engine/runtime/environment";
import type { DocRecord } from "../doc/types";
import { BannerStore } from "../editing/banners";
import { CommandRegistry } from "../editing/commands";
import type { DocumentStore } from "../doc/store";
import { buildEditorStore, newDocumentRecords } from "../editing/editor";
import { nodeClassesSteps, type NodeClasses } from "../scene/picker";
import { pageBoxesSteps, type PageBoxes } from "../scene/spatialSync";
import { ToolSettings } from "../editing/settings";
import { bundledGlyphFonts, registerBundledFonts } from "../fonts/bundledFonts";
import type { Point } from "../math/point";
import { documentExports, type DocumentExports } from "../io/export/documentExports";
import { importFileInto, type ImportFileResult } from "../io/import/importFile";
import { serializeDocument, type LoadResult } from "../io/native";
import { abortError } from "../io/steps";
import { NODES_PER_STEP, STOPPED, untilAborted } from "../io/steps";
import { readOpenedText } from "../persist/damaged";
import { DocumentStatusStore } from "../persist/documentStatus";
import { yieldToEventLoop } from "../persist/db";
import { EarlyWrite } from "../persist/earlyWrite";
import { browserStorage } from "../persist/durableStorage";
import { baseName } from "../persist/library";
import { BANNER_DAMAGED, PersistenceSession, type PersistenceOptions } from "../persist/session";
import { runSliced, withProgress } from "../persist/sliced";
import { measureTextNode } from "../render/displays";
import type { ViewPreferences } from "../render/viewport";
import { DomTextEditorHost } from "../tools/textEditorHost";
import { Editor } from "./editor";
import { downloadBlob } from "./exportCommands";
import { FileCommands } from "./fileCommands";
import { OpeningProgress, type RunningOpening } from "./opening";
import { pickImage } from "./pickImage";
import type { ToolServices } from "./toolSession";

export interface SwitchOptions {
  readonly discardUnsaved?: boolean;
}

/** What the program is loaded with. */
export interface ProgramSetup {
  /** Autosaves to and reopens from the browser's storage; false keeps nothing. */
  readonly persist: boolean;
  /** The engine's environment (its HOME, USER and LANG), known before the engine starts. */
  readonly env: ProgramEnvironment;
  /** The page: its fonts, file pickers and downloads. */
  readonly page: Document;
}

/** What the running program has of the engine: set by the main routine. */
interface Running {
  readonly engine: Engine;
  readonly services: ToolServices;
  /** Told after another document has been opened in place of the last one. */
  readonly onSwitched: (editor: Editor) => void;
}

/**
 * The running program: what outlives every document (the status line, banners, commands, tool
 * settings, exports, files on disk, the storage it autosaves to) and the open document's
 * `Editor` with its autosave session. It is the only thing that replaces the editor: from the
 * library, New, a file. Each way saves or gives up the old document first, closes its editor,
 * and opens the next one with the view kept.
 */
export class Program {
  /** The open document's name and unsaved state, and how the browser keeps storage. */
  readonly status = new DocumentStatusStore();
  /** Messages the user must see: storage, files, read-only documents. */
  readonly banners = new BannerStore();
  /** Every command with its label and shortcuts: menus, the palette and the keys run them. */
  readonly commands = new CommandRegistry();
  /** The active tool and the style of new shapes. */
  readonly settings = new ToolSettings();
  /** SVG, PNG and PDF export of the open document, and clipboard payloads. */
  readonly exports: DocumentExports = documentExports(() => this.current.store, bundledGlyphFonts);
  /** Save (Ctrl+S), Save as (Ctrl+Shift+S) and Open (Ctrl+O) with files on disk. */
  readonly files: FileCommands;
  /** The library document being opened in place of the open one, with its Cancel. */
  readonly opening = new OpeningProgress();
  /** Where autosave keeps the library, the same for every document; null when it keeps none. */
  private readonly storage: PersistenceOptions | null;
  private session: PersistenceSession | null = null;
  private editor: Editor | null = null;
  private running: Running | null = null;
  /** Stops the library switch under way; the open document stays as it is. */
  private switching: AbortController | null = null;

  private constructor(private readonly setup: ProgramSetup) {
    const { env } = setup;
    this.storage = setup.persist
      ? {
          home: env.HOME,
          user: env.USER,
          banners: this.banners,
          // One for the program, so it asks the browser to keep storage once, not per document.
          storage: browserStorage(),
          // Called from a banner, long after the commands are registered.
          manageDrawings: (): void => void this.commands.run("file.openLibrary"),
        }
      : null;
    this.files = new FileCommands(
      {
        records: () => this.current.store.snapshot(),
        name: () => this.current.store.document.name,
        // Open (Ctrl+O) reads the file and opens it as importDocument does, in two switches
        // under one bar: the reading, then the loading.
        parse: (text, fileName) =>
          this.asSwitch(documentName(fileName), (signal, progress) =>
            this.readText(text, signal, progress),
          ),
        openLoaded: (result, fileName) =>
          this.asSwitch(
            documentName(fileName),
            async (signal, progress) => {
              await this.openLoaded(result, fileName, undefined, { signal, progress });
            },
            LOAD_SHARE,
          ),
      },
      this.banners,
    );
  }

  /**
   * Reads the stored library (unless `setup.persist` is false) and loads the shipped typefaces:
   * the first editor is built from the stored document, and text is drawn once, when its chunk
   * is built, so the typeface must be there first or canvas text would be set in a fallback.
   * Local files load in milliseconds; fonts that never arrive fall back, as CSS does, after
   * FONT_WAIT_MS.
   */
  static async load(setup: ProgramSetup): Promise<Program> {
    const program = new Program(setup);
    const fontsReady = registerBundledFonts(setup.page.fonts);
    program.session = await program.startStorage();
    await Promise.race([fontsReady, new Promise((done) => setTimeout(done, FONT_WAIT_MS))]);
    return program;
  }

  /**
   * The main routine, on the started engine: opens the stored document (or a new one). Tools
   * borrow the page's text field and image picker, which outlive every document.
   */
  start(engine: Engine, onSwitched: (editor: Editor) => void): void {
    const services: ToolServices = {
      settings: this.settings,
      commands: this.commands,
      text: new DomTextEditorHost(engine.shell.parent, () =>
        this.editor === null
          ? null
          : {
              store: this.editor.store,
              camera: this.editor.camera,
              canvasOffset: () => ({
                x: engine.shell.canvas.offsetLeft,
                y: engine.shell.canvas.offsetTop,
              }),
              measure: measureTextNode,
            },
      ),
      requestImage: () => pickImage(this.setup.page),
    };
    this.running = { engine, services, onSwitched };
    this.editor = this.openEditor(this.session?.records ?? null, this.session, false);
  }

  /** The open document's editor; another one after each switch. */
  get current(): Editor {
    if (this.editor === null) throw new Error("Linework's main routine did not run");
    return this.editor;
  }

  /** Autosave, recovery and the library; null when the page keeps nothing. */
  get persistence(): PersistenceSession | null {
    return this.session;
  }

  /**
   * Opens a document of the library in place of the current one, which is saved first unless
   * `discardUnsaved` (then writes still pending are given up). The new one is read, checked and
   * loaded in steps, a turn given to the page between them, while the open one stays on screen
   * and editable; it takes the open one's place in one task at the end. Cancel (`opening`) or
   * another switch stops it: it then rejects with an AbortError and nothing has changed.
   */
  async open(path: string, options: SwitchOptions = {}): Promise<void> {
    const controller = this.startSwitch();
    const { signal } = controller;
    const progress = this.opening.start(baseName(path), () => controller.abort());
    try {
      const library = this.session?.documents;
      if (!library || this.storage === null)
        throw new Error("There is no document library in this browser");
      await library.open(path).then((handle) => handle.close()); // fails clearly if it is not there
      if (options.discardUnsaved) this.status.set({ dirty: false });
      else await this.session?.whenSaved();
      if (signal.aborted) throw abortError();
      // Reopening the open file: its writer lock is this session's own, so the session lets go
      // before the file is read again, and the switch can no longer be stopped.
      const reopening = path === this.session?.path;
      const stop = reopening ? undefined : signal;
      if (reopening) {
        progress.committing();
        this.session?.dispose();
        this.session = null;
      }
      const next = await PersistenceSession.openPath(this.storage, path, {
        signal: stop,
        onProgress: (fraction) => progress.progress(fraction * LOAD_SHARE),
      });
      let built: BuiltDocument;
      try {
        const records = next.records ?? newDocumentRecords(this.setup.env.USER);
        built = await buildStore(records, stop, progress);
        // Edits made meanwhile in the open document are written before it closes.
        if (!options.discardUnsaved) await this.session?.whenSaved();
        if (stop?.aborted === true) throw abortError();
      } catch (error) {
        next.dispose();
        throw error;
      }
      // Nothing waits from here on: the open document is replaced in this task or not at all.
      this.session?.dispose();
      this.swap(built.store, next, false, built);
      this.files.forgetFile();
      progress.finish();
      await next.remember();
    } finally {
      progress.finish();
      if (this.switching === controller) this.switching = null;
    }
  }

  /** Creates "Untitled" in the library and opens it, as `open` does; returns its path. */
  async newDocument(options: SwitchOptions = {}): Promise<string> {
    this.switching?.abort();
    const library = this.session?.documents;
    if (!library) throw new Error("There is no document library in this browser");
    const path = await library.create("Untitled");
    await this.open(path, options);
    return path;
  }

  /**
   * Reads a .linework file into the library and opens it. A file from a newer Linework opens
   * read-only and is not stored (path null). A file that cannot be read leaves the open document
   * untouched; the returned error says why.
   */
  async importDocument(
    text: string,
    name?: string,
  ): Promise<{ ok: true; path: string | null; readOnly: boolean } | { ok: false; error: string }> {
    return this.asSwitch(name ?? "Untitled", async (signal, progress) => {
      const early = this.writeEarly(name, text);
      try {
        const result = await this.readText(text, signal, progress);
        if (!result.ok) return { ok: false, error: result.error };
        const path = await this.openLoaded(result, "Untitled", name, { signal, progress }, early);
        return { ok: true, path, readOnly: result.readOnly };
      } finally {
        early?.discard();
      }
    });
  }

  /**
   * The text written to the library while it is read, when the name it is stored under is known
   * before reading (the document's own name is only known after): see `EarlyWrite`.
   */
  private writeEarly(name: string | undefined, text: string): EarlyWrite | null {
    const session = this.session;
    const library = session?.documents;
    if (name === undefined || !session || !library || this.storage === null) return null;
    return new EarlyWrite(library, name, text, session.whenSaved());
  }

  /**
   * Runs `work` as a switch of documents: with the opening bar named `name` and its Cancel, which
   * aborts `signal`, as another switch does. A file's text is read and loaded as a library
   * document is by `open`: parsed in a worker, checked and built in steps while the open
   * document stays; cancelled, it rejects with an AbortError and leaves the open one.
   */
  private async asSwitch<T>(
    name: string,
    work: (signal: AbortSignal, progress: RunningOpening) => Promise<T>,
    from = 0,
  ): Promise<T> {
    const controller = this.startSwitch();
    const progress = this.opening.start(name, () => controller.abort(), from);
    try {
      return await work(controller.signal, progress);
    } finally {
      progress.finish();
      if (this.switching === controller) this.switching = null;
    }
  }

  /** A `.linework` file's text read in steps (`readOpenedText`), the bar up to LOAD_SHARE. */
  private readText(
    text: string,
    signal: AbortSignal,
    progress: RunningOpening,
  ): Promise<LoadResult> {
    return readOpenedText(text, {
      signal,
      onProgress: (fraction) => progress.progress(fraction * LOAD_SHARE),
    });
  }

  /**
   * Imports an SVG, PNG, JPEG, GIF, WebP, .excalidraw or .linework file into the page on screen
   * as one undo step (centred on `at` when given); the new shapes become the selection. The
   * content is checked at the untrusted-input boundary; on failure the document is untouched.
   */
  importFile(name: string, data: Uint8Array | string, at?: Point): Promise<ImportFileResult> {
    const open = this.current;
    return importFileInto(open.store, open.pageId(), name, data, at, { gesture: open.history });
  }

  /** Saves an exported file: a download from the page. */
  save(blob: Blob, name: string): void {
    downloadBlob(this.setup.page, blob, name);
  }

  /** Closes the open editor and lets go of storage; the engine is the caller's. */
  dispose(): void {
    this.editor?.close();
    this.session?.dispose();
  }

  /** A new switch, stopping the one under way. */
  private startSwitch(): AbortController {
    this.switching?.abort();
    const controller = new AbortController();
    this.switching = controller;
    return controller;
  }

  private startStorage(): Promise<PersistenceSession | null> {
    return this.storage === null ? Promise.resolve(null) : PersistenceSession.start(this.storage);
  }

  /**
   * A file's contents become a library document; one from a newer Linework opens read-only. The
   * editor's store is built in steps under the switch's bar (`buildStore`), while the browser
   * writes the file; cancelled before it replaces the open document, nothing is replaced and the
   * file written meanwhile is removed again.
   */
  private async openLoaded(
    result: LoadResult & { ok: true },
    fileName: string,
    preferredName: string | undefined,
    { signal, progress }: { readonly signal: AbortSignal; readonly progress: RunningOpening },
    early: EarlyWrite | null = null,
  ): Promise<string | null> {
    const { banners } = this;
    const meta = result.records.find((record) => record.type === "document");
    const name = preferredName ?? meta?.name ?? documentName(fileName);
    // The bar ends in the task that replaces the document, as a library switch's does.
    const replace = (
      built: BuiltDocument,
      session: PersistenceSession | null,
      readOnly: boolean,
    ): void => {
      this.swap(built.store, session, readOnly, built);
      progress.finish();
    };
    if (result.readOnly) {
      const store = await buildStore(result.records, signal, progress);
      await this.session?.whenSaved();
      if (signal.aborted) throw abortError();
      replace(store, this.session, true);
      banners.show({
        id: BANNER_READ_ONLY_FILE,
        tone: "info",
        message: result.message ?? `${name} is open read-only.`,
        actions: [],
      });
      return null;
    }
    const session = this.session;
    const library = session?.documents;
    if (!session || !library || this.storage === null) {
      replace(await buildStore(result.records, signal, progress), session, false);
      return null;
    }
    // The text is stored as it came (one transaction; nothing serialised or hashed) and the
    // editor is built from the records already parsed, not read back: the snapshot's read-back
    // check runs after the first frame (PersistenceSession.whenSnapshotChecked). The records are
    // indexed while the browser writes the file (begun while the text was read, when `early`
    // holds that write); the import is done once the file is stored.
    const text = result.source ?? serializeDocument(result.records);
    await session.whenSaved();
    if (signal.aborted) throw abortError();
    const { written } =
      early?.library === library
        ? await early.take(name, text)
        : await library.beginFromText(name, text);
    const discard = (): void =>
      void written.then((path) => library.remove(path)).catch(() => undefined);
    // Chromium hands the writes to its storage only once this task ends.
    await yieldToEventLoop();
    let store: BuiltDocument;
    try {
      store = await buildStore(result.records, signal, progress);
    } catch (error) {
      discard();
      throw error;
    }
    const path = await written;
    if (signal.aborted) {
      discard();
      throw abortError();
    }
    // From here the open document's session is closed: a cancel could no longer keep it.
    progress.committing();
    session.dispose();
    const next = await PersistenceSession.start(this.storage, {
      path,
      records: result.records,
      text,
    });
    replace(store, next, false);
    this.files.forgetFile();
    if (result.warning !== undefined) {
      banners.show({
        id: BANNER_DAMAGED,
        tone: "warning",
        message: `“${name}” was recovered from damaged data. ${result.warning}`,
        actions: [{ label: "Dismiss", onClick: () => banners.dismiss(BANNER_DAMAGED) }],
      });
    }
    return path;
  }

  /** Puts another document in place of the open one; callers save the old one first. */
  private swap(
    records: readonly DocRecord[] | DocumentStore | null,
    session: PersistenceSession | null,
    readOnly: boolean,
    prepared: PreparedDocument | null = null,
  ): void {
    const view: ViewPreferences = this.current.viewport.preferences;
    this.current.close();
    this.session = session;
    this.editor = this.openEditor(records, session, readOnly, view, prepared);
    this.editor.store.setReadOnly(readOnly);
    this.banners.dismiss(BANNER_READ_ONLY_FILE);
    this.running?.onSwitched(this.editor);
  }

  private openEditor(
    records: readonly DocRecord[] | DocumentStore | null,
    session: PersistenceSession | null,
    readOnly: boolean,
    view?: ViewPreferences,
    prepared: PreparedDocument | null = null,
  ): Editor {
    if (this.running === null) throw new Error("Linework's main routine did not run");
    const editor = new Editor(
      this.running.engine,
      records ?? newDocumentRecords(this.setup.env.USER),
      {
        status: this.status,
        persistence: readOnly ? null : session,
        services: this.running.services,
        view,
        pageBoxes: prepared?.pageBoxes ?? null,
        nodeClasses: prepared?.nodeClasses ?? null,
      },
    );
    if (!readOnly && session?.path) nameAfterFile(editor.store, session.path);
    return editor;
  }
}

const BANNER_READ_ONLY_FILE = "read-only-file";
/** The share of a switch's progress that reading the stored document takes; the rest loads it. */
const LOAD_SHARE = 0.8;

/** A file's name as the document's: without its extension. */
function documentName(fileName: string): string {
  return fileName.replace(/\.linework$/i, "");
}

/**
 * What the task that shows a document would otherwise work out over all of it: its first page
 * measured for the spatial index, and its nodes classified for picking.
 */
interface PreparedDocument {
  readonly pageBoxes: PageBoxes | null;
  readonly nodeClasses: NodeClasses | null;
}

/** A store built for the editor, and what was prepared from it. */
interface BuiltDocument extends PreparedDocument {
  readonly store: DocumentStore;
}

/**
 * The editor's store of `records`, built in steps over tasks, the bar going from LOAD_SHARE to
 * the end, and its first page's boxes and its nodes' classes worked out in steps too, so the
 * task that shows the document does not measure or read a hundred thousand shapes; rejects
 * with an AbortError once `signal` is aborted.
 */
async function buildStore(
  records: readonly DocRecord[],
  signal: AbortSignal | undefined,
  progress: RunningOpening,
): Promise<BuiltDocument> {
  const steps = withProgress(buildEditorStore(records), records.length / NODES_PER_STEP, (done) =>
    progress.progress(LOAD_SHARE + (1 - LOAD_SHARE) * done),
  );
  const store = await runSliced(untilAborted(steps, signal));
  if (store === STOPPED) throw abortError();
  const nodeClasses = await runSliced(untilAborted(nodeClassesSteps(store), signal));
  if (nodeClasses === STOPPED) throw abortError();
  const page = store.pages()[0];
  if (page === undefined) return { store, pageBoxes: null, nodeClasses };
  const pageBoxes = await runSliced(untilAborted(pageBoxesSteps(store, page.id), signal));
  if (pageBoxes === STOPPED) throw abortError();
  return { store, pageBoxes, nodeClasses };
}
/** How long loading waits for the shipped typeface before drawing text in a fallback. */
const FONT_WAIT_MS = 1500;

/**
 * The open document takes its library file's name: a file opened under a name the library
 * already held is stored as "Name 2", and Rename in the documents dialog renames the file. The
 * document record follows, so the title, the exports' file names and the library agree. Not an
 * edit of the drawing, so no undo step: it is committed as a change from outside ("remote"),
 * which autosave stores and the history leaves alone.
 */
export function nameAfterFile(store: DocumentStore, path: string): void {
  const name = baseName(path);
  const document = store.document;
  if (store.readOnly || name === "" || document.name === name) return;
  store.transact("Rename", (tx) => tx.update(document.id, { name }), "remote");
}
