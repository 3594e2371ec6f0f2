import { describe, expect, it, vi } from "vitest";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import { createEditor } from "../../src/editing/editor";
import type { DocRecord } from "../../src/doc/types";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { CHUNKS, INODES, prefixRange } from "../../src/persist/db";
import { SnapshotVerificationError, type Inode } from "../../src/persist/documentFile";
import { Library } from "../../src/persist/library";
import { PersistenceSession } from "../../src/persist/session";
import { addRect, freshFactory, newRecords, rect, sortById } from "./helpers";

const HOME = "/home/web_user";
const page = { onUnload: () => () => undefined };

function importedText(): { text: string; records: DocRecord[] } {
  const text = serializeDocument([
    ...newRecords(),
    ...Array.from({ length: 30 }, (_, i) => rect(`i${i}`, i * 20, `a${i + 10}`)),
  ]);
  const result = parseDocument(text);
  if (!result.ok) throw new Error(result.error);
  expect(result.source).toBe(text);
  return { text, records: result.records };
}

async function inodeOf(library: Library, path: string): Promise<Inode> {
  const id = await library.inodeOf(path);
  return new Promise((resolve, reject) => {
    const request = library.db.transaction(INODES).objectStore(INODES).get(id);
    request.onsuccess = () => resolve(request.result as Inode);
    request.onerror = () => reject(request.error);
  });
}

/** Changes the stored text of the file at `path` behind the library's back. */
async function tamper(library: Library, path: string): Promise<void> {
  const inode = await library.inodeOf(path);
  const tx = library.db.transaction(CHUNKS, "readwrite");
  const cursor = tx.objectStore(CHUNKS).openCursor(prefixRange([inode]));
  cursor.onsuccess = () => {
    const c = cursor.result;
    if (c) c.update((c.value as string).replace(" i1 ", " j1 "));
  };
  await new Promise((resolve) => (tx.oncomplete = resolve));
}

function start(factory: IDBFactory, imported?: Parameters<typeof PersistenceSession.start>[1]) {
  return PersistenceSession.start({ home: HOME, user: "web_user", factory }, imported);
}

describe("imported documents", () => {
  it("are stored as their text at once, unchecked, and sealed by reading them back", async () => {
    const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
    const { text, records } = importedText();
    const path = await library.createFromText("Plan", text);
    expect(path).toBe(`${HOME}/Drawings/Plan.linework`);
    expect(await library.lastOpened()).toBe(path);
    const handle = await library.open(path);
    const before = await handle.load();
    expect(before).toMatchObject({ baseSeq: 0, lastSeq: 0, verified: false });
    expect(sortById(before.records)).toEqual(sortById(records));
    expect((await inodeOf(library, path)).sums).toBeUndefined();

    await handle.file.seal(text);
    expect((await inodeOf(library, path)).sums).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    const after = await handle.load();
    expect(after.verified).toBe(true);
    expect(sortById(after.records)).toEqual(sortById(records));
    library.close();
  });

  it("are written by a transaction told to commit before beginFromText returns", async () => {
    // The page builds the editor right after: an implicit commit would wait for it to finish.
    const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
    const { text, records } = importedText();
    const commit = vi.spyOn(IDBTransaction.prototype, "commit");
    try {
      const { path, written } = await library.beginFromText("Plan", text);
      expect(commit).toHaveBeenCalledTimes(1);
      expect(commit.mock.contexts[0]).toMatchObject({ mode: "readwrite" });
      expect(await written).toBe(path);
    } finally {
      commit.mockRestore();
    }
    const handle = await library.open(`${HOME}/Drawings/Plan.linework`);
    expect(sortById((await handle.load()).records)).toEqual(sortById(records));
    await expect(library.createFromText("Plan", text)).resolves.toBe(
      `${HOME}/Drawings/Plan 2.linework`,
    );
    library.close();
  });

  it("refuse to seal a snapshot that did not read back as written, and keep it unsealed", async () => {
    const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
    const { text } = importedText();
    const path = await library.createFromText("Plan", text);
    await tamper(library, path);
    const handle = await library.open(path);
    await expect(handle.file.seal(text)).rejects.toBeInstanceOf(SnapshotVerificationError);
    expect((await inodeOf(library, path)).sums).toBeUndefined();
    library.close();
  });

  it("open from their records, and the deferred check lands with every edit kept", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    const library = first.documents!;
    const { text, records } = importedText();
    const path = await library.createFromText("Plan", text);
    first.dispose();

    const session = await start(factory, { path, records, text });
    expect(session.path).toBe(path);
    expect(session.readOnly).toBe(false);
    const editor = createEditor(session.records!);
    session.attach(editor, new DocumentStatusStore(), page);
    // An edit made before the check has run is logged after the imported snapshot.
    addRect(editor.store, "early");
    await session.whenSnapshotChecked();
    session.flush();
    await session.whenSaved();
    const saved = editor.store.snapshot();
    session.dispose();

    const reopened = await start(factory);
    expect(reopened.path).toBe(path);
    expect(sortById(reopened.records!)).toEqual(sortById(saved));
    const inode = await inodeOf(reopened.documents!, path);
    expect(inode).toMatchObject({ gen: 1, encoding: "linework" });
    expect(inode.sums).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    reopened.dispose();
  });

  it("are replaced by a checked snapshot of the open document when they read back wrong", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    const { text, records } = importedText();
    const path = await first.documents!.createFromText("Plan", text);
    await tamper(first.documents!, path);
    first.dispose();

    const session = await start(factory, { path, records, text });
    const editor = createEditor(session.records!);
    session.attach(editor, new DocumentStatusStore(), page);
    await session.whenSnapshotChecked();
    const inode = await inodeOf(session.documents!, path);
    expect(inode.gen).toBe(2);
    expect(inode.sums).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    session.dispose();

    const reopened = await start(factory);
    expect(sortById(reopened.records!)).toEqual(sortById(records));
    reopened.dispose();
  });

  it("survive a crash before the check: the next start opens them and writes a checked snapshot", async () => {
    const factory = freshFactory();
    const first = await start(factory);
    const { text, records } = importedText();
    const path = await first.documents!.createFromText("Plan", text);
    // The tab dies here: no session ever opened the import.
    first.dispose();

    const next = await start(factory);
    expect(next.path).toBe(path);
    expect(sortById(next.records!)).toEqual(sortById(records));
    next.attach(createEditor(next.records!), new DocumentStatusStore(), page);
    await next.whenSnapshotChecked();
    const inode = await inodeOf(next.documents!, path);
    expect(inode.sums).toEqual([expect.stringMatching(/^[0-9a-f]{8}$/)]);
    next.dispose();
  });
});
