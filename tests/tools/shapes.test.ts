import { beforeEach, describe, expect, it } from "vitest";
import type { EllipseNode, LineNode, RectNode, StarNode } from "../../src/doc/types";
import { createToolHarness, documentState, type ToolHarness } from "../support/toolHarness";

describe("shape tools", () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await createToolHarness();
  });

  it("rectangle: drag draws it, selects it, and the tool returns to Select", () => {
    h.setTool("rect");
    h.drag({ x: 10, y: 20 }, { x: 110, y: 70 });
    const [r] = h.nodes() as RectNode[];
    expect(r).toMatchObject({ type: "rect", width: 100, height: 50 });
    expect(r!.transform).toMatchObject({ x: 10, y: 20 });
    expect(h.store.selection).toEqual([r!.id]);
    expect(h.tool.id).toBe("select");
    expect(h.history.depth.undo).toBe(1);
  });

  it("Shift makes a square, Alt draws from the centre, dragging up-left works", () => {
    h.setTool("rect");
    h.drag({ x: 100, y: 100 }, { x: 150, y: 300 }, { modifiers: { shift: true } });
    expect(h.nodes()[0]).toMatchObject({ width: 200, height: 200 });
    h.setTool("ellipse");
    h.pause().drag({ x: 500, y: 500 }, { x: 550, y: 520 }, { modifiers: { alt: true } });
    const e = h.nodes()[1] as EllipseNode;
    expect(e).toMatchObject({ type: "ellipse", width: 100, height: 40 });
    expect(e.transform).toMatchObject({ x: 450, y: 480 });
    h.setTool("rect");
    h.pause().drag({ x: 50, y: 50 }, { x: 10, y: 30 });
    expect(h.nodes()[2]!.transform).toMatchObject({ x: 10, y: 30 });
  });

  it("Shift pressed mid-drag constrains at once, without moving the pointer", () => {
    h.setTool("rect");
    h.down(0, 0).move(100, 40).tick();
    h.input.keyDown("ShiftLeft", "Shift", { shift: true, ctrl: false, alt: false, meta: false });
    h.tick();
    expect(h.nodes()[0]).toMatchObject({ width: 100, height: 100 });
  });

  it("a click without a drag makes a 100 × 100 shape centred on it", () => {
    h.setTool("rect");
    h.click(200, 200);
    expect(h.nodes()[0]).toMatchObject({ width: 100, height: 100 });
    expect(h.nodes()[0]!.transform).toMatchObject({ x: 150, y: 150 });
  });

  it("Esc mid-drag leaves the document and history exactly as they were", () => {
    h.setTool("frame");
    const before = documentState(h);
    h.down(0, 0).move(80, 80).tick();
    expect(h.nodes()).toHaveLength(1);
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.tool.id).toBe("frame");
  });

  it("a second Esc, with nothing under way, goes back to Select from any tool, Q's keep-tool too", () => {
    for (const tool of ["rect", "ellipse", "line", "pencil", "text", "hand", "frame"] as const) {
      h.settings.update({ keepTool: tool === "rect", tool });
      h.down(0, 0).move(80, 80).tick();
      h.key("Escape");
      expect(h.tool.id).toBe(tool);
      h.up(80, 80);
      h.key("Escape");
      expect(h.tool.id).toBe("select");
    }
    expect(h.nodes()).toHaveLength(0);
    expect(h.history.depth.undo).toBe(0);
  });

  it("Q keeps the tool after drawing", () => {
    h.settings.update({ keepTool: true, tool: "ellipse" });
    h.drag({ x: 0, y: 0 }, { x: 30, y: 30 });
    expect(h.tool.id).toBe("ellipse");
  });

  it("the polygon tool makes stars when star points are set", () => {
    h.settings.update({ tool: "polygon", starPoints: 6 });
    h.drag({ x: 0, y: 0 }, { x: 60, y: 60 });
    expect(h.nodes()[0] as StarNode).toMatchObject({ type: "star", points: 6 });
  });

  it("line and arrow: Shift snaps the angle to 15° steps", () => {
    h.setTool("arrow");
    h.drag({ x: 0, y: 0 }, { x: 100, y: 8 }, { modifiers: { shift: true } });
    const line = h.nodes()[0] as LineNode;
    expect(line).toMatchObject({ type: "line", endHead: "arrow" });
    expect(line.end.y).toBeCloseTo(0);
    expect(line.end.x).toBeCloseTo(Math.hypot(100, 8));
  });

  it("typed numbers while drawing set the size exactly", () => {
    h.setTool("rect");
    h.down(10, 10).move(40, 40).tick();
    for (const ch of "200, 100")
      h.key(ch === "," ? "Comma" : ch === " " ? "Space" : `Digit${ch}`, ch);
    h.key("Enter", "Enter");
    expect(h.nodes()[0]).toMatchObject({ width: 200, height: 100 });
    expect(h.tool.busy).toBe(false);
    h.up(40, 40).tick();
    expect(h.history.depth.undo).toBe(1);
  });
});

describe("keyboard-only drawing", () => {
  it("arrows move the crosshair by the grid and Enter places two corners", async () => {
    const h = await createToolHarness({ settings: { gridSize: 10 } });
    h.setTool("rect");
    h.key("Enter", "Enter");
    for (let i = 0; i < 5; i++) h.key("ArrowRight", "ArrowRight");
    h.key("ArrowDown", "ArrowDown", { shift: true });
    h.key("Enter", "Enter");
    const r = h.nodes()[0] as RectNode;
    expect(r).toMatchObject({ width: 50, height: 100 });
    expect(h.history.depth.undo).toBe(1);
  });

  it("Esc during a keyboard drawing cancels it", async () => {
    const h = await createToolHarness();
    h.setTool("ellipse");
    const before = documentState(h);
    h.key("Enter", "Enter");
    h.key("ArrowRight", "ArrowRight");
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
  });
});

describe("temporary hand", () => {
  it("Space-drag and the middle button pan without touching the document", async () => {
    const h = await createToolHarness();
    h.setTool("rect");
    const before = documentState(h);
    h.input.keyDown("Space", " ", { shift: false, ctrl: false, alt: false, meta: false });
    h.drag({ x: 100, y: 100 }, { x: 150, y: 120 });
    h.input.keyUp("Space", " ", { shift: false, ctrl: false, alt: false, meta: false });
    expect(h.camera.state).toMatchObject({ x: 50, y: 20 });
    h.drag({ x: 100, y: 100 }, { x: 90, y: 100 }, { buttons: 4 });
    expect(h.camera.state).toMatchObject({ x: 40, y: 20 });
    expect(documentState(h)).toEqual(before);
  });

  it("shows the hand while Space is held, grabbing while it pans, and the tool's cursor after", async () => {
    const h = await createToolHarness();
    const keys = { shift: false, ctrl: false, alt: false, meta: false };
    h.setTool("rect");
    const own = h.controller.cursorStyle;
    h.input.keyDown("Space", " ", keys);
    h.tick();
    expect(h.controller.cursorStyle).toBe("grab");
    h.down(100, 100).move(120, 110).tick();
    expect(h.controller.cursorStyle).toBe("grabbing");
    h.up(120, 110);
    h.tick();
    expect(h.controller.cursorStyle).toBe("grab");
    h.input.keyUp("Space", " ", keys);
    h.tick();
    expect(h.controller.cursorStyle).toBe(own);
    expect(own).not.toBe("grab");
  });
});
