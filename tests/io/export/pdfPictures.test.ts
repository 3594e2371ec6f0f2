import { describe, expect, it } from "vitest";
import { createDocument, NO_STROKE } from "../../../src/doc/factory";
import { DocumentStore } from "../../../src/doc/store";
import type { GroupNode, RectNode, SceneNode } from "../../../src/doc/types";
import { apply, toMatrix } from "../../../src/doc/transform";
import {
  PICTURE_MAX_PIXELS,
  PICTURE_SCALE,
  pictureElements,
  picturePlan,
} from "../../../src/io/export/pdfPictures";
import { pngSize } from "../../../src/io/export/png";
import { exportSvg } from "../../../src/io/export/svg";
import { makeNode } from "../../../src/shapes/makeNode";
import { parseXml } from "./xml";

const AT = (x: number, y: number) => ({ x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 });
const BLUE = { type: "solid" as const, color: { r: 0, g: 0, b: 1, a: 1 } };

const square = (id: string, parent: string, index: string, x = 0): RectNode =>
  makeNode<RectNode>("rect", id, parent, index, {
    width: 100,
    height: 100,
    radii: [0, 0, 0, 0],
    fill: BLUE,
    stroke: NO_STROKE,
    transform: AT(x, 0),
  });

/**
 * A page with: a plain square; an alpha-masked group (mask, square) holding a blurred group; a
 * group holding a luminance-masked group; a blurred group; an outline-masked (clipped) group.
 */
function store(): DocumentStore {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "",
    created: "2026-01-01T00:00:00.000Z",
  });
  const group = (id: string, parent: string, index: string, fields: Partial<GroupNode>) =>
    makeNode<GroupNode>("group", id, parent, index, fields);
  const records: SceneNode[] = [
    square("plain", "p1", "a0"),
    group("alpha", "p1", "a1", { mask: "alpha" }),
    square("alpha-mask", "alpha", "a0"),
    group("inner-blur", "alpha", "a1", { blur: 2 }),
    square("inner-square", "inner-blur", "a0"),
    group("outer", "p1", "a2", { transform: AT(300, 0) }),
    group("luminance", "outer", "a0", { mask: "luminance" }),
    square("luminance-mask", "luminance", "a0"),
    square("luminance-square", "luminance", "a1"),
    group("blurred", "p1", "a3", { blur: 4 }),
    square("blurred-square", "blurred", "a0", 600),
    group("clipped", "p1", "a4", { mask: "outline" }),
    square("clip", "clipped", "a0", 800),
    square("clipped-square", "clipped", "a1", 800),
  ];
  return new DocumentStore([meta!, page!, ...records]);
}

describe("PDF pictures", () => {
  it("finds the outermost nodes whose SVG applies a mask or a filter, and no others", () => {
    const exported = exportSvg(store(), { scope: { page: "p1" }, linework: false, nodeIds: true });
    const found = pictureElements(parseXml(exported.svg));
    // The blur inside the alpha mask is in its picture; the group around the luminance mask is
    // not itself masked; a clip path is a PDF clipping path and stays vector.
    expect(found.map((entry) => entry.id)).toEqual(["alpha", "luminance", "blurred"]);
    for (const { element, id } of found)
      expect(element.getAttribute("data-linework-node")).toBe(id);
  });

  it("reads masks and filters from styles too, and not from what defs, masks or patterns hold", () => {
    const svg = parseXml(
      `<svg xmlns="http://www.w3.org/2000/svg"><defs><g data-linework-node="d" filter="url(#f)"/></defs>` +
        `<mask id="m"><g data-linework-node="m1" style="filter: url(#f)"/></mask>` +
        `<g data-linework-node="a"><g><rect style="fill:red; mask:url(#m)"/></g></g>` +
        `<g data-linework-node="b" style="mask-type:alpha"><rect/></g>` +
        `<g filter="url(#f)"><rect/></g>` +
        `<g data-linework-node="c"><g data-linework-node="c1" filter="url(#f)"/><g data-linework-node="c2" mask="url(#m)"/></g></svg>`,
    );
    expect(pictureElements(svg).map((entry) => entry.id)).toEqual(["a", "c1", "c2"]);
  });

  it("draws a picture at twice the page's scale, of the part on the page, undone from its parent", () => {
    const page = { minX: 0, minY: 0, maxX: 500, maxY: 400 };
    // Half of it is off the page.
    const parent = toMatrix({ ...AT(30, 40), rotation: Math.PI / 6, scaleX: 2, scaleY: 2 });
    const plan = picturePlan({ minX: 250, minY: 100, maxX: 750, maxY: 200 }, page, parent)!;
    expect(plan.view).toEqual({ minX: 250, minY: 100, maxX: 500, maxY: 200 });
    expect(plan.scale).toBe(PICTURE_SCALE);
    expect(plan.image).toMatchObject({ x: 250, y: 100, width: 250, height: 100 });
    // The image's transform takes page units to the parent's, so that the parent puts them back.
    const [a, b, c, d, e, f] = /matrix\(([^)]*)\)/
      .exec(plan.image.transform!)![1]!
      .split(" ")
      .map(Number) as [number, number, number, number, number, number];
    const back = apply(parent, { x: a * 250 + c * 100 + e, y: b * 250 + d * 100 + f });
    expect(back.x).toBeCloseTo(250, 3);
    expect(back.y).toBeCloseTo(100, 3);
  });

  it("keeps a large picture to its pixel limit, in whole pixels, and plans none off the page", () => {
    const page = { minX: -10_000, minY: -10_000, maxX: 10_000, maxY: 10_000 };
    const identity = toMatrix(AT(0, 0));
    const plan = picturePlan({ minX: 0, minY: 0, maxX: 5000, maxY: 3000 }, page, identity)!;
    expect(plan.scale).toBeLessThan(PICTURE_SCALE);
    const { width, height } = pngSize(plan.view, plan.scale);
    expect(width * height).toBeLessThanOrEqual(PICTURE_MAX_PIXELS);
    // The image spans exactly its whole pixels.
    expect(plan.image.width * plan.scale).toBeCloseTo(width, 6);
    expect(plan.image.height * plan.scale).toBeCloseTo(height, 6);
    expect(plan.image.transform).toBeUndefined();
    expect(picturePlan({ minX: 20_000, minY: 0, maxX: 21_000, maxY: 10 }, page, identity)).toBe(
      null,
    );
    // A parent squashed flat shows nothing.
    expect(picturePlan({ minX: 0, minY: 0, maxX: 10, maxY: 10 }, page, { ...identity, d: 0 })).toBe(
      null,
    );
  });
});
