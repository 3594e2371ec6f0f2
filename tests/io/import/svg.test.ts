import { describe, expect, it } from "vitest";
import { apply, toMatrix } from "../../../src/doc/transform";
import type { SceneNode } from "../../../src/doc/types";
import { importSvg } from "../../../src/io/import/svg";
import { IMPORT_ROOT } from "../../../src/io/import/result";
import { makePng } from "./rasterFixtures";

function shapes(svg: string): { nodes: SceneNode[]; warnings: string[] } {
  const result = importSvg(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`, "t");
  if (!result.ok) throw new Error(result.error);
  return { nodes: result.nodes.filter((n) => n.parent !== IMPORT_ROOT), warnings: result.warnings };
}

function only(svg: string): SceneNode {
  const { nodes } = shapes(svg);
  expect(nodes).toHaveLength(1);
  return nodes[0]!;
}

const red = { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } };

describe("SVG to shapes", () => {
  it("rect with rx becomes a rect with radii; rx ≠ ry becomes a path", () => {
    const rect = only(`<rect x="10" y="20" width="30" height="40" rx="5" fill="red"/>`);
    expect(rect).toMatchObject({
      type: "rect",
      width: 30,
      height: 40,
      radii: [5, 5, 5, 5],
      fill: red,
    });
    expect(rect.transform).toMatchObject({ x: 10, y: 20 });
    expect(only(`<rect width="30" height="40" rx="5" ry="8"/>`).type).toBe("path");
  });

  it("circle and ellipse become ellipses placed by their box", () => {
    expect(only(`<circle cx="10" cy="10" r="5"/>`)).toMatchObject({
      type: "ellipse",
      width: 10,
      height: 10,
      transform: { x: 5, y: 5 },
    });
    expect(only(`<ellipse cx="10" cy="10" rx="5" ry="2"/>`)).toMatchObject({
      width: 10,
      height: 4,
    });
  });

  it("line, polyline and polygon", () => {
    expect(only(`<line x1="1" y1="2" x2="3" y2="4" stroke="red"/>`)).toMatchObject({
      type: "line",
      start: { x: 1, y: 2 },
      end: { x: 3, y: 4 },
      fill: { type: "none" },
    });
    const polygon = only(`<polygon points="0,0 10,0 5,5" fill-rule="evenodd"/>`);
    expect(polygon).toMatchObject({ type: "path", fillRule: "evenodd" });
    expect(polygon.type === "path" && polygon.subpaths[0]!.closed).toBe(true);
    const polyline = only(`<polyline points="0 0 10 0 5 5"/>`);
    expect(polyline.type === "path" && polyline.subpaths[0]!.closed).toBe(false);
  });

  it("paints: hex, rgb(), names, currentColor, opacity", () => {
    const node = only(
      `<rect width="1" height="1" color="#00f" fill="currentColor" fill-opacity="0.5" stroke="rgb(255, 0, 0)" stroke-width="3" stroke-dasharray="1 2 3" stroke-linecap="round" stroke-linejoin="bevel" stroke-miterlimit="7" opacity="0.25"/>`,
    );
    expect(node).toMatchObject({
      opacity: 0.25,
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 0.5 } },
      stroke: {
        paint: red,
        width: 3,
        dash: [1, 2, 3, 1, 2, 3],
        cap: "round",
        join: "bevel",
        miterLimit: 7,
      },
    });
    expect(only(`<rect width="1" height="1" fill="papayawhip"/>`)).toMatchObject({
      fill: { color: { r: 1, g: 0xef / 255, b: 0xd5 / 255, a: 1 } },
    });
  });

  it("the cascade: presentation attribute < CSS rule by specificity < style attribute; inheritance", () => {
    const { nodes } = shapes(
      `<style>rect{fill:blue} .c{fill:lime} #i{fill:red}</style>
       <g stroke="red"><rect id="i" class="c" width="1" height="1" fill="black"/><rect class="c" width="1" height="1" style="fill: #123"/><rect width="1" height="1"/></g>`,
    );
    const rects = nodes.filter((n) => n.type === "rect");
    expect(rects.map((r) => r.type === "rect" && r.fill.type === "solid" && r.fill.color)).toEqual([
      { r: 1, g: 0, b: 0, a: 1 },
      { r: 0x11 / 255, g: 0x22 / 255, b: 0x33 / 255, a: 1 },
      { r: 0, g: 0, b: 1, a: 1 },
    ]);
    expect(rects.every((r) => r.type === "rect" && r.stroke.paint !== null)).toBe(true);
  });

  it("transforms: groups keep theirs, shapes compose with their offset", () => {
    const { nodes } = shapes(
      `<g transform="translate(100 0) rotate(90)"><rect x="10" y="0" width="5" height="5"/></g>`,
    );
    const [group, rect] = nodes;
    expect(group!.type).toBe("group");
    expect(group!.transform.rotation).toBeCloseTo(Math.PI / 2);
    const world = apply(
      toMatrix(group!.transform),
      apply(toMatrix(rect!.transform), { x: 0, y: 0 }),
    );
    expect(world.x).toBeCloseTo(100);
    expect(world.y).toBeCloseTo(10);
  });

  it("transform-origin applies the transform about that point", () => {
    const node = only(
      `<rect x="0" y="0" width="10" height="10" transform="rotate(180)" transform-origin="5 5"/>`,
    );
    const corner = apply(toMatrix(node.transform), { x: 0, y: 0 });
    expect(corner.x).toBeCloseTo(10);
    expect(corner.y).toBeCloseTo(10);
  });

  it("a singular transform is baked into path geometry", () => {
    const node = only(`<rect width="10" height="10" transform="matrix(1 0 0 0 0 0)"/>`);
    expect(node.type).toBe("path");
    expect(node.transform).toEqual({ x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 });
  });

  it("viewBox scales the top-level group", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 100 100"><rect width="1" height="1"/></svg>`,
      "v",
    );
    if (!result.ok) throw new Error(result.error);
    const top = result.nodes[0]!;
    expect(top.transform).toMatchObject({ x: 50, y: 0, scaleX: 1, scaleY: 1 });
  });

  it("linear gradients in objectBoundingBox become local coordinates, stops inherited through href", () => {
    const node = only(
      `<defs><linearGradient id="a"><stop offset="0" stop-color="red"/><stop offset="100%" stop-color="blue" stop-opacity="1"/></linearGradient>
       <linearGradient id="b" href="#a" x1="0" y1="0" x2="0" y2="1"/></defs>
       <rect x="10" y="10" width="100" height="50" fill="url(#b)"/>`,
    );
    expect(node.type === "rect" && node.fill).toEqual({
      type: "linear",
      from: { x: 0, y: 0 },
      to: { x: 0, y: 50 },
      stops: [
        { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
        { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
      ],
    });
  });

  it("radial gradients in userSpaceOnUse with gradientTransform", () => {
    const node = only(
      `<defs><radialGradient id="r" gradientUnits="userSpaceOnUse" cx="50" cy="50" r="10" gradientTransform="translate(5 0)"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient></defs>
       <rect x="40" y="40" width="20" height="20" fill="url(#r)"/>`,
    );
    expect(node.type === "rect" && node.fill).toMatchObject({
      type: "radial",
      center: { x: 15, y: 10 },
      radius: 10,
      focal: { x: 15, y: 10 },
    });
  });

  it("use, symbol and nested svg", () => {
    const { nodes } = shapes(
      `<defs><symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10"/></symbol><circle id="c" r="1"/></defs>
       <use href="#s" x="5" y="5" width="20" height="20"/><use href="#c" x="3"/>
       <svg x="50" y="50" width="10" height="10" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>`,
    );
    expect(nodes.map((n) => n.type)).toEqual(["group", "ellipse", "group", "rect", "rect"]);
    expect(nodes[0]!.transform).toMatchObject({ x: 5, y: 5, scaleX: 2, scaleY: 2 });
    expect(nodes[1]!.transform).toMatchObject({ x: 2, y: -1 });
    expect(nodes[2]!.transform).toMatchObject({ x: 50, y: 50, scaleX: 10, scaleY: 10 });
  });

  it("text and tspans become one text node placed by its baseline", () => {
    const node = only(
      `<text x="10" y="30" font-size="20" font-family="'Inter', sans-serif" font-weight="bold" font-style="italic">Hello <tspan>world</tspan></text>`,
    );
    expect(node).toMatchObject({
      type: "text",
      content: "Hello world",
      fontSize: 20,
      fontFamily: "Inter",
      fontWeight: 700,
      fontStyle: "italic",
      transform: { x: 10 },
    });
    // Its top is where the renderer and the export put the baseline 30 below it: with the
    // estimated font metrics (ascent 0.93, descent 0.24 of the size), a line height of 1.2 sets
    // the baseline (24 − 23.4) / 2 + 18.6 = 18.9 below the top.
    expect(node.transform.y).toBeCloseTo(30 - 18.9, 9);
  });

  it("images from data: URIs become image nodes with their data", () => {
    const png = Buffer.from(makePng(3, 2)).toString("base64");
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,${png}" x="1" y="2" width="6" height="4"/></svg>`,
      "i",
    );
    if (!result.ok) throw new Error(result.error);
    const image = result.nodes[1]!;
    expect(image).toMatchObject({
      type: "image",
      naturalWidth: 3,
      naturalHeight: 2,
      width: 6,
      height: 4,
      transform: { x: 1, y: 2 },
    });
    expect(result.blobs).toHaveLength(1);
    expect(result.blobs[0]!.mime).toBe("image/png");
    expect(image.type === "image" && image.blob).toBe(result.blobs[0]!.id);
  });

  it("what is not imported and what is ignored are summed up by kind", () => {
    const { warnings } = shapes(
      `<defs><filter id="f"/><mask id="m"/><pattern id="p"/><clipPath id="c"/></defs>
       <rect width="1" height="1" filter="url(#f)"/><rect width="1" height="1" filter="url(#f)"/><rect width="1" height="1" mask="url(#m)"/>
       <rect width="1" height="1" fill="url(#p)"/><rect width="1" height="1" clip-path="url(#c)"/><textPath/>`,
    );
    expect(warnings).toEqual([
      "Not imported: 1 <textPath> element.",
      "Ignored: filter on 2 elements.",
    ]);
  });

  it("rejects XML that is not SVG", () => {
    expect(importSvg("<html/>", "x")).toEqual({
      ok: false,
      error: "The file is XML but not SVG: its root element is <html>.",
    });
  });
});
