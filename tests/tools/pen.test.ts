import { describe, expect, it } from "vitest";
import type { PathNode } from "../../src/doc/types";
import { toEditable } from "../../src/geometry/pathNodes";
import type { PenTool } from "../../src/tools/penTool";
import { createToolHarness, documentState, type ToolHarness } from "../support/toolHarness";

function onlyPath(h: ToolHarness): PathNode {
  const nodes = h.nodes();
  expect(nodes).toHaveLength(1);
  expect(nodes[0]!.type).toBe("path");
  return nodes[0] as PathNode;
}

/** The path's nodes in page coordinates (its transform is a translation). */
function pagePoints(path: PathNode): Array<{ x: number; y: number }> {
  const { x, y } = path.transform;
  return toEditable(path.subpaths[0]!).nodes.map((n) => ({ x: n.point.x + x, y: n.point.y + y }));
}

async function pen(): Promise<ToolHarness> {
  const h = await createToolHarness();
  h.setTool("pen");
  return h;
}

describe("pen tool", () => {
  it("clicks place corner nodes, Enter finishes an open path as one undo step", async () => {
    const h = await pen();
    h.click(100, 100).pause().click(200, 100).pause().click(200, 200);
    expect(h.tool.state).toBe("drawing");
    expect(h.history.depth.undo).toBe(0);
    h.key("Enter");
    const path = onlyPath(h);
    expect(pagePoints(path)).toEqual([
      { x: 100, y: 100 },
      { x: 200, y: 100 },
      { x: 200, y: 200 },
    ]);
    expect(path.subpaths[0]!.closed).toBe(false);
    expect(path.subpaths[0]!.segments.every((s) => s.type === "line")).toBe(true);
    expect(h.history.depth.undo).toBe(1);
    expect(h.history.undoLabel).toBe("Draw path");
    expect(h.tool.id).toBe("select");
    h.history.undo();
    expect(h.nodes()).toHaveLength(0);
  });

  it("the preview segment follows the pointer and is gone when the path is finished", async () => {
    const h = await pen();
    h.click(0, 0).pause();
    h.move(50, 40);
    h.tick();
    expect(pagePoints(onlyPath(h))).toEqual([
      { x: 0, y: 0 },
      { x: 50, y: 40 },
    ]);
    h.click(100, 0).pause();
    h.move(300, 300);
    h.tick();
    expect(pagePoints(onlyPath(h))).toHaveLength(3);
    h.key("Enter");
    expect(pagePoints(onlyPath(h))).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ]);
  });

  it("a drag makes a smooth node with mirrored handles", async () => {
    const h = await pen();
    h.click(0, 0).pause();
    h.drag({ x: 100, y: 0 }, { x: 130, y: 40 });
    h.pause().click(200, 0).pause();
    h.key("Enter");
    const node = toEditable(onlyPath(h).subpaths[0]!).nodes[1]!;
    expect(node.handleOut).toEqual({ x: 130, y: 40 });
    expect(node.handleIn).toEqual({ x: 70, y: -40 });
  });

  it("clicking the first node closes the path", async () => {
    const h = await pen();
    h.click(0, 0).pause().click(100, 0).pause().click(100, 100).pause().click(2, 1);
    const path = onlyPath(h);
    expect(path.subpaths[0]!.closed).toBe(true);
    expect(pagePoints(path)).toHaveLength(3);
    expect(h.tool.id).toBe("select");
    expect(h.history.depth.undo).toBe(1);
  });

  it("Shift keeps the segment at 15° steps", async () => {
    const h = await pen();
    h.click(0, 0)
      .pause()
      .click(100, 10, { modifiers: { shift: true } })
      .pause();
    h.key("Enter");
    const [, second] = pagePoints(onlyPath(h));
    expect(second!.y).toBeCloseTo(0, 9);
    expect(second!.x).toBeCloseTo(Math.hypot(100, 10), 9);
  });

  it("Backspace removes the last node; removing the only node cancels", async () => {
    const h = await pen();
    const before = documentState(h);
    h.click(0, 0).pause().click(100, 0).pause();
    h.key("Backspace");
    expect((h.tool as PenTool).nodeCount).toBe(1);
    h.key("Backspace");
    expect(h.tool.state).toBe("idle");
    expect(documentState(h)).toEqual(before);
  });

  it("Esc with one node leaves document and history exactly as before", async () => {
    const h = await pen();
    h.click(50, 50).pause().click(60, 60).pause();
    h.key("Enter");
    h.setTool("pen");
    const before = documentState(h);
    h.click(300, 300).pause();
    h.move(400, 300);
    h.tick();
    h.key("Escape");
    expect(h.tool.state).toBe("idle");
    expect(documentState(h)).toEqual(before);
  });

  it("Esc with two or more nodes finishes the open path", async () => {
    const h = await pen();
    h.click(0, 0).pause().click(100, 0).pause();
    h.move(150, 50);
    h.tick();
    h.key("Escape");
    expect(pagePoints(onlyPath(h))).toHaveLength(2);
    expect(h.history.depth.undo).toBe(1);
  });

  it("a right-click with one node cancels", async () => {
    const h = await pen();
    const before = documentState(h);
    h.click(0, 0).pause();
    h.down(10, 10, { buttons: 2 }).up(10, 10);
    h.tick();
    expect(h.tool.state).toBe("idle");
    expect(documentState(h)).toEqual(before);
  });

  it("keep-tool stays on the pen after a path", async () => {
    const h = await pen();
    h.settings.update({ keepTool: true });
    h.click(0, 0).pause().click(100, 0).pause();
    h.key("Enter");
    expect(h.tool.id).toBe("pen");
    expect(h.tool.state).toBe("idle");
  });

  it("draws with the keyboard alone: Enter places, arrows move, Enter twice finishes", async () => {
    const h = await pen();
    h.key("Enter"); // the first node at the view's centre, on the grid
    h.key("ArrowRight", "ArrowRight", { shift: true }); // 10 grid steps = 100
    h.key("Enter");
    h.key("ArrowDown", "ArrowDown", { shift: true });
    h.key("Enter");
    expect(h.tool.busy).toBe(true);
    h.key("Enter"); // same spot again: done
    expect(h.tool.busy).toBe(false);
    expect(pagePoints(onlyPath(h))).toEqual([
      { x: 400, y: 300 },
      { x: 500, y: 300 },
      { x: 500, y: 400 },
    ]);
    expect(h.history.depth.undo).toBe(1);
  });

  it("Enter after drawing with the pointer finishes instead of adding a node", async () => {
    const h = await pen();
    h.click(0, 0).pause().click(100, 0).pause();
    h.key("Enter");
    expect(pagePoints(onlyPath(h))).toHaveLength(2);
    expect(h.tool.id).toBe("select");
  });

  it("shows the placed nodes as path markers while drawing", async () => {
    const h = await pen();
    h.click(0, 0).pause().click(100, 0).pause();
    expect(h.overlays.shownPathMarkers?.nodes).toEqual([
      { x: 0, y: 0 },
      { x: 100, y: 0 },
    ]);
    expect(h.overlays.shownPathMarkers?.selected).toEqual([1]);
    h.key("Escape");
    expect(h.overlays.shownPathMarkers).toBeNull();
  });

  it("switching tools keeps a path of two nodes and lands on the chosen tool", async () => {
    const h = await pen();
    h.click(0, 0).pause().click(100, 0).pause();
    h.setTool("rect");
    expect(h.tool.id).toBe("rect");
    expect(h.settings.get().tool).toBe("rect");
    expect(pagePoints(onlyPath(h))).toHaveLength(2);
    expect(h.history.depth.undo).toBe(1);
  });

  it("snaps nodes with the snapper (here: the grid)", async () => {
    const h = await pen();
    h.settings.update({ snap: { grid: true, objects: false, spacing: false, tolerancePx: 6 } });
    h.click(103, 97).pause().click(198, 104).pause();
    h.key("Enter");
    expect(pagePoints(onlyPath(h))).toEqual([
      { x: 100, y: 100 },
      { x: 200, y: 100 },
    ]);
  });

  it("pressing Shift while hovering constrains the preview at once", async () => {
    const h = await pen();
    h.click(0, 0).pause();
    h.move(100, 10);
    h.tick();
    expect(pagePoints(onlyPath(h))[1]).toEqual({ x: 100, y: 10 });
    h.input.keyDown("ShiftLeft", "Shift", { shift: true, ctrl: false, alt: false, meta: false });
    h.tick();
    const preview = pagePoints(onlyPath(h))[1]!;
    expect(preview.y).toBeCloseTo(0, 9);
    expect(preview.x).toBeCloseTo(Math.hypot(100, 10), 9);
  });
});
