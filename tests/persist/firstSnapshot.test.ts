import { afterEach, describe, expect, it, vi } from "vitest";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { CHUNK_CHARS } from "../../src/persist/documentFile";
import { Library } from "../../src/persist/library";
import { freshFactory, newRecords, rect, sortById } from "./helpers";

const HOME = "/home/web_user";

/** A document text of at least `chars` characters: rectangles with long names. */
function documentText(chars: number): string {
  const name = "n".repeat(1000);
  const count = Math.ceil(chars / 1000);
  return serializeDocument([
    ...newRecords(),
    ...Array.from({ length: count }, (_, i) => ({ ...rect(`r${i}`, i * 20, `a${i + 10}`), name })),
  ]);
}

/** Counts the chunk puts made in one go, with no turn of the event loop between them. */
function watchChunkPuts(fail?: (put: number) => boolean): {
  most: () => number;
  puts: () => number;
} {
  const put = IDBObjectStore.prototype.put;
  let run = 0;
  let most = 0;
  let puts = 0;
  vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore["put"]>
  ) {
    if (this.name === "chunks") {
      puts += 1;
      if (run === 0) queueMicrotask(() => (run = 0));
      run += 1;
      most = Math.max(most, run);
      if (fail?.(puts) === true) throw new Error("the disk is full");
    }
    return put.apply(this, args);
  });
  return { most: () => most, puts: () => puts };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a big document's first snapshot", () => {
  it("is put a chunk a turn, and read back whole", async () => {
    const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
    const text = documentText(3.5 * CHUNK_CHARS);
    const watch = watchChunkPuts();
    const path = await library.createFromText("Big", text);
    expect(watch.puts()).toBe(4);
    expect(watch.most()).toBe(1);
    vi.restoreAllMocks();
    const { records } = await (await library.open(path)).load();
    const written = parseDocument(text);
    if (!written.ok) throw new Error(written.error);
    expect(serializeDocument(sortById(records))).toBe(serializeDocument(sortById(written.records)));
    expect(await library.lastOpened()).toBe(path);
  });

  it("leaves no file when a later chunk cannot be put", async () => {
    const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
    const before = (await library.list()).map((file) => file.path);
    const last = await library.lastOpened();
    watchChunkPuts((put) => put === 3);
    await expect(library.createFromText("Big", documentText(3.5 * CHUNK_CHARS))).rejects.toThrow();
    vi.restoreAllMocks();
    expect((await library.list()).map((file) => file.path)).toEqual(before);
    expect(await library.lastOpened()).toBe(last);
  });
});
