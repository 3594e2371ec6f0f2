import type { Engine } from "../../engine";
import type { DocRecord } from "../doc/types";
import type { BannerStore } from "../editing/banners";
import { newDocumentRecords } from "../editing/editor";
import { serializeDocument, type LoadResult } from "../io/native";
import { parseOpenedText } from "../persist/damaged";
import type { DocumentStatusStore } from "../persist/documentStatus";
import { BANNER_DAMAGED, PersistenceSession, type PersistenceOptions } from "../persist/session";
import type { ViewPreferences } from "../render/viewport";
import { Editor } from "./editor";
import { FileCommands } from "./fileCommands";
import type { ToolServices } from "./toolSession";

export interface SwitchOptions {
  readonly discardUnsaved?: boolean;
}

/** What the program is started with: what outlives every document. */
export interface ProgramOptions {
  readonly status: DocumentStatusStore;
  readonly banners: BannerStore;
  readonly services: ToolServices;
  /** Where autosave keeps the library; null when the page keeps nothing. */
  readonly persistence: PersistenceOptions | null;
  /** The author of new documents. */
  readonly user: string;
  /** Told after another document has been opened in place of the last one. */
  readonly onSwitched: (editor: Editor) => void;
}

/**
 * The running program's documents: the open one's `Editor`, its autosave session, and the ways
 * of replacing it (the library, a file, a new document). Each way saves or gives up the old
 * document first, closes its editor, and opens the next one with the view kept.
 */
export class Program {
  private editor: Editor;
  private session: PersistenceSession | null;
  /** Save (Ctrl+S), Save as (Ctrl+Shift+S) and Open (Ctrl+O) with files on disk. */
  readonly files: FileCommands;

  private constructor(
    private readonly engine: Engine,
    private readonly options: ProgramOptions,
    session: PersistenceSession | null,
  ) {
    this.session = session;
    this.editor = new Editor(engine, session?.records ?? newDocumentRecords(options.user), {
      status: options.status,
      persistence: session,
      services: options.services,
    });
    this.files = new FileCommands(
      {
        records: () => this.editor.store.snapshot(),
        name: () => this.editor.store.document.name,
        openLoaded: async (result, fileName) => {
          await this.openLoaded(result, fileName);
        },
        parse: parseOpenedText,
      },
      options.banners,
    );
  }

  /** Opens the stored library (unless `options.persistence` is null) before the engine starts. */
  static startStorage(options: PersistenceOptions | null): Promise<PersistenceSession | null> {
    return options === null ? Promise.resolve(null) : PersistenceSession.start(options);
  }

  /** The program with the document `session` reopened (or a new one), on a started engine. */
  static open(
    engine: Engine,
    options: ProgramOptions,
    session: PersistenceSession | null,
  ): Program {
    return new Program(engine, options, session);
  }

  /** The open document's editor; another one after each switch. */
  get current(): Editor {
    return this.editor;
  }

  /** Autosave, recovery and the library; null when the page keeps nothing. */
  get persistence(): PersistenceSession | null {
    return this.session;
  }

  /**
   * Opens a document of the library in place of the current one, which is saved first unless
   * `discardUnsaved` (then writes still pending are given up).
   */
  async open(path: string, options: SwitchOptions = {}): Promise<void> {
    const session = this.session;
    const library = session?.documents;
    if (!session || !library) throw new Error("There is no document library in this browser");
    await library.open(path).then((handle) => handle.close()); // fails clearly if it is not there
    if (options.discardUnsaved) this.options.status.set({ dirty: false });
    else await session.whenSaved();
    await library.setLastOpened(path);
    // The old session lets go of its document (and its lock) before the next one takes any.
    session.dispose();
    const next = await Program.startStorage(this.options.persistence);
    this.swap(next?.records ?? null, next, false);
    this.files.forgetFile();
  }

  /** Creates "Untitled" in the library and opens it, as `open` does; returns its path. */
  async newDocument(options: SwitchOptions = {}): Promise<string> {
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
    const result = parseOpenedText(text);
    if (!result.ok) return { ok: false, error: result.error };
    const path = await this.openLoaded(result, "Untitled", name);
    return { ok: true, path, readOnly: result.readOnly };
  }

  /** Closes the open editor and lets go of storage; the engine is the caller's. */
  dispose(): void {
    this.editor.close();
    this.session?.dispose();
  }

  /** A file's contents become a library document; one from a newer Linework opens read-only. */
  private async openLoaded(
    result: LoadResult & { ok: true },
    fileName: string,
    preferredName?: string,
  ): Promise<string | null> {
    const { banners } = this.options;
    const meta = result.records.find((record) => record.type === "document");
    const name = preferredName ?? meta?.name ?? fileName.replace(/\.linework$/i, "");
    if (result.readOnly) {
      await this.session?.whenSaved();
      this.swap(result.records, this.session, true);
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
    if (!session || !library || this.options.persistence === null) {
      this.swap(result.records, session, false);
      return null;
    }
    // The text is stored as it came (one transaction; nothing serialised or hashed) and the
    // editor is built from the records already parsed, not read back: the snapshot's read-back
    // check runs after the first frame (PersistenceSession.whenSnapshotChecked).
    const text = result.source ?? serializeDocument(result.records);
    await session.whenSaved();
    const path = await library.createFromText(name, text);
    session.dispose();
    const next = await PersistenceSession.start(this.options.persistence, {
      path,
      records: result.records,
      text,
    });
    this.swap(result.records, next, false);
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
    records: readonly DocRecord[] | null,
    session: PersistenceSession | null,
    readOnly: boolean,
  ): void {
    const view: ViewPreferences = this.editor.viewport.preferences;
    this.editor.close();
    this.session = session;
    this.editor = new Editor(this.engine, records ?? newDocumentRecords(this.options.user), {
      status: this.options.status,
      persistence: readOnly ? null : session,
      services: this.options.services,
      view,
    });
    this.editor.store.setReadOnly(readOnly);
    this.options.banners.dismiss(BANNER_READ_ONLY_FILE);
    this.options.onSwitched(this.editor);
  }
}

const BANNER_READ_ONLY_FILE = "read-only-file";
