import { describe, expect, it } from "vitest";
import { generateKeyBetween } from "fractional-indexing";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, RectNode } from "../../src/doc/types";
import { createEditor } from "../../src/editing/editor";
import { parseJsonReply } from "../../src/io/native/jsonParse";
import { NODES_PER_STEP } from "../../src/io/steps";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import { Library } from "../../src/persist/library";
import { parseOpenedText, readOpenedText } from "../../src/persist/damaged";
import { serializeDocument } from "../../src/io/native/format";
import { chunkTexts, recoverDocumentSteps } from "../../src/persist/recovery";
import { salvage, salvageSteps, type LogEntry } from "../../src/persist/replay";
import { PersistenceSession } from "../../src/persist/session";
import { addRect, freshFactory, newRecords, PAGE, rect, sortById } from "./helpers";

const HOME = { home: "/home/web_user", user: "web_user" };
const SHAPES = 6_000;

/** A document of SHAPES rectangles in sibling order, as a big drawing is stored. */
function bigRecords(): DocRecord[] {
  const records = newRecords();
  let index: string | null = null;
  for (let i = 0; i < SHAPES; i++) {
    index = generateKeyBetween(index, null);
    records.push(rect(`r${i}`, i, index, PAGE));
  }
  return records;
}

/** A library holding the big document and a small one; returns both paths. */
async function library(
  factory: IDBFactory,
): Promise<{ library: Library; big: string; small: string }> {
  const opened = await Library.open({ ...HOME, factory });
  const big = await opened.create("Big", bigRecords());
  const small = await opened.create("Small");
  return { library: opened, big, small };
}

function steps<T>(generator: Generator<void, T, void>): { count: number; value: T } {
  let count = 0;
  for (;;) {
    const step = generator.next();
    if (step.done === true) return { count, value: step.value };
    count += 1;
  }
}

describe("loading a stored document in steps", () => {
  it("reads a big snapshot a bounded piece at a time: more steps for more shapes", async () => {
    const { library: opened, big } = await library(freshFactory());
    const handle = await opened.open(big);
    const raw = await handle.file.readRaw();
    const texts = chunkTexts(raw, raw.inode!);
    if (typeof texts === "string") throw new Error(texts);
    const parsed = new Map([[raw.inode!.gen, parseJsonReply(texts).reply]]);
    const { count, value } = steps(recoverDocumentSteps(raw, new Set(), parsed));
    // Reading the nodes and checking the tree are each a step every NODES_PER_STEP nodes.
    expect(count).toBeGreaterThanOrEqual((2 * SHAPES) / NODES_PER_STEP);
    expect(value.damage).toBeNull();
    expect(sortById(value.records)).toEqual(sortById(bigRecords()));
    opened.close();
  });

  it("replays the log over a big snapshot in steps, the check of what it makes too", () => {
    const snapshot = bigRecords();
    const moved = snapshot.find((record) => record.id === "r10") as RectNode;
    const added = rect("late", -50, generateKeyBetween(null, "a0"), PAGE);
    const entries: LogEntry[] = [
      { seq: 1, patch: { changes: [{ id: "late", before: null, after: added }] } },
      {
        seq: 2,
        patch: { changes: [{ id: "r10", before: moved, after: { ...moved, name: "Moved" } }] },
      },
    ];
    const { count, value } = steps(salvageSteps(snapshot, 0, entries));
    // The map of the records, the list made of it, the store built of it and its check: a step
    // every few thousand records each.
    expect(count).toBeGreaterThanOrEqual((2 * SHAPES) / NODES_PER_STEP);
    expect(value).toEqual(salvage(snapshot, 0, entries));
    expect(value.lastSeq).toBe(2);
    expect(value.lost).toEqual([]);
    expect(value.records).toHaveLength(snapshot.length + 1);
    expect(value.records.find((record) => record.id === "r10")).toMatchObject({ name: "Moved" });
  });

  it("reports its progress as it goes, ending at 1", async () => {
    const { library: opened, big } = await library(freshFactory());
    const handle = await opened.open(big);
    const seen: number[] = [];
    const loaded = await handle.load({ onProgress: (fraction) => seen.push(fraction) });
    expect(loaded.records).toHaveLength(SHAPES + 2);
    expect(new Set(seen).size).toBeGreaterThan(5);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
    opened.close();
  });

  it("stops with an AbortError once aborted, and the file loads whole afterwards", async () => {
    const { library: opened, big } = await library(freshFactory());
    const handle = await opened.open(big);
    const controller = new AbortController();
    let after = 0;
    const load = handle.load({
      signal: controller.signal,
      onProgress: (fraction) => {
        // Past the parse, while the records are being read.
        if (fraction > 0.5 && fraction < 1) controller.abort();
        if (controller.signal.aborted) after += 1;
      },
    });
    await expect(load).rejects.toMatchObject({ name: "AbortError" });
    // Nothing was read past the step the abort came in.
    expect(after).toBe(1);
    const loaded = await handle.load();
    expect(sortById(loaded.records)).toEqual(sortById(bigRecords()));
    opened.close();
  });

  it("builds the store in steps, the same store as at once", () => {
    const records = bigRecords();
    const { count, value } = steps(DocumentStore.build(records));
    expect(count).toBeGreaterThan(1);
    const direct = new DocumentStore(records);
    expect(value.size).toBe(direct.size);
    expect(value.childrenOf(PAGE).map((node) => node.id)).toEqual(
      direct.childrenOf(PAGE).map((node) => node.id),
    );
  });
});

describe("a switch stopped while the next document loads", () => {
  it("leaves the open document's session as it was: writing, saving, reopened at start", async () => {
    const factory = freshFactory();
    const { library: opened, big, small } = await library(factory);
    await opened.setLastOpened(small);
    opened.close();

    const current = await PersistenceSession.start({ ...HOME, factory });
    expect(current.path).toBe(small);
    const editor = createEditor(current.records!);
    current.attach(editor, new DocumentStatusStore(), { onUnload: () => () => undefined });

    const controller = new AbortController();
    const next = PersistenceSession.openPath({ ...HOME, factory }, big, {
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0.5) controller.abort();
      },
    });
    await expect(next).rejects.toMatchObject({ name: "AbortError" });

    // The open document still saves its edits, and is still the one reopened at start.
    addRect(editor.store, "after");
    await current.whenSaved();
    expect(current.readOnly).toBe(false);
    const saved = editor.store.snapshot();
    current.dispose();
    const reopened = await PersistenceSession.start({ ...HOME, factory });
    expect(reopened.path).toBe(small);
    expect(sortById(reopened.records!)).toEqual(sortById(saved));
    reopened.dispose();

    // The stopped one let go of its file: it opens for writing, whole.
    const again = await PersistenceSession.openPath({ ...HOME, factory }, big, {});
    expect(again.readOnly).toBe(false);
    expect(again.records).toHaveLength(SHAPES + 2);
    again.dispose();
  });
});

describe("reading a .linework file's text in steps", () => {
  it("reads it as at once, over many steps with progress", async () => {
    const text = serializeDocument(bigRecords());
    const seen: number[] = [];
    const read = await readOpenedText(text, { onProgress: (fraction) => seen.push(fraction) });
    expect(read).toEqual(parseOpenedText(text));
    expect(read.ok && read.records.length).toBe(SHAPES + 2);
    // A report a step: reading the nodes and checking the tree are each a step every
    // NODES_PER_STEP nodes.
    expect(seen.length).toBeGreaterThanOrEqual((2 * SHAPES) / NODES_PER_STEP);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
  });

  it("says what is wrong with a file as the one-task reader does", async () => {
    const text = serializeDocument(bigRecords());
    for (const bad of [text.slice(0, text.length / 2), "", "[1, 2", '{"format":"other"}'])
      expect(await readOpenedText(bad)).toEqual(parseOpenedText(bad));
  });

  it("stops with an AbortError once aborted, reading nothing further", async () => {
    const text = serializeDocument(bigRecords());
    const controller = new AbortController();
    let reports = 0;
    const read = readOpenedText(text, {
      signal: controller.signal,
      onProgress: (fraction) => {
        reports += 1;
        if (fraction > 0.5) controller.abort();
      },
    });
    await expect(read).rejects.toMatchObject({ name: "AbortError" });
    const atAbort = reports;
    await new Promise((resume) => setTimeout(resume, 20));
    expect(reports).toBe(atAbort);
  });
});
