import { describe, expect, it } from "vitest";
import { CommandRegistry } from "../../src/editing/commands";
import { createEditor } from "../../src/editing/editor";
import { exportCommands } from "../../src/app/exportCommands";
import type { Editor } from "../../src/app/editor";
import { documentExports } from "../../src/io/export/documentExports";
import { ESTIMATED_MEASURE } from "../../src/io/export/textLayout";
import { Jobs } from "../../src/io/jobs";
import { ToolSettings } from "../../src/editing/settings";
import { galleryDocument } from "../support/gallery";

function setUp() {
  const editor = createEditor(galleryDocument());
  const pageId = editor.store.pages()[0]!.id;
  const saved: Array<{ name: string; type: string; text: Promise<string> }> = [];
  const notes: string[] = [];
  const dialogs: string[] = [];
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
    }),
  );
  return { editor, registry, saved, notes, settings, dialogs, jobs };
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
