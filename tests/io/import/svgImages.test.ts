import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { apply, multiply, toMatrix, type Matrix } from "../../../src/doc/transform";
import type { SceneNode } from "../../../src/doc/types";
import { readUntrusted } from "../../../src/io/import/boundary";
import { IMPORT_LIMITS } from "../../../src/io/import/limits";
import { IMPORT_ROOT } from "../../../src/io/import/result";
import { importSvg } from "../../../src/io/import/svg";
import { makePng } from "./rasterFixtures";

/**
 * `<image>` showing an SVG document (base64 or URL-encoded): its drawing comes in as shapes in
 * the image's box; and a raster sliced by preserveAspectRatio is cropped by a clipping frame.
 */

function imported(svg: string) {
  const result = importSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">${svg}</svg>`,
    "t",
  );
  if (!result.ok) throw new Error(result.error);
  return result;
}

/** Each node's matrix to the imported drawing's space (the top group's children). */
function worldOf(nodes: readonly SceneNode[]): Map<string, Matrix> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const out = new Map<string, Matrix>();
  const world = (node: SceneNode): Matrix => {
    const known = out.get(node.id);
    if (known !== undefined) return known;
    const own = toMatrix(node.transform);
    const parent = byId.get(node.parent);
    const m =
      parent === undefined || parent.parent === IMPORT_ROOT ? own : multiply(world(parent), own);
    out.set(node.id, m);
    return m;
  };
  for (const node of nodes) world(node);
  return out;
}

const INNER = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0f0"/></svg>`;
const base64 = (text: string): string => Buffer.from(text, "utf8").toString("base64");

/** About 100 kB of gzip that inflates to just past the input limit; made once. */
let bombBytes: Buffer | undefined;
function compressedBomb(): Buffer {
  bombBytes ??= gzipSync(Buffer.alloc(IMPORT_LIMITS.maxInputBytes + 1024, 0x20));
  return bombBytes;
}

describe("SVG images", () => {
  it("a base64 SVG image comes in as its shapes, fitted into the image's box", () => {
    const result = imported(
      `<image x="20" y="30" width="40" height="40" href="data:image/svg+xml;base64,${base64(INNER)}"/>`,
    );
    expect(result.warnings).toEqual([]);
    const rect = result.nodes.find((n) => n.type === "rect")!;
    expect(rect).toBeDefined();
    const m = worldOf(result.nodes).get(rect.id)!;
    const corner = apply(m, { x: 10, y: 10 });
    expect(corner.x).toBeCloseTo(60);
    expect(corner.y).toBeCloseTo(70);
    expect(apply(m, { x: 0, y: 0 }).x).toBeCloseTo(20);
  });

  it("URL-encoded, with no type given, with the image's preserveAspectRatio and transform", () => {
    const result = imported(
      `<image transform="translate(100 0)" width="40" height="20" preserveAspectRatio="xMaxYMid" xlink:href="data:,${encodeURIComponent(INNER)}"/>`,
    );
    expect(result.warnings).toEqual([]);
    const rect = result.nodes.find((n) => n.type === "rect")!;
    const m = worldOf(result.nodes).get(rect.id)!;
    // A 20 × 20 square at the right end of the 40 × 20 box, moved 100 to the right.
    expect(apply(m, { x: 0, y: 0 }).x).toBeCloseTo(120);
    expect(apply(m, { x: 10, y: 10 }).x).toBeCloseTo(140);
    expect(apply(m, { x: 10, y: 10 }).y).toBeCloseTo(20);
  });

  it("the image's size follows the document's when it gives none", () => {
    const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="30" height="15"><rect width="30" height="15"/></svg>`;
    const result = imported(`<image href="data:image/svg+xml;base64,${base64(doc)}"/>`);
    const rect = result.nodes.find((n) => n.type === "rect")!;
    const m = worldOf(result.nodes).get(rect.id)!;
    expect(apply(m, { x: 30, y: 15 })).toMatchObject({ x: 30, y: 15 });
  });

  it("ids and style sheets are the image's own; what it does not keep is reported", () => {
    const doc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>rect { fill: blue }</style><rect id="a" width="10" height="10" filter="url(#f)"/></svg>`;
    const result = imported(
      `<rect id="a" width="5" height="5" fill="red"/><image width="10" height="10" href="data:image/svg+xml;base64,${base64(doc)}"/>`,
    );
    const rects = result.nodes.filter((n) => n.type === "rect");
    expect(rects).toHaveLength(2);
    const fills = rects.map((r) =>
      r.type === "rect" && r.fill.type === "solid" ? r.fill.color : null,
    );
    expect(fills).toEqual([
      { r: 1, g: 0, b: 0, a: 1 },
      { r: 0, g: 0, b: 1, a: 1 },
    ]);
    expect(result.warnings.join(" ")).toContain("filter");
  });

  it("SVG images inside SVG images stop at a depth limit, reported", () => {
    let doc = INNER;
    for (let i = 0; i < 8; i++)
      doc = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><image width="10" height="10" href="data:image/svg+xml;base64,${base64(doc)}"/></svg>`;
    const result = imported(
      `<image width="10" height="10" href="data:image/svg+xml;base64,${base64(doc)}"/>`,
    );
    expect(result.nodes.some((n) => n.type === "rect")).toBe(false);
    expect(result.warnings.join(" ")).toContain("SVG image nested too deep");
  });

  it("an SVG image used many times is counted against the shape limit", () => {
    const result = imported(
      `<image id="i" width="10" height="10" href="data:image/svg+xml;base64,${base64(INNER)}"/><use href="#i"/><use href="#i" x="20"/>`,
    );
    expect(result.nodes.filter((n) => n.type === "rect")).toHaveLength(3);
  });

  it("a damaged compressed SVG image, or unreadable SVG, is reported", () => {
    const gz = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]).toString("base64");
    const result = imported(
      `<image width="10" height="10" href="data:image/svg+xml;base64,${gz}"/><image width="10" height="10" href="data:image/svg+xml,%3Csvg"/>`,
    );
    expect(result.warnings).toEqual(["Not imported: 2 unreadable images."]);
  });

  it("a compressed SVG image (svgz), in base64 or URL-encoded, comes in as its shapes", () => {
    const svgz = gzipSync(Buffer.from(INNER, "utf8"));
    const percent = [...svgz].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
    const result = imported(
      `<image width="40" height="40" href="data:image/svg+xml;base64,${svgz.toString("base64")}"/>` +
        `<image x="50" width="40" height="40" href="data:image/svg+xml,${percent}"/>`,
    );
    expect(result.warnings).toEqual([]);
    expect(result.nodes.filter((n) => n.type === "rect")).toHaveLength(2);
  });

  it("URL-encoded SVG as people write it: raw characters, # colours, a bare % and a charset", () => {
    const raw = `<svg xmlns='http://www.w3.org/2000/svg' width='100%' height='100%' viewBox='0 0 10 10'><rect width='10' height='10' fill='#00f'/><circle cx='5' cy='5' r='2' fill='%23f00'/></svg>`;
    const result = imported(
      `<image width="40" height="40" href="data:image/svg+xml;charset=utf-8,${raw.replace(/"/g, "&quot;").replace(/</g, "&lt;")}"/>`,
    );
    expect(result.warnings).toEqual([]);
    expect(result.nodes.filter((n) => n.type === "rect")).toHaveLength(1);
    expect(result.nodes.find((n) => n.type === "ellipse")).toMatchObject({
      fill: { color: { r: 1, g: 0, b: 0 } },
    });
  });

  it("a compressed SVG image that inflates past the input limit fails the import, named", () => {
    const bomb = gzipSync(Buffer.alloc(IMPORT_LIMITS.maxInputBytes + 1024, 0x20)).toString(
      "base64",
    );
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><image width="10" height="10" href="data:image/svg+xml;base64,${bomb}"/></svg>`,
      "t",
    );
    expect(result).toEqual({
      ok: false,
      error: "An SVG image in the file decompresses to more than 100 MB (the limit).",
    });
  });

  it("an .svgz file imports as its SVG; a compressed bomb is refused by the input limit", () => {
    const file = gzipSync(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg">${`<image width="40" height="40" href="data:image/svg+xml;base64,${base64(INNER)}"/>`}</svg>`,
      ),
    );
    const result = readUntrusted("drawing.svgz", new Uint8Array(file));
    if (!result.ok) throw new Error(result.error);
    expect(result.nodes.filter((n) => n.type === "rect")).toHaveLength(1);
    const bomb = compressedBomb();
    expect(readUntrusted("bomb.svgz", new Uint8Array(bomb))).toEqual({
      ok: false,
      error: "bomb.svgz decompresses to more than 100 MB (the limit).",
    });
    expect(readUntrusted("cut.svgz", new Uint8Array(file.subarray(0, 20)))).toEqual({
      ok: false,
      error: "cut.svgz is not readable gzip data (it is damaged or cut short).",
    });
  });
});

describe("sliced raster images", () => {
  it("a picture sliced by preserveAspectRatio is cropped by a clipping frame over its box", () => {
    const png = Buffer.from(makePng(20, 10)).toString("base64");
    const result = imported(
      `<image x="5" y="5" width="10" height="10" preserveAspectRatio="xMinYMin slice" href="data:image/png;base64,${png}"/>`,
    );
    expect(result.warnings).toEqual([]);
    const frame = result.nodes.find((n) => n.type === "frame")!;
    const picture = result.nodes.find((n) => n.type === "image")!;
    expect(frame).toMatchObject({ width: 10, height: 10, clip: true });
    expect(frame.transform).toMatchObject({ x: 5, y: 5 });
    expect(picture.parent).toBe(frame.id);
    expect(picture).toMatchObject({ width: 20, height: 10 });
  });
});
