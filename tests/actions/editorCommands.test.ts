import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipboardActions, MemoryClipboard } from "../../src/actions/clipboardActions";
import { editorCommands, type EditorCommandHost } from "../../src/actions/editorCommands";
import { CommandRegistry } from "../../src/editing/commands";
import type { EditableDocument } from "../../src/editing/editor";
import { worldMatrix } from "../../src/doc/commands";
import { fixtureEditor } from "./fixture";
import { editorArb, openEditor, stateOf } from "./support";

function setUp(editor: EditableDocument = fixtureEditor()) {
  const notes: string[] = [];
  const host: EditorCommandHost = {
    editor: () => editor,
    scope: () => editor.store.pages()[0]!.id,
    clipboard: new MemoryClipboard(),
    notify: (message) => notes.push(message),
  };
  const registry = new CommandRegistry();
  registry.register(editorCommands(host));
  return { editor, registry, host, notes };
}

function press(
  key: string,
  code: string,
  mods: { ctrl?: boolean; shift?: boolean; alt?: boolean } = {},
) {
  return {
    key,
    code,
    modifiers: {
      ctrl: mods.ctrl ?? false,
      meta: false,
      shift: mods.shift ?? false,
      alt: mods.alt ?? false,
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("editor commands", () => {
  it("register without clashing with each other or the browser's keys", () => {
    const { registry } = setUp();
    const ids = registry.list().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const bindings = registry
      .list()
      .flatMap((c) => (c.shortcuts ?? []).map((b) => JSON.stringify(b)));
    expect(new Set(bindings).size).toBe(bindings.length);
  });

  it("answer the documented shortcuts, symbols by the character they type", () => {
    const { registry } = setUp();
    const cases: [ReturnType<typeof press>, string][] = [
      [press("d", "KeyD", { ctrl: true }), "edit.duplicate"],
      [press("Delete", "Delete"), "edit.delete"],
      [press("Backspace", "Backspace"), "edit.delete"],
      [press("a", "KeyA", { ctrl: true }), "edit.selectAll"],
      [press("g", "KeyG", { ctrl: true }), "object.group"],
      [press("G", "KeyG", { ctrl: true, shift: true }), "object.ungroup"],
      [press("]", "BracketRight", { ctrl: true }), "arrange.forward"],
      [press("[", "BracketLeft", { ctrl: true }), "arrange.backward"],
      [press("}", "BracketRight", { ctrl: true, shift: true }), "arrange.front"],
      [press("{", "BracketLeft", { ctrl: true, shift: true }), "arrange.back"],
      [press("]", "BracketRight", { ctrl: true, shift: true }), "arrange.front"],
      [press("L", "KeyL", { ctrl: true, shift: true }), "object.lock"],
      [press("H", "KeyH", { ctrl: true, shift: true }), "object.hide"],
      [press("H", "KeyH", { shift: true }), "object.flipHorizontal"],
      [press("V", "KeyV", { shift: true }), "object.flipVertical"],
      [press("a", "KeyA", { alt: true }), "arrange.align.left"],
      [press("ArrowLeft", "ArrowLeft"), "arrange.nudge.left"],
      [press("ArrowDown", "ArrowDown", { shift: true }), "arrange.nudge.down.far"],
    ];
    for (const [keys, id] of cases)
      expect(registry.commandFor(keys)?.id, JSON.stringify(keys)).toBe(id);
  });

  it("list Ctrl+C, Ctrl+X and Ctrl+V for menus, left to the browser's clipboard events", () => {
    const { registry } = setUp();
    for (const [id, code] of [
      ["edit.copy", "KeyC"],
      ["edit.cut", "KeyX"],
      ["edit.paste", "KeyV"],
    ] as const) {
      expect(registry.get(id)?.shortcuts).toEqual([{ code, mod: true }]);
      expect(
        registry.commandFor(press(code.slice(3).toLowerCase(), code, { ctrl: true })),
      ).toBeUndefined();
    }
  });

  it("share paste offsets between the commands and the clipboard events", () => {
    const editor = fixtureEditor();
    const host: EditorCommandHost = {
      editor: () => editor,
      scope: () => "page",
      clipboard: new MemoryClipboard(),
    };
    const clipboard = clipboardActions(host);
    editorCommands(host, clipboard);
    editor.store.setSelection(["a"]);
    const text = clipboard.copy()!;
    clipboard.paste(text);
    clipboard.paste(text);
    expect(worldMatrix(editor.store, editor.store.selection[0]!)).toMatchObject({ e: 20, f: 20 });
    expect(clipboard.paste("junk")).toMatchObject({ ok: false });
  });

  it("are disabled without a selection and in a read-only document", () => {
    const { editor, registry } = setUp();
    const needsSelection = registry
      .list()
      .filter((c) => !["edit.selectAll", "edit.paste"].includes(c.id));
    for (const command of needsSelection)
      expect(registry.isEnabled(command.id), command.id).toBe(false);
    editor.store.setSelection(["a", "b", "c"]);
    for (const command of needsSelection) {
      // Ungroup needs a group, Release mask a masked group and Toggle star a polygon: the
      // rectangles selected are none of them. Connect joins exactly two shapes, and a connected
      // copy is made of exactly one.
      const needsKind = ["object.ungroup", "object.releaseMask", "object.toggleStar"];
      if ([...needsKind, "edit.selectNone"].includes(command.id)) continue;
      if (command.id === "object.connect" || command.id.startsWith("object.connectedCopy."))
        continue;
      expect(registry.isEnabled(command.id), command.id).toBe(true);
    }
    editor.store.setReadOnly(true);
    for (const command of registry.list()) {
      const readable = ["edit.copy", "edit.selectAll", "edit.selectNone"].includes(command.id);
      expect(registry.isEnabled(command.id), command.id).toBe(readable);
    }
  });

  it("nudge by 1 and, with Shift, by 10", () => {
    const { editor, registry } = setUp();
    editor.store.setSelection(["a"]);
    registry.run("arrange.nudge.right");
    registry.run("arrange.nudge.down.far");
    expect(worldMatrix(editor.store, "a")).toMatchObject({ e: 1, f: 10 });
    expect(editor.history.depth.undo).toBe(2);
  });

  it("paste in place over nothing, offset over the originals, and further on each time", async () => {
    const { editor, registry } = setUp();
    editor.store.setSelection(["a"]);
    registry.run("edit.copy");
    await flush();
    registry.run("edit.paste");
    await flush();
    const first = editor.store.selection[0]!;
    expect(worldMatrix(editor.store, first)).toMatchObject({ e: 10, f: 10 });
    registry.run("edit.paste");
    await flush();
    expect(worldMatrix(editor.store, editor.store.selection[0]!)).toMatchObject({ e: 20, f: 20 });

    editor.store.setSelection(["b"]);
    registry.run("edit.cut");
    await flush();
    registry.run("edit.paste");
    await flush();
    expect(worldMatrix(editor.store, editor.store.selection[0]!)).toMatchObject({ e: 200, f: 100 });
  });

  it("leave a copy or cut to a clipboard that takes it in steps, and copy themselves otherwise", async () => {
    const editor = fixtureEditor();
    const asked: boolean[] = [];
    const written: string[] = [];
    let takes = true;
    const host: EditorCommandHost = {
      editor: () => editor,
      scope: () => editor.store.pages()[0]!.id,
      clipboard: {
        copyInSteps: (cut) => {
          asked.push(cut);
          return takes;
        },
        write: (text) => void written.push(text),
        read: () => null,
      },
    };
    const registry = new CommandRegistry();
    registry.register(editorCommands(host));
    editor.store.setSelection(["b"]);
    registry.run("edit.copy");
    registry.run("edit.cut");
    await flush();
    expect(asked).toEqual([false, true]);
    // The clipboard's own way copies and cuts: the commands neither write nor delete.
    expect(written).toEqual([]);
    expect(editor.store.has("b")).toBe(true);
    takes = false;
    registry.run("edit.cut");
    await flush();
    expect(written).toHaveLength(1);
    expect(editor.store.has("b")).toBe(false);
  });

  it("take the clipboard's picture before a copy or cut, while the selection still exists", async () => {
    const editor = fixtureEditor();
    const captured: { selection: readonly string[]; present: boolean[] }[] = [];
    const written: { text: string; picture: unknown }[] = [];
    const picture = { svg: "<svg/>", png: null };
    const host: EditorCommandHost = {
      editor: () => editor,
      scope: () => editor.store.pages()[0]!.id,
      clipboard: {
        capture: () => {
          const selection = editor.store.selection;
          captured.push({ selection, present: selection.map((id) => editor.store.has(id)) });
          return picture;
        },
        write: (text, taken) => void written.push({ text, picture: taken }),
        read: () => null,
      },
    };
    const registry = new CommandRegistry();
    registry.register(editorCommands(host));
    editor.store.setSelection(["b"]);
    registry.run("edit.copy");
    registry.run("edit.cut");
    await flush();
    expect(editor.store.has("b")).toBe(false);
    expect(captured).toEqual([
      { selection: ["b"], present: [true] },
      { selection: ["b"], present: [true] },
    ]);
    expect(written.map((w) => w.picture)).toEqual([picture, picture]);
    const cutDocument = JSON.parse(JSON.parse(written[1]!.text).document) as {
      nodes: { ids: string };
    };
    expect(cutDocument.nodes.ids).toBe("b");
  });

  it("report a refused paste instead of throwing", async () => {
    const { host, registry, notes, editor } = setUp();
    await host.clipboard.write("not shapes");
    const before = stateOf(editor.store);
    registry.run("edit.paste");
    await flush();
    expect(notes).toEqual([expect.stringMatching(/not JSON/)]);
    expect(stateOf(editor.store)).toEqual(before);
  });

  it("each is one undo step that undo reverts exactly, on generated documents", () => {
    const ids = setUp()
      .registry.list()
      .map((c) => c.id)
      .filter((id) => id !== "edit.paste" && id !== "edit.copy");
    fc.assert(
      fc.property(editorArb, fc.constantFrom(...ids), (doc, id) => {
        const { editor, registry } = setUp(openEditor(doc));
        const before = stateOf(editor.store);
        const ran = registry.run(id);
        if (editor.history.depth.undo === 0) {
          expect(stateOf(editor.store).records).toEqual(before.records);
          return;
        }
        expect(ran).toBe(true);
        expect(editor.history.depth.undo).toBe(1);
        const after = stateOf(editor.store);
        editor.history.undo();
        expect(stateOf(editor.store)).toEqual(before);
        editor.history.redo();
        expect(stateOf(editor.store)).toEqual(after);
      }),
      { numRuns: 300 },
    );
  });
});
