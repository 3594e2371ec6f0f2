import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_STROKE } from "../../../src/doc/factory";
import { makeNode } from "../../../src/shapes/makeNode";
import { DocumentStore } from "../../../src/doc/store";
import type {
  ArrowHead,
  BlobRecord,
  DocRecord,
  GroupNode,
  ImageNode,
  LineNode,
  RectNode,
  SceneNode,
  TextNode,
} from "../../../src/doc/types";
import { ExportError } from "../../../src/io/export/errors";
import { exportSvg } from "../../../src/io/export/svg";
import { ESTIMATED_MEASURE } from "../../../src/io/export/textLayout";
import { headGeometry, headSize } from "../../../src/geometry/arrowHeads";
import { galleryDocument } from "../../support/gallery";
import { byId, childElements, elements, parseXml } from "./xml";
import { sampleLabel } from "../../support/label";
import { KIND_RULES } from "../../../src/shapes/registry";

function gallery(edit: (records: DocRecord[]) => DocRecord[] = (r) => r): DocumentStore {
  return new DocumentStore(edit(galleryDocument()), { invariants: KIND_RULES });
}

function named(records: DocRecord[]): DocRecord[] {
  // Node names become ids; the gallery's default names ("Rectangle", …) are replaced by its ids.
  return records.map((record) =>
    "name" in record && record.type !== "document" && record.type !== "page"
      ? { ...record, name: record.id }
      : record,
  );
}

function numbers(text: string): number[] {
  return (text.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
}

/**
 * The line and its heads as the canvas draws them (from the head geometry the batch encodes),
 * as drawing calls: the line's stroke, then each head as one moveTo/lineTo run or one poly.
 */
function recordDrawing(node: LineNode): { name: string; args: unknown[] }[] {
  const calls: { name: string; args: unknown[] }[] = [{ name: "stroke", args: [] }];
  const size = headSize(node.stroke.width);
  for (const head of [
    headGeometry(node.endHead, node.end, node.start, size),
    headGeometry(node.startHead, node.start, node.end, size),
  ]) {
    if (head === null) continue;
    if (head.kind === "circle") calls.push({ name: "circle", args: [head.cx, head.cy, head.r] });
    else if (head.kind === "fill") calls.push({ name: "poly", args: [head.points] });
    else {
      head.points.forEach((_, i) => {
        if (i % 2 === 0)
          calls.push({ name: i === 0 ? "moveTo" : "lineTo", args: head.points.slice(i, i + 2) });
      });
      calls.push({ name: "stroke", args: [] });
    }
  }
  return calls;
}

describe("SVG export of the style gallery", () => {
  const store = gallery(named);
  const out = exportSvg(store, { scope: { page: "page" }, background: true });
  const root = parseXml(out.svg);

  it("is a well-formed SVG whose view box is the page's drawn bounds", () => {
    expect(root.nodeName).toBe("svg");
    expect(root.getAttribute("xmlns")).toBe("http://www.w3.org/2000/svg");
    // The clipping frame at (20, 20), 900 × 520, bounds everything on the page.
    expect(root.getAttribute("viewBox")).toBe("20 20 900 520");
    expect(root.getAttribute("width")).toBe("900");
    expect(root.getAttribute("height")).toBe("520");
    expect(out.bounds).toEqual({ minX: 20, minY: 20, maxX: 920, maxY: 540 });
  });

  it("puts the page background behind everything, and leaves it out when asked", () => {
    const first = childElements(root).find((e) => e.nodeName === "rect");
    expect(first?.getAttribute("fill")).toBe("#f4f4f5");
    const bare = parseXml(exportSvg(store, { scope: { page: "page" } }).svg);
    expect(childElements(bare).filter((e) => e.nodeName === "rect")).toHaveLength(0);
  });

  it("keeps the tree: the frame is a <g> with its rect and a clipped group holding the shapes in order", () => {
    const frame = byId(root, "frame");
    expect(frame.nodeName).toBe("g");
    expect(frame.getAttribute("transform")).toBe("translate(20 20)");
    const [background, clipped] = childElements(frame);
    expect(background!.nodeName).toBe("rect");
    expect(background!.getAttribute("fill")).toBe("#ffffff");
    const clipRef = /^url\(#([^)]+)\)$/.exec(clipped!.getAttribute("clip-path") ?? "");
    expect(clipRef).not.toBeNull();
    const clip = byId(root, clipRef![1]!);
    expect(clip.nodeName).toBe("clipPath");
    expect(clip.parentNode?.nodeName).toBe("defs");
    expect(childElements(clip)[0]!.getAttribute("width")).toBe("900");
    expect(childElements(clipped!).map((e) => e.getAttribute("id"))).toEqual([
      "red",
      "ellipse",
      "star",
      "hexagon",
      "arrow",
      "path",
      "ink",
      "title",
    ]);
  });

  it("writes styles as presentation attributes", () => {
    const red = byId(root, "red");
    // Radii 0, 12, 24, 0 differ, so the rectangle is a path with two arcs.
    expect(red.nodeName).toBe("path");
    expect(red.getAttribute("d")).toBe("M0 0H188A12 12 0 0 1 200 12V96A24 24 0 0 1 176 120H0V0Z");
    expect(red.getAttribute("transform")).toBe("translate(40 40)");
    expect(red.getAttribute("fill")).toBe("#ff0000");
    expect(red.getAttribute("stroke-width")).toBe("4");
    expect(red.getAttribute("stroke-linejoin")).toBe("round");
    const hexagon = byId(root, "hexagon");
    expect(hexagon.nodeName).toBe("polygon");
    expect(hexagon.getAttribute("fill-opacity")).toBe("0.6");
    expect(numbers(hexagon.getAttribute("points")!)).toHaveLength(12);
    const star = byId(root, "star");
    expect(numbers(star.getAttribute("points")!)).toHaveLength(20);
    const path = byId(root, "path");
    expect(path.getAttribute("d")).toBe("M0 80C40 -40 120 160 160 40Q200 0 240 80Z");
    expect(path.getAttribute("fill-rule")).toBe("evenodd");
  });

  it("puts gradients in <defs> in the node's own units", () => {
    const ellipse = byId(root, "ellipse");
    expect(ellipse.nodeName).toBe("ellipse");
    expect(ellipse.getAttribute("rx")).toBe("80");
    const ref = /^url\(#([^)]+)\)$/.exec(ellipse.getAttribute("fill") ?? "");
    const gradient = byId(root, ref![1]!);
    expect(gradient.nodeName).toBe("linearGradient");
    expect(gradient.getAttribute("gradientUnits")).toBe("userSpaceOnUse");
    expect([gradient.getAttribute("x1"), gradient.getAttribute("x2")]).toEqual(["0", "160"]);
    const stops = childElements(gradient);
    expect(stops.map((s) => s.getAttribute("stop-color"))).toEqual(["#0000ff", "#00cc66"]);
  });

  it("draws the dashed arrow's line dashed and its heads where the renderer draws them", () => {
    const arrow = byId(root, "arrow");
    const [line, triangle, circle] = childElements(arrow);
    expect(line!.getAttribute("stroke-dasharray")).toBe("8 4");
    expect(line!.getAttribute("fill")).toBe("none");
    const node = store.get("arrow") as LineNode;
    const drawn = recordDrawing(node);
    const poly = drawn.find((call) => call.name === "poly")!.args[0] as number[];
    expect(numbers(triangle!.getAttribute("d")!)).toEqual(
      poly.map((n) => Math.round(n * 1e4) / 1e4),
    );
    expect(triangle!.hasAttribute("stroke-dasharray")).toBe(false);
    const disc = drawn.find((call) => call.name === "circle")!.args as number[];
    expect(circle!.nodeName).toBe("circle");
    // The export writes four decimals, as it does the triangle's points.
    expect(["cx", "cy", "r"].map((a) => Number(circle!.getAttribute(a)))).toEqual(
      disc.map((n) => Math.round(n * 1e4) / 1e4),
    );
  });

  it("fills the freehand stroke's outline with the stroke colour", () => {
    const ink = byId(root, "ink");
    expect(ink.nodeName).toBe("path");
    expect(ink.getAttribute("fill")).toBe("#1f1f24");
    expect(ink.getAttribute("d")).toMatch(/^M[^Z]+Z$/);
  });

  it("writes text as <text> with a <tspan> per line at the renderer's baselines", () => {
    const title = byId(root, "title");
    expect(title.nodeName).toBe("text");
    // Generic families name the shipped face that draws them, so other programs use it too.
    expect(title.getAttribute("font-family")).toBe('"Inter", sans-serif');
    expect(title.getAttribute("font-size")).toBe("28");
    expect(title.getAttribute("font-weight")).toBe("700");
    const spans = childElements(title);
    expect(spans.map((s) => s.textContent)).toEqual(["Linework gallery"]);
    const { ascent, descent } = ESTIMATED_MEASURE.metrics("", 28);
    const lineHeight = 28 * 1.2;
    expect(Number(spans[0]!.getAttribute("y"))).toBeCloseTo(
      (lineHeight - ascent - descent) / 2 + ascent,
      3,
    );
  });

  it("holds no script, no event attributes and no external references", () => {
    expect(out.svg).not.toMatch(/<script/i);
    expect(out.svg).not.toMatch(/\son[a-z]+=/i);
    for (const element of elements(root)) {
      for (let i = 0; i < element.attributes.length; i++) {
        const attribute = element.attributes.item(i)!;
        expect(attribute.name).not.toMatch(/^on/i);
        const refs = attribute.value.match(/url\(#([^)]+)\)/g) ?? [];
        for (const ref of refs) expect(() => byId(root, ref.slice(5, -1))).not.toThrow();
        if (/href$/.test(attribute.name)) expect(attribute.value).toMatch(/^data:image\//);
      }
    }
  });
});

describe("SVG export details", () => {
  function withNodes(...nodes: SceneNode[]): DocumentStore {
    return gallery((records) => [...records, ...nodes]);
  }

  const line = (id: string, startHead: ArrowHead, endHead: ArrowHead, index: string): LineNode =>
    makeNode<LineNode>("line", id, "page", index, {
      name: id,
      start: { x: 10, y: 700 },
      end: { x: 90, y: 760 },
      startHead,
      endHead,
      fill: { type: "none" },
      stroke: { ...DEFAULT_STROKE, width: 5 },
    });

  it("draws every kind of arrowhead as the renderer does", () => {
    const store = withNodes(
      line("a", "arrow", "diamond", "b1"),
      line("b", "bar", "triangle", "b2"),
    );
    const root = parseXml(exportSvg(store, { scope: { nodes: ["a", "b"] } }).svg);
    for (const id of ["a", "b"]) {
      const drawn = recordDrawing(store.get(id) as LineNode);
      const ours = childElements(byId(root, id)).slice(1);
      // The renderer: the line, then each head as one moveTo/lineTo run or one poly.
      const heads = drawn.slice(drawn.findIndex((call) => call.name === "stroke") + 1);
      const shapes: number[][] = [];
      let run: number[] = [];
      for (const call of heads) {
        if (call.name === "moveTo" || call.name === "lineTo") run.push(...(call.args as number[]));
        else if (call.name === "poly") shapes.push(call.args[0] as number[]);
        else if (call.name === "stroke" && run.length > 0) {
          shapes.push(run);
          run = [];
        }
      }
      expect(shapes).toHaveLength(2);
      expect(ours).toHaveLength(2);
      ours.forEach((element, i) => {
        const expected = shapes[i]!.map((n) => Math.round(n * 1e4) / 1e4 + 0);
        expect(numbers(element.getAttribute("d")!)).toEqual(expected);
      });
    }
  });

  it("exports one frame with its page transform, or a selection in paint order", () => {
    const store = gallery(named);
    const frame = exportSvg(store, { scope: { frame: "frame" } });
    expect(frame.bounds).toEqual({ minX: 20, minY: 20, maxX: 920, maxY: 540 });
    const selection = exportSvg(store, { scope: { nodes: ["title", "star", "frame", "red"] } });
    const root = parseXml(selection.svg);
    // The frame holds the others, so they are drawn once, inside it.
    expect(childElements(root).filter((e) => e.nodeName === "g")).toHaveLength(1);
    const two = parseXml(exportSvg(store, { scope: { nodes: ["title", "star"] } }).svg);
    const shapes = childElements(two).filter((e) => e.nodeName !== "defs");
    expect(shapes.map((e) => e.getAttribute("id"))).toEqual(["star", "title"]);
    // Each takes its parent's transform: the frame's (20, 20) plus its own.
    expect(shapes[0]!.getAttribute("transform")).toBe("translate(540 50)");
  });

  it("leaves hidden nodes out, and refuses a scope with nothing to show", () => {
    const store = gallery((records) =>
      named(records).map((r) => (r.id === "star" ? { ...r, hidden: true } : r)),
    );
    const root = parseXml(exportSvg(store, { scope: { page: "page" } }).svg);
    expect(() => byId(root, "star")).toThrow();
    expect(() => exportSvg(store, { scope: { nodes: ["star"] } })).toThrow(ExportError);
    expect(() => exportSvg(store, { scope: { page: "nope" } })).toThrow(/no page nope/);
    expect(() => exportSvg(store, { scope: { frame: "red" } })).toThrow(/no frame red/);
    expect(() => exportSvg(store, { scope: { nodes: ["ghost"] } })).toThrow(/no node ghost/);
  });

  it("refuses more nodes than its limit", () => {
    expect(() => exportSvg(gallery(), { scope: { page: "page" }, maxNodes: 3 })).toThrow(
      /more than 3 nodes/,
    );
  });

  it("turns names into unique ids and keeps names that are not ids in a <title>", () => {
    const rect = (id: string, name: string, index: string): RectNode => ({
      ...makeNode<RectNode>("rect", id, "page", index, {
        width: 10,
        height: 10,
        radii: [3, 3, 3, 3],
        fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
        stroke: NO_STROKE,
      }),
      name,
    });
    const store = withNodes(
      rect("r1", "Logo", "b1"),
      rect("r2", "Logo", "b2"),
      rect("r3", "2 <b>bold</b> & 'more'", "b3"),
      rect("r4", "", "b4"),
    );
    const root = parseXml(exportSvg(store, { scope: { nodes: ["r1", "r2", "r3", "r4"] } }).svg);
    const rects = childElements(root).filter((e) => e.nodeName === "rect");
    expect(rects.map((e) => e.getAttribute("id"))).toEqual([
      "Logo",
      "Logo-2",
      "_2-b-bold-b-more",
      "rect",
    ]);
    expect(rects[0]!.getAttribute("rx")).toBe("3");
    expect(childElements(rects[0]!)).toHaveLength(0);
    expect(childElements(rects[2]!)[0]!.textContent).toBe("2 <b>bold</b> & 'more'");
  });

  it("lays out text lines, alignment and wrapping", () => {
    const text = (id: string, fields: Partial<TextNode>, index: string): TextNode =>
      makeNode<TextNode>("text", id, "page", index, {
        content: "one two three\nfour",
        fontFamily: "Open Sans, serif",
        fontSize: 10,
        fontWeight: 400,
        fontStyle: "italic",
        align: "left",
        lineHeight: 2,
        width: null,
        fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
        stroke: NO_STROKE,
        ...fields,
      });
    const store = withNodes(
      text("t1", { align: "center" }, "b1"),
      text("t2", { align: "right", width: 50 }, "b2"),
    );
    const root = parseXml(exportSvg(store, { scope: { nodes: ["t1", "t2"] } }).svg);
    const t1 = byId(root, "Text");
    expect(t1.getAttribute("font-family")).toBe('"Open Sans", "Noto Serif", serif');
    expect(t1.getAttribute("font-style")).toBe("italic");
    expect(t1.getAttribute("text-anchor")).toBe("middle");
    const spans = childElements(t1);
    expect(spans.map((s) => s.textContent)).toEqual(["one two three", "four"]);
    // Centred within the widest line (13 glyphs × 6 estimated), one line height (20) apart.
    expect(spans.map((s) => Number(s.getAttribute("x")))).toEqual([39, 39]);
    expect(Number(spans[1]!.getAttribute("y")) - Number(spans[0]!.getAttribute("y"))).toBeCloseTo(
      20,
      6,
    );
    const t2 = byId(root, "Text-2");
    expect(t2.getAttribute("text-anchor")).toBe("end");
    // 50 units hold 8 estimated glyphs: "one two" (7), "three", "four".
    expect(childElements(t2).map((s) => s.textContent)).toEqual(["one two", "three", "four"]);
  });

  it("breaks a word wider than its text's width between characters, as the canvas does", () => {
    const text = makeNode<TextNode>("text", "long", "page", "b1", {
      content: "a Supercalifragilis ok",
      fontFamily: "sans-serif",
      fontSize: 10,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.25,
      width: 50,
      fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
    });
    const root = parseXml(exportSvg(withNodes(text), { scope: { nodes: ["long"] } }).svg);
    // 8 estimated glyphs of 6 units a line; the word's last piece takes the next word along.
    expect(childElements(byId(root, "Text")).map((s) => s.textContent)).toEqual([
      "a",
      "Supercal",
      "ifragili",
      "s ok",
    ]);
  });

  it("embeds raster images as data URLs and leaves out other data", () => {
    const png: BlobRecord = { id: "png", type: "blob", mime: "image/png", data: "iVBORw0KGgo=" };
    const svg: BlobRecord = {
      id: "svgdata",
      type: "blob",
      mime: "image/svg+xml",
      data: btoa("<svg><script>alert(1)</script></svg>"),
    };
    const image = (id: string, blob: string, index: string): ImageNode =>
      makeNode<ImageNode>("image", id, "page", index, {
        blob,
        naturalWidth: 4,
        naturalHeight: 4,
        width: 40,
        height: 30,
      });
    const store = new DocumentStore([
      ...galleryDocument(),
      png,
      svg,
      image("i1", "png", "b1"),
      image("i2", "svgdata", "b2"),
    ]);
    const out = exportSvg(store, { scope: { nodes: ["i1", "i2"] } });
    const images = elements(parseXml(out.svg)).filter((e) => e.nodeName === "image");
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute("xlink:href")).toBe("data:image/png;base64,iVBORw0KGgo=");
    expect(images[0]!.getAttribute("preserveAspectRatio")).toBe("none");
    expect(out.warnings).toHaveLength(1);
  });

  it("writes transforms as translate, rotate or a matrix, and blend modes as style", () => {
    const group = (id: string, transform: Partial<SceneNode["transform"]>, index: string) => ({
      ...makeNode<GroupNode>("group", id, "page", index, {}),
      name: id,
      blendMode: "multiply" as const,
      opacity: 0.5,
      transform: { x: 5, y: 6, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0, ...transform },
    });
    const child = (id: string, parent: string): RectNode => ({
      ...makeNode<RectNode>("rect", id, parent, "a0", {
        width: 10,
        height: 10,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
        stroke: NO_STROKE,
      }),
      name: id,
    });
    const store = withNodes(
      group("g1", { rotation: Math.PI / 2 }, "b1"),
      child("c1", "g1"),
      group("g2", { scaleX: 2 }, "b2"),
      child("c2", "g2"),
    );
    const root = parseXml(exportSvg(store, { scope: { nodes: ["g1", "g2"] } }).svg);
    expect(byId(root, "g1").getAttribute("transform")).toBe("translate(5 6) rotate(90)");
    expect(byId(root, "g2").getAttribute("transform")).toBe("matrix(2 0 0 1 5 6)");
    expect(byId(root, "g1").getAttribute("style")).toBe("mix-blend-mode:multiply");
    expect(byId(root, "g1").getAttribute("opacity")).toBe("0.5");
    expect(byId(root, "c1").hasAttribute("transform")).toBe(false);
  });

  it("writes radial gradients with their focus, and stroke gradients and dashes", () => {
    const rect: RectNode = {
      ...makeNode<RectNode>("rect", "glow", "page", "b1", {
        width: 100,
        height: 50,
        radii: [0, 0, 0, 0],
        fill: {
          type: "radial",
          center: { x: 50, y: 25 },
          radius: 40,
          focal: { x: 30, y: 20 },
          stops: [
            { offset: 0, color: { r: 1, g: 1, b: 1, a: 0.5 } },
            { offset: 1, color: { r: 0, g: 0, b: 0, a: 1 } },
          ],
        },
        stroke: {
          ...DEFAULT_STROKE,
          paint: {
            type: "linear",
            from: { x: 0, y: 0 },
            to: { x: 0, y: 50 },
            stops: [{ offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } }],
          },
          dash: [5, 0, 2],
          dashOffset: 3,
          cap: "butt",
          join: "miter",
          miterLimit: 10,
        },
      }),
      name: "glow",
    };
    const root = parseXml(exportSvg(withNodes(rect), { scope: { nodes: ["glow"] } }).svg);
    const glow = byId(root, "glow");
    const fill = byId(root, glow.getAttribute("fill")!.slice(5, -1));
    expect(fill.nodeName).toBe("radialGradient");
    expect(["cx", "cy", "r", "fx", "fy"].map((a) => fill.getAttribute(a))).toEqual([
      "50",
      "25",
      "40",
      "30",
      "20",
    ]);
    expect(childElements(fill)[0]!.getAttribute("stop-opacity")).toBe("0.5");
    const stroke = byId(root, glow.getAttribute("stroke")!.slice(5, -1));
    expect(stroke.nodeName).toBe("linearGradient");
    expect(stroke.getAttribute("id")).not.toBe(fill.getAttribute("id"));
    expect(glow.getAttribute("stroke-dasharray")).toBe("5 0 2");
    expect(glow.getAttribute("stroke-dashoffset")).toBe("3");
    expect(glow.getAttribute("stroke-miterlimit")).toBe("10");
    expect(glow.hasAttribute("stroke-linecap")).toBe(false);
  });

  it("justifies wrapped lines but the last with word spacing", () => {
    const node = makeNode<TextNode>("text", "j", "page", "b1", {
      name: "j",
      content: "aa bb cc dddd ee ffffffff",
      fontFamily: "serif",
      fontSize: 10,
      fontWeight: 400,
      fontStyle: "normal",
      align: "justify",
      lineHeight: 1,
      width: 60,
      fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
    });
    const root = parseXml(exportSvg(withNodes(node), { scope: { nodes: ["j"] } }).svg);
    const spans = childElements(byId(root, "j"));
    // 60 units hold 10 estimated glyphs of 6; the widest line (48) sets the justified width.
    expect(spans.map((s) => s.textContent)).toEqual(["aa bb cc", "dddd ee", "ffffffff"]);
    expect(spans[0]!.hasAttribute("word-spacing")).toBe(false);
    // "dddd ee" is 42 wide with one space: 6 more per space.
    expect(spans[1]!.getAttribute("word-spacing")).toBe("6");
    expect(spans[2]!.hasAttribute("word-spacing")).toBe(false);
  });

  it("writes a shape's label as centred text over it, marked for Linework's own import", () => {
    const node = makeNode<RectNode>("rect", "box", "page", "b1", {
      name: "box",
      width: 200,
      height: 100,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
      stroke: DEFAULT_STROKE,
      transform: { x: 50, y: 20, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
      label: {
        content: "Start here",
        fontFamily: "serif",
        fontSize: 10,
        fontWeight: 700,
        fontStyle: "normal",
        color: { r: 1, g: 0, b: 0, a: 1 },
        position: 0.5,
      },
    });
    const svg = exportSvg(withNodes(node), { scope: { nodes: ["box"] } }).svg;
    const text = elements(parseXml(svg)).find((e) => e.tagName === "text")!;
    expect(text.getAttribute("data-linework-label")).toBe("");
    expect(text.getAttribute("text-anchor")).toBe("middle");
    expect(text.getAttribute("font-weight")).toBe("700");
    expect(text.getAttribute("fill")).toBe("#ff0000");
    // "Start here" estimates 60 wide and one 12.5-unit line: its corner is 30 and 6.25 from the
    // box's centre (150, 70), and its middle anchor 30 in from that corner.
    expect(numbers(text.getAttribute("transform")!)).toEqual([120, 63.75]);
    expect(childElements(text).map((s) => [s.textContent, s.getAttribute("x")])).toEqual([
      ["Start here", "30"],
    ]);
    const plain = exportSvg(withNodes(node), { scope: { nodes: ["box"] }, linework: false }).svg;
    expect(plain).toContain("Start here");
    expect(plain).not.toContain("data-linework-label");
  });

  /** A horizontal line from the origin, `length` long, labelled in 10-unit serif, exported alone. */
  function labelledLineSvg(id: string, length: number, words: string, endHead: ArrowHead) {
    const line = makeNode<LineNode>("line", id, "page", "b1", {
      name: id,
      start: { x: 0, y: 0 },
      end: { x: length, y: 0 },
      startHead: "none",
      endHead,
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
      label: sampleLabel(words, { fontFamily: "serif", fontSize: 10 }),
    });
    return parseXml(exportSvg(withNodes(line), { scope: { nodes: [id] } }).svg);
  }

  it("cuts a line where its label's words are, in the line's own units", () => {
    const root = labelledLineSvg("said", 200, "yes", "none");
    const line = byId(root, "said");
    const clipId = /^url\(#(.+)\)$/.exec(line.getAttribute("clip-path") ?? "")?.[1];
    expect(clipId).toBeDefined();
    const clip = byId(root, clipId!);
    expect(clip.localName).toBe("clipPath");
    expect(clip.getAttribute("clipPathUnits")).toBe("userSpaceOnUse");
    const [ring] = childElements(clip);
    expect(ring!.getAttribute("clip-rule")).toBe("evenodd");
    const boxes = (ring!.getAttribute("d") ?? "")
      .split("Z")
      .filter((part) => part.trim() !== "")
      .map((part) => part.match(/-?[\d.]+/g)!.map(Number))
      .map(([minX = NaN, minY = NaN, maxX = NaN, maxY = NaN]) => ({ minX, minY, maxX, maxY }));
    expect(boxes).toHaveLength(2);
    const [keep, cut] = [boxes[0]!, boxes[1]!];
    // "yes" estimates 18 wide and one 12.5-unit line about (100, 0), with 4 units around it.
    expect(cut).toEqual({ minX: 87, minY: -10.25, maxX: 113, maxY: 10.25 });
    // The whole line stays inside what the clip keeps.
    expect(keep.minX).toBeLessThan(0);
    expect(keep.maxX).toBeGreaterThan(200);
    expect(keep.minY).toBeLessThan(cut.minY);
    expect(keep.maxY).toBeGreaterThan(cut.maxY);
  });

  it("leaves a line shorter than its label's words whole, head and all", () => {
    const root = labelledLineSvg("short", 30, "in stock", "arrow");
    expect(byId(root, "short").getAttribute("clip-path") ?? "").toBe("");
  });
});
