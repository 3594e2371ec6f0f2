import { describe, expect, it } from "vitest";
import { makeNode } from "../../src/shapes/makeNode";
import type { TextNode } from "../../src/doc/types";
import { DEFAULT_TEXT } from "../../src/tools/textTool";
import { TOOLS } from "../../src/tools/catalog";
import {
  createToolHarness,
  documentState,
  NO_MODIFIERS,
  PAGE,
  type ToolHarness,
} from "../support/toolHarness";

function existingText(): TextNode {
  const node = makeNode<TextNode>("text", "hello", PAGE, "a0", {
    ...DEFAULT_TEXT,
    fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
    stroke: {
      paint: null,
      width: 0,
      dash: [],
      dashOffset: 0,
      cap: "butt",
      join: "miter",
      miterLimit: 4,
    },
    content: "Hello",
    width: null,
  });
  return { ...node, transform: { ...node.transform, x: 100, y: 100 } };
}

async function textTool(): Promise<ToolHarness> {
  const h = await createToolHarness({ records: [existingText()] });
  h.setTool("text");
  return h;
}

/** The tool shortcuts the app registers (R rectangle, E ellipse, T text…), to see none run. */
function withToolShortcuts(h: ToolHarness): void {
  h.commands.register(
    TOOLS.map((tool) => ({
      id: `tool.${tool.id}`,
      label: tool.label,
      category: "tool" as const,
      shortcuts: tool.shortcuts,
      run: () => h.settings.update({ tool: tool.id }),
    })),
  );
}

/** Presses and releases each character's key without a tick: typed faster than a tick. */
function pressKeys(h: ToolHarness, text: string): void {
  for (const key of text) {
    const code = key === " " ? "Space" : `Key${key.toUpperCase()}`;
    h.input.keyDown(code, key, NO_MODIFIERS);
    h.input.keyUp(code, key, NO_MODIFIERS);
  }
}

function texts(h: ToolHarness): TextNode[] {
  return h.nodes().filter((n): n is TextNode => n.type === "text");
}

describe("text tool", () => {
  it("a click places auto-width text; typing and committing is one undo step", async () => {
    const h = await textTool();
    h.click(400, 300);
    expect(h.tool.state).toBe("editing");
    expect(h.text.editing).not.toBeNull();
    h.text.type("New words");
    h.text.commit();
    const created = texts(h).find((t) => t.id !== "hello")!;
    expect(created).toMatchObject({ content: "New words", width: null, hidden: false });
    expect(created.transform).toMatchObject({ x: 400, y: 300 });
    expect(h.history.depth.undo).toBe(1);
    expect(h.history.undoLabel).toBe("Add text");
    expect(h.tool.id).toBe("select");
    h.history.undo();
    expect(texts(h)).toHaveLength(1);
  });

  it("a drag sets the wrapping width", async () => {
    const h = await textTool();
    h.drag({ x: 400, y: 300 }, { x: 640, y: 320 });
    h.text.type("Wrapped");
    h.text.commit();
    const created = texts(h).find((t) => t.id !== "hello")!;
    expect(created.width).toBe(240);
  });

  it("text left empty adds nothing: document and history as before", async () => {
    const h = await textTool();
    const before = documentState(h);
    h.click(400, 300);
    h.text.commit();
    expect(documentState(h)).toEqual(before);
  });

  it("while its field is open the node is left undrawn by the editor, not hidden in the document", async () => {
    const h = await textTool();
    h.click(110, 110);
    expect(h.text.editing).toBe("hello");
    expect(h.editor.editingText.id).toBe("hello");
    expect(h.store.get("hello")).toMatchObject({ hidden: false, content: "Hello" });
    h.text.type(", world");
    // What is typed is in the document at once, so the panels show the text as it is.
    expect(h.store.get("hello")).toMatchObject({ content: "Hello, world", hidden: false });
    h.text.commit();
    expect(h.editor.editingText.id).toBeNull();
    expect(h.store.get("hello")).toMatchObject({ content: "Hello, world", hidden: false });
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(h.store.get("hello")).toMatchObject({ content: "Hello", hidden: false });
  });

  it("a click on the canvas while editing commits, as Esc does", async () => {
    const h = await textTool();
    h.click(400, 300);
    h.text.type("Kept");
    h.pause().click(600, 500);
    expect(
      texts(h)
        .map((t) => t.content)
        .sort(),
    ).toEqual(["Hello", "Kept"]);
    expect(h.history.depth.undo).toBe(1);
  });

  it("Esc reaching the canvas commits the text being edited", async () => {
    const h = await textTool();
    h.click(400, 300);
    h.text.type("Esc keeps this");
    h.key("Escape");
    expect(texts(h).map((t) => t.content)).toContain("Esc keeps this");
    expect(h.text.editing).toBeNull();
  });

  it("cancelling the field leaves document and history as before", async () => {
    const h = await textTool();
    const before = documentState(h);
    h.click(110, 110);
    h.text.type(" changed");
    h.text.cancel();
    expect(documentState(h)).toEqual(before);
  });

  it("Esc before the release drops the new text box", async () => {
    const h = await textTool();
    const before = documentState(h);
    h.down(400, 300);
    h.move(500, 300);
    h.tick();
    h.key("Escape");
    h.up(500, 300);
    h.tick();
    expect(documentState(h)).toEqual(before);
    expect(h.text.editing).toBeNull();
  });

  it("emptying an existing text removes it, as one undo step", async () => {
    const h = await textTool();
    h.click(110, 110);
    h.text.value = "";
    h.text.commit();
    expect(h.store.get("hello")).toBeUndefined();
    h.history.undo();
    expect(h.store.get("hello")).toMatchObject({ content: "Hello", hidden: false });
  });

  it("keys typed straight after the click, before the field has the keyboard, are typed into it", async () => {
    const h = await textTool();
    withToolShortcuts(h);
    h.down(400, 300).up(400, 300);
    // Same tick as the click: the field opens during it, so these reached the canvas.
    pressKeys(h, "Hello Linework");
    h.tick();
    expect(h.text.value).toBe("Hello Linework");
    expect(h.tool.id).toBe("text");
    expect(h.settings.get().tool).toBe("text");
    const created = texts(h).find((t) => t.id !== "hello")!;
    expect(created.content).toBe("Hello Linework");
    h.text.commit();
    expect(h.history.depth.undo).toBe(1);
  });

  it("keys pressed before the click are shortcuts; those after it are text, in order", async () => {
    const h = await createToolHarness();
    withToolShortcuts(h);
    pressKeys(h, "t");
    h.down(400, 300).up(400, 300);
    pressKeys(h, "rev");
    h.tick();
    expect(h.tool.id).toBe("text");
    expect(h.text.value).toBe("rev");
  });

  it("keys pressed between the press and the release are typed once the text is placed", async () => {
    const h = await textTool();
    withToolShortcuts(h);
    h.down(400, 300);
    h.tick();
    pressKeys(h, "ab");
    h.tick();
    expect(h.tool.state).toBe("pointing");
    h.up(400, 300);
    pressKeys(h, "c");
    h.tick();
    expect(h.text.value).toBe("abc");
    expect(h.settings.get().tool).toBe("text");
  });

  it("Backspace and Enter typed before the field has the keyboard edit as in the field", async () => {
    const h = await textTool();
    h.down(400, 300).up(400, 300);
    pressKeys(h, "ab");
    h.input.keyDown("Backspace", "Backspace", NO_MODIFIERS);
    h.input.keyDown("Enter", "Enter", NO_MODIFIERS);
    pressKeys(h, "c");
    h.tick();
    expect(h.text.value).toBe("a\nc");
  });

  it("T and a click on empty canvas with a text selected makes a second text", async () => {
    const h = await createToolHarness({ records: [existingText()] });
    withToolShortcuts(h);
    h.store.setSelection(["hello"]);
    h.key("KeyT");
    expect(h.tool.id).toBe("text");
    expect(h.text.editing).toBeNull();
    h.click(400, 300);
    pressKeys(h, "Second");
    h.tick();
    h.text.commit();
    expect(texts(h).map((t) => t.content)).toEqual(["Hello", "Second"]);
  });

  it("Enter with Select on a text edits it; keys after it in the same tick are typed", async () => {
    const h = await createToolHarness({ records: [existingText()] });
    withToolShortcuts(h);
    h.store.setSelection(["hello"]);
    h.input.keyDown("Enter", "Enter", NO_MODIFIERS);
    pressKeys(h, "!r");
    h.tick();
    expect(h.tool.id).toBe("text");
    expect(h.text.editing).toBe("hello");
    expect(h.text.value).toBe("Hello!r");
  });

  it("a double-click with Select opens the editor on the text", async () => {
    const h = await createToolHarness({ records: [existingText()] });
    h.click(110, 110);
    h.down(110, 110).up(110, 110);
    h.tick();
    expect(h.tool.id).toBe("text");
    expect(h.text.editing).toBe("hello");
    h.text.type("!");
    h.text.commit();
    expect(h.store.get("hello")).toMatchObject({ content: "Hello!" });
    expect(h.history.depth.undo).toBe(1);
  });

  it("keep-tool stays on the text tool", async () => {
    const h = await textTool();
    h.settings.update({ keepTool: true });
    h.click(400, 300);
    h.text.type("a");
    h.text.commit();
    expect(h.tool.id).toBe("text");
  });

  it("switching tools while editing commits and lands on the chosen tool", async () => {
    const h = await textTool();
    h.click(400, 300);
    h.text.type("Switched");
    h.setTool("rect");
    expect(h.tool.id).toBe("rect");
    expect(h.settings.get().tool).toBe("rect");
    expect(texts(h).map((t) => t.content)).toContain("Switched");
    expect(h.history.depth.undo).toBe(1);
  });
});
