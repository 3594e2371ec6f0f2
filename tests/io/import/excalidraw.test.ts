import { describe, expect, it } from "vitest";
import type { SceneNode } from "../../../src/doc/types";
import { importExcalidraw } from "../../../src/io/import/excalidraw";

const scene = (elements: unknown[]): string =>
  JSON.stringify({ type: "excalidraw", version: 2, source: "test", elements });

const base = {
  x: 10,
  y: 20,
  width: 100,
  height: 50,
  angle: 0,
  strokeColor: "#1e1e1e",
  backgroundColor: "transparent",
  strokeWidth: 2,
  strokeStyle: "solid",
  opacity: 100,
  groupIds: [],
  isDeleted: false,
};

function nodes(elements: unknown[]): { nodes: SceneNode[]; warnings: string[] } {
  const result = importExcalidraw(scene(elements), "scene");
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe(".excalidraw import", () => {
  it("keeps arrows bound to shapes as connectors; elbow and curved arrows keep their route", () => {
    const box = (id: string, x: number) => ({
      ...base,
      id,
      type: "rectangle",
      x,
      y: 0,
      width: 100,
      height: 50,
    });
    const arrow = (id: string, points: number[][], extra: object) => ({
      ...base,
      id,
      type: "arrow",
      x: 100,
      y: 25,
      width: 200,
      height: 0,
      points,
      startBinding: { elementId: "r1", focus: 0, gap: 4 },
      endBinding: { elementId: "r2", focus: 0, gap: 4 },
      ...extra,
    });
    const { nodes: list } = nodes([
      box("r1", 0),
      box("r2", 300),
      arrow(
        "a1",
        [
          [0, 0],
          [200, 0],
        ],
        {},
      ),
      arrow(
        "a2",
        [
          [0, 0],
          [100, 0],
          [100, 40],
          [200, 40],
        ],
        { elbowed: true },
      ),
      arrow(
        "a3",
        [
          [0, 0],
          [100, 30],
          [200, 0],
        ],
        { roundness: { type: 2 } },
      ),
      arrow(
        "a4",
        [
          [0, 0],
          [200, 0],
        ],
        { endBinding: { elementId: "missing" } },
      ),
    ]);
    const rects = list.filter((n) => n.type === "rect").map((n) => n.id);
    const lines = list.filter((n) => n.type === "line");
    expect(lines.map((l) => l.route)).toEqual(["straight", "elbow", "curved", "straight"]);
    for (const line of lines.slice(0, 3)) {
      expect(line.startBinding?.node).toBe(rects[0]);
      expect(line.endBinding?.node).toBe(rects[1]);
    }
    // Bound to a shape not in the scene: that end comes free.
    expect(lines[3]!.endBinding).toBeNull();
    expect(lines[2]!.bend).toBeCloseTo(30, 6);
  });

  it("rectangles (with roundness), ellipses and diamonds, with colours, width, dashes and opacity", () => {
    const { nodes: list } = nodes([
      {
        ...base,
        id: "r",
        type: "rectangle",
        roundness: { type: 3 },
        backgroundColor: "#ffc9c9",
        strokeStyle: "dashed",
        opacity: 50,
      },
      { ...base, id: "e", type: "ellipse", strokeStyle: "dotted" },
      { ...base, id: "d", type: "diamond" },
    ]);
    expect(list.map((n) => n.type)).toEqual(["group", "rect", "ellipse", "polygon"]);
    const rect = list[1]!;
    expect(rect).toMatchObject({
      width: 100,
      height: 50,
      radii: [12.5, 12.5, 12.5, 12.5],
      opacity: 0.5,
      fill: { type: "solid" },
      stroke: { width: 2, dash: [8, 10] },
    });
    expect(list[2]).toMatchObject({ stroke: { dash: [1.5, 8] }, fill: { type: "none" } });
    // A diamond is the four-cornered polygon of its box, so it can hold a label as boxes do.
    expect(list[3]).toMatchObject({ name: "Diamond", sides: 4, width: 100, height: 50 });
  });

  it("text bound to a shape or an arrow becomes its label; text whose container cannot hold it stays text", () => {
    const text = (id: string, containerId: string, words: string) => ({
      ...base,
      id,
      type: "text",
      text: words,
      fontSize: 28,
      fontFamily: 1,
      strokeColor: "#e03131",
      containerId,
    });
    const { nodes: list } = nodes([
      { ...base, id: "r", type: "rectangle", boundElements: [{ id: "t1", type: "text" }] },
      text("t1", "r", "Start"),
      // The label may come before its shape in the list.
      text("t2", "d", "Yes?"),
      { ...base, id: "d", type: "diamond" },
      {
        ...base,
        id: "a",
        type: "arrow",
        points: [
          [0, 0],
          [200, 0],
        ],
      },
      text("t3", "a", "next"),
      {
        ...base,
        id: "bent",
        type: "arrow",
        points: [
          [0, 0],
          [50, 40],
          [90, 0],
          [120, 30],
        ],
      },
      text("t4", "bent", "stays"),
    ]);
    const byName = (type: string) => list.filter((n) => n.type === type);
    const [rect] = byName("rect");
    expect(rect).toMatchObject({
      label: {
        content: "Start",
        fontSize: 28,
        fontFamily: "Virgil, cursive",
        color: { r: 224 / 255, g: 49 / 255, b: 49 / 255, a: 1 },
        position: 0.5,
      },
    });
    expect(byName("polygon")[0]).toMatchObject({ label: { content: "Yes?" } });
    expect(byName("line")[0]).toMatchObject({ label: { content: "next" } });
    expect(byName("text").map((n) => n.type === "text" && n.content)).toEqual(["stays"]);
  });

  it("rotation is about the element's centre", () => {
    const rect = nodes([{ ...base, id: "r", type: "rectangle", angle: Math.PI }]).nodes[1]!;
    expect(rect.transform.rotation).toBeCloseTo(Math.PI);
    // Turned half a circle about (60, 45), the top-left corner lands on the bottom-right one.
    expect(rect.transform.x).toBeCloseTo(110);
    expect(rect.transform.y).toBeCloseTo(70);
  });

  it("arrows and lines with points and arrowheads; freedraw with pressures; text", () => {
    const { nodes: list, warnings } = nodes([
      {
        ...base,
        id: "a",
        type: "arrow",
        points: [
          [0, 0],
          [100, 0],
        ],
        startArrowhead: null,
        endArrowhead: "triangle",
      },
      {
        ...base,
        id: "l",
        type: "line",
        points: [
          [0, 0],
          [50, 50],
          [100, 0],
        ],
        endArrowhead: "arrow",
      },
      {
        ...base,
        id: "f",
        type: "freedraw",
        points: [
          [0, 0],
          [1, 1],
          [2, 3],
        ],
        pressures: [0.1, 0.5, 0.9],
      },
      {
        ...base,
        id: "t",
        type: "text",
        text: "Hello\nthere",
        fontSize: 28,
        fontFamily: 1,
        textAlign: "center",
      },
    ]);
    expect(list.map((n) => n.type)).toEqual(["group", "line", "path", "freehand", "text"]);
    expect(list[1]).toMatchObject({
      start: { x: 0, y: 0 },
      end: { x: 100, y: 0 },
      startHead: "none",
      endHead: "triangle",
    });
    expect(list[3]!.type === "freehand" && list[3]!.points).toEqual([
      0, 0, 0.1, 1, 1, 0.5, 2, 3, 0.9,
    ]);
    expect(list[4]).toMatchObject({
      content: "Hello\nthere",
      fontSize: 28,
      align: "center",
      fontFamily: "Virgil, cursive",
    });
    expect(warnings).toEqual(["Not imported: 1 arrowhead on a bent arrow."]);
  });

  it("groupIds become nested groups, inner first", () => {
    const { nodes: list } = nodes([
      { ...base, id: "1", type: "rectangle", groupIds: ["inner", "outer"] },
      { ...base, id: "2", type: "ellipse", groupIds: ["inner", "outer"] },
      { ...base, id: "3", type: "diamond", groupIds: ["outer"] },
      { ...base, id: "4", type: "ellipse", groupIds: [] },
    ]);
    const byId = new Map(list.map((n) => [n.id, n]));
    const parentType = (n: SceneNode): string => byId.get(n.parent)?.type ?? "root";
    const rect = list.find((n) => n.type === "rect")!;
    const inner = byId.get(rect.parent)!;
    const outer = byId.get(inner.parent)!;
    expect([inner.type, outer.type]).toEqual(["group", "group"]);
    expect(list.filter((n) => n.parent === inner.id)).toHaveLength(2);
    expect(
      list
        .filter((n) => n.parent === outer.id)
        .map((n) => n.type)
        .sort(),
    ).toEqual(["group", "polygon"]);
    expect(parentType(outer)).toBe("group");
  });

  it("deleted and unknown elements are skipped, unknown ones reported", () => {
    const { nodes: list, warnings } = nodes([
      { ...base, id: "x", type: "rectangle", isDeleted: true },
      { ...base, id: "y", type: "embeddable" },
      { ...base, id: "z", type: "image", fileId: "f" },
    ]);
    expect(list).toEqual([]);
    expect(warnings).toEqual(["Not imported: 1 embeddable element, 1 image element."]);
  });

  it.each([
    ["{", /^The Excalidraw file is not valid JSON/],
    ['{"type":"other"}', /^The file is not an Excalidraw scene/],
    ['{"type":"excalidraw","version":3,"elements":[]}', /version 3; version 2 is supported/],
    ['{"type":"excalidraw","version":2}', /has no "elements" list/],
    ["[".repeat(2000) + "]".repeat(2000), /nested more than 1024 deep/],
  ])("refuses %j clearly", (text, message) => {
    const result = importExcalidraw(text, "x");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });
});
