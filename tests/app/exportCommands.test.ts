import { describe, expect, it } from "vitest";
import { CommandRegistry } from "../../src/editing/commands";
import { createEditor } from "../../src/editing/editor";
import { exportCommands, type ExportCommandHost } from "../../src/app/exportCommands";
import type { Editor } from "../../src/app/editor";
import { documentExports } from "../../src/io/export/documentExports";
import { ESTIMATED_MEASURE } from "../../src/io/export/textLayout";
import { Jobs } from "../../src/io/jobs";
import { ToolSettings } from "../../src/editing/settings";
import { NO_STROKE } from "../../src/doc/factory";
import type { DocRecord, RectNode } from "../../src/doc/types";
import { makeNode } from "../../src/shapes/makeNode";
import { galleryDocument } from "../support/gallery";

/** The gallery with `count` more small rectangles on its page. */
function galleryWith(count: number): DocRecord[] {
  const rects: DocRecord[] = [];
  for (let i = 0; i < count; i++)
    rects.push({
      ...makeNode<RectNode>("rect", `many${i}`, "page", `n${i.toString(36).padStart(4, "0")}`, {
        width: 8,
        height: 8,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.6, a: 1 } },
        stroke: NO_STROKE,
      }),
      transform: {
        x: (i % 200) * 10,
        y: Math.floor(i / 200) * 10,
        rotation: 0,
        scaleX: 1,
        scaleY: 1,
        skewX: 0,
      },
    });
  return [...galleryDocument(), ...rects];
}

function setUp(
  records: readonly DocRecord[] = galleryDocument(),
  clipboard?: ExportCommandHost["copy"],
) {
  const editor = createEditor(records);
  const pageId = editor.store.pages()[0]!.id;
  const saved: Array<{ name: string; type: string; text: Promise<string> }> = [];
  const notes: string[] = [];
  const dialogs: string[] = [];
  /** What each Copy as … handed the clipboard, by type. */
  const copied: Array<Readonly<Record<string, Promise<Blob>>>> = [];
  const settings = new ToolSettings();
  const jobs = new Jobs();
  const registry = new CommandRegistry();
  registry.register(
    exportCommands({
      current: () => ({ ...editor, pageId: () => pageId, jobs }) as unknown as Editor,
      // Node has no canvas to measure text with: the SVG writer's own estimate stands in.
      exports: documentExports(
        () => editor.store,
        () => Promise.reject(new Error("no fonts in this test")),
        () => ESTIMATED_MEASURE,
      ),
      settings,
      save: (blob, name) => saved.push({ name, type: blob.type, text: blob.text() }),
      notify: (message) => notes.push(message),
      openExportDialog: () => dialogs.push("export"),
      // As the browser's clipboard: written once every type's Blob is in, not at all otherwise.
      copy:
        clipboard ??
        (async (item) => {
          copied.push(item);
          await Promise.all(Object.values(item));
        }),
    }),
  );
  return { editor, registry, saved, notes, settings, dialogs, jobs, copied };
}

describe("export commands", () => {
  it("File → Export… opens the export dialog and saves nothing itself", () => {
    const { registry, saved, dialogs } = setUp();
    expect(registry.run("file.export")).toBe(true);
    expect(dialogs).toEqual(["export"]);
    expect(saved).toEqual([]);
  });

  it("Export as SVG saves the page, or only the selection when there is one", async () => {
    const { editor, registry, saved, notes } = setUp();
    expect(registry.run("file.exportSvg")).toBe(true);
    await expect.poll(() => saved.length).toBe(1);
    expect(saved[0]).toMatchObject({
      name: `${editor.store.document.name}.svg`,
      type: "image/svg+xml",
    });
    const page = await saved[0]!.text;
    expect(page).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*<\/svg>\s*$/);
    editor.store.setSelection(["red"]);
    registry.run("file.exportSvg");
    await expect.poll(() => saved.length).toBe(2);
    const selection = await saved[1]!.text;
    expect(selection.length).toBeLessThan(page.length);
    expect(notes).toEqual([]);
  });

  it("Copy as SVG hands the clipboard its three types at once, made over many tasks with a bar", async () => {
    const { editor, registry, jobs, copied, notes } = setUp(galleryWith(20_000));
    const fractions: number[] = [];
    jobs.subscribe(() => fractions.push(...jobs.get().map((job) => job.fraction)));
    let turns = 0;
    let counting = true;
    const count = (): void => {
      if (!counting) return;
      turns += 1;
      setTimeout(count, 0);
    };
    setTimeout(count, 0);
    expect(registry.run("edit.copyAsSvg")).toBe(true);
    // Handed over within the command, as a key press's user activation asks.
    expect(copied).toHaveLength(1);
    expect(Object.keys(copied[0]!).sort()).toEqual(["image/svg+xml", "text/html", "text/plain"]);
    expect(jobs.get()).toMatchObject([{ kind: "copy", name: `${editor.store.document.name}.svg` }]);
    const svg = await (await copied[0]!["image/svg+xml"]!).text();
    counting = false;
    expect(svg.match(/<rect /g)!.length).toBeGreaterThan(20_000);
    expect(await (await copied[0]!["text/plain"]!).text()).toBe(svg);
    const html = await (await copied[0]!["text/html"]!).text();
    expect(html).toBe(`<meta charset="utf-8">${svg.replace(/^<\?xml[^>]*\?>\s*/, "").trimEnd()}`);
    // Other tasks ran while it was made, and the bar went up on the way.
    expect(turns).toBeGreaterThan(3);
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThan(3);
    await expect.poll(() => jobs.get()).toEqual([]);
    expect(notes).toEqual([]);
  });

  it("Cancel stops Copy as SVG: the clipboard gets nothing, nothing is said, and the document and history are untouched", async () => {
    // Copy as PNG draws and measures text on a canvas, so its Cancel is tested in the browser.
    const { editor, registry, jobs, copied, notes } = setUp(galleryWith(20_000));
    const version = editor.store.version;
    const records = JSON.stringify(editor.store.snapshot());
    const history = editor.history.depth;
    registry.run("edit.copyAsSvg");
    await expect.poll(() => jobs.get()[0]?.fraction ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    jobs.get()[0]!.cancel();
    const outcomes = await Promise.allSettled(Object.values(copied[0]!));
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => "rejected"));
    expect(
      outcomes.every((o) => o.status === "rejected" && (o.reason as Error).name === "AbortError"),
    ).toBe(true);
    expect(jobs.get()).toEqual([]);
    await new Promise((resume) => setTimeout(resume, 50));
    expect(notes).toEqual([]);
    expect(editor.store.version).toBe(version);
    expect(JSON.stringify(editor.store.snapshot())).toBe(records);
    expect(editor.history.depth).toEqual(history);
  });

  it("Copy as SVG in a browser without the asynchronous clipboard says so, and its bar ends", async () => {
    const { registry, jobs, notes } = setUp(galleryDocument(), () => {
      throw new ReferenceError("ClipboardItem is not defined");
    });
    expect(() => registry.run("edit.copyAsSvg")).not.toThrow();
    await expect.poll(() => jobs.get()).toEqual([]);
    expect(notes).toEqual(["Copy as SVG failed: ClipboardItem is not defined"]);
  });

  it("the snapping toggles flip one kind each", () => {
    const { registry, settings } = setUp();
    const before = settings.get().snap;
    registry.run("view.snap.grid");
    expect(settings.get().snap).toEqual({ ...before, grid: !before.grid });
    registry.run("view.snap.objects");
    registry.run("view.snap.spacing");
    expect(settings.get().snap).toEqual({
      ...before,
      grid: !before.grid,
      objects: !before.objects,
      spacing: !before.spacing,
    });
  });
});
