import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument, NO_STROKE } from "../../src/doc/factory";
import { filterProblem } from "../../src/doc/filter";
import { MAX_SHADOWS, shadowPrimitives, shadowsOf, type ShadowEffect } from "../../src/doc/shadows";
import { DocumentStore } from "../../src/doc/store";
import type { GroupFilter, GroupNode, RectNode } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { makeNode } from "../../src/shapes/makeNode";
import { KIND_RULES } from "../../src/shapes/registry";

// Colour channels of whole bytes (what the export spells as hex; a channel such as 0.048283
// has no spelling the import reads back exactly), opacities in millionths.
const byte = fc.integer({ min: 0, max: 255 }).map((v) => v / 255);
const unit = fc.integer({ min: 0, max: 1_000_000 }).map((v) => v / 1_000_000);
const shadow: fc.Arbitrary<ShadowEffect> = fc.record({
  dx: fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((v) => v + 0),
  dy: fc.double({ min: -1e4, max: 1e4, noNaN: true }).map((v) => v + 0),
  stdDeviation: fc.oneof(
    fc.constant(0),
    fc.double({ min: 0, max: 1000, noNaN: true }).map((v) => v + 0),
  ),
  color: fc.record({ r: byte, g: byte, b: byte, a: unit }),
  solid: fc.boolean(),
  clipped: fc.boolean(),
});
const shadows = fc.array(shadow, { minLength: 1, maxLength: MAX_SHADOWS });

function filterOf(list: readonly ShadowEffect[], linearRGB = true): GroupFilter {
  return {
    region: { x: -100, y: -100, width: 400, height: 400 },
    linearRGB,
    primitives: shadowPrimitives(list),
  };
}

/** The filter of the first filtered group in `svg`, as the import reads it. */
function importedFilter(svg: string): GroupFilter | undefined {
  const result = importSvg(svg, "shadows.svg");
  if (!result.ok) throw new Error(result.error);
  return result.nodes.find((n): n is GroupNode => n.type === "group" && n.filter !== undefined)
    ?.filter;
}

function squareWith(filter: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">${filter}<rect x="20" y="20" width="60" height="50" fill="#3366cc" filter="url(#f)"/></svg>`;
}

function exportedAndBack(filter: GroupFilter): GroupFilter | undefined {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "",
    created: "2026-01-01T00:00:00.000Z",
  });
  const group = makeNode<GroupNode>("group", "g", "p1", "a0", { filter });
  const square = makeNode<RectNode>("rect", "sq", "g", "a5", {
    width: 100,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0, g: 0.5, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
  const store = new DocumentStore([meta!, page!, group, square], { invariants: KIND_RULES });
  const { svg } = exportSvg(store, { scope: { page: "p1" }, linework: false });
  return importedFilter(svg);
}

describe("drop shadows as an effects list", () => {
  it("reads back any list it writes, within the model's limits (property)", () => {
    fc.assert(
      fc.property(shadows, fc.boolean(), (list, linearRGB) => {
        const filter = filterOf(list, linearRGB);
        expect(filterProblem(filter)).toBeNull();
        expect(shadowsOf(filter)).toEqual(list);
      }),
      { numRuns: 300 },
    );
  });

  it("reads the same list from the exported SVG read back (property)", () => {
    fc.assert(
      fc.property(shadows, (list) => {
        const back = exportedAndBack(filterOf(list));
        expect(back).toBeDefined();
        expect(shadowsOf(back!)).toEqual(list);
      }),
      { numRuns: 40 },
    );
  });

  it("recognises the classic SVG chain, feDropShadow, and several classic shadows merged", () => {
    const classic = importedFilter(
      squareWith(`<filter id="f">
        <feGaussianBlur in="SourceAlpha" stdDeviation="3"/>
        <feOffset dx="6" dy="6" result="offsetblur"/>
        <feFlood flood-color="#000000" flood-opacity="0.5"/>
        <feComposite in2="offsetblur" operator="in"/>
        <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
      </filter>`),
    )!;
    const black = { r: 0, g: 0, b: 0, a: 0.5 };
    expect(shadowsOf(classic)).toEqual([
      { dx: 6, dy: 6, stdDeviation: 3, color: black, solid: false, clipped: false },
    ]);
    const drop = importedFilter(
      squareWith(
        `<filter id="f"><feDropShadow dx="5" dy="-4" stdDeviation="2" flood-color="#008000" flood-opacity="0.7"/></filter>`,
      ),
    )!;
    expect(shadowsOf(drop)).toEqual([
      {
        dx: 5,
        dy: -4,
        stdDeviation: 2,
        color: { r: 0, g: 128 / 255, b: 0, a: 0.7 },
        solid: false,
        clipped: false,
      },
    ]);
    const two = importedFilter(
      squareWith(`<filter id="f">
        <feOffset in="SourceAlpha" dx="1" dy="2"/><feGaussianBlur stdDeviation="1" result="a"/>
        <feFlood flood-color="red"/><feComposite in2="a" operator="in" result="sa"/>
        <feGaussianBlur in="SourceAlpha" stdDeviation="4"/><feOffset dy="8" result="b"/>
        <feFlood flood-color="blue" flood-opacity="0.25"/><feComposite in2="b" operator="in" result="sb"/>
        <feMerge><feMergeNode in="sa"/><feMergeNode in="sb"/><feMergeNode in="SourceGraphic"/></feMerge>
      </filter>`),
    )!;
    expect(shadowsOf(two)).toEqual([
      {
        dx: 1,
        dy: 2,
        stdDeviation: 1,
        color: { r: 1, g: 0, b: 0, a: 1 },
        solid: false,
        clipped: false,
      },
      {
        dx: 0,
        dy: 8,
        stdDeviation: 4,
        color: { r: 0, g: 0, b: 1, a: 0.25 },
        solid: false,
        clipped: false,
      },
    ]);
  });

  it("recognises Figma's exported drop shadows, one and two", () => {
    const figma = (effects: string) =>
      importedFilter(
        squareWith(`<filter id="f" x="0" y="0" width="120" height="110" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
          <feFlood flood-opacity="0" result="BackgroundImageFix"/>${effects}
          <feBlend mode="normal" in="SourceGraphic" in2="effect2_dropShadow" result="shape"/>
        </filter>`),
      )!;
    const effect = (n: number, before: string, dy: number, blur: number, values: string) => `
      <feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
      <feOffset dy="${dy}"/>
      <feGaussianBlur stdDeviation="${blur}"/>
      <feComposite in2="hardAlpha" operator="out"/>
      <feColorMatrix type="matrix" values="${values}"/>
      <feBlend mode="normal" in2="${before}" result="effect${n}_dropShadow"/>`;
    const first = effect(
      1,
      "BackgroundImageFix",
      4,
      2,
      "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0",
    );
    const second = effect(
      2,
      "effect1_dropShadow",
      1,
      0.5,
      "0 0 0 0 1 0 0 0 0 0.2 0 0 0 0 0.4 0 0 0 0.6 0",
    );
    expect(
      shadowsOf(figma(first.replace('result="effect1_dropShadow"', 'result="effect2_dropShadow"'))),
    ).toEqual([
      {
        dx: 0,
        dy: 4,
        stdDeviation: 2,
        color: { r: 0, g: 0, b: 0, a: 0.25 },
        solid: true,
        clipped: true,
      },
    ]);
    const both = figma(first + second);
    expect(shadowsOf(both)).toEqual([
      {
        dx: 0,
        dy: 4,
        stdDeviation: 2,
        color: { r: 0, g: 0, b: 0, a: 0.25 },
        solid: true,
        clipped: true,
      },
      {
        dx: 0,
        dy: 1,
        stdDeviation: 0.5,
        color: { r: 1, g: 0.2, b: 0.4, a: 0.6 },
        solid: true,
        clipped: true,
      },
    ]);
    // Written back as the canonical graph, the same two shadows.
    expect(shadowsOf({ ...both, primitives: shadowPrimitives(shadowsOf(both)!) })).toEqual(
      shadowsOf(both),
    );
  });

  it("calls anything that draws more or other than shadows under the drawing no list", () => {
    const none = (filter: string) => shadowsOf(importedFilter(squareWith(filter))!);
    // A tint: the drawing moved and multiplied with a flood.
    expect(
      none(
        `<filter id="f"><feOffset in="SourceGraphic" dx="8" dy="6" result="m"/><feFlood flood-color="#ffcc00" result="y"/><feBlend in="m" in2="y" mode="multiply"/></filter>`,
      ),
    ).toBeNull();
    // A glow of the drawing itself (its colours blurred), not of its alpha.
    expect(
      none(
        `<filter id="f"><feGaussianBlur in="SourceGraphic" stdDeviation="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      ),
    ).toBeNull();
    // A shadow over the drawing rather than under it.
    expect(
      none(
        `<filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dx="2" result="o"/><feFlood flood-color="red"/><feComposite in2="o" operator="in" result="s"/><feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="s"/></feMerge></filter>`,
      ),
    ).toBeNull();
    // The shadow alone, the drawing left out.
    expect(
      none(
        `<filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dx="2" result="o"/><feFlood flood-color="red"/><feComposite in2="o" operator="in"/></filter>`,
      ),
    ).toBeNull();
    // A shadow blended by multiply, and one drawn in black alpha (no colour given).
    expect(
      none(
        `<filter id="f"><feDropShadow dx="2" dy="2" result="d"/><feFlood flood-color="red" result="r"/><feBlend in="d" in2="r" mode="multiply"/></filter>`,
      ),
    ).toBeNull();
    expect(
      none(
        `<filter id="f"><feGaussianBlur in="SourceAlpha" stdDeviation="3" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
      ),
    ).toBeNull();
    // Figma's inner shadow: cut by the shape the other way round.
    expect(
      none(
        `<filter id="f"><feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/><feOffset dy="4"/><feGaussianBlur stdDeviation="2"/><feComposite in2="hardAlpha" operator="arithmetic" k2="-1" k3="1"/><feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/><feBlend mode="normal" in2="SourceGraphic"/></filter>`,
      ),
    ).toBeNull();
    // A colour matrix's colour in linear light is not the flood's colour.
    const linear: GroupFilter = {
      region: { x: 0, y: 0, width: 1, height: 1 },
      linearRGB: true,
      primitives: [
        { type: "offset", in: "SourceAlpha", dx: 1, dy: 1 },
        {
          type: "colorMatrix",
          in: 0,
          values: [0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
        },
        { type: "merge", inputs: [1, "SourceGraphic"] },
      ],
    };
    expect(shadowsOf(linear)).toBeNull();
    expect(shadowsOf({ ...linear, linearRGB: false })).toEqual([
      {
        dx: 1,
        dy: 1,
        stdDeviation: 0,
        color: { r: 0.5, g: 0, b: 0, a: 1 },
        solid: false,
        clipped: false,
      },
    ]);
  });
});
