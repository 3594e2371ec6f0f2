import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_SHADOW, withShadows } from "../../src/actions/dropShadow";
import { filterProblem, filterReach, fittedRegion } from "../../src/doc/filter";
import { IDENTITY_MATRIX } from "../../src/doc/transform";
import type { GroupFilter, GroupNode, SceneNode } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { FORMAT_VERSION, serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { coveredBox } from "../../src/shapes/bounds";
import { geometryBox } from "../../src/shapes/geometryBox";
import { editNodes } from "../../src/ui/properties/edits";
import { at, editorWith, group, rect } from "../actions/support";

type Region = GroupFilter["region"];

function covers(region: Region, box: { minX: number; minY: number; maxX: number; maxY: number }) {
  const e =
    1e-9 * Math.max(1, Math.abs(region.x) + region.width + Math.abs(region.y) + region.height);
  return (
    region.x <= box.minX + e &&
    region.y <= box.minY + e &&
    region.x + region.width >= box.maxX - e &&
    region.y + region.height >= box.maxY - e
  );
}

/** Where a drop shadow of `shadow` over `box` reaches: the box moved, widened by 3 deviations. */
function shadowBox(
  box: { minX: number; minY: number; maxX: number; maxY: number },
  shadow: { dx: number; dy: number; stdDeviation: number },
) {
  const r = 3 * shadow.stdDeviation;
  return {
    minX: Math.min(box.minX, box.minX + shadow.dx - r),
    minY: Math.min(box.minY, box.minY + shadow.dy - r),
    maxX: Math.max(box.maxX, box.maxX + shadow.dx + r),
    maxY: Math.max(box.maxY, box.maxY + shadow.dy + r),
  };
}

/** A group "g" at (100, 100) holding two rectangles, with a shadow added in the panel. */
function shadowed() {
  const editor = editorWith([
    group("g", "page", "a0", at(100, 100)),
    rect("r1", "g", "a0", at(0, 0), 100, 50),
    rect("r2", "g", "a1", at(150, 0), 40, 40),
  ]);
  editNodes(editor.store, "Add drop shadow", ["g"], (n) =>
    withShadows(editor.store, n, [DEFAULT_SHADOW]),
  );
  return editor;
}

function filterOf(editor: ReturnType<typeof shadowed>): GroupFilter {
  return (editor.store.get("g") as GroupNode).filter!;
}

/** What the group draws, in its own units (strokes included). */
function drawn(editor: ReturnType<typeof shadowed>) {
  return coveredBox(editor.store, editor.store.get("g") as SceneNode, IDENTITY_MATRIX)!;
}

describe("fitted filter regions", () => {
  it("reach follows the longest chain of offsets and blurs", () => {
    const filter: GroupFilter = {
      region: { x: 0, y: 0, width: 1, height: 1 },
      linearRGB: true,
      primitives: [
        { type: "blur", in: "SourceAlpha", stdDeviationX: 2, stdDeviationY: 1 },
        { type: "offset", in: 0, dx: -5, dy: 7 },
        { type: "flood", color: { r: 0, g: 0, b: 0, a: 1 } },
        { type: "composite", in: 2, in2: 1, operator: "in", k: [0, 0, 0, 0] },
        {
          type: "dropShadow",
          in: "SourceGraphic",
          dx: 1,
          dy: 1,
          stdDeviation: 1,
          color: { r: 0, g: 0, b: 0, a: 1 },
        },
        { type: "merge", inputs: [3, 4] },
      ],
    };
    expect(filterReach(filter)).toEqual({ x: 11, y: 10 });
  });

  it("a region that reaches covers the box and every drop shadow of it (property)", () => {
    const length = fc.double({ min: -1e4, max: 1e4, noNaN: true });
    const shadow = fc.record({
      dx: length,
      dy: length,
      stdDeviation: fc.double({ min: 0, max: 1000, noNaN: true }),
    });
    fc.assert(
      fc.property(
        length,
        length,
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.double({ min: 0, max: 1e4, noNaN: true }),
        fc.array(shadow, { minLength: 1, maxLength: 6 }),
        (x, y, w, h, shadows) => {
          const box = { minX: x, minY: y, maxX: x + w, maxY: y + h };
          const filter: GroupFilter = {
            region: { x: 0, y: 0, width: 1, height: 1 },
            linearRGB: true,
            primitives: [
              ...shadows.map((s) => ({
                type: "dropShadow" as const,
                in: "SourceGraphic" as const,
                ...s,
                color: { r: 0, g: 0, b: 0, a: 1 },
              })),
              { type: "merge", inputs: shadows.map((_, i) => i) },
            ],
          };
          const fit = { x: 0, y: 0, width: 1, height: 1, reach: true };
          const region = fittedRegion(filter, fit, box)!;
          expect(filterProblem({ ...filter, region, fit })).toBeNull();
          for (const s of shadows) expect(covers(region, shadowBox(box, s))).toBe(true);
        },
      ),
    );
  });

  it("a fit without reach is fractions of the box, as SVG's objectBoundingBox region", () => {
    const filter: GroupFilter = {
      region: { x: 0, y: 0, width: 1, height: 1 },
      linearRGB: true,
      primitives: [{ type: "offset", in: "SourceGraphic", dx: 50, dy: 0 }],
    };
    const fit = { x: -0.1, y: -0.1, width: 1.2, height: 1.2, reach: false };
    expect(fittedRegion(filter, fit, { minX: 10, minY: 20, maxX: 110, maxY: 70 })).toEqual({
      x: 0,
      y: 15,
      width: 120,
      height: 60,
    });
    // A box of no area gives no region to fit.
    expect(fittedRegion(filter, fit, { minX: 10, minY: 20, maxX: 10, maxY: 70 })).toBeNull();
  });

  it("follows a child moved far out, scaled up, added and removed, one undo step each", () => {
    const editor = shadowed();
    const store = editor.store;
    const check = (what: string) => {
      const filter = filterOf(editor);
      expect(filterProblem(filter), what).toBeNull();
      expect(covers(filter.region, shadowBox(drawn(editor), DEFAULT_SHADOW)), what).toBe(true);
    };
    check("added");
    const first = filterOf(editor).region;
    const depth = editor.history.depth.undo;

    store.transact("Move", (tx) => tx.update("r2", { transform: at(2000, -900) }));
    check("moved");
    expect(filterOf(editor).region.width).toBeGreaterThan(2000);
    store.transact("Scale", (tx) => tx.update("r1", { transform: at(0, 0, 0, 30, 30) }));
    check("scaled");
    store.transact("Add", (tx) => tx.put(rect("r3", "g", "a2", at(-700, 3000), 10, 10)));
    check("added a child");
    store.transact("Remove", (tx) => {
      tx.remove("r3");
      tx.update("r2", { transform: at(150, 0) });
      tx.update("r1", { transform: at(0, 0) });
    });
    check("removed");
    expect(filterOf(editor).region).toEqual(first);
    expect(editor.history.depth.undo).toBe(depth + 4);

    // Undo takes the child and the region back together.
    editor.history.undo();
    editor.history.undo();
    check("undone twice");
    expect(store.get("r3")).toBeUndefined();
    editor.history.undo();
    editor.history.undo();
    expect(filterOf(editor).region).toEqual(first);
    editor.history.redo();
    check("redone");
  });

  it("follows a child moved out of the group, and a move of the group changes nothing", () => {
    const editor = shadowed();
    const store = editor.store;
    store.transact("Out", (tx) => tx.update("r2", { parent: "page", index: "a5" }));
    expect(covers(filterOf(editor).region, shadowBox(drawn(editor), DEFAULT_SHADOW))).toBe(true);
    // Only r1 is left: the region shrinks to it.
    expect(filterOf(editor).region.width).toBeLessThan(150);
    const before = store.get("g") as GroupNode;
    store.transact("Move group", (tx) => tx.update("g", { transform: at(5000, 5000) }));
    expect((store.get("g") as GroupNode).filter).toBe(before.filter);
  });

  it("leaves a region given in the group's units where it is", () => {
    const editor = shadowed();
    const store = editor.store;
    store.transact("Fixed region", (tx) => {
      const g = tx.get("g") as GroupNode;
      const { fit: _fit, ...fixed } = g.filter!;
      tx.put({ ...g, filter: { ...fixed, region: { x: -5, y: -5, width: 300, height: 100 } } });
    });
    store.transact("Move", (tx) => tx.update("r2", { transform: at(2000, -900) }));
    expect(filterOf(editor).region).toEqual({ x: -5, y: -5, width: 300, height: 100 });
  });

  it("an imported SVG's default region follows the drawing by its fractions", () => {
    const outcome = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
        <filter id="f"><feDropShadow dx="3" dy="3" stdDeviation="1"/></filter>
        <rect x="20" y="30" width="100" height="50" fill="#00f" filter="url(#f)"/>
      </svg>`,
      "shadow.svg",
    );
    if (!outcome.ok) throw new Error(outcome.error);
    const ids = new Set(outcome.nodes.map((n) => n.id));
    const nodes = outcome.nodes.map((n) => (ids.has(n.parent) ? n : { ...n, parent: "page" }));
    const filtered = nodes.find(
      (n): n is GroupNode => n.type === "group" && n.filter !== undefined,
    )!;
    expect(filtered.filter!.fit).toEqual({
      x: -0.1,
      y: -0.1,
      width: 1.2,
      height: 1.2,
      reach: false,
    });
    expect(filtered.filter!.region).toEqual({ x: 10, y: 25, width: 120, height: 60 });
    const child = nodes.find((n) => n.parent === filtered.id)!;
    const editor = editorWith(nodes);
    editor.store.transact("Grow", (tx) =>
      tx.update(child.id, { transform: { ...child.transform, scaleX: 2, scaleY: 2 } }),
    );
    const region = (editor.store.get(filtered.id) as GroupNode).filter!.region;
    const box = geometryBox(editor.store, editor.store.get(filtered.id) as SceneNode)!;
    const w = box.maxX - box.minX;
    const h = box.maxY - box.minY;
    expect(w).toBeCloseTo(200);
    expect(region.x).toBeCloseTo(box.minX - 0.1 * w);
    expect(region.y).toBeCloseTo(box.minY - 0.1 * h);
    expect(region.width).toBeCloseTo(1.2 * w);
    expect(region.height).toBeCloseTo(1.2 * h);
  });

  it("saves the fit in the native format, and opens a version 9 file as it was", () => {
    expect(FORMAT_VERSION).toBe(10);
    const editor = shadowed();
    const text = serializeDocument(editor.store.snapshot());
    const result = parseDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.records.find((r) => r.id === "g")).toEqual(editor.store.get("g"));
    const v9 = parseDocument(
      readFileSync(new URL("../fixtures/native/v9-filter.linework", import.meta.url), "utf8"),
    );
    if (!v9.ok) throw new Error(v9.error);
    const g = v9.records.find((r) => r.id === "g") as GroupNode;
    expect(g.filter!.fit).toBeUndefined();
    expect(g.filter!.region).toEqual({ x: -10, y: -10, width: 130, height: 130 });
    // A fit the rules refuse makes the file refused, as any bad field does.
    const bad = text.replace('"reach":true', '"reach":1');
    expect(bad).not.toBe(text);
    expect(parseDocument(bad).ok).toBe(false);
  });

  it("exports the region that covers a moved child, and the fit travels with Linework's data", () => {
    const editor = shadowed();
    const store = editor.store;
    store.transact("Move", (tx) => tx.update("r2", { transform: at(900, 400) }));
    const { svg } = exportSvg(store, { scope: { page: "page" } });
    const region = filterOf(editor).region;
    expect(svg).toContain(`width="${region.width}" height="${region.height}"`);
    const back = importSvg(svg, "back.svg");
    if (!back.ok) throw new Error(back.error);
    const g = back.nodes.find((n): n is GroupNode => n.type === "group" && n.filter !== undefined)!;
    expect(g.filter).toEqual(filterOf(editor));
  });
});
