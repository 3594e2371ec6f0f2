import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Editor as EditorClass } from "../../src/app/editor";
import { CommandRegistry } from "../../src/editing/commands";
import { COMMIT_STAGES } from "../../src/editing/commitPipeline";
import { ToolSettings } from "../../src/editing/settings";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { BlobRecord, ImageNode, RectNode } from "../../src/doc/types";
import { DocumentStatusStore } from "../../src/persist/documentStatus";
import type { TextEditorHost } from "../../src/tools/types";
import { headlessEngine } from "../support/headlessEngine";

// The editor owns everything that lives as long as its document. What outlives it (the engine's
// tick and resize listeners, the render root, the shared tool settings, the status line) must
// hold nothing of it once it is closed: a closed editor drawing into the next document's canvas
// aborted the engine once (File → New, then choosing a tool).

const PAGE = "page";

let Editor: typeof EditorClass;
beforeAll(async () => {
  await headlessEngine();
  ({ Editor } = await import("../../src/app/editor"));
  // The editor brings in most of the program: slow to load on a busy machine.
}, 60_000);

let textClosed = 0;
const textHost: TextEditorHost = {
  edit: (_id, done) => done(null),
  typeKey: () => false,
  measure: () => ({ width: 0, height: 0 }),
  close() {
    textClosed += 1;
  },
};

function records() {
  const rect = makeNode<RectNode>("rect", "r", PAGE, "a0", {
    width: 100,
    height: 50,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  return [
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    rect,
  ];
}

async function openEditor(extra: readonly (ImageNode | BlobRecord)[] = []) {
  const fake = await headlessEngine();
  const settings = new ToolSettings();
  const status = new DocumentStatusStore();
  const editor = new Editor(fake.engine, [...records(), ...extra], {
    status,
    persistence: null,
    services: {
      settings,
      commands: new CommandRegistry(),
      text: textHost,
      requestImage: () => Promise.resolve(null),
    },
  });
  return { ...fake, editor, settings, status };
}

const moveRect = (editor: EditorClass, x: number) =>
  editor.store.transact("Move", (tx) => {
    const node = tx.get("r");
    if (node?.type === "rect") tx.put({ ...node, transform: { ...node.transform, x } });
  });

describe("an editor", () => {
  it("is the document embedders edit through `linework.current.editor`, store and history", async () => {
    const { editor } = await openEditor();
    expect(editor.editor.store).toBe(editor.store);
    expect(editor.editor.history).toBe(editor.history);
    editor.editor.store.transact("Move", (tx) => {
      const node = tx.get("r");
      if (node?.type === "rect") tx.put({ ...node, transform: { ...node.transform, x: 5 } });
    });
    expect(editor.history.canUndo).toBe(true);
  });

  it("runs every stage after a commit, in the declared order, and traces each one", async () => {
    const { editor } = await openEditor();
    moveRect(editor, 30);
    const trace = editor.commits.trace().at(-1)!;
    expect(trace.label).toBe("Move");
    const ran = trace.stages.map((s) => s.stage);
    // Autosave is off here (no storage); every other stage has its part listening.
    expect(ran).toEqual(COMMIT_STAGES.filter((stage) => stage !== "autosave"));
    for (const { ms } of trace.stages) expect(ms).toBeGreaterThanOrEqual(0);
    expect(editor.history.canUndo).toBe(true);
  });

  it("lets go of the engine, the render root and the shared settings when closed", async () => {
    const { editor, ticks, resizes, root, settings, status, invalidations } = await openEditor();
    expect(ticks.size).toBeGreaterThan(0);
    expect(resizes.size).toBeGreaterThan(0);
    expect(root.children.length).toBeGreaterThan(0);
    settings.update({ tool: "rect" });
    expect(editor.tools.controller.tool.id).toBe("rect");

    editor.close();
    expect(editor.isClosed).toBe(true);
    expect(ticks.size).toBe(0);
    expect(resizes.size).toBe(0);
    expect(root.children).toEqual([]);

    // What outlives the editor goes on; nothing of the closed one answers.
    const before = invalidations();
    for (const tool of ["ellipse", "select", "text", "pen", "gradient", "path"] as const)
      settings.update({ tool });
    expect(editor.tools.controller.tool.id).toBe("rect");
    expect(editor.gradientEdits.request("fill")).toBe(false);
    status.set({ name: "Next document" });
    expect(invalidations()).toBe(before);
  });

  it("hears no commit of its store once closed, and cancels its imports and exports", async () => {
    const { editor, status, invalidations } = await openEditor();
    const job = editor.jobs.start("import", "big.svg");
    const exporting = editor.jobs.start("export", "Drawing.svg");
    let background = 0;
    editor.onPageBackground(() => (background += 1));

    editor.close();
    expect(job.signal.aborted).toBe(true);
    expect(exporting.signal.aborted).toBe(true);
    expect(editor.jobs.get()).toEqual([]);
    const traced = editor.commits.trace().length;
    const before = invalidations();
    const undoable = editor.history.canUndo;
    editor.store.transact("Rename", (tx) => {
      const doc = tx.get("doc");
      if (doc?.type === "document") tx.put({ ...doc, name: "Renamed" });
    });
    editor.store.transact("Background", (tx) => {
      const page = tx.get(PAGE);
      if (page?.type === "page") tx.put({ ...page, background: { r: 1, g: 0, b: 0, a: 1 } });
    });
    moveRect(editor, 60);
    expect(editor.commits.trace().length).toBe(traced);
    expect(invalidations()).toBe(before);
    expect(status.get().name).not.toBe("Renamed");
    expect(background).toBe(0);
    expect(editor.history.canUndo).toBe(undoable);
  });

  it("closes the text field it borrowed, and draws no picture decoded after it closed", async () => {
    // A decode that finishes when the test says, into a texture PixiJS can take without a GPU.
    const decodes: Array<() => void> = [];
    const realImage = (globalThis as { Image?: unknown }).Image;
    (globalThis as { Image?: unknown }).Image = class {
      src = "";
      decode(): Promise<void> {
        return new Promise((resolve) => decodes.push(resolve));
      }
    };
    const { Texture } = await import("pixi.js");
    const from = vi.spyOn(Texture, "from").mockImplementation(() => new Texture());
    restore.push(() => {
      (globalThis as { Image?: unknown }).Image = realImage;
      from.mockRestore();
    });
    const blob: BlobRecord = { id: "b", type: "blob", mime: "image/png", data: "AA==" };
    const image = makeNode<ImageNode>("image", "i", PAGE, "a1", {
      blob: "b",
      naturalWidth: 10,
      naturalHeight: 10,
      width: 10,
      height: 10,
    });
    const { editor, invalidations, step } = await openEditor([blob, image]);
    step();
    // Decodes start in a later task (a few a task).
    await new Promise((done) => setTimeout(done, 0));
    expect(decodes.length).toBeGreaterThan(0);
    const closedBefore = textClosed;

    editor.close();
    expect(textClosed).toBeGreaterThan(closedBefore);
    const before = invalidations();
    for (const decoded of decodes) decoded();
    await new Promise((done) => setTimeout(done, 0));
    expect(invalidations()).toBe(before);
  });
});

const restore: Array<() => void> = [];
afterEach(() => {
  for (const undo of restore.splice(0)) undo();
});
