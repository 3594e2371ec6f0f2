import { describe, expect, it } from "vitest";
import { patternProblems } from "../../../src/doc/pattern";
import type { PathNode, SceneNode } from "../../../src/doc/types";
import { importExcalidraw } from "../../../src/io/import/excalidraw";
import type { TextMeasure } from "../../../src/io/export/textLayout";

// Issue 16, item 5: what the comparison with Excalidraw's own drawing (exportToSvg, see
// e2e/excalidrawReference.spec.ts) found drawn otherwise, each pinned here.

const base = {
  x: 0,
  y: 0,
  width: 100,
  height: 50,
  angle: 0,
  strokeColor: "#1e1e1e",
  backgroundColor: "transparent",
  strokeWidth: 2,
  strokeStyle: "solid",
  roughness: 0,
  opacity: 100,
  groupIds: [],
  isDeleted: false,
};

/** Ten units a character; ink 0.8 of the size above the baseline, 0.2 below. */
const MEASURE: TextMeasure = {
  width: (text) => text.length * 10,
  metrics: (_font, fontSize) => ({ ascent: fontSize * 0.8, descent: fontSize * 0.2 }),
};

function read(elements: unknown[]): { nodes: SceneNode[]; warnings: string[] } {
  const text = JSON.stringify({ type: "excalidraw", version: 2, source: "test", elements });
  const result = importExcalidraw(text, "scene", MEASURE);
  if (!result.ok) throw new Error(result.error);
  return result;
}

const only = <T extends SceneNode["type"]>(
  list: readonly SceneNode[],
  type: T,
): Extract<SceneNode, { type: T }>[] =>
  list.filter((n): n is Extract<SceneNode, { type: T }> => n.type === type);

describe("Excalidraw scenes drawn as Excalidraw draws them", () => {
  it("text keeps Excalidraw's lines (never wrapped again), its aligned edge and its first baseline", () => {
    const text = (id: string, textAlign: string, extra: object = {}) => ({
      ...base,
      id,
      type: "text",
      x: 100,
      y: 200,
      width: 100,
      height: 50,
      text: "abc\nabcdef",
      fontSize: 20,
      fontFamily: 5,
      lineHeight: 1.25,
      textAlign,
      ...extra,
    });
    const texts = only(
      read([text("l", "left"), text("c", "center"), text("r", "right")]).nodes,
      "text",
    );
    // Wider lines in Linework's face would wrap at Excalidraw's measured width: none is set.
    expect(texts.map((t) => t.width)).toEqual([null, null, null]);
    // The widest line measures 60: the centred text's middle stays at 150, the right one's
    // right edge at 200.
    expect(texts.map((t) => t.transform.x)).toEqual([100, 120, 140]);
    // Excalifont's first baseline: ascender 0.886 em, the 25-unit line's spare height shared
    // (17.62 below the top); Linework's at (25 − 20) / 2 + 16 = 18.5 with this measure.
    for (const t of texts) expect(t.transform.y).toBeCloseTo(200 + 17.62 - 18.5, 6);
  });

  it("text written before Excalidraw kept a line height takes its height shared among its lines", () => {
    const texts = only(
      read([
        { ...base, id: "a", type: "text", text: "one\ntwo", fontSize: 20, height: 50 },
        { ...base, id: "b", type: "text", text: "one", fontSize: 20, height: 26 },
        { ...base, id: "c", type: "text", text: "one", fontSize: 20, height: 0, fontFamily: 6 },
      ]).nodes,
      "text",
    );
    expect(texts.map((t) => t.lineHeight)).toEqual([1.25, 1.3, 1.35]);
  });

  it("rounded rectangles take Excalidraw's radius: adaptive ones stop at 32; old 'round' ones are adaptive", () => {
    const rect = (id: string, width: number, height: number, extra: object) => ({
      ...base,
      id,
      type: "rectangle",
      width,
      height,
      ...extra,
    });
    const rects = only(
      read([
        rect("adaptive", 300, 200, { roundness: { type: 3 } }),
        rect("small", 100, 60, { roundness: { type: 3 } }),
        rect("valued", 300, 200, { roundness: { type: 3, value: 10 } }),
        rect("proportional", 300, 200, { roundness: { type: 2 } }),
        rect("legacy", 300, 200, { strokeSharpness: "round" }),
        rect("sharp", 300, 200, { strokeSharpness: "sharp" }),
      ]).nodes,
      "rect",
    );
    expect(rects.map((r) => r.radii[0])).toEqual([32, 15, 10, 50, 32, 0]);
  });

  it("an old 'round' line is the curve Excalidraw draws through its points", () => {
    const { nodes } = read([
      {
        ...base,
        id: "l",
        type: "line",
        strokeSharpness: "round",
        points: [
          [0, 0],
          [50, 40],
          [100, 0],
          [150, 40],
        ],
      },
    ]);
    const [path] = only(nodes, "path");
    expect(path!.subpaths[0]!.segments.map((s) => s.type)).toEqual(["cubic", "cubic", "cubic"]);
  });

  it("hachure and cross-hatch fills are patterns of rough.js's lines; zigzag is hatched and reported", () => {
    const shape = (id: string, fillStyle: string) => ({
      ...base,
      id,
      type: "rectangle",
      backgroundColor: "#ffc9c9",
      fillStyle,
    });
    const { nodes, warnings } = read([
      shape("h", "hachure"),
      shape("x", "cross-hatch"),
      shape("z", "zigzag"),
      shape("s", "solid"),
    ]);
    const fills = only(nodes, "rect").map((r) => r.fill);
    for (const fill of fills.slice(0, 3)) {
      if (fill.type !== "pattern") throw new Error(`a ${fill.type} fill`);
      // Lines half the stroke's width (2) wide, four widths apart, turned to rough.js's angle.
      expect(fill).toMatchObject({ width: 8, height: 8, opacity: 1 });
      expect(fill.transform.rotation).toBeCloseTo((41 * Math.PI) / 180, 9);
      expect(fill.content[0]).toMatchObject({ type: "rect", width: 1, height: 8 });
      expect(fill.content[0]).toMatchObject({ fill: { type: "solid", color: { r: 1 } } });
      expect(patternProblems(fill)).toEqual([]);
    }
    expect(fills.map((f) => (f.type === "pattern" ? f.content.length : 0))).toEqual([1, 2, 1, 0]);
    expect(fills[3]).toMatchObject({ type: "solid" });
    expect(warnings).toEqual(["Drawn differently: 1 fill with zigzag (drawn hatched)."]);
  });

  it("a bent arrow's heads have Excalidraw's sizes and openings", () => {
    const arrow = (id: string, y: number, head: string, last: number) => ({
      ...base,
      id,
      type: "arrow",
      y,
      strokeWidth: 2,
      points: [
        [0, 0],
        [100, 40],
        [100 + last, 40],
      ],
      startArrowhead: null,
      endArrowhead: head,
    });
    const arrowY: Record<string, number> = {
      long: 0,
      short: 100,
      dot: 200,
      diamond: 300,
      bar: 400,
      many: 500,
    };
    const { nodes } = read([
      arrow("long", 0, "arrow", 100),
      arrow("short", 100, "arrow", 20),
      arrow("dot", 200, "dot", 100),
      arrow("diamond", 300, "diamond", 100),
      arrow("bar", 400, "bar", 100),
      arrow("many", 500, "crowfoot_many", 100),
    ]);
    // Each arrow's head, in the order of the arrows (each group is placed at its arrow's y).
    const heads = ["long", "short", "dot", "diamond", "bar", "many"].map((id) => {
      const group = nodes.find((n) => n.name === "Arrow" && n.transform.y === arrowY[id])!;
      return nodes.find((n) => n.parent === group.id && n.name === "Arrowhead")!;
    });
    const points = (n: SceneNode) => {
      const sub = (n as PathNode).subpaths[0]!;
      return [sub.start, ...sub.segments.map((s) => s.to)];
    };
    // The arrow's wings: 25 long, 20° off the line, meeting at the tip (200, 40).
    const [a1, tip, a2] = points(heads[0]!);
    expect(tip).toEqual({ x: 200, y: 40 });
    for (const wing of [a1!, a2!]) {
      expect(Math.hypot(wing.x - 200, wing.y - 40)).toBeCloseTo(25, 9);
      expect(Math.abs(Math.atan2(wing.y - 40, 200 - wing.x))).toBeCloseTo((20 * Math.PI) / 180, 9);
    }
    // On a 20-unit end segment the head is held to half of it.
    const [s1] = points(heads[1]!);
    expect(Math.hypot(s1!.x - 120, s1!.y - 40)).toBeCloseTo(10, 9);
    // A dot centred on the tip, 15 + 2 − 2 across.
    expect(heads[2]).toMatchObject({ type: "ellipse", width: 15, height: 15 });
    expect(heads[2]!.transform).toMatchObject({ x: 192.5, y: 32.5 });
    // A diamond: tip, side, the far point 2 × 12 back, side; filled and stroked.
    const diamond = points(heads[3]!);
    expect(diamond).toHaveLength(4);
    expect(diamond[2]!.x).toBeCloseTo(176, 9);
    expect(heads[3]).toMatchObject({ fill: { type: "solid" }, stroke: { width: 2 } });
    // A bar: 15 each side of the tip, across the line.
    const [b1, , b2] = points(heads[4]!);
    expect(b1!.x).toBeCloseTo(200, 9);
    expect(Math.abs(b1!.y - b2!.y)).toBeCloseTo(30, 9);
    // A crow's foot: prongs from 20 back on the line to either side of the tip.
    const [, root] = points(heads[5]!);
    expect(root!.x).toBeCloseTo(180, 9);
  });

  it("frames are outlined as Excalidraw outlines them: 2 units of #bbb", () => {
    const { nodes } = read([{ ...base, id: "f", type: "frame", name: "F" }]);
    expect(only(nodes, "frame")[0]).toMatchObject({
      stroke: { width: 2, paint: { color: { r: 0xbb / 255 } } },
    });
  });
});
