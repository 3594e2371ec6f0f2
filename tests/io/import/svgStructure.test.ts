import { describe, expect, it } from "vitest";
import type { LinearGradientPaint, PatternPaint, SceneNode } from "../../../src/doc/types";
import { IMPORT_ROOT } from "../../../src/io/import/result";
import { importSvg } from "../../../src/io/import/svg";

/** How elements are found and read: ids, references, text content. */

function drawn(svg: string, root = `xmlns="http://www.w3.org/2000/svg"`) {
  const result = importSvg(`<svg ${root}>${svg}</svg>`, "t");
  if (!result.ok) throw new Error(result.error);
  return {
    nodes: result.nodes.filter(
      (n) => n.parent !== IMPORT_ROOT && n.type !== "group" && n.type !== "frame",
    ),
    warnings: result.warnings,
  };
}

function solid(node: SceneNode | undefined) {
  return node !== undefined && "fill" in node && node.fill.type === "solid"
    ? node.fill.color
    : null;
}

describe("references", () => {
  it("of two elements with one id, the first in the document is the one used", () => {
    const { nodes } = drawn(
      `<defs><rect id="r" width="5" height="5" fill="#0f0"/><rect id="r" width="5" height="5" fill="#f00"/></defs><use href="#r"/>`,
    );
    expect(nodes).toHaveLength(1);
    expect(solid(nodes[0])).toEqual({ r: 0, g: 1, b: 0, a: 1 });
  });

  it("spaces inside url( ) around the id are allowed", () => {
    const { nodes, warnings } = drawn(
      `<linearGradient id="g"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient><rect width="5" height="5" fill="  url(  #g   )  "/>`,
    );
    expect(warnings).toEqual([]);
    expect(nodes[0]!.type === "rect" && nodes[0]!.fill.type).toBe("linear");
  });
});

describe("text content", () => {
  it("characters of elements in another namespace, or not displayed, are left out", () => {
    const { nodes, warnings } = drawn(
      `<text y="20">A<a xmlns="http://example.org/other">B</a><tspan display="none">C</tspan><tspan style="display:none">D</tspan>E</text>`,
    );
    expect(warnings).toEqual([]);
    expect(nodes[0]!.type === "text" && nodes[0]!.content).toBe("AE");
  });
});

describe("context paints", () => {
  it("context-fill and context-stroke in what a <use> shows are the use element's paints", () => {
    const { nodes, warnings } = drawn(
      `<defs><rect id="r" width="5" height="5" fill="context-stroke" stroke="context-fill"/></defs>
       <use href="#r" fill="#0f0" stroke="#00f"/>`,
    );
    expect(warnings).toEqual([]);
    const rect = nodes[0]!;
    expect(solid(rect)).toEqual({ r: 0, g: 0, b: 1, a: 1 });
    expect(rect.type === "rect" && rect.stroke.paint).toEqual({
      type: "solid",
      color: { r: 0, g: 1, b: 0, a: 1 },
    });
  });

  it("through nested uses, each takes the paints of the use that shows it", () => {
    const { nodes } = drawn(
      `<defs><rect id="r" width="5" height="5" fill="context-fill"/></defs>
       <defs><use id="u" href="#r" fill="context-stroke"/></defs>
       <use href="#u" stroke="#f00" fill="#00f"/>`,
    );
    expect(solid(nodes[0])).toEqual({ r: 1, g: 0, b: 0, a: 1 });
  });

  it("a marker's content takes the marked shape's paints", () => {
    const { nodes } = drawn(
      `<marker id="m" markerWidth="4" markerHeight="4"><path d="M0 0 L4 2 L0 4 Z" fill="context-stroke"/></marker>
       <path d="M 10 10 L 50 10" stroke="#0f0" fill="none" marker-end="url(#m)"/>`,
    );
    const arrow = nodes.find((n) => n !== nodes[0] && n.type === "path");
    expect(solid(arrow)).toEqual({ r: 0, g: 1, b: 0, a: 1 });
  });

  it("a gradient or pattern a <use> gives is laid out in the use element's space and box", () => {
    const { nodes, warnings } = drawn(
      `<linearGradient id="g"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
       <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"><rect width="5" height="5"/></pattern>
       <defs><g id="two">
         <rect x="10" y="0" width="20" height="10" fill="context-fill" stroke="context-stroke"/>
         <rect x="50" y="0" width="50" height="10" transform="rotate(90 75 5)" fill="context-fill"/>
       </g></defs>
       <use href="#two" x="5" fill="url(#g)" stroke="url(#p)"/>`,
    );
    expect(warnings).toEqual([]);
    const [left, turned] = nodes as Extract<SceneNode, { type: "rect" }>[];
    // The use's box, strokes left out: x from 15 (10 + 5) to 85 (the turned rectangle's right
    // edge, 80 + 5), y from -20 to 30. The left rectangle's local origin is at (15, 0): there the
    // bounding-box gradient runs from (0, -20) to (70, -20).
    const fill = left!.fill as LinearGradientPaint;
    expect(fill.from.x).toBeCloseTo(0, 9);
    expect(fill.from.y).toBeCloseTo(-20, 9);
    expect(fill.to.x).toBeCloseTo(70, 9);
    // The turned one meets the same gradient along its local y, which runs right to left on the
    // page from its corner at x = 85: 70 units from the box's left edge to its right.
    const turnedFill = turned!.fill as LinearGradientPaint;
    expect(turnedFill.from.y).toBeCloseTo(70, 6);
    expect(turnedFill.to.y).toBeCloseTo(0, 6);
    // The pattern is in the use's user space: its tile starts at the use's origin, 15 to the left.
    const stroke = left!.stroke.paint as PatternPaint;
    expect(stroke).toMatchObject({ type: "pattern", width: 10 });
    expect(stroke.transform.x).toBeCloseTo(-15, 9);
  });

  it("without a context element, a context paint is none", () => {
    const { nodes } = drawn(`<rect width="5" height="5" fill="context-fill"/>`);
    expect(nodes[0]!.type === "rect" && nodes[0]!.fill.type).toBe("none");
  });
});

describe("style sheets", () => {
  it("descendant and child combinators select by the element's ancestors", () => {
    const { nodes, warnings } = drawn(
      `<style>svg > rect { fill: #0f0 } g#a * g * rect { fill: #00f } g#a * rect { fill: #f00 } g > g > circle { fill: #0f0 }</style>
       <rect id="top" width="5" height="5"/>
       <g id="a"><g><g><g><rect id="deep" width="5" height="5"/></g></g></g></g>
       <g><g><circle id="c" r="2"/></g></g>`,
    );
    expect(warnings).toEqual([]);
    const named = (name: string) => solid(nodes.find((n) => n.name === name));
    expect(["top", "deep", "c"].map(named)).toEqual([
      { r: 0, g: 1, b: 0, a: 1 },
      { r: 0, g: 0, b: 1, a: 1 },
      { r: 0, g: 1, b: 0, a: 1 },
    ]);
  });

  it("a child combinator needs the parent itself; selectors that are not read are reported", () => {
    const { nodes, warnings } = drawn(
      `<style>svg > circle { fill: #f00 } rect:first-child { fill: #f00 }</style><g><circle r="2"/></g><rect width="1" height="1"/>`,
    );
    expect(nodes.map(solid)).toEqual([
      { r: 0, g: 0, b: 0, a: 1 },
      { r: 0, g: 0, b: 0, a: 1 },
    ]);
    expect(warnings).toEqual(["Not imported: 1 unsupported CSS rule."]);
  });

  it("a transform set in CSS is used over the attribute, in CSS syntax", () => {
    const { nodes, warnings } = drawn(
      `<style>#r { transform: translate(10px, 5px) rotate(0.25turn) }</style><rect id="r" width="5" height="5" transform="scale(3)"/><rect width="5" height="5" style="transform: scale(2)"/>`,
    );
    expect(warnings).toEqual([]);
    expect(nodes[0]!.transform.x).toBeCloseTo(10);
    expect(nodes[0]!.transform.y).toBeCloseTo(5);
    expect(nodes[0]!.transform.rotation).toBeCloseTo(Math.PI / 2);
    expect(nodes[1]!.transform.scaleX).toBeCloseTo(2);
  });
});

describe("style sheets in hostile files", () => {
  it("descendant selectors over deep nesting cost the selector's length times the depth", () => {
    const depth = 600;
    const selector = `${"g ".repeat(15)}circle`;
    const started = performance.now();
    const { nodes } = drawn(
      `<style>${selector} { fill: #0f0 }</style>${"<g>".repeat(depth)}<circle r="1"/>${"</g>".repeat(depth)}`,
    );
    expect(solid(nodes[0])).toEqual({ r: 0, g: 1, b: 0, a: 1 });
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe("the outermost <svg>", () => {
  it("its CSS background colour is a rectangle over its viewBox, behind the drawing", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 20 20" style="background-color: #0000ff80"><rect width="5" height="5"/></svg>`,
      "t",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.warnings).toEqual([]);
    const [background, rect] = result.nodes.filter((n) => n.type === "rect");
    expect(background).toMatchObject({ width: 20, height: 20, transform: { x: -10, y: -10 } });
    expect(solid(background)).toEqual({ r: 0, g: 0, b: 1, a: 128 / 255 });
    expect(background!.index < rect!.index).toBe(true);
  });
});

describe("paint-order", () => {
  it("a stroke beneath the fill comes in as the stroke alone, then the fill alone", () => {
    const { nodes, warnings } = drawn(
      `<rect width="10" height="10" fill="#0f0" stroke="#00f" stroke-width="4" paint-order="stroke"/>`,
    );
    expect(warnings).toEqual([]);
    expect(nodes).toHaveLength(2);
    const [under, over] = nodes as Extract<SceneNode, { type: "rect" }>[];
    expect(under!.fill.type).toBe("none");
    expect(under!.stroke.paint).toMatchObject({ type: "solid" });
    expect(solid(over)).toEqual({ r: 0, g: 1, b: 0, a: 1 });
    expect(over!.stroke.paint).toBeNull();
  });

  it("markers go where the order puts them, and the order is inherited", () => {
    const marker = `<marker id="m" markerWidth="4" markerHeight="4"><rect width="4" height="4" fill="#f00"/></marker>`;
    /** The path's and its marker's places among their siblings, back to front. */
    const order = (svg: string): string[] => {
      const result = importSvg(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`, "t");
      if (!result.ok) throw new Error(result.error);
      return result.nodes
        .filter((n) => n.type === "path" || n.type === "frame")
        .sort((a, b) => (a.index < b.index ? -1 : 1))
        .map((n) => (n.type === "frame" ? "marker" : "path"));
    };
    expect(
      order(
        `${marker}<g paint-order="markers"><path d="M 0 0 L 10 0" stroke="#00f" marker-end="url(#m)"/></g>`,
      ),
    ).toEqual(["marker", "path"]);
    // Unknown or repeated words leave the normal order: shape, then markers.
    expect(
      order(
        `${marker}<path d="M 0 0 L 10 0" stroke="#00f" marker-end="url(#m)" paint-order="stroke stroke"/>`,
      ),
    ).toEqual(["path", "marker"]);
  });
});

describe("points", () => {
  it("a polygon's points stop at bad data, drawn up to it and reported", () => {
    const { nodes, warnings } = drawn(`<polygon points="20 40 160 180 30 150 text 5 5"/>`);
    expect(warnings).toEqual([
      "Not imported: 1 point list with a data error (drawn up to the error).",
    ]);
    const polygon = nodes[0] as Extract<SceneNode, { type: "path" }>;
    expect(polygon.subpaths[0]!.segments).toHaveLength(2);
    expect(polygon.subpaths[0]!.closed).toBe(true);
  });
});

describe("stroke-miterlimit", () => {
  it("is a plain number of at least 1; a percentage, a length or less than 1 leave 4", () => {
    const limit = (value: string): number => {
      const node = drawn(`<path d="M0 0 L10 0" stroke="#000" stroke-miterlimit="${value}"/>`)
        .nodes[0] as Extract<SceneNode, { type: "path" }>;
      return node.stroke.miterLimit;
    };
    expect(limit("10")).toBe(10);
    expect(limit("1.5")).toBe(1.5);
    expect(limit("20%")).toBe(4);
    expect(limit("3px")).toBe(4);
    expect(limit("0.5")).toBe(4);
  });
});
