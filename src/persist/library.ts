import { MAX_OPEN_FILES } from "../../engine/constants";
import { createDocument } from "../doc/factory";
import { newId } from "../doc/ids";
import type { DocRecord } from "../doc/types";
import {
  CHUNKS,
  FILES,
  INODES,
  LOG,
  META,
  openDatabase,
  prefixRange,
  requestResult,
  transactionDone,
} from "./db";
import { IdbDocumentFile, type Inode, type LoadOptions, type StoredDocument } from "./documentFile";

export const EXTENSION = ".linework";
const LAST_KEY = "last";

/** A file's directory entry; its content lives under the inode, so a rename moves nothing. */
interface FileEntry {
  readonly path: string;
  readonly inode: string;
  readonly created: string;
}

export interface FileInfo {
  readonly path: string;
  /** The file name without its extension, as the Open dialog shows it. */
  readonly name: string;
  readonly created: string;
  readonly modified: string;
}

export class LibraryError extends Error {
  constructor(
    readonly code: "EMFILE" | "ENOENT" | "EEXIST" | "EBUSY" | "EINVAL",
    message: string,
  ) {
    super(message);
    this.name = "LibraryError";
  }
}

/** An entry of the open-file table. */
export interface OpenFile {
  readonly fd: number;
  readonly path: string;
  readonly file: IdbDocumentFile;
  load(options?: LoadOptions): Promise<StoredDocument>;
  close(): void;
}

export interface LibraryOptions {
  /** The user's home directory; documents live in its Drawings folder. */
  readonly home: string;
  /** Author of new documents. */
  readonly user: string;
  readonly factory?: IDBFactory;
  readonly databaseName?: string;
}

/**
 * The document library: a small file system in IndexedDB with documents as files under
 * $HOME/Drawings, and an open-file table as bounded as a process's.
 */
export class Library {
  readonly directory: string;
  private readonly table = new Map<number, OpenFile>();

  private constructor(
    readonly db: IDBDatabase,
    private readonly options: LibraryOptions,
  ) {
    this.directory = `${options.home.replace(/\/+$/, "")}/Drawings`;
  }

  static async open(options: LibraryOptions): Promise<Library> {
    const db = await openDatabase(options.factory, options.databaseName);
    return new Library(db, options);
  }

  get openCount(): number {
    return this.table.size;
  }

  pathOf(name: string): string {
    const clean = name.trim().replace(/[/\\]/g, "-");
    if (clean === "" || clean === "." || clean === "..")
      throw new LibraryError("EINVAL", `"${name}" is not a usable file name`);
    return `${this.directory}/${clean.endsWith(EXTENSION) ? clean : clean + EXTENSION}`;
  }

  async list(): Promise<FileInfo[]> {
    const tx = this.db.transaction([FILES, INODES], "readonly");
    const entries = (await requestResult(tx.objectStore(FILES).getAll())) as FileEntry[];
    const inodes = (await requestResult(tx.objectStore(INODES).getAll())) as Inode[];
    const modified = new Map(inodes.map((inode) => [inode.id, inode.modified]));
    return entries
      .filter((entry) => entry.path.startsWith(this.directory + "/"))
      .map((entry) => ({
        path: entry.path,
        name: baseName(entry.path),
        created: entry.created,
        modified: modified.get(entry.inode) ?? entry.created,
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** A new document file; the name gets a number when it is taken. Returns its path. */
  async create(name = "Untitled", records?: readonly DocRecord[]): Promise<string> {
    const path = await this.freePath(name);
    const now = new Date().toISOString();
    const content =
      records ??
      createDocument({
        id: newId(),
        pageId: newId(),
        name: baseName(path),
        author: this.options.user,
        created: now,
      });
    const inode = newId();
    // The snapshot is verified before the directory entry appears, so no file is ever half made.
    await new IdbDocumentFile(this.db, inode).writeSnapshot(content, 0);
    const tx = this.db.transaction(FILES, "readwrite");
    tx.objectStore(FILES).add({ path, inode, created: now } satisfies FileEntry);
    await transactionDone(tx).catch((error: unknown) => {
      throw isConstraint(error) ? new LibraryError("EEXIST", `${path} already exists`) : error;
    });
    return path;
  }

  /**
   * A new document file holding `text`, a current-format `.linework` document that has just been
   * parsed and checked, stored as it is and made the last opened document, all in one
   * transaction: a crash leaves either no file or a whole one. Nothing is serialised or hashed
   * here, so opening a big file does not wait for it; the snapshot's read-back check is
   * `IdbDocumentFile.seal`, which the session runs once the page is drawn. Returns the path.
   */
  async createFromText(name: string, text: string): Promise<string> {
    return (await this.beginFromText(name, text)).written;
  }

  /**
   * `createFromText` in two parts. Resolves once the path is chosen and the writes have begun;
   * `written` settles, with the path, when the file is stored. The text's chunks go one a task
   * (see `putFirstSnapshot`), and the commit is asked for as soon as the last has been: an
   * implicit one would wait for the page to take the writes' results, which it cannot while it
   * goes on working. This way the browser stores the text while the page builds the editor that
   * shows it, taking a chunk's result between two of its steps. With `last` false the file is not
   * made the last opened document (`setLastOpened` does it later): a text written before it has
   * been checked must not be what the next start opens.
   */
  async beginFromText(
    name: string,
    text: string,
    { last = true }: { readonly last?: boolean } = {},
  ): Promise<{ readonly path: string; readonly written: Promise<string> }> {
    const path = await this.freePath(name);
    const now = new Date().toISOString();
    const inode = newId();
    const tx = this.db.transaction([FILES, INODES, CHUNKS, META], "readwrite", {
      durability: "strict",
    });
    const done = transactionDone(tx);
    try {
      tx.objectStore(FILES).add({ path, inode, created: now } satisfies FileEntry);
      if (last) tx.objectStore(META).put(inode, LAST_KEY);
      new IdbDocumentFile(this.db, inode).putFirstSnapshot(tx, text, now, () => tx.commit());
    } catch (error) {
      done.catch(() => undefined);
      abortQuietly(tx);
      throw error;
    }
    const written = done.then(
      () => path,
      (error: unknown) => {
        throw isConstraint(error) ? new LibraryError("EEXIST", `${path} already exists`) : error;
      },
    );
    return { path, written };
  }

  async open(path: string): Promise<OpenFile> {
    if (this.table.size >= MAX_OPEN_FILES)
      throw new LibraryError("EMFILE", `Too many open files (${MAX_OPEN_FILES})`);
    const entry = await this.entry(path);
    // Checked again: the table may have filled while the entry was being read.
    if (this.table.size >= MAX_OPEN_FILES)
      throw new LibraryError("EMFILE", `Too many open files (${MAX_OPEN_FILES})`);
    let fd = 0;
    while (this.table.has(fd)) fd += 1;
    const file = new IdbDocumentFile(this.db, entry.inode);
    const handle: OpenFile = {
      fd,
      path,
      file,
      load: (options) => file.load(options),
      close: () => {
        if (this.table.get(fd) === handle) this.table.delete(fd);
      },
    };
    this.table.set(fd, handle);
    return handle;
  }

  async rename(path: string, newName: string): Promise<string> {
    const target = this.pathOf(newName);
    if (target === path) return path;
    const tx = this.db.transaction(FILES, "readwrite");
    const files = tx.objectStore(FILES);
    const entry = (await requestResult(files.get(path))) as FileEntry | undefined;
    if (entry === undefined) throw new LibraryError("ENOENT", `${path} does not exist`);
    files.add({ ...entry, path: target });
    files.delete(path);
    await transactionDone(tx).catch((error: unknown) => {
      throw isConstraint(error) ? new LibraryError("EEXIST", `${target} already exists`) : error;
    });
    for (const handle of this.table.values()) {
      if (handle.path === path) (handle as { path: string }).path = target;
    }
    return target;
  }

  async duplicate(path: string): Promise<string> {
    const entry = await this.entry(path);
    const { records } = await new IdbDocumentFile(this.db, entry.inode).load();
    return this.create(`${baseName(path)} copy`, records);
  }

  /** Deletes a file and its content. A file open in this tab is refused, not pulled away. */
  async remove(path: string): Promise<void> {
    if (this.isOpen(path)) throw new LibraryError("EBUSY", `${baseName(path)} is open`);
    const entry = await this.entry(path);
    const tx = this.db.transaction([FILES, INODES, CHUNKS, LOG], "readwrite");
    tx.objectStore(FILES).delete(path);
    tx.objectStore(INODES).delete(entry.inode);
    tx.objectStore(CHUNKS).delete(prefixRange([entry.inode]));
    tx.objectStore(LOG).delete(prefixRange([entry.inode]));
    await transactionDone(tx);
  }

  isOpen(path: string): boolean {
    for (const handle of this.table.values()) if (handle.path === path) return true;
    return false;
  }

  /** The document to reopen at start, if its file still exists. */
  async lastOpened(): Promise<string | null> {
    const tx = this.db.transaction(META, "readonly");
    const last = (await requestResult(tx.objectStore(META).get(LAST_KEY))) as string | undefined;
    if (last === undefined) return null;
    const entries = (await requestResult(
      this.db.transaction(FILES, "readonly").objectStore(FILES).getAll(),
    )) as FileEntry[];
    return entries.find((entry) => entry.inode === last)?.path ?? null;
  }

  async setLastOpened(path: string): Promise<void> {
    const entry = await this.entry(path);
    const tx = this.db.transaction(META, "readwrite");
    tx.objectStore(META).put(entry.inode, LAST_KEY);
    await transactionDone(tx);
  }

  /** The inode behind a path: stable across renames, so locks are named after it. */
  async inodeOf(path: string): Promise<string> {
    return (await this.entry(path)).inode;
  }

  close(): void {
    this.table.clear();
    this.db.close();
  }

  private async entry(path: string): Promise<FileEntry> {
    const tx = this.db.transaction(FILES, "readonly");
    const entry = (await requestResult(tx.objectStore(FILES).get(path))) as FileEntry | undefined;
    if (entry === undefined) throw new LibraryError("ENOENT", `${path} does not exist`);
    return entry;
  }

  /** `name`, or `name 2`, `name 3`… : the first no file has. */
  async freeName(name: string): Promise<string> {
    return baseName(await this.freePath(name));
  }

  private async freePath(name: string): Promise<string> {
    const wanted = this.pathOf(name);
    const stem = baseName(wanted);
    const tx = this.db.transaction(FILES, "readonly");
    const taken = new Set((await requestResult(tx.objectStore(FILES).getAllKeys())) as string[]);
    if (!taken.has(wanted)) return wanted;
    for (let n = 2; ; n++) {
      const candidate = this.pathOf(`${stem} ${n}`);
      if (!taken.has(candidate)) return candidate;
    }
  }
}

export function baseName(path: string): string {
  const file = path.slice(path.lastIndexOf("/") + 1);
  return file.endsWith(EXTENSION) ? file.slice(0, -EXTENSION.length) : file;
}

function abortQuietly(tx: IDBTransaction): void {
  try {
    tx.abort();
  } catch {
    // Already finished or aborted: the error being thrown is what matters.
  }
}

function isConstraint(error: unknown): boolean {
  return error instanceof DOMException && error.name === "ConstraintError";
}
