import { describe, expect, it } from "vitest";
import { MemoryClipboard } from "../../src/actions/clipboardActions";
import { editorCommands } from "../../src/actions/editorCommands";
import { setStar } from "../../src/actions/stars";
import { asPolygon, asStar, DEFAULT_INNER_RATIO, withPointCount } from "../../src/shapes/cornered";
import { CommandRegistry } from "../../src/editing/commands";
import { runCommandLine, type CommandLineHost } from "../../src/commandLine/execute";
import { parseCommand } from "../../src/commandLine/parse";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { PolygonNode, StarNode } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { starPoints } from "../../src/geometry/outline";
import { hitNode } from "../../src/shapes/hitTest";
import { toSubpaths } from "../../src/shapes/toPath";
import { ToolSettings } from "../../src/editing/settings";
import { at, counterIds, editorWith, rect, stateOf } from "./support";

function polygon(id: string, sides = 6): PolygonNode {
  return makeNode<PolygonNode>("polygon", id, "page", `a${id}`, {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width: 100,
    height: 100,
    sides,
    transform: at(10, 20),
  });
}

/** Distances of a star's vertices from its box's centre, in order. */
function radii(points: readonly number[], cx: number, cy: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < points.length; i += 2)
    out.push(Math.hypot(points[i]! - cx, points[i + 1]! - cy));
  return out;
}

describe("star geometry", () => {
  it("has twice as many vertices as tips, tips on the outer radius, dents on the inner", () => {
    for (const tips of [3, 5, 8, 24]) {
      for (const ratio of [0.2, 0.5, 0.9]) {
        const points = starPoints(200, 200, tips, ratio);
        expect(points.length).toBe(tips * 4);
        radii(points, 100, 100).forEach((r, i) =>
          expect(r).toBeCloseTo(i % 2 === 0 ? 100 : 100 * ratio, 9),
        );
      }
    }
    // The first tip points straight up, as a polygon's first corner does.
    const five = starPoints(200, 200, 5, 0.4);
    expect(five[0]).toBeCloseTo(100, 9);
    expect(five[1]).toBeCloseTo(0, 9);
  });

  it("is what the path conversion, the hit test and the SVG export see", () => {
    const star = asStar(polygon("p", 5), { innerRatio: 0.4 });
    const sub = toSubpaths(star)![0]!;
    expect(sub.segments.length + 1).toBe(10);
    // A tip is inside, the notch between two tips outside, at the same distance from the centre.
    const notchAngle = -Math.PI / 2 + Math.PI / 5;
    const r = 45;
    expect(hitNode(star, { x: 50, y: 50 - r }, 0)).toBe("fill");
    expect(
      hitNode(star, { x: 50 + Math.cos(notchAngle) * r, y: 50 + Math.sin(notchAngle) * r }, 0),
    ).toBeNull();
    const { svg } = exportSvg(editorWith([star]).store, {
      scope: { page: "page" },
      linework: false,
    });
    expect(svg).toContain("<polygon");
    const numbers = /<polygon[^>]* points="([^"]+)"/
      .exec(svg)![1]!
      .trim()
      .split(/[\s,]+/);
    expect(numbers.length).toBe(20);
  });
});

describe("polygons and stars", () => {
  it("turn into each other keeping the id, box, style and count", () => {
    const p = polygon("p", 7);
    const star = asStar(p);
    expect(star).toMatchObject({
      id: "p",
      type: "star",
      name: "Star",
      points: 7,
      innerRatio: DEFAULT_INNER_RATIO,
      width: 100,
      transform: p.transform,
    });
    expect("sides" in star).toBe(false);
    const back = asPolygon(star);
    expect(back).toEqual(p);
    expect(asStar(p, { points: 5, innerRatio: 0.3 })).toMatchObject({ points: 5, innerRatio: 0.3 });
    // Counts and ratios are clamped to what a document may hold.
    expect(withPointCount(p, 1)).toMatchObject({ sides: 3 });
    expect(withPointCount(star, 4.6)).toMatchObject({ points: 5 });
    expect(asStar(p, { innerRatio: 0 }).innerRatio).toBeGreaterThan(0);
    expect(asStar(p, { innerRatio: 3 }).innerRatio).toBe(1);
    const named = { ...p, name: "Badge" };
    expect(asStar(named).name).toBe("Badge");
  });

  it("change every selected polygon in one undo step, leaving other kinds alone", () => {
    const editor = editorWith([
      polygon("p1"),
      polygon("p2", 4),
      rect("r", "page", "a9", at(0, 0), 10, 10),
    ]);
    const before = stateOf(editor.store);
    expect(setStar(editor, ["p1", "p2", "r"], true, { points: 5 })).toBe(2);
    expect(editor.history.depth.undo).toBe(1);
    expect(editor.store.get("p1")).toMatchObject({ type: "star", points: 5 });
    expect(editor.store.get("p2")).toMatchObject({ type: "star", points: 5 });
    expect(editor.store.get("r")).toMatchObject({ type: "rect" });
    editor.history.undo();
    expect(stateOf(editor.store)).toEqual(before);
  });
});

describe("the star command", () => {
  function setUp() {
    const editor = editorWith([polygon("p1"), rect("r", "page", "a9", at(0, 0), 10, 10)]);
    const registry = new CommandRegistry();
    registry.register(
      editorCommands({
        editor: () => editor,
        scope: () => "page",
        clipboard: new MemoryClipboard(),
      }),
    );
    const host: CommandLineHost = {
      editor: () => editor,
      scope: () => "page",
      settings: new ToolSettings(),
      registry,
      makeId: counterIds("cl"),
    };
    return { editor, host, registry };
  }

  it("reads a count, an optional inner ratio and an optional centre and radius", () => {
    expect(parseCommand("star 5")).toEqual({ ok: true, command: { kind: "star", points: 5 } });
    expect(parseCommand("star 6 40%")).toEqual({
      ok: true,
      command: { kind: "star", points: 6, innerRatio: 0.4 },
    });
    expect(parseCommand("star 100 50 1in 5 0.3")).toEqual({
      ok: true,
      command: { kind: "star", points: 5, innerRatio: 0.3, at: { cx: 100, cy: 50, r: 96 } },
    });
    for (const bad of ["star", "star 2", "star 5.5", "star 5 0", "star 5 1.5", "star 0 0 5"])
      expect(parseCommand(bad).ok, bad).toBe(false);
  });

  it("makes the selected polygons stars, or the polygon tool's next shapes, or draws one", () => {
    const { editor, host } = setUp();
    editor.store.setSelection(["p1", "r"]);
    expect(runCommandLine(host, "star 5 0.3")).toEqual({ ok: true });
    expect(editor.store.get("p1")).toMatchObject({ type: "star", points: 5, innerRatio: 0.3 });
    expect(editor.history.depth.undo).toBe(1);

    editor.store.setSelection(["r"]);
    expect(runCommandLine(host, "star 5").ok).toBe(false);

    editor.store.setSelection([]);
    expect(runCommandLine(host, "star 8")).toMatchObject({ ok: true });
    expect(host.settings.get().starPoints).toBe(8);

    expect(runCommandLine(host, "star 100 100 50 6")).toEqual({ ok: true });
    const drawn = editor.store.get("cl0") as StarNode;
    expect(drawn).toMatchObject({ type: "star", points: 6, width: 100, height: 100 });
    expect(drawn.transform).toMatchObject({ x: 50, y: 50 });
    expect(editor.store.selection).toEqual(["cl0"]);
  });

  it("toggles from the palette: polygons become stars, all-star selections polygons", () => {
    const { editor, registry } = setUp();
    editor.store.setSelection(["r"]);
    expect(registry.get("object.toggleStar")!.enabled!()).toBe(false);
    editor.store.setSelection(["p1"]);
    expect(registry.run("object.toggleStar")).toBe(true);
    expect(editor.store.get("p1")).toMatchObject({ type: "star", points: 6 });
    expect(registry.run("object.toggleStar")).toBe(true);
    expect(editor.store.get("p1")).toMatchObject({ type: "polygon", sides: 6 });
  });
});
