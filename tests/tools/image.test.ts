import { describe, expect, it } from "vitest";
import type { ImageNode } from "../../src/doc/types";
import type { PickedImage } from "../../src/tools/types";
import { createToolHarness, documentState, type ToolHarness } from "../support/toolHarness";

const PICTURE: PickedImage = {
  name: "photo.png",
  mime: "image/png",
  data: "iVBORw0KGgo=",
  width: 200,
  height: 100,
};

/** Switches to the image tool and lets the picker's promise settle. */
async function imageTool(image: PickedImage | null = PICTURE): Promise<ToolHarness> {
  const h = await createToolHarness({ image });
  h.setTool("image");
  await Promise.resolve();
  await Promise.resolve();
  return h;
}

function onlyImage(h: ToolHarness): ImageNode {
  const nodes = h.nodes();
  expect(nodes).toHaveLength(1);
  return nodes[0] as ImageNode;
}

describe("image tool", () => {
  it("asks for an image on activation; a click places it at natural size, centred", async () => {
    const h = await imageTool();
    expect(h.imageRequests).toBe(1);
    expect(h.tool.state).toBe("ready");
    h.click(300, 200);
    const image = onlyImage(h);
    expect(image).toMatchObject({ width: 200, height: 100, naturalWidth: 200, naturalHeight: 100 });
    expect(image.transform).toMatchObject({ x: 200, y: 150 });
    const blob = h.store.get(image.blob);
    expect(blob).toEqual({ id: image.blob, type: "blob", mime: "image/png", data: PICTURE.data });
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(h.nodes()).toHaveLength(0);
    expect(h.store.get(image.blob)).toBeUndefined();
    expect(h.tool.id).toBe("select");
  });

  it("a drag sets the size, keeping the aspect ratio", async () => {
    const h = await imageTool();
    h.drag({ x: 10, y: 10 }, { x: 110, y: 30 });
    const image = onlyImage(h);
    expect(image.width).toBeCloseTo(100, 9);
    expect(image.height).toBeCloseTo(50, 9);
    expect(image.transform).toMatchObject({ x: 10, y: 10 });
    expect(h.history.depth.undo).toBe(1);
  });

  it("Esc mid-drag cancels: document and history as before, back to Select", async () => {
    const h = await imageTool();
    const before = documentState(h);
    h.down(10, 10);
    h.move(80, 80);
    h.tick();
    expect(h.nodes()).toHaveLength(1);
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.tool.id).toBe("select");
  });

  it("a right-click mid-drag cancels", async () => {
    const h = await imageTool();
    const before = documentState(h);
    h.down(10, 10);
    h.move(80, 80);
    h.move(80, 80, { buttons: 3 });
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("cancelling the file picker goes back to Select with nothing added", async () => {
    const h = await imageTool(null);
    expect(h.imageRequests).toBe(1);
    expect(h.tool.id).toBe("select");
    expect(h.nodes()).toHaveLength(0);
  });

  it("keep-tool places the same image again", async () => {
    const h = await createToolHarness({ image: PICTURE, settings: { keepTool: true } });
    h.setTool("image");
    await Promise.resolve();
    await Promise.resolve();
    h.click(100, 100).pause().click(400, 100);
    expect(h.nodes()).toHaveLength(2);
    expect(h.tool.id).toBe("image");
    expect(h.history.depth.undo).toBe(2);
  });

  it("asks once per switch, on the active tool's first tick (never from a listener)", async () => {
    const h = await createToolHarness({ image: PICTURE });
    h.settings.update({ tool: "image" });
    expect(h.imageRequests).toBe(0);
    h.tick();
    h.tick();
    expect(h.imageRequests).toBe(1);
    await Promise.resolve();
    h.setTool("rect");
    h.setTool("image");
    expect(h.imageRequests).toBe(2);
  });
});
