import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument, NO_STROKE } from "../../src/doc/factory";
import { filterProblem, MAX_FILTER_PRIMITIVES } from "../../src/doc/filter";
import { DocumentStore } from "../../src/doc/store";
import {
  BLEND_MODES,
  COMPOSITE_OPERATORS,
  type DocRecord,
  type FilterInput,
  type FilterPrimitive,
  type GroupFilter,
  type GroupNode,
  type RectNode,
  type SceneNode,
} from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { FORMAT_VERSION, serializeDocument } from "../../src/io/native/format";
import { migrations } from "../../src/io/native/migrations";
import { parseDocument } from "../../src/io/native/parse";
import { makeNode } from "../../src/shapes/makeNode";
import { KIND_RULES } from "../../src/shapes/registry";
import { History } from "../../src/history/history";

const svgOf = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">${body}</svg>`;

function imported(svg: string): { nodes: SceneNode[]; warnings: readonly string[] } {
  const result = importSvg(svg, "test.svg");
  if (!result.ok) throw new Error(result.error);
  return { nodes: result.nodes, warnings: result.warnings };
}

function filtered(svg: string): {
  group: GroupNode;
  nodes: SceneNode[];
  warnings: readonly string[];
} {
  const { nodes, warnings } = imported(svg);
  const group = nodes.find((n): n is GroupNode => n.type === "group" && n.filter !== undefined);
  if (group === undefined) throw new Error(`no filtered group; warnings: ${warnings.join("; ")}`);
  return { group, nodes, warnings };
}

/** A square 20–70 filtered by `filter` (the filter element's markup, id "f"). */
const squareWith = (filter: string) =>
  svgOf(
    `<defs>${filter}</defs><rect x="20" y="20" width="50" height="50" fill="#336699" filter="url(#f)"/>`,
  );

/** The default region of the square 20–70: 10 % of its side around it. */
const SQUARE_REGION = { x: 15, y: 15, width: 60, height: 60 };

describe("SVG import of filters", () => {
  it("keeps the classic drop shadow chain (blur of SourceAlpha, offset, flood, composite in, merge)", () => {
    const { group, nodes, warnings } = filtered(
      squareWith(`<filter id="f">
        <feGaussianBlur in="SourceAlpha" stdDeviation="3"/>
        <feOffset dx="4" dy="5" result="offsetblur"/>
        <feFlood flood-color="#ff0000" flood-opacity="0.5"/>
        <feComposite in2="offsetblur" operator="in"/>
        <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
      </filter>`),
    );
    expect(warnings).toEqual([]);
    expect(group.filter).toEqual({
      region: SQUARE_REGION,
      // SVG's default region, a tenth of the box past each side, follows the drawing.
      fit: { x: -0.1, y: -0.1, width: 1.2, height: 1.2, reach: false },
      linearRGB: true,
      primitives: [
        { type: "blur", in: "SourceAlpha", stdDeviationX: 3, stdDeviationY: 3 },
        { type: "offset", in: 0, dx: 4, dy: 5 },
        { type: "flood", color: { r: 1, g: 0, b: 0, a: 0.5 } },
        { type: "composite", in: 2, in2: 1, operator: "in", k: [0, 0, 0, 0] },
        { type: "merge", inputs: [3, "SourceGraphic"] },
      ],
    });
    expect(nodes.filter((n) => n.parent === group.id).map((n) => n.type)).toEqual(["rect"]);
  });

  it("keeps feDropShadow with its defaults and colour", () => {
    const { group } = filtered(
      squareWith(
        `<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100" height="90"><feDropShadow stdDeviation="2.5" flood-color="blue" flood-opacity="0.25"/></filter>`,
      ),
    );
    expect(group.filter).toEqual({
      region: { x: 0, y: 0, width: 100, height: 90 },
      linearRGB: true,
      primitives: [
        {
          type: "dropShadow",
          in: "SourceGraphic",
          dx: 2,
          dy: 2,
          stdDeviation: 2.5,
          color: { r: 0, g: 0, b: 1, a: 0.25 },
        },
      ],
    });
  });

  it("keeps offset, flood and blend, with the colour space and bounding-box units", () => {
    const { group } = filtered(
      squareWith(`<filter id="f" x="0" y="-0.5" width="1" height="2" primitiveUnits="objectBoundingBox" color-interpolation-filters="sRGB">
        <feOffset in="SourceGraphic" dx="0.1" dy="0.2" result="moved"/>
        <feFlood style="flood-color: rgb(0, 255, 0); flood-opacity: 50%" result="green"/>
        <feBlend in="moved" in2="green" mode="multiply"/>
      </filter>`),
    );
    expect(group.filter).toEqual({
      region: { x: 20, y: -5, width: 50, height: 100 },
      fit: { x: 0, y: -0.5, width: 1, height: 2, reach: false },
      linearRGB: false,
      primitives: [
        { type: "offset", in: "SourceGraphic", dx: 5, dy: 10 },
        { type: "flood", color: { r: 0, g: 1, b: 0, a: 0.5 } },
        { type: "blend", in: 0, in2: 1, mode: "multiply" },
      ],
    });
  });

  it("keeps composite operators, arithmetic's coefficients and merges of several", () => {
    const { group } = filtered(
      squareWith(`<filter id="f">
        <feFlood flood-color="white" result="w"/>
        <feComposite in="SourceGraphic" in2="w" operator="arithmetic" k1="0.5" k2="1" k3="-0.25" k4="0.1" result="a"/>
        <feComposite in="a" in2="SourceAlpha" operator="xor"/>
        <feMerge><feMergeNode in="w"/><feMergeNode in="a"/><feMergeNode/></feMerge>
      </filter>`),
    );
    expect(group.filter!.primitives).toEqual([
      { type: "flood", color: { r: 1, g: 1, b: 1, a: 1 } },
      {
        type: "composite",
        in: "SourceGraphic",
        in2: 0,
        operator: "arithmetic",
        k: [0.5, 1, -0.25, 0.1],
      },
      { type: "composite", in: 1, in2: "SourceAlpha", operator: "xor", k: [0, 0, 0, 0] },
      { type: "merge", inputs: [0, 1, 2] },
    ]);
  });

  it("keeps Figma's drop shadow (colour matrices, offset, blur, composite out, blends)", () => {
    const { group, warnings } = filtered(
      squareWith(`<filter id="f" x="0" y="0" width="108" height="108" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
        <feFlood flood-opacity="0" result="BackgroundImageFix"/>
        <feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
        <feOffset dy="4"/>
        <feGaussianBlur stdDeviation="2"/>
        <feComposite in2="hardAlpha" operator="out"/>
        <feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.25 0"/>
        <feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow"/>
        <feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow" result="shape"/>
      </filter>`),
    );
    expect(warnings).toEqual([]);
    expect(group.filter!.linearRGB).toBe(false);
    expect(group.filter!.region).toEqual({ x: 0, y: 0, width: 108, height: 108 });
    expect(group.filter!.primitives.map((p) => p.type)).toEqual([
      "flood",
      "colorMatrix",
      "offset",
      "blur",
      "composite",
      "colorMatrix",
      "blend",
      "blend",
    ]);
    expect(group.filter!.primitives[1]).toEqual({
      type: "colorMatrix",
      in: "SourceAlpha",
      values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0],
    });
    expect(group.filter!.primitives[7]).toEqual({
      type: "blend",
      in: "SourceGraphic",
      in2: 6,
      mode: "normal",
    });
  });

  it("reads saturate, hueRotate and luminanceToAlpha as the matrices SVG defines", () => {
    const matrixOf = (attrs: string): readonly number[] => {
      const { group } = filtered(squareWith(`<filter id="f"><feColorMatrix ${attrs}/></filter>`));
      const p = group.filter!.primitives[0]!;
      if (p.type !== "colorMatrix") throw new Error(p.type);
      return p.values;
    };
    const identity = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];
    expect(matrixOf(`type="matrix"`)).toEqual(identity);
    matrixOf(`type="saturate" values="1"`).forEach((v, i) =>
      expect(v).toBeCloseTo(identity[i]!, 9),
    );
    matrixOf(`type="hueRotate" values="0"`).forEach((v, i) =>
      expect(v).toBeCloseTo(identity[i]!, 9),
    );
    expect(matrixOf(`type="saturate" values="0"`).slice(0, 5)).toEqual([0.213, 0.715, 0.072, 0, 0]);
    expect(matrixOf(`type="luminanceToAlpha"`)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.2125, 0.7154, 0.0721, 0, 0,
    ]);
  });

  it("still keeps one blur of the source graphic as a group's blur", () => {
    const { nodes } = imported(
      squareWith(`<filter id="f"><feGaussianBlur stdDeviation="3"/></filter>`),
    );
    const group = nodes.find((n): n is GroupNode => n.type === "group" && n.blur !== undefined);
    expect(group?.blur).toBe(3);
    expect(group?.filter).toBeUndefined();
  });

  it.each([
    ["a primitive it does not draw", `<feTurbulence baseFrequency="0.1"/>`],
    ["a colour matrix of too few values", `<feColorMatrix values="1 0 0"/>`],
    ["a primitive subregion", `<feOffset dx="2" x="0" y="0" width="10" height="10"/>`],
    ["the background image", `<feBlend in="SourceGraphic" in2="BackgroundImage"/>`],
    ["a flood in the current colour", `<feFlood flood-color="currentColor"/>`],
    ["a negative deviation", `<feGaussianBlur stdDeviation="-1"/><feOffset/>`],
    ["an offset past the model's limits", `<feOffset dx="1e300"/>`],
  ])("reports a filter with %s and draws the element unfiltered", (_what, body) => {
    const { nodes, warnings } = imported(squareWith(`<filter id="f">${body}</filter>`));
    // The drawing's own group, then the square, unfiltered.
    expect(nodes.map((n) => n.type)).toEqual(["group", "rect"]);
    expect(nodes.some((n) => n.type === "group" && (n.filter ?? n.blur) !== undefined)).toBe(false);
    expect(warnings.join(" ")).toMatch(/filter/);
  });

  it("places the filtered group inside the clip path (filter first, as SVG applies it)", () => {
    const { group, nodes } = filtered(
      svgOf(`<clipPath id="c"><rect width="40" height="40"/></clipPath>
        <filter id="f"><feOffset dx="3"/></filter>
        <rect x="10" y="10" width="50" height="50" clip-path="url(#c)" filter="url(#f)"/>`),
    );
    const parent = nodes.find((n) => n.id === group.parent) as GroupNode;
    expect(parent.mask).toBe("outline");
  });
});

const byte = fc.integer({ min: 0, max: 255 }).map((b) => b / 255);
const color = fc.record({
  r: byte,
  g: byte,
  b: byte,
  a: fc.double({ min: 0, max: 1, noNaN: true }),
});
// -0 reads back as 0, which draws the same.
const length = fc.double({ min: -1000, max: 1000, noNaN: true }).map((v) => (v === 0 ? 0 : v));
const deviation = fc.double({ min: 0, max: 100, noNaN: true });

function inputAt(index: number): fc.Arbitrary<FilterInput> {
  const sources: fc.Arbitrary<FilterInput>[] = [
    fc.constant("SourceGraphic" as const),
    fc.constant("SourceAlpha" as const),
  ];
  if (index > 0) sources.push(fc.integer({ min: 0, max: index - 1 }));
  return fc.oneof(...sources);
}

function primitiveAt(index: number): fc.Arbitrary<FilterPrimitive> {
  const input = inputAt(index);
  return fc.oneof(
    fc.record({
      type: fc.constant("blur" as const),
      in: input,
      stdDeviationX: deviation,
      stdDeviationY: deviation,
    }),
    fc.record({ type: fc.constant("offset" as const), in: input, dx: length, dy: length }),
    fc.record({ type: fc.constant("flood" as const), color }),
    fc.record({
      type: fc.constant("blend" as const),
      in: input,
      in2: input,
      mode: fc.constantFrom(...BLEND_MODES),
    }),
    fc.constantFrom(...COMPOSITE_OPERATORS).chain((operator) =>
      fc.record({
        type: fc.constant("composite" as const),
        in: input,
        in2: input,
        operator: fc.constant(operator),
        k:
          operator === "arithmetic"
            ? fc
                .tuple(length, length, length, length)
                .map((k) => k.map((v) => v / 10 || 0) as [number, number, number, number])
            : fc.constant([0, 0, 0, 0] as [number, number, number, number]),
      }),
    ),
    fc.record({ type: fc.constant("merge" as const), inputs: fc.array(input, { maxLength: 4 }) }),
    fc.record({
      type: fc.constant("colorMatrix" as const),
      in: input,
      values: fc.array(
        fc.double({ min: -100, max: 100, noNaN: true }).map((v) => v || 0),
        { minLength: 20, maxLength: 20 },
      ),
    }),
    fc.record({
      type: fc.constant("dropShadow" as const),
      in: input,
      dx: length,
      dy: length,
      stdDeviation: deviation,
      color,
    }),
  );
}

const groupFilter: fc.Arbitrary<GroupFilter> = fc
  .integer({ min: 1, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => primitiveAt(i))))
  .chain((primitives) =>
    fc.record({
      region: fc.record({
        x: length,
        y: length,
        width: fc.double({ min: 0.001, max: 5000, noNaN: true }),
        height: fc.double({ min: 0.001, max: 5000, noNaN: true }),
      }),
      linearRGB: fc.boolean(),
      primitives: fc.constant(primitives),
    }),
  );

/** A page holding a group, filtered by `filter`, over a square. */
function filteredDocument(filter: GroupFilter | undefined): DocRecord[] {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "",
    created: "2026-01-01T00:00:00.000Z",
  });
  const group = makeNode<GroupNode>("group", "g", "p1", "a0", {
    filter,
    transform: { x: 10, y: 20, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
  });
  const square = makeNode<RectNode>("rect", "sq", "g", "a5", {
    width: 100,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0, g: 0.5, b: 0, a: 1 } },
    stroke: NO_STROKE,
  });
  return [meta!, page!, group, square];
}

function exportedAndBack(filter: GroupFilter): GroupFilter | undefined {
  const store = new DocumentStore(filteredDocument(filter), { invariants: KIND_RULES });
  const { svg } = exportSvg(store, { scope: { page: "p1" }, linework: false });
  const { nodes } = imported(svg);
  return nodes.find((n): n is GroupNode => n.type === "group" && n.filter !== undefined)?.filter;
}

/** Markup of a filter primitive with attributes drawn from valid, odd and hostile values. */
const anyNumber = fc.oneof(
  fc.double({ noNaN: false }).map(String),
  fc.constantFrom("0", "-1", "1e300", "-1e-300", "", "abc", "5%", "2 3", "1,2,3", "Infinity"),
);
const anyName = fc.constantFrom(
  "SourceGraphic",
  "SourceAlpha",
  "BackgroundImage",
  "r0",
  "r1",
  "missing",
  "",
);
const attr = (name: string, value: fc.Arbitrary<string>) =>
  fc.option(
    value.map((v) => ` ${name}="${v.replace(/[<&"]/g, "")}"`),
    { nil: "" },
  );
const anyPrimitive = fc
  .tuple(
    fc.constantFrom(
      "feGaussianBlur",
      "feOffset",
      "feFlood",
      "feBlend",
      "feComposite",
      "feColorMatrix",
      "feDropShadow",
      "feMerge",
      "feTurbulence",
    ),
    fc.tuple(
      attr("in", anyName),
      attr("in2", anyName),
      attr("result", anyName),
      attr("stdDeviation", anyNumber),
      attr("dx", anyNumber),
      attr("dy", anyNumber),
      attr("mode", fc.constantFrom("multiply", "screen", "plus", "hue", "")),
      attr("operator", fc.constantFrom("over", "in", "arithmetic", "lighter", "")),
      attr("k1", anyNumber),
      attr(
        "values",
        fc.array(anyNumber, { maxLength: 22 }).map((v) => v.join(" ")),
      ),
      attr("type", fc.constantFrom("matrix", "saturate", "hueRotate", "luminanceToAlpha", "x")),
      attr("flood-color", fc.constantFrom("red", "#123", "rgb(1 2 3 / 50%)", "currentColor", "?")),
      attr("flood-opacity", anyNumber),
    ),
    fc.array(attr("in", anyName), { maxLength: 3 }),
  )
  .map(([tag, attrs, nodes]) =>
    tag === "feMerge"
      ? `<feMerge${attrs.join("")}>${nodes.map((n) => `<feMergeNode${n}/>`).join("")}</feMerge>`
      : `<${tag}${attrs.join("")}/>`,
  );

describe("SVG import of any filter markup (property)", () => {
  it("never fails, and every filter it keeps is one the document's rules accept", () => {
    fc.assert(
      fc.property(
        fc.array(anyPrimitive, { minLength: 1, maxLength: 6 }),
        attr("filterUnits", fc.constantFrom("userSpaceOnUse", "objectBoundingBox", "bad")),
        attr("primitiveUnits", fc.constantFrom("userSpaceOnUse", "objectBoundingBox")),
        attr("width", anyNumber),
        (primitives, units, primitiveUnits, width) => {
          const { nodes, warnings } = imported(
            squareWith(
              `<filter id="f"${units}${primitiveUnits}${width}>${primitives.join("")}</filter>`,
            ),
          );
          const groups = nodes.filter(
            (n): n is GroupNode => n.type === "group" && n.filter !== undefined,
          );
          for (const group of groups) expect(filterProblem(group.filter)).toBeNull();
          // Kept, or reported: never dropped without a word.
          if (groups.length === 0 && !nodes.some((n) => n.type === "group" && n.blur !== undefined))
            expect(warnings.join(" ")).toMatch(/filter/);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("SVG export of filters", () => {
  it("writes a real <filter> (region in user space, named results) that reads back the same", () => {
    const filter: GroupFilter = {
      region: { x: -10, y: -10, width: 130, height: 125.5 },
      linearRGB: true,
      primitives: [
        { type: "blur", in: "SourceAlpha", stdDeviationX: 3, stdDeviationY: 1.5 },
        { type: "offset", in: 0, dx: 4, dy: -5 },
        { type: "flood", color: { r: 0.2, g: 0.4, b: 1, a: 0.3 } },
        { type: "composite", in: 2, in2: 1, operator: "in", k: [0, 0, 0, 0] },
        { type: "merge", inputs: [3, "SourceGraphic"] },
      ],
    };
    const store = new DocumentStore(filteredDocument(filter), { invariants: KIND_RULES });
    const { svg } = exportSvg(store, { scope: { page: "p1" }, linework: false });
    expect(svg).toMatch(
      /<filter [^>]*filterUnits="userSpaceOnUse" x="-10" y="-10" width="130" height="125.5"/,
    );
    expect(svg).toMatch(/<feGaussianBlur in="SourceAlpha" stdDeviation="3 1.5" result="r0"\/>/);
    expect(svg).toMatch(
      /<feMerge result="r4"><feMergeNode in="r3"\/><feMergeNode in="SourceGraphic"\/><\/feMerge>/,
    );
    expect(exportedAndBack(filter)).toEqual(filter);
  });

  it("round-trips any filter of the model exactly (property)", () => {
    fc.assert(
      fc.property(groupFilter, (filter) => {
        expect(filterProblem(filter)).toBeNull();
        expect(exportedAndBack(filter)).toEqual(filter);
      }),
      { numRuns: 150 },
    );
  });

  it("round-trips a colour of fractional channels exactly", () => {
    const filter: GroupFilter = {
      region: { x: 0, y: 0, width: 10, height: 10 },
      linearRGB: false,
      primitives: [{ type: "flood", color: { r: 0.07, g: 1 / 3, b: 0.123456789, a: 0.5 } }],
    };
    expect(exportedAndBack(filter)).toEqual(filter);
  });
});

describe("filters in the native format (version 9)", () => {
  const shadow: GroupFilter = {
    region: { x: -10, y: -10, width: 130, height: 130 },
    linearRGB: true,
    primitives: [
      {
        type: "dropShadow",
        in: "SourceGraphic",
        dx: 3,
        dy: 4,
        stdDeviation: 2,
        color: { r: 0, g: 0, b: 0, a: 0.5 },
      },
    ],
  };

  it("saves and loads a group's filter; an unfiltered group writes none", () => {
    expect(FORMAT_VERSION).toBeGreaterThanOrEqual(9);
    const records = filteredDocument(shadow);
    const text = serializeDocument(records);
    const result = parseDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.records.find((r) => r.id === "g")).toEqual(records.find((r) => r.id === "g"));
    expect(serializeDocument(filteredDocument(undefined))).not.toMatch(/"filter"/);
  });

  it("opens a version 8 file, which has no filters, as it is (migration 8 → 9)", () => {
    const records = filteredDocument(undefined);
    const file = JSON.parse(serializeDocument(records));
    file.version = 8;
    expect(migrations[8]!(structuredClone(file))).toEqual(file);
    const result = parseDocument(JSON.stringify(file));
    if (!result.ok) throw new Error(result.error);
    expect(
      Object.hasOwn(
        result.records.find((r) => r.id === "g")!,
        "filter",
      ),
    ).toBe(false);
    // The version 6 fixture still opens.
    const v6 = parseDocument(
      readFileSync(new URL("../fixtures/native/v6-basic.linework", import.meta.url), "utf8"),
    );
    expect(v6.ok).toBe(true);
  });

  const tooMany = {
    ...shadow,
    primitives: Array.from({ length: MAX_FILTER_PRIMITIVES + 1 }, () => shadow.primitives[0]),
  };
  it.each([
    ["too many primitives", tooMany, /at most 32/],
    ["an empty list", { ...shadow, primitives: [] }, /at least one/],
    ["a region of no area", { ...shadow, region: { ...shadow.region, width: 0 } }, /region.width/],
    [
      "an input from later",
      { ...shadow, primitives: [{ ...shadow.primitives[0], in: 0 }] },
      /in must be/,
    ],
    ["an unknown type", { ...shadow, primitives: [{ type: "turbulence" }] }, /type must be one of/],
    [
      "a huge offset",
      { ...shadow, primitives: [{ ...shadow.primitives[0], dx: 1e300 }] },
      /dx must be/,
    ],
    [
      "a negative deviation",
      { ...shadow, primitives: [{ ...shadow.primitives[0], stdDeviation: -1 }] },
      /stdDeviation must be/,
    ],
    [
      "a colour out of range",
      { ...shadow, primitives: [{ type: "flood", color: { r: 2, g: 0, b: 0, a: 1 } }] },
      /r must be a number/,
    ],
    [
      "an unknown blend mode",
      {
        ...shadow,
        primitives: [{ type: "blend", in: "SourceGraphic", in2: "SourceAlpha", mode: "plus" }],
      },
      /mode is unknown/,
    ],
    [
      "a merge of too many",
      { ...shadow, primitives: [{ type: "merge", inputs: Array(17).fill("SourceGraphic") }] },
      /inputs must be a list/,
    ],
    ["an extra field", { ...shadow, extra: 1 }, /unknown field extra/],
    [
      "a colour matrix of the wrong size",
      { ...shadow, primitives: [{ type: "colorMatrix", in: "SourceGraphic", values: [1, 0] }] },
      /values must be twenty numbers/,
    ],
  ])("refuses a file whose filter has %s", (_what, filter, message) => {
    const text = serializeDocument(filteredDocument(shadow)).replace(
      JSON.stringify(shadow),
      JSON.stringify(filter),
    );
    expect(text).not.toBe(serializeDocument(filteredDocument(shadow)));
    const result = parseDocument(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it("refuses a file whose group carries both a blur and a filter", () => {
    const records = filteredDocument(shadow).map((r) =>
      r.id === "g" ? ({ ...r, blur: 2 } as GroupNode) : r,
    );
    const result = parseDocument(serializeDocument(records));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/both a blur and a filter/);
  });

  it("holds edits to the same rules: the store's invariants refuse a bad filter or blur and filter", () => {
    const store = new DocumentStore(filteredDocument(shadow), { invariants: KIND_RULES });
    const history = new History(store);
    const group = store.get("g") as GroupNode;
    expect(() =>
      store.transact("Bad", (tx) => tx.update("g", { filter: { ...shadow, primitives: [] } })),
    ).toThrow(/filter primitives/);
    expect(() => store.transact("Both", (tx) => tx.update("g", { blur: 2 }))).toThrow(
      /both a blur and a filter/,
    );
    expect(store.get("g")).toEqual(group);
    store.transact("Remove", (tx) => tx.update("g", { filter: undefined }));
    expect((store.get("g") as GroupNode).filter).toBeUndefined();
    expect(history.undo()).toBe(true);
    expect((store.get("g") as GroupNode).filter).toEqual(shadow);
  });
});
