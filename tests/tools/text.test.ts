import { describe, expect, it } from "vitest";
import { makeNode } from "../../src/doc/factory";
import type { TextNode } from "../../src/doc/types";
import { DEFAULT_TEXT } from "../../src/tools/textTool";
import { createToolHarness, documentState, PAGE, type ToolHarness } from "../support/toolHarness";

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

  it("the node is hidden while its field shows it", async () => {
    const h = await textTool();
    h.click(110, 110);
    expect(h.text.editing).toBe("hello");
    expect(h.store.get("hello")).toMatchObject({ hidden: true });
    h.text.type(", world");
    h.text.commit();
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
