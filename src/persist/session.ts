import type { DocumentStatusStore } from "./documentStatus";
import type { EditableDocument } from "../editing/editor";
import { sameValue, type Change, type Patch } from "../doc/patch";
import type { DocRecord, Id } from "../doc/types";
import { Autosaver } from "./autosave";
import { BannerStore } from "../editing/banners";
import { afterFirstFrame } from "./afterFirstFrame";
import { describeDamage, storedBundleText } from "./damaged";
import type { LoadOptions, RawDocument, StoredDocument } from "./documentFile";
import { isAbortError } from "../io/steps";
import { baseName, Library, type OpenFile } from "./library";
import { WriterLock } from "./lock";
import {
  BANNER_STORAGE_QUOTA,
  type DurableStorage,
  QuotaWatch,
  browserStorage,
  quotaLevel,
  quotaMessage,
  type QuotaEstimate,
} from "./durableStorage";
import {
  TAKE_OVER_LABEL,
  nextPresence,
  presenceBanner,
  watchesLock,
  type Presence,
  type PresenceEvent,
} from "./writerPresence";

export interface PersistenceOptions {
  readonly home: string;
  readonly user: string;
  readonly factory?: IDBFactory;
  readonly databaseName?: string;
  /** Where storage messages go; the page's banners, shared with the rest of the program. */
  readonly banners?: BannerStore;
  /**
   * The browser's storage manager, shared by every session of the program so it asks to persist
   * once; tests pass one over a fake, `null` for none. Left out: one over the page's manager for
   * this session alone.
   */
  readonly storage?: DurableStorage | null;
  /** Opens the list of drawings, offered when storage is nearly full. */
  readonly manageDrawings?: () => void;
}

/**
 * A library file just made from an imported text (`Library.createFromText`), opened from the
 * records that text was parsed into rather than read back from storage.
 */
export interface ImportedFile {
  readonly path: string;
  readonly records: readonly DocRecord[];
  /** The text stored as the file's snapshot; kept until that snapshot is read back and checked. */
  readonly text: string;
}

/** What the page must do for the session: flush when it goes away. */
export interface PageHooks {
  onUnload(listener: () => void): () => void;
}

export const BANNER_SAVE_ERROR = "save-error";
export const BANNER_READ_ONLY = "read-only";
export const BANNER_DAMAGED = "damaged-document";
export const BANNER_NO_STORAGE = "no-storage";
/** Added to a damaged file's name when what was recovered from it takes its place. */
export const DAMAGED_SUFFIX = " (damaged original)";

/**
 * Autosave, recovery and tab coordination for the one document a page edits. Started before the
 * editor exists, because the editor is built from what it loads.
 */
export class PersistenceSession {
  readonly banners: BannerStore;
  private library: Library | null = null;
  private handle: OpenFile | null = null;
  private lock: WriterLock | null = null;
  private loaded: StoredDocument | null = null;
  private autosaver: Autosaver | null = null;
  private editor: EditableDocument | null = null;
  private status: DocumentStatusStore | null = null;
  private writable = false;
  private presence: Presence = "reading";
  private quotaWatch: QuotaWatch | null = null;
  /** The quota level the user dismissed; a higher one shows again. */
  private dismissedQuota: "warning" | "critical" | null = null;
  private readonly cleanups: Array<() => void> = [];
  private readonly listeners = new Set<() => void>();
  private downloadUrl: string | null = null;
  /** An imported file's stored text, until its snapshot has been read back (`checkSnapshot`). */
  private unsealed: string | null = null;
  private snapshotChecked: Promise<void> = Promise.resolve();
  /** The page's storage manager when the options give none. */
  private ownStorage: DurableStorage | null = null;

  private constructor(private readonly options: PersistenceOptions) {
    this.banners = options.banners ?? new BannerStore();
  }

  /**
   * Opens the library and the last document; a new one when there is none or it is damaged.
   * With `imported`, opens that file from its records instead.
   */
  static async start(
    options: PersistenceOptions,
    imported?: ImportedFile,
  ): Promise<PersistenceSession> {
    const session = new PersistenceSession(options);
    await session.open(imported);
    return session;
  }

  /**
   * Opens the library file at `path` (a new document when it cannot be read, as `start` does),
   * loading it in steps with `load`'s signal and progress, without making it the last opened
   * document: `remember` does that once it has taken the open one's place. An aborted load
   * rejects with an AbortError, having let go of the file and its lock.
   */
  static async openPath(
    options: PersistenceOptions,
    path: string,
    load: LoadOptions,
  ): Promise<PersistenceSession> {
    const session = new PersistenceSession(options);
    try {
      await session.open(undefined, { path, load });
    } catch (error) {
      session.dispose();
      throw error;
    }
    return session;
  }

  /** Makes the open file the one reopened at start, if this tab writes it. */
  async remember(): Promise<void> {
    if (this.library !== null && this.handle !== null && this.writable)
      await this.library.setLastOpened(this.handle.path);
  }

  /** The records to build the editor from; null when storage is unavailable. */
  get records(): readonly DocRecord[] | null {
    return this.loaded?.records ?? null;
  }

  get path(): string | null {
    return this.handle?.path ?? null;
  }

  get readOnly(): boolean {
    return this.handle !== null && !this.writable;
  }

  get documents(): Library | null {
    return this.library;
  }

  get saver(): Autosaver | null {
    return this.autosaver;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts saving `editor`, which must have been built from `records`. */
  attach(editor: EditableDocument, status: DocumentStatusStore, page: PageHooks): void {
    this.editor = editor;
    this.status = status;
    editor.store.setReadOnly(this.readOnly);
    if (this.handle === null) return;
    this.cleanups.push(page.onUnload(() => this.flush()));
    if (typeof document !== "undefined") {
      const onVisibility = (): void => {
        if (document.visibilityState === "hidden") this.flush();
      };
      document.addEventListener("visibilitychange", onVisibility);
      this.cleanups.push(() => document.removeEventListener("visibilitychange", onVisibility));
    }
    const lock = this.lock!;
    if (typeof window !== "undefined") {
      // Readers can offer the document before the browser has freed the lock.
      const onPageHide = (event: PageTransitionEvent): void => {
        if (!event.persisted && this.writable) lock.announceClosing();
      };
      window.addEventListener("pagehide", onPageHide);
      this.cleanups.push(() => window.removeEventListener("pagehide", onPageHide));
    }
    this.cleanups.push(lock.onLost((forced) => void this.yieldDocument(forced)));
    this.cleanups.push(lock.onSaved(() => void this.refresh()));
    this.cleanups.push(
      lock.onWriterLeft((how) =>
        this.presenceChanged(how === "closing" ? "writer-closing" : "lock-free"),
      ),
    );
    this.cleanups.push(lock.onClaimed(() => this.presenceChanged("writer-claimed")));
    this.watchStorage();
    if (this.writable) {
      this.presence = "writing";
      lock.announceClaimed();
      this.startAutosave();
    } else {
      this.presence = "reading";
      this.showPresence();
    }
  }

  /** Starts writing whatever is pending, now; safe to call from `pagehide`. */
  flush(): void {
    this.autosaver?.flushNow();
  }

  /**
   * Resolves once a snapshot that was stored unchecked (an import's, written before its first
   * frame) has been read back and checked, or replaced by a new one.
   */
  whenSnapshotChecked(): Promise<void> {
    return this.snapshotChecked;
  }

  /** Resolves once every committed edit is written. */
  whenSaved(): Promise<void> {
    return this.autosaver?.whenSaved() ?? Promise.resolve();
  }

  /** Makes this tab the document's writer, taking it from the tab that has it. */
  async takeOver(): Promise<void> {
    if (this.lock === null || this.handle === null || this.writable) return;
    this.presenceChanged("take-over");
    await this.lock.takeOver();
    try {
      // The latest saved state, so edits start from what the last writer left.
      await this.refresh(true);
    } catch (error) {
      this.lock.handOver();
      this.presenceChanged("take-over-failed", `Could not take over: ${describe(error)}`);
      throw error;
    }
    this.writable = true;
    this.editor?.store.setReadOnly(false);
    this.presenceChanged("took-over");
    this.lock.announceClaimed();
    this.startAutosave();
    this.emit();
  }

  dispose(): void {
    // Messages about this document's saving and its tab lock end with it.
    this.banners.dismiss(BANNER_SAVE_ERROR);
    this.banners.dismiss(BANNER_READ_ONLY);
    this.banners.dismiss(BANNER_STORAGE_QUOTA);
    this.quotaWatch?.stop();
    this.quotaWatch = null;
    this.autosaver?.stop();
    this.autosaver = null;
    this.unsealed = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.lock?.close();
    this.handle?.close();
    this.library?.close();
    if (this.downloadUrl !== null) URL.revokeObjectURL(this.downloadUrl);
  }

  // ---- Internals ----

  private async open(
    imported?: ImportedFile,
    wanted?: { readonly path: string; readonly load: LoadOptions },
  ): Promise<void> {
    try {
      this.library = await Library.open({
        home: this.options.home,
        user: this.options.user,
        ...(this.options.factory ? { factory: this.options.factory } : {}),
        ...(this.options.databaseName ? { databaseName: this.options.databaseName } : {}),
      });
      if (imported !== undefined) return await this.adopt(imported);
      if (wanted !== undefined) {
        if (await this.tryOpen(wanted.path, wanted.load)) return;
      } else {
        const last = await this.library.lastOpened();
        if (last !== null && (await this.tryOpen(last))) return;
      }
      const path = await this.library.create("Untitled");
      const opened = await this.tryOpen(path, wanted?.load);
      if (!opened) throw new Error(`the new document ${path} cannot be read`);
      if (wanted !== undefined) await this.remember();
    } catch (error) {
      if (isAbortError(error)) throw error;
      this.handle?.close();
      this.handle = null;
      this.loaded = null;
      this.banners.show({
        id: BANNER_NO_STORAGE,
        tone: "error",
        message: `Drawings cannot be saved in this browser (${describe(error)}). Your work stays in this tab only.`,
        actions: [],
      });
    }
  }

  /**
   * Opens a file. A damaged one is left as it is, renamed "… (damaged original)", and what could
   * be recovered from it opens as a new file under its name; one with nothing to recover from is
   * left as it is. Either way the person is told, and offered the stored data as a file.
   */
  private async tryOpen(path: string, load?: LoadOptions): Promise<boolean> {
    const library = this.library!;
    const handle = await library.open(path);
    const lock = new WriterLock(`linework:document:${handle.file.inode}`);
    const writable = await lock.acquire();
    let loaded: StoredDocument;
    try {
      loaded = await handle.load(load);
    } catch (error) {
      if (isAbortError(error)) {
        lock.close();
        handle.close();
        throw error;
      }
      const raw = await handle.file.readRaw().catch(() => null);
      lock.close();
      handle.close();
      this.offerDamaged(path, raw, error);
      return false;
    }
    if (loaded.damage !== null && writable) {
      const raw = await handle.file.readRaw().catch(() => null);
      lock.close();
      handle.close();
      const recovered = await this.keepDamaged(path, loaded);
      this.reportDamage(recovered, path, loaded, raw);
      return this.tryOpen(recovered.path, load);
    }
    if (loaded.damage !== null) {
      // Another tab writes it: that tab does the recovering; this one shows what it can.
      this.reportDamage(null, path, loaded, null);
    }
    this.loaded = loaded;
    this.handle = handle;
    this.lock = lock;
    this.writable = writable;
    this.editor?.store.setReadOnly(!writable);
    // A switch makes it the last opened once it has taken the open document's place (`remember`).
    if (writable && load === undefined) await library.setLastOpened(path);
    return true;
  }

  /** Takes an imported file as loaded: its records are the ones its stored text was parsed into. */
  private async adopt(imported: ImportedFile): Promise<void> {
    const handle = await this.library!.open(imported.path);
    const lock = new WriterLock(`linework:document:${handle.file.inode}`);
    this.handle = handle;
    this.lock = lock;
    this.writable = await lock.acquire();
    this.loaded = {
      records: [...imported.records],
      baseSeq: 0,
      lastSeq: 0,
      verified: false,
      damage: null,
    };
    this.unsealed = imported.text;
  }

  /**
   * Renames the damaged file "… (damaged original)", leaving its stored data untouched, and saves
   * what was recovered from it as a new file under its name. Returns the new file's path and the
   * original's new one.
   */
  private async keepDamaged(
    path: string,
    loaded: StoredDocument,
  ): Promise<{ path: string; original: string }> {
    const library = this.library!;
    const name = baseName(path);
    let original = path;
    let recoveredName = name;
    if (name.endsWith(DAMAGED_SUFFIX))
      recoveredName = `${name.slice(0, -DAMAGED_SUFFIX.length)} (recovered)`;
    else original = await library.rename(path, await library.freeName(`${name}${DAMAGED_SUFFIX}`));
    const recovered = await library.create(recoveredName, loaded.records);
    return { path: recovered, original };
  }

  private reportDamage(
    recovered: { path: string; original: string } | null,
    path: string,
    loaded: StoredDocument,
    raw: RawDocument | null,
  ): void {
    const name = baseName(path);
    const kept =
      recovered === null
        ? ""
        : ` The damaged original is kept unchanged as “${baseName(recovered.original)}”.`;
    this.banners.show({
      id: BANNER_DAMAGED,
      tone: "warning",
      message: `“${name}” was damaged in storage and has been recovered. ${describeDamage(loaded.damage!)}${kept}`,
      actions: [
        ...this.downloadAction(name, raw),
        { label: "Dismiss", onClick: () => this.banners.dismiss(BANNER_DAMAGED) },
      ],
    });
  }

  private offerDamaged(path: string, raw: RawDocument | null, error: unknown): void {
    const name = baseName(path);
    this.banners.show({
      id: BANNER_DAMAGED,
      tone: "error",
      message: `“${name}” could not be opened (${describe(error)}). It is kept unchanged in your library; this is a new drawing.`,
      actions: [
        ...this.downloadAction(name, raw),
        { label: "Dismiss", onClick: () => this.banners.dismiss(BANNER_DAMAGED) },
      ],
    });
  }

  /** A link to the damaged document's stored data as a file Linework opens (see damaged.ts). */
  private downloadAction(
    name: string,
    raw: RawDocument | null,
  ): Array<{ label: string; href: string; download: string }> {
    if (raw === null) return [];
    if (this.downloadUrl !== null) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = URL.createObjectURL(
      new Blob([storedBundleText(name, raw)], { type: "application/json" }),
    );
    const base = name.endsWith(DAMAGED_SUFFIX) ? name : `${name}${DAMAGED_SUFFIX}`;
    return [
      { label: "Download damaged original", href: this.downloadUrl, download: `${base}.linework` },
    ];
  }

  private startAutosave(): void {
    const loaded = this.loaded!;
    const editor = this.editor!;
    const status = this.status!;
    const lock = this.lock!;
    this.autosaver = new Autosaver(editor.store, this.handle!.file, {
      lastSeq: loaded.lastSeq,
      logEntries: loaded.lastSeq - loaded.baseSeq,
      gestures: editor.history,
      commits: editor.commits.stage("autosave"),
      onDirty: (dirty) => {
        status.set({ dirty });
        if (!dirty) {
          lock.announceSaved();
          this.afterSave();
        }
      },
      onError: (error) => this.showSaveError(error),
    });
    if (!loaded.verified) {
      this.snapshotChecked = new Promise((resolve) => {
        const cancel = afterFirstFrame(() => void this.checkSnapshot().then(resolve));
        this.cleanups.push(() => {
          cancel();
          resolve();
        });
      });
    }
  }

  /**
   * Reads an unchecked snapshot back against the text that was stored; one that does not match,
   * or whose text is no longer at hand (a file opened after a crash), is replaced by a new
   * snapshot of the open document, written and checked the usual way.
   */
  private async checkSnapshot(): Promise<void> {
    const text = this.unsealed;
    this.unsealed = null;
    const file = this.handle?.file;
    const saver = this.autosaver;
    if (file === undefined || saver === null) return;
    try {
      if (text === null) throw new Error("no text to check the snapshot against");
      await file.seal(text);
    } catch {
      // compact() reports its own failure; the log keeps every edit meanwhile.
      await saver.compact();
    }
  }

  private showSaveError(error: unknown): void {
    if (error === null) {
      this.banners.dismiss(BANNER_SAVE_ERROR);
      return;
    }
    const full = error instanceof DOMException && error.name === "QuotaExceededError";
    this.banners.show({
      id: BANNER_SAVE_ERROR,
      tone: "error",
      message: full
        ? "Storage is full: your latest changes are not saved yet. They are kept in this tab and saving is retried — free some space and keep this tab open."
        : `Your latest changes could not be saved (${describe(error)}). They are kept in this tab and saving is retried — keep this tab open.`,
      actions: [],
    });
  }

  /** Another tab has taken the document: save what is pending, then let go and become a reader. */
  private async yieldDocument(forced: boolean): Promise<void> {
    if (!this.writable) return;
    this.writable = false;
    this.editor?.store.setReadOnly(true);
    const saver = this.autosaver;
    this.autosaver = null;
    if (saver !== null && !forced) {
      saver.flushNow();
      await Promise.race([saver.whenSaved(), new Promise((r) => setTimeout(r, 2000))]);
    }
    saver?.stop();
    this.status?.set({ dirty: false });
    if (!forced) this.lock?.handOver();
    this.presenceChanged(
      "lost",
      "This drawing is now being edited in another tab. This tab is read-only.",
    );
    this.emit();
  }

  /** Moves the tab's view of the writer on, and shows it; `message` replaces a reader's text. */
  private presenceChanged(event: PresenceEvent, message?: string): void {
    const next = nextPresence(this.presence, event);
    // An event that changes nothing keeps the banner as it is, with its more specific text.
    if (next === this.presence && message === undefined) return;
    this.presence = next;
    this.showPresence(message);
  }

  private showPresence(message?: string): void {
    if (watchesLock(this.presence)) this.lock?.watchRelease();
    const banner = presenceBanner(this.presence, message);
    if (banner === null) {
      this.banners.dismiss(BANNER_READ_ONLY);
      return;
    }
    this.banners.show({
      id: BANNER_READ_ONLY,
      tone: banner.tone,
      message: banner.message,
      actions: banner.offersTakeOver
        ? [
            {
              label: TAKE_OVER_LABEL,
              onClick: () => {
                this.takeOver().catch((error: unknown) =>
                  this.presenceChanged(
                    "take-over-failed",
                    `Could not take over: ${describe(error)}`,
                  ),
                );
              },
            },
          ]
        : [],
    });
  }

  private storage(): DurableStorage | null {
    if (this.options.storage !== undefined) return this.options.storage;
    this.ownStorage ??= browserStorage();
    return this.ownStorage;
  }

  /** Reads whether storage is kept and how full it is, once at start. */
  private watchStorage(): void {
    const storage = this.storage();
    if (storage === null) return;
    void storage.readPersistence().then((persistence) => {
      if (this.status !== null && this.quotaWatch !== null)
        this.status.set({ storage: persistence });
    });
    this.quotaWatch = new QuotaWatch({
      storage: storage.manager,
      report: (estimate) => this.showQuota(estimate),
    });
    this.quotaWatch.check();
  }

  /** The first save asks the browser to keep storage; every save may have filled it further. */
  private afterSave(): void {
    const storage = this.storage();
    if (storage === null) return;
    void storage.requestPersistence().then((persistence) => {
      if (persistence !== "unknown" && this.quotaWatch !== null)
        this.status?.set({ storage: persistence });
    });
    this.quotaWatch?.check();
  }

  private showQuota(estimate: QuotaEstimate | null): void {
    const level = estimate === null ? "ok" : quotaLevel(estimate);
    const message = estimate === null ? null : quotaMessage(estimate);
    if (level === "ok" || message === null) {
      this.dismissedQuota = null;
      this.banners.dismiss(BANNER_STORAGE_QUOTA);
      return;
    }
    if (this.dismissedQuota === level || this.dismissedQuota === "critical") return;
    const manage = this.options.manageDrawings;
    this.banners.show({
      id: BANNER_STORAGE_QUOTA,
      tone: level === "critical" ? "error" : "warning",
      message,
      actions: [
        ...(manage !== undefined ? [{ label: "Manage drawings…", onClick: manage }] : []),
        {
          label: "Dismiss",
          onClick: () => {
            this.dismissedQuota = level;
            this.banners.dismiss(BANNER_STORAGE_QUOTA);
          },
        },
      ],
    });
  }

  /** Brings a reader up to date with storage; `strict` lets a failure through. */
  private async refresh(strict = false): Promise<void> {
    if (this.handle === null || this.editor === null || (this.writable && !strict)) return;
    let loaded: StoredDocument;
    try {
      loaded = await this.handle.load();
    } catch (error) {
      if (strict) throw error;
      return;
    }
    this.loaded = loaded;
    const patch = diffRecords(this.editor.store.snapshot(), loaded.records);
    if (patch.changes.length > 0) this.editor.store.apply(patch, "load", "Reload from storage");
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The patch that turns `current` into `next`. */
export function diffRecords(current: readonly DocRecord[], next: readonly DocRecord[]): Patch {
  const before = new Map<Id, DocRecord>(current.map((record) => [record.id, record]));
  const changes: Change[] = [];
  for (const record of next) {
    const old = before.get(record.id) ?? null;
    before.delete(record.id);
    if (!sameValue(old, record)) changes.push({ id: record.id, before: old, after: record });
  }
  for (const old of before.values()) changes.push({ id: old.id, before: old, after: null });
  return { changes };
}

function describe(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return error.message || error.name;
  return String(error);
}
