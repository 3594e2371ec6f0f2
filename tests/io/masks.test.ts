import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDocument, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type {
  DocRecord,
  EllipseNode,
  FrameNode,
  GroupNode,
  MaskKind,
  PathNode,
  RectNode,
  SceneNode,
  TextNode,
} from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { FORMAT_VERSION, serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { runTool } from "./export/externalTools";
import { decodePng, type Pixels } from "./export/images";
import { elements, parseXml } from "./export/xml";
import { KIND_RULES } from "../../src/shapes/registry";

const GREEN = { r: 0, g: 0.5, b: 0, a: 1 };
const WHITE = { r: 1, g: 1, b: 1, a: 1 };
const AT = (x: number, y: number) => ({ x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 });

function imported(svg: string): SceneNode[] {
  const result = importSvg(svg, "test.svg");
  if (!result.ok) throw new Error(result.error);
  return result.nodes;
}

function warningsOf(svg: string): readonly string[] {
  const result = importSvg(svg, "test.svg");
  if (!result.ok) throw new Error(result.error);
  return result.warnings;
}

const svgOf = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">${body}</svg>`;

function childrenOf(nodes: readonly SceneNode[], parent: string): SceneNode[] {
  return nodes.filter((n) => n.parent === parent).sort((a, b) => (a.index < b.index ? -1 : 1));
}

function maskedGroups(nodes: readonly SceneNode[], kind?: MaskKind): GroupNode[] {
  return nodes.filter(
    (n): n is GroupNode =>
      n.type === "group" && n.mask !== undefined && (kind === undefined || n.mask === kind),
  );
}

/** A page holding a group masked by `mask` over a green square 0–100. */
function maskedDocument(kind: MaskKind, mask: SceneNode[]): DocRecord[] {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "",
    created: "2026-01-01T00:00:00.000Z",
  });
  const group = makeNode<GroupNode>("group", "g", "p1", "a0", {
    mask: kind,
    transform: AT(10, 20),
  });
  const square = makeNode<RectNode>("rect", "sq", "g", "a5", {
    width: 100,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: GREEN },
    stroke: NO_STROKE,
  });
  return [meta!, page!, group, ...mask, square];
}

const circle = (parent: string, index = "a0"): EllipseNode =>
  makeNode<EllipseNode>("ellipse", `c-${parent}-${index}`, parent, index, {
    width: 100,
    height: 100,
    fill: { type: "none" },
    stroke: NO_STROKE,
  });

describe("masked groups in the native format (version 7)", () => {
  it("save and load a group's mask; an unmasked group writes none", () => {
    const records = maskedDocument("luminance", [circle("g")]);
    const text = serializeDocument(records);
    expect(JSON.parse(text).version).toBe(FORMAT_VERSION);
    expect(FORMAT_VERSION).toBeGreaterThanOrEqual(7);
    const result = parseDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.records.find((r) => r.id === "g")).toEqual(records.find((r) => r.id === "g"));
    const plain = serializeDocument(
      records.map((r) => (r.id === "g" ? { ...r, mask: undefined } : r)),
    );
    expect(plain).not.toMatch(/"mask"/);
    const back = parseDocument(plain);
    if (!back.ok) throw new Error(back.error);
    expect(
      Object.hasOwn(
        back.records.find((r) => r.id === "g")!,
        "mask",
      ),
    ).toBe(false);
  });

  it("refuse a mask kind it does not know", () => {
    const file = JSON.parse(serializeDocument(maskedDocument("alpha", [circle("g")])));
    const text = JSON.stringify(file).replace('"mask":"alpha"', '"mask":"inverse"');
    const result = parseDocument(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/mask .*must be one of "outline", "alpha"/);
  });

  it("open a version 6 file, which has no masks, as it is", () => {
    const text = readFileSync(
      new URL("../fixtures/native/v6-basic.linework", import.meta.url),
      "utf8",
    );
    expect(JSON.parse(text).version).toBe(6);
    const result = parseDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect(result.message).toMatch(/older format \(6\)/);
    const groups = result.records.filter((r) => r.type === "group");
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) expect(Object.hasOwn(group, "mask")).toBe(false);
  });

  it("undo and redo a mask through the store", () => {
    const store = new DocumentStore(maskedDocument("outline", [circle("g")]), {
      invariants: KIND_RULES,
    });
    store.transact("Unmask", (tx) => {
      const g = tx.get("g") as GroupNode;
      tx.put({ ...g, mask: "alpha" });
    });
    expect((store.get("g") as GroupNode).mask).toBe("alpha");
  });
});

describe("clip paths into masked groups", () => {
  it("take any shape, in objectBoundingBox units, as an outline mask before the content", () => {
    const nodes = imported(
      svgOf(`<clipPath id="c" clipPathUnits="objectBoundingBox"><circle cx=".5" cy=".5" r=".5"/></clipPath>
        <rect x="20" y="40" width="100" height="50" fill="green" clip-path="url(#c)"/>`),
    );
    const [group] = maskedGroups(nodes, "outline");
    expect(group).toBeDefined();
    const [clip, content] = childrenOf(nodes, group!.id);
    expect(content!.type).toBe("rect");
    expect(clip!.type).toBe("group");
    const [shape] = childrenOf(nodes, clip!.id) as EllipseNode[];
    expect(shape!.type).toBe("ellipse");
    // The unit circle scaled to the rectangle's box: 100 × 50 at (20, 40).
    expect(shape!.width * shape!.transform.scaleX).toBeCloseTo(100);
    expect(shape!.height * shape!.transform.scaleY).toBeCloseTo(50);
    expect(shape!.transform.x).toBeCloseTo(20);
    expect(shape!.transform.y).toBeCloseTo(40);
    // Only the outline counts: filled, unstroked.
    expect(shape!.fill.type).toBe("solid");
    expect(shape!.stroke.paint).toBeNull();
  });

  it("keep clip-rule as the shapes' fill rule, paths and text included", () => {
    const nodes = imported(
      svgOf(`<clipPath id="c" clip-rule="evenodd"><path d="M0 0H100V100H0ZM25 25H75V75H25Z"/>
        <text x="10" y="150" font-size="40" clip-rule="nonzero">Hi</text></clipPath>
        <g clip-path="url(#c)"><rect width="200" height="200" fill="green"/></g>`),
    );
    const path = nodes.find((n): n is PathNode => n.type === "path")!;
    expect(path.fillRule).toBe("evenodd");
    const text = nodes.find((n): n is TextNode => n.type === "text")!;
    expect(text.content).toBe("Hi");
    expect(
      warningsOf(
        svgOf(`<clipPath id="c"><rect width="5" height="5" rx="2"/></clipPath>
      <rect width="9" height="9" clip-path="url(#c)"/>`),
      ).join(" "),
    ).not.toMatch(/clip/);
  });

  it("nest: a clip path's own clip path and its shapes' clip paths", () => {
    const nodes = imported(
      svgOf(`<clipPath id="inner"><rect width="50" height="200"/></clipPath>
        <clipPath id="outer" clip-path="url(#inner)"><circle cx="50" cy="50" r="50"/>
          <rect x="100" width="50" height="50" clip-path="url(#inner)"/></clipPath>
        <rect width="200" height="200" fill="green" clip-path="url(#outer)"/>`),
    );
    expect(maskedGroups(nodes, "outline").length).toBe(2);
    // The shape's own clip is a rectangle: a clipping frame inside the clip path's shapes.
    expect(nodes.some((n) => n.type === "frame" && (n as FrameNode).clip)).toBe(true);
    // The clipped element's group is masked by a group masked in turn by the inner clip.
    const top = maskedGroups(nodes, "outline").find(
      (g) => childrenOf(nodes, g.id)[1]?.type === "rect",
    )!;
    const mask = childrenOf(nodes, top.id)[0] as GroupNode;
    expect(mask.mask).toBe("outline");
  });

  it("draw nothing for an empty clip path, and report one that refers to nothing", () => {
    expect(
      imported(svgOf(`<clipPath id="c"/><rect width="9" height="9" clip-path="url(#c)"/>`)).filter(
        (n) => n.type === "rect",
      ),
    ).toHaveLength(0);
    expect(
      warningsOf(svgOf(`<rect width="9" height="9" clip-path="url(#nothing)"/>`)).join(" "),
    ).toMatch(/clip path that refers to nothing/);
  });

  it("keep rectangles as clipping frames", () => {
    const nodes = imported(
      svgOf(`<clipPath id="c"><rect x="10" y="10" width="50" height="50"/></clipPath>
        <circle cx="50" cy="50" r="50" clip-path="url(#c)"/>`),
    );
    expect(nodes.some((n) => n.type === "frame" && (n as FrameNode).clip)).toBe(true);
    expect(maskedGroups(nodes)).toHaveLength(0);
  });
});

describe("masks into masked groups", () => {
  it("take a luminance mask's content in a clipping frame over its region", () => {
    const nodes = imported(
      svgOf(`<mask id="m"><rect width="200" height="100" fill="white"/></mask>
        <rect x="20" y="20" width="160" height="160" fill="green" mask="url(#m)"/>`),
    );
    const [group] = maskedGroups(nodes, "luminance");
    const [region, content] = childrenOf(nodes, group!.id) as [FrameNode, SceneNode];
    expect(content.type).toBe("rect");
    expect(region.type).toBe("frame");
    expect(region.clip).toBe(true);
    // -10 % and 120 % of the 160-unit box at 20.
    expect(region.transform.x).toBeCloseTo(4);
    expect(region.width).toBeCloseTo(192);
    const [white] = childrenOf(nodes, region.id) as RectNode[];
    expect(white!.transform.x).toBeCloseTo(-4);
  });

  it("read mask-type alpha, userSpaceOnUse regions and objectBoundingBox content", () => {
    const nodes = imported(
      svgOf(`<mask id="m" style="mask-type:alpha" maskUnits="userSpaceOnUse" x="0" y="0" width="100" height="200"
          maskContentUnits="objectBoundingBox"><rect width=".5" height="1"/></mask>
        <rect x="20" y="20" width="160" height="160" fill="green" mask="url(#m)"/>`),
    );
    const [group] = maskedGroups(nodes, "alpha");
    const [region] = childrenOf(nodes, group!.id) as FrameNode[];
    expect(region!.width).toBeCloseTo(100);
    const [half] = childrenOf(nodes, region!.id) as RectNode[];
    expect(half!.width * half!.transform.scaleX).toBeCloseTo(80);
    expect(half!.transform.x).toBeCloseTo(20);
  });
});

describe("masked groups in SVG", () => {
  const tmp = mkdtempSync(join(tmpdir(), "linework-masks-"));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  function rendered(svg: string): Pixels {
    const file = join(tmp, "masked.svg");
    const png = join(tmp, "masked.png");
    writeFileSync(file, svg);
    runTool("rsvg-convert", ["--format=png", `--output=${png}`, file]);
    return decodePng(readFileSync(png));
  }

  const at = (pixels: Pixels, x: number, y: number) => {
    const i = (y * pixels.width + x) * 4;
    return [...pixels.data.subarray(i, i + 4)];
  };

  it("export an outline mask as a real <clipPath>, drawn clipped by rsvg", () => {
    const store = new DocumentStore(maskedDocument("outline", [circle("g")]), {
      invariants: KIND_RULES,
    });
    const { svg, bounds } = exportSvg(store, { scope: { page: "p1" } });
    const root = parseXml(svg);
    const clip = elements(root).find((e) => e.localName === "clipPath")!;
    expect(clip.getAttribute("clipPathUnits")).toBe("userSpaceOnUse");
    expect(elements(clip).some((e) => e.localName === "ellipse")).toBe(true);
    expect(elements(root).some((e) => e.getAttribute("clip-path")?.includes("url(#"))).toBe(true);
    const pixels = rendered(svg);
    // Square 0–100 at (10, 20), clipped to the circle inscribed in it.
    const x0 = Math.round(10 - bounds.minX);
    const y0 = Math.round(20 - bounds.minY);
    expect(at(pixels, x0 + 50, y0 + 50)[3]).toBe(255);
    expect(at(pixels, x0 + 3, y0 + 3)[3]).toBe(0);
  });

  it("export only what the mask lets show: the view box is where mask and content meet", () => {
    const small = makeNode<RectNode>("rect", "small", "g", "a0", {
      width: 20,
      height: 30,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: WHITE },
      stroke: NO_STROKE,
      transform: AT(-50, 40),
    });
    const store = new DocumentStore(maskedDocument("outline", [small]), {
      invariants: KIND_RULES,
    });
    // The mask reaches from -50 to -30 across, the square from 0 to 100: they meet nowhere
    // across, so nothing is drawn; moved to 10, they meet on 10–30 by 40–70 (page: +10, +20).
    expect(() => exportSvg(store, { scope: { page: "p1" } })).toThrow(/Nothing to export/);
    store.transact("Move", (tx) => tx.put({ ...small, transform: AT(10, 40) }));
    const { bounds } = exportSvg(store, { scope: { page: "p1" } });
    expect(bounds).toEqual({ minX: 20, minY: 60, maxX: 40, maxY: 90 });
  });

  it("export luminance and alpha masks as <mask>, drawn masked by rsvg", () => {
    // The mask: white over the square's left half, opaque black over its right half.
    const mask = makeNode<GroupNode>("group", "mk", "g", "a0", {});
    const half = (id: string, x: number, color: typeof WHITE): RectNode =>
      makeNode<RectNode>("rect", id, "mk", id === "white" ? "a0" : "a1", {
        width: 50,
        height: 100,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color },
        stroke: NO_STROKE,
        transform: AT(x, 0),
      });
    const black = { r: 0, g: 0, b: 0, a: 1 };
    for (const kind of ["luminance", "alpha"] as const) {
      const records = maskedDocument(kind, [
        mask,
        half("white", 0, WHITE),
        half("black", 50, black),
      ]);
      const store = new DocumentStore(records, { invariants: KIND_RULES });
      const { svg } = exportSvg(store, { scope: { page: "p1" } });
      const element = elements(parseXml(svg)).find((e) => e.localName === "mask")!;
      expect(element.getAttribute("maskUnits")).toBe("userSpaceOnUse");
      expect(element.getAttribute("mask-type") || "luminance").toBe(kind);
      const pixels = rendered(svg);
      // The view box starts at the square's corner (10, 20). Luminance: the left half shows,
      // the black half hides; alpha: both are opaque, so both show.
      expect(at(pixels, 25, 50)[3]).toBe(255);
      expect(at(pixels, 75, 50)[3]).toBe(kind === "alpha" ? 255 : 0);
    }
  });

  it("write a nested outline mask as clip paths clipped in turn", () => {
    const inner = makeNode<GroupNode>("group", "inner", "g", "a0", { mask: "outline" });
    const bar = makeNode<RectNode>("rect", "bar", "inner", "a0", {
      width: 50,
      height: 100,
      radii: [0, 0, 0, 0],
      fill: { type: "none" },
      stroke: NO_STROKE,
      transform: AT(0, 0),
    });
    const store = new DocumentStore(
      maskedDocument("outline", [inner, bar, circle("inner", "a1")]),
      { invariants: KIND_RULES },
    );
    const { svg, bounds } = exportSvg(store, { scope: { page: "p1" } });
    const clips = elements(parseXml(svg)).filter((e) => e.localName === "clipPath");
    // The outer clip path's ellipse is clipped by the inner one's bar (and the hidden copy of
    // the inner group that carries its data has a clip path of its own).
    expect(clips.length).toBe(3);
    // The content is clipped by the outer clip path, then by the inner one's, in nested groups.
    const wrapping = elements(parseXml(svg)).filter((e) => e.getAttribute("clip-path"));
    expect(wrapping.length).toBeGreaterThanOrEqual(2);
    const pixels = rendered(svg);
    const x0 = Math.round(10 - bounds.minX);
    const y0 = Math.round(20 - bounds.minY);
    // Only where the bar and the circle meet shows: the view box is the bar's half of the
    // square, and in it the circle's outside is clipped away.
    expect(bounds.maxX - bounds.minX).toBeCloseTo(50);
    expect(at(pixels, x0 + 25, y0 + 50)[3]).toBe(255);
    expect(at(pixels, x0 + 3, y0 + 3)[3]).toBe(0);
  });

  it("round-trip: the export's data gives the same masked group back, and a plain SVG a masked group", () => {
    const records = maskedDocument("outline", [circle("g")]);
    const store = new DocumentStore(records, { invariants: KIND_RULES });
    const withData = imported(exportSvg(store, { scope: { page: "p1" } }).svg);
    const group = maskedGroups(withData)[0]!;
    expect(group.mask).toBe("outline");
    expect(childrenOf(withData, group.id).map((n) => n.type)).toEqual(["ellipse", "rect"]);
    for (const kind of ["outline", "luminance", "alpha"] as const) {
      const plain = new DocumentStore(maskedDocument(kind, [circle("g")]), {
        invariants: KIND_RULES,
      });
      const svg = exportSvg(plain, { scope: { page: "p1" }, linework: false }).svg;
      const back = imported(svg);
      expect(maskedGroups(back, kind)).toHaveLength(1);
      expect(warningsOf(svg)).toEqual([]);
    }
  });
});

describe("blurred groups", () => {
  const blurred = (): DocRecord[] =>
    maskedDocument("outline", [circle("g")]).map((r) =>
      r.id === "g" ? ({ ...r, mask: undefined, blur: 4 } as GroupNode) : r,
    );

  it("save and load a group's blur (version 8); refuse one that is not above 0", () => {
    expect(FORMAT_VERSION).toBeGreaterThanOrEqual(8);
    const text = serializeDocument(blurred());
    const result = parseDocument(text);
    if (!result.ok) throw new Error(result.error);
    expect((result.records.find((r) => r.id === "g") as GroupNode).blur).toBe(4);
    const bad = parseDocument(text.replace('"blur":4', '"blur":-1'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/blur .*must be a number above 0/);
  });

  it("import a filter that is one Gaussian blur as a blurred group, and report the others", () => {
    const nodes = imported(
      svgOf(`<filter id="b"><feGaussianBlur stdDeviation="3"/></filter>
        <rect x="20" y="20" width="50" height="50" filter="url(#b)"/>`),
    );
    const group = nodes.find((n): n is GroupNode => n.type === "group" && n.blur !== undefined);
    expect(group?.blur).toBe(3);
    expect(childrenOf(nodes, group!.id).map((n) => n.type)).toEqual(["rect"]);
    expect(
      warningsOf(
        svgOf(`<filter id="b"><feGaussianBlur stdDeviation="3"/></filter>
          <rect width="9" height="9" filter="url(#b)"/>`),
      ),
    ).toEqual([]);
    expect(
      warningsOf(
        svgOf(`<filter id="s"><feTurbulence baseFrequency="0.1"/></filter>
          <rect width="9" height="9" filter="url(#s)"/>`),
      ).join(" "),
    ).toMatch(/filter/);
  });

  it("export a blur as a <filter> and read it back", () => {
    const store = new DocumentStore(blurred(), { invariants: KIND_RULES });
    const { svg } = exportSvg(store, { scope: { page: "p1" }, linework: false });
    const filter = elements(parseXml(svg)).find((e) => e.localName === "filter")!;
    const blur = elements(filter).find((e) => e.localName === "feGaussianBlur")!;
    expect(blur.getAttribute("stdDeviation")).toBe("4");
    const back = imported(svg);
    expect(back.some((n) => n.type === "group" && n.blur === 4)).toBe(true);
  });
});
