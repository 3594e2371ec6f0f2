import { describe, expect, it } from "vitest";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { EarlyWrite } from "../../src/persist/earlyWrite";
import { Library } from "../../src/persist/library";
import { freshFactory, newRecords, rect, sortById } from "./helpers";

const HOME = "/home/web_user";
const DRAWINGS = `${HOME}/Drawings`;

function documentText(count: number): string {
  return serializeDocument([
    ...newRecords(),
    ...Array.from({ length: count }, (_, i) => rect(`r${i}`, i * 20, `a${i + 10}`)),
  ]);
}

async function libraryWithOpenFile(): Promise<{ library: Library; open: string }> {
  const library = await Library.open({ home: HOME, user: "web_user", factory: freshFactory() });
  const open = await library.createFromText("Open", documentText(1));
  expect(await library.lastOpened()).toBe(open);
  return { library, open };
}

async function paths(library: Library): Promise<string[]> {
  return (await library.list()).map((file) => file.path);
}

async function storedText(library: Library, path: string): Promise<string> {
  const { records } = await (await library.open(path)).load();
  return serializeDocument(sortById(records));
}

function reordered(text: string): string {
  const result = parseDocument(text);
  if (!result.ok) throw new Error(result.error);
  return serializeDocument(sortById(result.records));
}

/** Lets the write begun by the constructor reach the library. */
async function settled(library: Library, count: number): Promise<void> {
  for (let i = 0; i < 200 && (await paths(library)).length < count; i++)
    await new Promise((done) => setTimeout(done, 0));
}

describe("a text written to the library while it is read", () => {
  it("is stored before it is taken, not as the last opened document until it is", async () => {
    const { library, open } = await libraryWithOpenFile();
    const text = documentText(30);
    const early = new EarlyWrite(library, "Plan", text);
    await settled(library, 2);
    expect(await paths(library)).toContain(`${DRAWINGS}/Plan.linework`);
    expect(await library.lastOpened()).toBe(open);

    const { path, written } = await early.take("Plan", text);
    expect(path).toBe(`${DRAWINGS}/Plan.linework`);
    expect(await written).toBe(path);
    expect(await library.lastOpened()).toBe(path);
    early.discard(); // once taken, the write is the taker's
    expect((await paths(library)).sort()).toEqual([`${DRAWINGS}/Open.linework`, path].sort());
    expect(await storedText(library, path)).toBe(reordered(text));
    library.close();
  });

  it("gives way to a write of the text the file opened as, when that is another", async () => {
    const { library } = await libraryWithOpenFile();
    const early = new EarlyWrite(library, "Plan", documentText(30));
    const upgraded = documentText(31);
    const { path, written } = await early.take("Plan", upgraded);
    await written;
    for (let i = 0; i < 200 && (await paths(library)).length > 2; i++)
      await new Promise((done) => setTimeout(done, 0));
    expect((await paths(library)).sort()).toEqual([`${DRAWINGS}/Open.linework`, path].sort());
    expect((await (await library.open(path)).load()).records).toHaveLength(
      newRecords().length + 31,
    );
    expect(await library.lastOpened()).toBe(path);
    library.close();
  });

  it("is removed when the file does not open, and the open document stays the last opened", async () => {
    const { library, open } = await libraryWithOpenFile();
    const early = new EarlyWrite(library, "Broken", '{"format":"linework"');
    await settled(library, 2);
    early.discard();
    for (let i = 0; i < 200 && (await paths(library)).length > 1; i++)
      await new Promise((done) => setTimeout(done, 0));
    expect(await paths(library)).toEqual([`${DRAWINGS}/Open.linework`]);
    expect(await library.lastOpened()).toBe(open);
    library.close();
  });

  it("waits for what it is told to before it writes", async () => {
    const { library } = await libraryWithOpenFile();
    let release!: () => void;
    const saved = new Promise<void>((done) => (release = done));
    const early = new EarlyWrite(library, "Plan", documentText(3), saved);
    for (let i = 0; i < 20; i++) await new Promise((done) => setTimeout(done, 0));
    expect(await paths(library)).toHaveLength(1);
    release();
    await settled(library, 2);
    expect(await paths(library)).toHaveLength(2);
    early.discard();
    library.close();
  });
});
