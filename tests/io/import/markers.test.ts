import { describe, expect, it } from "vitest";
import { apply } from "../../../src/doc/transform";
import type { SceneNode, Subpath } from "../../../src/doc/types";
import { IMPORT_LIMITS } from "../../../src/io/import/limits";
import { importSvg } from "../../../src/io/import/svg";
import { autoAngle, markerVertices, parseOrient } from "../../../src/io/import/svg/markers";
import { toTop } from "./support/importedTree";
import type { Point } from "../../../src/math/point";

const MARKER = `<marker id="m" refX="10" refY="10" markerWidth="20" markerHeight="20"><path id="tip" d="M 10 0 16 20 H 4 Z" fill="blue"/></marker>`;

function convert(body: string): { nodes: SceneNode[]; warnings: string[] } {
  const result = importSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">${body}</svg>`,
    "t",
  );
  if (!result.ok) throw new Error(result.error);
  return { nodes: result.nodes, warnings: result.warnings };
}

const close = (p: Point, q: Point): void => {
  expect(p.x).toBeCloseTo(q.x, 6);
  expect(p.y).toBeCloseTo(q.y, 6);
};

const line = (start: Point, ...to: Point[]): Subpath => ({
  start,
  segments: to.map((p) => ({ type: "line" as const, to: p })),
  closed: false,
});

describe("marker vertices", () => {
  it("has one vertex per point of an open path, directions in and out", () => {
    const v = markerVertices([line({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 })]);
    expect(v.map((x) => x.point)).toEqual([
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 10 },
    ]);
    expect(v.map((x) => [x.inAngle, x.outAngle])).toEqual([
      [null, 0],
      [0, 90],
      [90, null],
    ]);
    expect(v.map(autoAngle)).toEqual([0, 45, 90]);
  });

  it("gives a closed subpath a vertex where its closing segment ends", () => {
    const square = {
      ...line({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }),
      closed: true,
    };
    const v = markerVertices([square]);
    expect(v).toHaveLength(5);
    expect(v[4]!.point).toEqual({ x: 0, y: 0 });
    // Both ends of a closed subpath bisect the closing segment (upwards) and the first (right).
    expect(autoAngle(v[0]!)).toBeCloseTo(-45);
    expect(autoAngle(v[4]!)).toBeCloseTo(-45);
  });

  it("takes a curve's direction from its control points, skipping ones on the end point", () => {
    const v = markerVertices([
      {
        start: { x: 0, y: 0 },
        segments: [
          {
            type: "cubic",
            control1: { x: 0, y: 0 },
            control2: { x: 0, y: 10 },
            to: { x: 10, y: 10 },
          },
        ],
        closed: false,
      },
    ]);
    expect(v[0]!.outAngle).toBeCloseTo(90);
    expect(v[1]!.inAngle).toBeCloseTo(0);
  });

  it("bisects across the ±180° seam", () => {
    expect(autoAngle({ point: { x: 0, y: 0 }, inAngle: 170, outAngle: -170 })).toBeCloseTo(180);
  });

  it("reads orient in every unit", () => {
    expect(parseOrient("auto")).toEqual({ kind: "auto", reverseStart: false });
    expect(parseOrient("auto-start-reverse")).toEqual({ kind: "auto", reverseStart: true });
    expect(parseOrient("30")).toEqual({ kind: "fixed", degrees: 30 });
    expect(parseOrient("0.25turn")).toEqual({ kind: "fixed", degrees: 90 });
    expect(parseOrient("100grad")).toEqual({ kind: "fixed", degrees: 90 });
    const rad = parseOrient("1.5rad");
    expect(rad.kind === "fixed" ? rad.degrees : NaN).toBeCloseTo(85.9437, 3);
    expect(parseOrient("9999")).toEqual({ kind: "fixed", degrees: 279 });
    expect(parseOrient("sideways")).toEqual({ kind: "fixed", degrees: 0 });
  });
});

describe("markers in SVG import", () => {
  it("puts the marker's reference point on each vertex, clipped by a frame of its size", () => {
    const { nodes, warnings } = convert(
      `${MARKER}<line x1="40" y1="40" x2="160" y2="160" stroke="green" marker-start="url(#m)" marker-end="url(#m)"/>`,
    );
    expect(warnings).toEqual([]);
    const frames = nodes.filter((n) => n.type === "frame");
    expect(frames).toHaveLength(2);
    for (const frame of frames)
      expect(frame).toMatchObject({ width: 20, height: 20, clip: true, fill: { type: "none" } });
    const tips = nodes.filter((n) => n.name === "tip");
    const at = tips.map((tip) => apply(toTop(nodes, tip), { x: 10, y: 10 }));
    expect(at.sort((a, b) => a.x - b.x)).toEqual([
      { x: 40, y: 40 },
      { x: 160, y: 160 },
    ]);
    // Markers are drawn above their shape.
    const line = nodes.find((n) => n.type === "line")!;
    expect(line.index < frames[0]!.index && line.index < frames[1]!.index).toBe(true);
  });

  it("turns auto markers along the path and scales them by the stroke width", () => {
    const { nodes } = convert(
      `<marker id="m" refX="0" refY="0" markerWidth="20" markerHeight="20" orient="auto" overflow="visible"><path id="tip" d="M 0 0 L 1 0"/></marker>` +
        `<path d="M 0 0 L 100 0 L 100 100" stroke="black" stroke-width="4" marker-mid="url(#m)"/>`,
    );
    const tip = nodes.find((n) => n.name === "tip")!;
    const m = toTop(nodes, tip);
    close(apply(m, { x: 0, y: 0 }), { x: 100, y: 0 });
    // One unit along the marker's x axis: 4 units (the stroke width) along the 45° bisector.
    close(apply(m, { x: 1, y: 0 }), { x: 100 + 4 * Math.SQRT1_2, y: 4 * Math.SQRT1_2 });
    // overflow="visible": a plain group, nothing clipped.
    expect(nodes.some((n) => n.type === "frame")).toBe(false);
  });

  it("marks rects and circles too (SVG 2), at the vertices of their equivalent paths", () => {
    const { nodes } = convert(
      `${MARKER}<rect x="20" y="20" width="160" height="160" fill="none" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>`,
    );
    const tips = nodes.filter((n) => n.name === "tip");
    expect(tips.map((tip) => apply(toTop(nodes, tip), { x: 10, y: 10 }))).toEqual(
      expect.arrayContaining([
        { x: 20, y: 20 },
        { x: 180, y: 20 },
        { x: 180, y: 180 },
        { x: 20, y: 180 },
      ]),
    );
    expect(tips).toHaveLength(5);
  });

  it("inherits marker properties, and takes the marker shorthand from CSS only", () => {
    const inherited = convert(
      `${MARKER}<g marker-end="url(#m)"><path d="M 0 0 L 50 50"/></g>`,
    ).nodes.filter((n) => n.name === "tip");
    expect(inherited).toHaveLength(1);
    const attribute = convert(`${MARKER}<path d="M 0 0 L 50 50 L 90 0" marker="url(#m)"/>`);
    expect(attribute.nodes.filter((n) => n.name === "tip")).toHaveLength(0);
    const css = convert(
      `<style>#p { marker: url(#m) }</style>${MARKER}<path id="p" d="M 0 0 L 50 50 L 90 0"/>`,
    );
    expect(css.nodes.filter((n) => n.name === "tip")).toHaveLength(3);
  });

  it("styles the marker's content from the marker's ancestors, not from the shape", () => {
    const { nodes } = convert(
      `<g fill="red"><marker id="m" markerWidth="20" markerHeight="20"><rect id="box" width="5" height="5"/></marker></g>` +
        `<path d="M 0 0 L 50 50" fill="lime" stroke="black" marker-end="url(#m)"/>`,
    );
    const box = nodes.find((n) => n.name === "box")!;
    expect(box).toMatchObject({ fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } } });
  });

  it("draws nothing for a zero stroke, a zero size or a reference to something else", () => {
    for (const body of [
      `${MARKER}<path d="M 0 0 L 50 50" stroke-width="0" marker-end="url(#m)"/>`,
      `<marker id="m" markerWidth="0"><rect id="tip" width="5" height="5"/></marker><path d="M 0 0 L 50 50" marker-end="url(#m)"/>`,
      `<linearGradient id="m"/><path d="M 0 0 L 50 50" marker-end="url(#m)"/>`,
    ])
      expect(convert(body).nodes.filter((n) => n.name === "tip" || n.type === "frame")).toEqual([]);
  });

  it("counts marker instances against the limit on repeated elements", () => {
    const vertices = IMPORT_LIMITS.maxUseInstances + 10;
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><marker id="m"><rect width="1" height="1"/></marker>` +
        `<path d="M0 0${"h1".repeat(vertices)}" marker-mid="url(#m)"/></svg>`,
      "t",
    );
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining("repeat more than 250,000 elements"),
    });
  });

  it("refuses too many marker instances before it builds them", () => {
    const vertices = IMPORT_LIMITS.maxUseInstances / 2 + 10;
    const reported: number[] = [];
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><marker id="m"><rect width="1" height="1"/><circle r="1"/></marker>` +
        `<path d="M0 0${"h1".repeat(vertices)}" marker-mid="url(#m)"/></svg>`,
      "t",
      (fraction) => reported.push(fraction),
    );
    expect(result).toEqual({
      ok: false,
      error: expect.stringContaining("repeat more than 250,000 elements"),
    });
    // The walk reports its progress every 4,096 elements (past reading the file, 40 % of the
    // bar): a refusal made as the instances were built would have reported it.
    expect(Math.max(...reported)).toBeLessThanOrEqual(0.4);
  });

  it("counts no instance of a marker that draws nothing, or of what it does not draw", () => {
    const past = (limit: number): string => "h1".repeat(limit + 10);
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x">` +
        `<marker id="empty" markerWidth="0"><rect width="1" height="1"/></marker>` +
        `<marker id="m"><title>tip</title><desc>tip</desc><x:rect/><rect systemLanguage="x-none" width="1" height="1"/></marker>` +
        `<path d="M0 0${past(IMPORT_LIMITS.maxUseInstances)}" marker-mid="url(#empty)"/>` +
        // Four elements per instance, none of them drawn.
        `<path d="M0 0${past(IMPORT_LIMITS.maxUseInstances / 4)}" marker-mid="url(#m)"/></svg>`,
      "t",
    );
    expect(result.ok).toBe(true);
  });

  it("stops a marker that marks itself and says so", () => {
    const { nodes, warnings } = convert(
      `<marker id="m" markerWidth="20" markerHeight="20"><path id="tip" d="M 0 0 L 5 5" marker-end="url(#m)"/></marker>` +
        `<path d="M 0 0 L 50 50" marker-end="url(#m)"/>`,
    );
    expect(nodes.filter((n) => n.name === "tip")).toHaveLength(1);
    expect(warnings).toEqual(["Not imported: 1 recursive marker."]);
  });
});
