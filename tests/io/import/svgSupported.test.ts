import { describe, expect, it } from "vitest";
import { apply, toMatrix } from "../../../src/doc/transform";
import type { SceneNode } from "../../../src/doc/types";
import { IMPORT_ROOT } from "../../../src/io/import/result";
import { importSvg } from "../../../src/io/import/svg";
import { makePng } from "./rasterFixtures";
import { toTop } from "./support/importedTree";

/**
 * Constructs the SVG import keeps (rather than reports): each as an SVG in, and the fields of the
 * nodes it gives.
 */

function imported(svg: string, root = `xmlns="http://www.w3.org/2000/svg"`) {
  const result = importSvg(`<svg ${root}>${svg}</svg>`, "t");
  if (!result.ok) throw new Error(result.error);
  return {
    top: result.nodes.filter((n) => n.parent === IMPORT_ROOT),
    nodes: result.nodes.filter((n) => n.parent !== IMPORT_ROOT),
    all: result.nodes,
    warnings: result.warnings,
  };
}

/** The nodes that draw: containers left out. */
function drawn(nodes: readonly SceneNode[]): SceneNode[] {
  return nodes.filter((n) => n.type !== "group" && n.type !== "frame");
}

function only(svg: string): SceneNode {
  const { nodes, warnings } = imported(svg);
  expect(warnings).toEqual([]);
  expect(drawn(nodes)).toHaveLength(1);
  return drawn(nodes)[0]!;
}

const rgb = (r: number, g: number, b: number, a = 1) => ({ r, g, b, a });
const GREEN = rgb(0, 128 / 255, 0);

function fillColor(node: SceneNode) {
  return "fill" in node && node.fill.type === "solid" ? node.fill.color : null;
}

describe("currentColor", () => {
  it("in stop-color is the colour the stop inherits, from the gradient or its ancestors", () => {
    const node = only(
      `<g color="green"><defs><linearGradient id="a" color="blue"><stop stop-color="currentColor"/><stop offset="1" stop-color="currentColor" color="red"/></linearGradient></defs></g>
       <g color="yellow"><rect width="10" height="10" fill="url(#a)"/></g>`,
    );
    expect(node.type === "rect" && node.fill.type === "linear" && node.fill.stops).toEqual([
      { offset: 0, color: rgb(0, 0, 1) },
      { offset: 1, color: rgb(1, 0, 0) },
    ]);
    const inherited = only(
      `<g color="green"><linearGradient id="b"><stop stop-color="currentColor"/><stop offset="1" stop-color="inherit"/></linearGradient></g>
       <rect width="10" height="10" fill="url(#b)"/>`,
    );
    expect(
      inherited.type === "rect" && inherited.fill.type === "linear" && inherited.fill.stops,
    ).toEqual([
      { offset: 0, color: GREEN },
      // stop-color is not inherited: "inherit" takes the gradient's, black by default.
      { offset: 1, color: rgb(0, 0, 0) },
    ]);
  });

  it("in fill and stroke, and as `color: currentColor`, is the inherited colour", () => {
    const node = only(
      `<g color="green"><rect width="1" height="1" color="currentColor" fill="currentColor" stroke="CurrentColor"/></g>`,
    );
    expect(fillColor(node)).toEqual(GREEN);
    expect(node.type === "rect" && node.stroke.paint).toEqual({ type: "solid", color: GREEN });
  });
});

describe("lengths relative to the font", () => {
  it("em is the element's font size, ex half of it; relative font sizes resolve once", () => {
    const node = only(
      `<g font-size="20"><g font-size="150%"><rect x="1ex" y="0.5em" width="2em" height="4ex" stroke="red" stroke-width="0.1em"/></g></g>`,
    );
    expect(node).toMatchObject({
      type: "rect",
      width: 60,
      height: 60,
      transform: { x: 15, y: 15 },
    });
    expect(node.type === "rect" && node.stroke.width).toBeCloseTo(3);
    const nested = only(
      `<g font-size="2em"><g><rect width="1em" height="1em" font-size="50%"/></g></g>`,
    );
    expect(nested).toMatchObject({ width: 16, height: 16 });
  });

  it("a text's font size follows the same rules", () => {
    const node = only(`<g font-size="10px"><text font-size="2em" y="20">Hi</text></g>`);
    expect(node).toMatchObject({ type: "text", fontSize: 20 });
  });
});

describe("dashes", () => {
  it("an odd-count dash array is repeated to an even count", () => {
    const node = only(`<path d="M0 0H10" stroke="red" stroke-dasharray="1, 2 3"/>`);
    expect(node.type === "path" && node.stroke.dash).toEqual([1, 2, 3, 1, 2, 3]);
  });

  it("a negative dash offset is the same place in the pattern within one pattern length", () => {
    const node = only(
      `<path d="M0 0H10" stroke="red" stroke-dasharray="5 3 2" stroke-dashoffset="-4"/>`,
    );
    // The pattern is 5 3 2 5 3 2, 20 long: -4 is 16.
    expect(node.type === "path" && node.stroke.dashOffset).toBe(16);
    const positive = only(
      `<path d="M0 0H10" stroke="red" stroke-dasharray="4" stroke-dashoffset="3"/>`,
    );
    expect(positive.type === "path" && positive.stroke.dashOffset).toBe(3);
  });

  it("dashed circles and rounded rects start their dashes where SVG starts their paths", () => {
    const circle = only(`<circle cx="50" cy="50" r="10" stroke="red" stroke-dasharray="4 2"/>`);
    expect(circle.type).toBe("path");
    expect(circle.type === "path" && circle.subpaths[0]!.start).toEqual({ x: 60, y: 50 });
    const rounded = only(
      `<rect width="20" height="10" rx="2" stroke="red" stroke-dasharray="4 2"/>`,
    );
    expect(rounded.type === "path" && rounded.subpaths[0]!.start).toEqual({ x: 2, y: 0 });
    // Undashed, or without corners, they stay shapes.
    expect(only(`<circle r="10" stroke="red"/>`).type).toBe("ellipse");
    expect(only(`<rect width="20" height="10" stroke="red" stroke-dasharray="4 2"/>`).type).toBe(
      "rect",
    );
  });
});

describe("radii", () => {
  it("a negative rx or ry on a rect is auto: the other radius", () => {
    expect(only(`<rect width="40" height="40" rx="5" ry="-3"/>`)).toMatchObject({
      type: "rect",
      radii: [5, 5, 5, 5],
    });
    expect(only(`<rect width="40" height="40" rx="-5" ry="6"/>`)).toMatchObject({
      radii: [6, 6, 6, 6],
    });
    expect(only(`<rect width="40" height="40" rx="-5" ry="-6"/>`)).toMatchObject({
      radii: [0, 0, 0, 0],
    });
  });

  it("a negative rx or ry on an ellipse is auto; both negative draws nothing", () => {
    expect(only(`<ellipse cx="50" cy="50" rx="-5" ry="20"/>`)).toMatchObject({
      type: "ellipse",
      width: 40,
      height: 40,
    });
    expect(imported(`<ellipse cx="50" cy="50" rx="-5" ry="-20"/>`).nodes).toEqual([]);
  });
});

describe("transform-origin", () => {
  const corner = (node: SceneNode, x: number, y: number) =>
    apply(toMatrix(node.transform), { x, y });

  it("composes translate(origin) · transform · translate(−origin)", () => {
    const node = only(
      `<rect x="10" y="10" width="10" height="10" transform="scale(2)" transform-origin="10 10"/>`,
    );
    expect(corner(node, 0, 0)).toEqual({ x: 10, y: 10 });
    expect(corner(node, 10, 10)).toEqual({ x: 30, y: 30 });
  });

  it("reads keywords on their own axis: top alone is the top centre", () => {
    const svg = (origin: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"><rect width="10" height="10" transform="scale(2)" transform-origin="${origin}"/></svg>`;
    const origin = (value: string) => {
      const result = importSvg(svg(value), "o");
      if (!result.ok) throw new Error(result.error);
      const rect = result.nodes.find((n) => n.type === "rect")!;
      // scale(2) about o maps p to 2p − o: o is what the origin goes to, negated.
      const at = apply(toMatrix(rect.transform), { x: 0, y: 0 });
      return { x: 0 - at.x, y: 0 - at.y };
    };
    expect(origin("top")).toEqual({ x: 100, y: 0 });
    expect(origin("top left")).toEqual({ x: 0, y: 0 });
    expect(origin("right bottom")).toEqual({ x: 200, y: 100 });
    expect(origin("bottom 25%")).toEqual({ x: 50, y: 100 });
    expect(origin("25% top")).toEqual({ x: 50, y: 0 });
    expect(origin("center")).toEqual({ x: 100, y: 50 });
  });
});

describe("conditional processing", () => {
  const fills = (svg: string) => drawn(imported(svg).nodes).map(fillColor);

  it("a switch draws its first child whose conditions pass", () => {
    expect(
      fills(`<switch>
        <rect width="1" height="1" fill="red" systemLanguage="ru-RU"/>
        <rect width="1" height="1" fill="red" requiredExtensions="http://example.org/ext"/>
        <rect width="1" height="1" fill="red" requiredExtensions=""/>
        <rect width="1" height="1" fill="blue" systemLanguage="ru, en-GB"/>
        <rect width="1" height="1" fill="red"/>
      </switch>`),
    ).toEqual([rgb(0, 0, 1)]);
  });

  it("systemLanguage matches en and en-*; requiredFeatures always passes (SVG 2)", () => {
    for (const [language, drawn] of [
      ["en", true],
      ["EN-us", true],
      ["en-GB", true],
      ["eng", false],
      ["ru", false],
      ["", false],
    ] as const) {
      const { nodes } = imported(
        `<rect width="1" height="1" systemLanguage="${language}" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Shape"/>`,
      );
      expect(nodes.length, language).toBe(drawn ? 1 : 0);
    }
  });

  it("a switch passes over unknown elements and definitions, not over display: none", () => {
    expect(
      fills(
        `<switch><title>t</title><random/><rect width="1" height="1" fill="blue"/><rect width="1" height="1" fill="red"/></switch>`,
      ),
    ).toEqual([rgb(0, 0, 1)]);
    expect(
      fills(
        `<switch><rect width="1" height="1" fill="red" display="none"/><rect width="1" height="1" fill="red"/></switch>`,
      ),
    ).toEqual([]);
    // A child that is a group is drawn whole.
    expect(
      fills(
        `<switch><g systemLanguage="en"><rect width="1" height="1" fill="blue"/><rect width="1" height="1" fill="green"/></g><rect width="1" height="1" fill="red"/></switch>`,
      ),
    ).toEqual([rgb(0, 0, 1), GREEN]);
  });

  it("tspans whose conditions fail are left out of the text", () => {
    const node = only(
      `<text y="20">Hello <tspan systemLanguage="de">Hallo </tspan><tspan systemLanguage="en">world</tspan></text>`,
    );
    expect(node).toMatchObject({ type: "text", content: "Hello world" });
  });
});

describe("opacity and blending of containers", () => {
  it("the root's opacity is the top group's", () => {
    const { top } = imported(
      `<rect width="1" height="1"/>`,
      `xmlns="http://www.w3.org/2000/svg" opacity="0.5" style="mix-blend-mode: multiply"`,
    );
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ type: "group", opacity: 0.5, blendMode: "multiply" });
  });

  it("a root that is not displayed comes in as a hidden top group", () => {
    const { top, nodes } = imported(
      `<rect width="1" height="1"/>`,
      `xmlns="http://www.w3.org/2000/svg" display="none"`,
    );
    expect(top[0]).toMatchObject({ type: "group", hidden: true });
    expect(nodes.map((n) => n.type)).toEqual(["rect"]);
  });

  it("a group keeps its opacity and blend mode; the blend mode is read from CSS only", () => {
    const { nodes, warnings } = imported(
      `<g opacity="0.25" style="mix-blend-mode: screen"><rect width="1" height="1"/><rect width="1" height="1"/></g>`,
    );
    expect(warnings).toEqual([]);
    expect(nodes[0]).toMatchObject({ type: "group", opacity: 0.25, blendMode: "screen" });
    expect(nodes.slice(1).map((n) => n.opacity)).toEqual([1, 1]);
    const attribute = imported(`<rect width="1" height="1" mix-blend-mode="screen"/>`);
    expect(attribute.nodes[0]!.blendMode).toBe("normal");
  });

  it("a <use> with opacity shows its content as one group of that opacity", () => {
    const { nodes } = imported(
      `<defs><rect id="r" width="1" height="1" opacity="0.5"/></defs><use href="#r" x="3" opacity="0.5"/>`,
    );
    expect(nodes.map((n) => [n.type, n.opacity])).toEqual([
      ["group", 0.5],
      ["rect", 0.5],
    ]);
    expect(nodes[1]!.transform).toMatchObject({ x: 3, y: 0 });
  });
});

describe("radial gradients", () => {
  it("fr = 0 is kept; a focal radius off a concentric gradient is reported", () => {
    const kept = imported(
      `<radialGradient id="g" fr="0"><stop/><stop offset="1" stop-color="red"/></radialGradient><rect width="1" height="1" fill="url(#g)"/>`,
    );
    expect(kept.warnings).toEqual([]);
    expect(kept.nodes[0]!.type === "rect" && kept.nodes[0]!.fill.type).toBe("radial");
    const focal = imported(
      `<radialGradient id="g" fx="0.2" fr="0.3"><stop/><stop offset="1" stop-color="red"/></radialGradient><rect width="1" height="1" fill="url(#g)"/>`,
    );
    expect(focal.warnings).toEqual(["Ignored: fr attribute on 1 <radialGradient> element."]);
  });

  it("gradient lengths with units are in user units", () => {
    const node = only(
      `<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="1in"><stop/><stop offset="1" stop-color="red"/></linearGradient><rect width="200" height="1" fill="url(#g)"/>`,
    );
    expect(node.type === "rect" && node.fill.type === "linear" && node.fill.to.x).toBeCloseTo(96);
  });
});

describe("invalid values are ignored as CSS ignores them", () => {
  it("an invalid fill leaves the inherited one; an invalid opacity leaves 1", () => {
    const node = only(
      `<g fill="green"><rect width="1" height="1" fill="#12" opacity="0.1mm"/></g>`,
    );
    expect(fillColor(node)).toEqual(GREEN);
    expect(node.opacity).toBe(1);
  });
});

describe("images", () => {
  const png = Buffer.from(makePng(4, 2)).toString("base64");

  it("with a transform, aligned by preserveAspectRatio", () => {
    const node = only(
      `<image href="data:image/png;base64,${png}" x="10" y="10" width="40" height="40" preserveAspectRatio="xMaxYMax meet" transform="translate(100 0) rotate(90)"/>`,
    );
    expect(node).toMatchObject({ type: "image", width: 40, height: 20 });
    // The picture's top left is at (10, 30) before the transform.
    const at = apply(toMatrix(node.transform), { x: 0, y: 0 });
    expect(at.x).toBeCloseTo(100 - 30);
    expect(at.y).toBeCloseTo(10);
    expect(node.transform.rotation).toBeCloseTo(Math.PI / 2);
  });

  it("a missing or auto size follows the picture's ratio", () => {
    expect(only(`<image href="data:image/png;base64,${png}" width="40"/>`)).toMatchObject({
      width: 40,
      height: 20,
    });
    expect(
      only(`<image href="data:image/png;base64,${png}" width="auto" height="10"/>`),
    ).toMatchObject({ width: 20, height: 10 });
  });
});

describe("viewports clip", () => {
  it("a nested svg whose content reaches out of it becomes a clipping frame", () => {
    const { nodes } = imported(
      `<svg x="40" y="40" width="80" height="80"><circle cx="100" cy="100" r="120" fill="green"/></svg>`,
    );
    expect(nodes.map((n) => n.type)).toEqual(["frame", "group", "ellipse"]);
    expect(nodes[0]).toMatchObject({
      width: 80,
      height: 80,
      clip: true,
      transform: { x: 40, y: 40 },
    });
  });

  it("content within the viewport, or overflow: visible, needs no frame", () => {
    expect(
      imported(
        `<svg x="5" y="5" width="10" height="10" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`,
      ).nodes.map((n) => n.type),
    ).toEqual(["group", "rect"]);
    expect(
      imported(
        `<svg width="10" height="10" overflow="visible"><rect width="100" height="1"/></svg>`,
      ).nodes.map((n) => n.type),
    ).toEqual(["group", "rect"]);
  });

  it("a symbol's content is clipped to the size the <use> gives", () => {
    const { all } = imported(
      `<symbol id="s"><rect x="20" y="20" width="160" height="160" fill="green"/></symbol><use href="#s" width="100" height="100"/>`,
    );
    const frame = all.find((n) => n.type === "frame")!;
    expect(frame).toMatchObject({ width: 100, height: 100, clip: true });
    const rect = all.find((n) => n.type === "rect")!;
    expect(apply(toTop(all, rect), { x: 0, y: 0 })).toEqual({ x: 20, y: 20 });
  });

  it("a viewport of no area draws nothing", () => {
    expect(imported(`<svg width="0" height="10"><rect width="1" height="1"/></svg>`).nodes).toEqual(
      [],
    );
  });
});

describe("namespaces", () => {
  it("prefixed SVG elements are drawn; elements of other namespaces are not, silently", () => {
    const result = importSvg(
      `<svg:svg xmlns:svg="http://www.w3.org/2000/svg" xmlns:x="http://example.org/x"><svg:rect width="1" height="1"/><x:rect width="1" height="1"/><rect xmlns="http://example.org/y" width="1" height="1"/></svg:svg>`,
      "n",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.nodes.map((n) => n.type)).toEqual(["group", "rect"]);
    expect(result.warnings).toEqual([]);
  });
});

describe("style sheets", () => {
  it("!important declarations win over later and more specific ones", () => {
    const { nodes } = imported(
      `<style>#a { fill: green !important; } #a { fill: red; } rect { stroke: blue ! important; }</style>
       <rect id="a" width="1" height="1" style="fill: red; stroke: red"/>`,
    );
    const rect = drawn(nodes)[0]!;
    expect(fillColor(rect)).toEqual(GREEN);
    expect(rect.type === "rect" && rect.stroke.paint).toEqual({
      type: "solid",
      color: rgb(0, 0, 1),
    });
  });

  it("a <style> of another type than CSS is not applied, and is reported", () => {
    const { nodes, warnings } = imported(
      `<style type="text/less">rect { fill: red; }</style><style type="text/css">.a { fill: blue; }</style><rect class="a" width="1" height="1"/><rect width="1" height="1"/>`,
    );
    expect(drawn(nodes).map(fillColor)).toEqual([rgb(0, 0, 1), rgb(0, 0, 0)]);
    expect(warnings).toEqual(["Not imported: 1 style sheet that is not CSS."]);
  });
});
