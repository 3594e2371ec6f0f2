import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyPayload, pastePayload, pastePayloadInSlices } from "../../src/actions/clipboard";
import { CLIPBOARD_FORMAT, CLIPBOARD_VERSION } from "../../src/actions/clipboardFormat";
import { IMPORT_CANCELLED } from "../../src/io/import/workerClient";
import { parseJsonReply } from "../../src/io/native/jsonParse";
import type { TaskOptions } from "../../src/io/steps";
import type { EditableDocument } from "../../src/editing/editor";
import { fixtureEditor } from "./fixture";
import { at, counterIds, editorArb, editorWith, openEditor, rect, stateOf } from "./support";

// A large paste goes over many tasks: read off the page's thread and in steps, then added in
// slices folded into one undo step. Here the tasks are counted instead of timed: every step is
// a task of its own, and the JSON parser is this thread's (the page uses a worker).

const parse = (pieces: readonly string[]) => Promise.resolve(parseJsonReply(pieces).reply);

/** Tasks that end after every step, counted. */
function countedTasks(): { -readonly [K in keyof TaskOptions]: TaskOptions[K] } & {
  pauses: number;
} {
  const tasks = {
    pauses: 0,
    clock: () => 0,
    sliceMs: 0,
    pause: () => {
      tasks.pauses += 1;
      return Promise.resolve();
    },
  };
  return tasks;
}

/** An editor holding `count` rectangles on its page, all selected. */
function manyShapes(count: number): EditableDocument {
  const shapes = Array.from({ length: count }, (_, i) =>
    rect(
      `r${i}`,
      "page",
      `a${String(i).padStart(5, "0")}`,
      at((i % 50) * 20, Math.floor(i / 50) * 20),
    ),
  );
  const editor = editorWith(shapes);
  editor.store.setSelection(shapes.map((s) => s.id));
  return editor;
}

describe("a large paste over many tasks", () => {
  it("adds what the one-task paste adds, in many commits folded into one undo step", async () => {
    const editor = manyShapes(1200);
    const text = copyPayload(editor)!;
    const page = editor.store.pages()[0]!.id;
    const once = manyShapes(1200);
    const expected = pastePayload(once, text, { parent: page, makeId: counterIds("p") });
    const before = stateOf(editor.store);
    let commits = 0;
    const selected: number[] = [];
    const stop = editor.store.subscribe(() => {
      commits += 1;
      selected.push(editor.store.selection.length);
    });
    const tasks = countedTasks();
    const progress: number[] = [];
    const result = await pastePayloadInSlices(
      editor,
      text,
      { parent: page, makeId: counterIds("p") },
      { tasks, parse, progress: (f) => progress.push(f) },
    );
    stop();
    expect(result).toEqual(expected);
    expect(stateOf(editor.store)).toEqual(stateOf(once.store));
    // The reading's steps and the slices each had tasks of their own.
    expect(tasks.pauses).toBeGreaterThan(10);
    expect(commits).toBeGreaterThan(2);
    // The 1,200 selected originals are let go while the slices go in, so nothing measures them
    // after each slice; the pasted copies are selected at the end.
    expect(selected.slice(0, -1).every((n) => n === 0)).toBe(true);
    expect(selected.at(-1)).toBe(1200);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(editor.history.depth.undo).toBe(1);
    editor.history.undo();
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("keeps what the one-task paste keeps, for generated documents", async () => {
    await fc.assert(
      fc.asyncProperty(editorArb, async (doc) => {
        const editor = openEditor(doc);
        const text = copyPayload(editor);
        if (text === null) return;
        const page = editor.store.pages()[0]!.id;
        const once = openEditor(doc);
        const expected = pastePayload(once, text, { parent: page, makeId: counterIds("z") });
        const result = await pastePayloadInSlices(
          editor,
          text,
          { parent: page, makeId: counterIds("z") },
          { tasks: countedTasks(), parse },
        );
        expect(result).toEqual(expected);
        expect(stateOf(editor.store)).toEqual(stateOf(once.store));
      }),
      { numRuns: 60 },
    );
  });

  it("cancelled while reading or adding, leaves the document and its history as they were", async () => {
    const editor = manyShapes(1200);
    const text = copyPayload(editor)!;
    const page = editor.store.pages()[0]!.id;
    const before = stateOf(editor.store);
    // A paste let run to its end, on a copy, counts the tasks it takes.
    const whole = countedTasks();
    await pastePayloadInSlices(manyShapes(1200), text, { parent: page }, { tasks: whole, parse });
    const last = whole.pauses;
    let commits = 0;
    const stop = editor.store.subscribe(() => (commits += 1));
    for (const cancelAt of [1, Math.round(last / 2), last - 1, last]) {
      const controller = new AbortController();
      const tasks = countedTasks();
      const pause = tasks.pause;
      tasks.pause = () => {
        if (tasks.pauses + 1 === cancelAt) controller.abort();
        return pause();
      };
      const result = await pastePayloadInSlices(
        editor,
        text,
        { parent: page },
        { tasks, parse, signal: controller.signal },
      );
      expect(result).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
      expect(stateOf(editor.store)).toEqual(before);
      expect(editor.history.depth.undo).toBe(0);
      expect(editor.history.depth.redo).toBe(0);
    }
    stop();
    // The later cancels came after slices had gone in: they were taken back.
    expect(commits).toBeGreaterThan(0);
  });

  it("refuses bad text with the one-task paste's messages, touching nothing", async () => {
    const wrap = (document: unknown) =>
      JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, document });
    for (const text of ["hello", JSON.stringify({ a: 1 }), wrap("{}"), wrap(42)]) {
      const editor = fixtureEditor();
      const before = stateOf(editor.store);
      const expected = pastePayload(fixtureEditor(), text, { parent: "page" });
      expect(expected.ok).toBe(false);
      const result = await pastePayloadInSlices(
        editor,
        text,
        { parent: "page" },
        { tasks: countedTasks(), parse },
      );
      expect(result).toEqual(expected);
      expect(stateOf(editor.store)).toEqual(before);
    }
  });
});
