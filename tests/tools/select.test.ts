import { beforeEach, describe, expect, it } from "vitest";
import { makeNode } from "../../src/shapes/makeNode";
import { IDENTITY_TRANSFORM } from "../../src/doc/transform";
import type { GroupNode, PolygonNode, RectNode, SceneNode } from "../../src/doc/types";
import { nodeQuad, quadBox } from "../../src/render/overlays/geometry";
import { createToolHarness, documentState, PAGE, type ToolHarness } from "../support/toolHarness";

function rect(
  id: string,
  index: string,
  x: number,
  y: number,
  parent = PAGE,
  rotation = 0,
): RectNode {
  return makeNode<RectNode>("rect", id, parent, index, {
    fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
    stroke: {
      paint: null,
      width: 1,
      dash: [],
      dashOffset: 0,
      cap: "butt",
      join: "miter",
      miterLimit: 4,
    },
    width: 100,
    height: 50,
    radii: [0, 0, 0, 0],
    transform: { ...IDENTITY_TRANSFORM, x, y, rotation },
  });
}

function group(id: string, index: string): GroupNode {
  return makeNode<GroupNode>("group", id, PAGE, index, {});
}

function node(h: ToolHarness, id: string): SceneNode {
  return h.store.get(id) as SceneNode;
}

describe("select tool", () => {
  let h: ToolHarness;
  beforeEach(async () => {
    h = await createToolHarness({
      records: [
        rect("a", "a0", 0, 0),
        rect("b", "a1", 300, 0),
        group("g", "a2"),
        rect("c", "a0", 0, 300, "g"),
        rect("d", "a1", 200, 300, "g"),
      ],
    });
  });

  it("click selects, Shift-click toggles, a click on nothing clears", () => {
    h.click(50, 25);
    expect(h.store.selection).toEqual(["a"]);
    h.pause().click(350, 25, { modifiers: { shift: true } });
    expect(h.store.selection).toEqual(["a", "b"]);
    h.pause().click(50, 25, { modifiers: { shift: true } });
    expect(h.store.selection).toEqual(["b"]);
    h.pause().click(50, 200);
    expect(h.store.selection).toEqual([]);
  });

  it("a click on a shape in a group selects the group; Ctrl-click selects the shape inside", () => {
    h.click(50, 325);
    expect(h.store.selection).toEqual(["g"]);
    h.pause().click(50, 325, { modifiers: { ctrl: true } });
    expect(h.store.selection).toEqual(["c"]);
  });

  it("double-click enters a group, Esc leaves it with the group selected", () => {
    h.click(50, 325);
    h.click(50, 325);
    expect(h.store.selection).toEqual(["c"]);
    h.key("Escape");
    expect(h.store.selection).toEqual(["g"]);
  });

  it("marquee selects what it touches, and with Alt only what it contains", () => {
    h.drag({ x: -10, y: -10 }, { x: 320, y: 20 });
    expect([...h.store.selection].sort()).toEqual(["a", "b"]);
    h.key("Escape");
    h.pause().drag({ x: -10, y: -10 }, { x: 320, y: 60 }, { modifiers: { alt: true } });
    expect(h.store.selection).toEqual(["a"]);
  });

  it("dragging moves the selection in one undo step", () => {
    h.drag({ x: 50, y: 25 }, { x: 80, y: 65 });
    expect(node(h, "a").transform).toMatchObject({ x: 30, y: 40 });
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(node(h, "a").transform).toMatchObject({ x: 0, y: 0 });
  });

  it("moving a shape inside a rotated group moves it where the pointer goes on the page", async () => {
    h = await createToolHarness({
      records: [
        { ...group("g", "a0"), transform: { ...IDENTITY_TRANSFORM, rotation: Math.PI / 2 } },
        rect("c", "a0", 0, 0, "g"),
      ],
    });
    h.click(-25, 50, { modifiers: { ctrl: true } });
    expect(h.store.selection).toEqual(["c"]);
    h.pause().drag({ x: -25, y: 50 }, { x: -25, y: 90 });
    // The group turns local x onto page y: a 40-unit move down the page is +40 in local x.
    expect(node(h, "c").transform.x).toBeCloseTo(40);
    expect(node(h, "c").transform.y).toBeCloseTo(0);
  });

  it("a drag applies only the last of a tick's move samples: one move per tick, to where it ends", () => {
    h.down(50, 25).move(60, 25).tick();
    const moves: number[] = [];
    const stop = h.store.subscribe((commit) => {
      if (commit.label === "Move") moves.push(commit.patch.changes.length);
    });
    // A fast mouse: many coalesced samples reach one tick.
    for (let i = 1; i <= 12; i++) h.move(60 + i * 5, 25 + i * 2);
    h.tick();
    expect(moves).toEqual([1]);
    expect(node(h, "a").transform).toMatchObject({ x: 70, y: 24 });
    // A release in the same tick as moves still drops the shape where the last one put it.
    h.move(200, 100).move(210, 110).up(210, 110).tick();
    stop();
    expect(node(h, "a").transform).toMatchObject({ x: 160, y: 85 });
    expect(h.tool.state).toBe("idle");
    expect(h.history.depth.undo).toBe(1);
  });

  it("Esc mid-drag puts everything back and leaves history untouched", () => {
    const before = documentState(h);
    h.down(50, 25).move(90, 90).move(120, 130).tick();
    expect(node(h, "a").transform.x).not.toBe(0);
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    expect(h.tool.state).toBe("idle");
  });

  it("a press that selected a shape, cancelled before it drags, leaves the selection as it was", () => {
    h.click(350, 25);
    expect(h.store.selection).toEqual(["b"]);
    // Esc with the button still down on another shape.
    h.pause().down(50, 25).tick();
    expect(h.store.selection).toEqual(["a"]);
    h.key("Escape");
    h.up(50, 25).tick();
    expect(h.store.selection).toEqual(["b"]);
    // A pinch: one finger on a shape, a second lands before the first moves.
    h.pause().down(50, 25, { kind: "touch", pointerId: 7 }).tick();
    h.down(400, 400, { kind: "touch", pointerId: 8 }).tick();
    h.move(60, 25, { kind: "touch", pointerId: 7 }).move(420, 420, { kind: "touch", pointerId: 8 });
    h.up(60, 25, { kind: "touch", pointerId: 7 }).up(420, 420, { kind: "touch", pointerId: 8 });
    h.tick();
    expect(h.store.selection).toEqual(["b"]);
    expect(h.history.depth.undo).toBe(0);
  });

  it("a right-click mid-drag cancels it too", () => {
    const before = documentState(h);
    h.down(50, 25).move(90, 90).tick();
    h.move(90, 90, { buttons: 3 }).tick();
    expect(documentState(h)).toEqual(before);
  });

  it("Alt-drag duplicates and moves the copy, in one undo step", () => {
    h.click(50, 25);
    h.pause().drag({ x: 50, y: 25 }, { x: 50, y: 125 }, { modifiers: { alt: true } });
    const copies = h.nodes().filter((n) => n.type === "rect" && n.id !== "a" && n.id !== "b");
    expect(copies).toHaveLength(1);
    expect(copies[0]!.transform).toMatchObject({ x: 0, y: 100 });
    expect(node(h, "a").transform).toMatchObject({ x: 0, y: 0 });
    h.history.undo();
    expect(h.nodes().filter((n) => n.type === "rect")).toHaveLength(2);
  });

  it("the corner handle resizes; Shift keeps proportions; Alt resizes about the centre", () => {
    h.click(50, 25);
    h.pause().drag({ x: 100, y: 50 }, { x: 200, y: 150 });
    expect(node(h, "a")).toMatchObject({ width: 200, height: 150 });
    h.history.undo();
    h.pause().drag({ x: 100, y: 50 }, { x: 200, y: 60 }, { modifiers: { shift: true } });
    expect(node(h, "a")).toMatchObject({ width: 200, height: 100 });
    h.history.undo();
    h.pause().drag({ x: 100, y: 50 }, { x: 150, y: 75 }, { modifiers: { alt: true } });
    const a = node(h, "a") as RectNode;
    expect(a.width).toBeCloseTo(200);
    expect(a.transform.x).toBeCloseTo(-50);
  });

  it("resizing a group resizes what it holds, each keeping its stroke width", () => {
    h.click(50, 325);
    expect(h.store.selection).toEqual(["g"]);
    // The group spans (0, 300)–(300, 350): its bottom-right handle, twice as wide and tall.
    h.pause().drag({ x: 300, y: 350 }, { x: 600, y: 400 });
    expect(node(h, "g").transform).toEqual(IDENTITY_TRANSFORM);
    const c = node(h, "c") as RectNode;
    const d = node(h, "d") as RectNode;
    expect(c).toMatchObject({ width: 200, height: 100 });
    expect(d).toMatchObject({ width: 200, height: 100 });
    expect(c.transform).toMatchObject({ x: 0, y: 300, scaleX: 1, scaleY: 1 });
    expect(d.transform).toMatchObject({ x: 400, y: 300, scaleX: 1, scaleY: 1 });
    expect(c.stroke.width).toBe(1);
    expect(h.history.depth.undo).toBe(1);
    h.history.undo();
    expect(node(h, "d")).toMatchObject({ width: 100, transform: { x: 200 } });
  });

  it("a group's handle dragged out and back to where it started leaves what it holds as it was", () => {
    h.click(50, 325);
    // Out to twice the width, then back to the starting column (a scale of exactly 1) and on
    // through the mirror (exactly −1) to the far side.
    h.pause().down(300, 350).tick();
    for (const x of [400, 300, -300, -310]) h.move(x, 350).tick();
    h.up(-310, 350).tick();
    expect(node(h, "g").transform).toEqual(IDENTITY_TRANSFORM);
    const box = quadBox(nodeQuad(h.store, "g")!);
    expect(box.minX).toBeCloseTo(-310, 6);
    expect(box.maxX).toBeCloseTo(0, 6);
    h.history.undo();
    h.pause().down(300, 350).tick();
    for (const x of [400, 300]) h.move(x, 350).tick();
    h.up(300, 350).tick();
    expect(node(h, "c")).toMatchObject({ width: 100, transform: { x: 0, scaleX: 1 } });
    expect(node(h, "d")).toMatchObject({ width: 100, transform: { x: 200, scaleX: 1 } });
  });

  it("a pentagon's frame is its corners' box: the dragged corner follows the pointer, the other stays", async () => {
    const pentagon = makeNode<PolygonNode>("polygon", "p", PAGE, "a9", {
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: (node(h, "a") as RectNode).stroke,
      width: 150,
      height: 130,
      sides: 5,
      transform: { ...IDENTITY_TRANSFORM, x: 600, y: 0 },
    });
    const p = await createToolHarness({ records: [pentagon] });
    const before = quadBox(nodeQuad(p.store, "p")!);
    // A pentagon drawn in a 150 × 130 box reaches neither its sides nor its bottom.
    expect(before.minX).toBeGreaterThan(600);
    expect(before.maxY).toBeLessThan(130);
    p.click(675, 60);
    p.pause().drag(
      { x: before.maxX, y: before.maxY },
      { x: before.maxX + 100, y: before.maxY + 50 },
    );
    const after = quadBox(nodeQuad(p.store, "p")!);
    expect(after.minX).toBeCloseTo(before.minX, 6);
    expect(after.minY).toBeCloseTo(before.minY, 6);
    expect(after.maxX).toBeCloseTo(before.maxX + 100, 6);
    expect(after.maxY).toBeCloseTo(before.maxY + 50, 6);
  });

  it("dragging past the opposite edge flips the shape", () => {
    h.click(50, 25);
    h.pause().drag({ x: 100, y: 25 }, { x: -100, y: 25 });
    const box = quadBox(nodeQuad(h.store, "a")!);
    expect(box.minX).toBeCloseTo(-100);
    expect(box.maxX).toBeCloseTo(0);
    const t = node(h, "a").transform;
    // Mirrored: the transform's determinant is negative.
    expect(Math.sign(t.scaleX * t.scaleY)).toBe(-1);
    expect((node(h, "a") as RectNode).width).toBeCloseTo(100);
  });

  it("rotating from outside a corner turns about the centre; Shift snaps to 15°", () => {
    h.click(50, 25);
    // From just outside the top-right corner, a quarter turn about the centre (50, 25).
    h.pause().drag({ x: 108, y: -8 }, { x: 58 + 8, y: 25 + 58 }, { modifiers: { shift: true } });
    const turned = node(h, "a").transform.rotation;
    expect(Math.round((turned * 180) / Math.PI) % 15).toBe(0);
    expect(h.history.depth.undo).toBe(1);
  });

  it("Tab and Shift+Tab cycle through shapes; Enter goes into a group", () => {
    h.key("Tab");
    expect(h.store.selection).toEqual(["a"]);
    h.key("Tab");
    expect(h.store.selection).toEqual(["b"]);
    h.key("Tab", "Tab", { shift: true });
    expect(h.store.selection).toEqual(["a"]);
    h.store.setSelection(["g"]);
    h.key("Enter");
    expect(h.store.selection).toEqual(["c", "d"]);
    h.key("Enter", "Enter", { shift: true });
    expect(h.store.selection).toEqual(["g"]);
  });

  it("locked and hidden shapes are not picked", async () => {
    h = await createToolHarness({
      records: [
        { ...rect("a", "a0", 0, 0), locked: true },
        { ...rect("b", "a1", 300, 0), hidden: true },
      ],
    });
    h.click(50, 25);
    h.pause().click(350, 25);
    expect(h.store.selection).toEqual([]);
  });
});
