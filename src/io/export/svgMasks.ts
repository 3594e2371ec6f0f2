import { IDENTITY_MATRIX, invert, multiply, toMatrix, type Matrix } from "../../doc/transform";
import type { SceneNode, TextNode } from "../../doc/types";
import { isGroup } from "../../shapes/group";
import type { SvgGeometry } from "../../shapes/kind";
import { holdsChildren, kindOf } from "../../shapes/registry";
import { ExportError } from "./errors";
import type { ExportSource } from "./source";
import { pathData, pointList, polygonPath, roundedRectPath } from "./svgGeometry";
import type { Defs } from "./svgPaint";
import { layoutText, textFontAttributes, type TextMeasure } from "./textLayout";
import { attributes, escapeText } from "./xml";

/**
 * A masked group's outline mask as a real SVG `<clipPath>`. A clip path holds only shapes and
 * text (no groups), so the mask's nodes are flattened into elements each placed by its whole
 * transform within the group; a masked group inside the mask clips the elements under it by a
 * clip path of its own first child, written in each element's user space (after its
 * transform), and several such groups nest as clip paths clipped in turn. A frame inside clips
 * the same way by its rectangle.
 */

/** What clips a set of elements: a node's outline, or a frame's rectangle. */
interface ClipSource {
  /** The outline's node; null for a frame's rectangle. */
  readonly node: SceneNode | null;
  readonly box?: { readonly width: number; readonly height: number };
  /** From the node's parent's units (a rectangle's own) to the clip's user space. */
  readonly matrix: Matrix;
}

/** One element of a clip path and the clips that narrow it. */
interface ClipItem {
  readonly tag: string;
  /** Its own attributes, written, without a transform. */
  readonly attrs: string;
  /** Inner text (a text's lines). */
  readonly inner: string;
  readonly matrix: Matrix;
  readonly clips: readonly ClipSource[];
}

export interface ClipWriting {
  readonly source: ExportSource;
  readonly defs: Defs;
  readonly measure: TextMeasure;
  readonly warnings: string[];
  /** Most elements all clip paths of the export may hold together. */
  readonly maxElements: number;
  /** The transform attribute's value for a matrix. */
  transform(m: Matrix): string | undefined;
}

/**
 * Writes the clip paths of an outline mask whose node is `mask` (a masked group's first child,
 * in the group's units) into the defs, and returns their ids: the group's content is clipped by
 * each in turn (nested groups), which every renderer follows, where a clip path's own
 * clip-path is lost on some (librsvg 2.54 ignores it).
 */
export function outlineClipPaths(writing: ClipWriting, mask: SceneNode): string[] {
  const sources = [{ node: mask, matrix: IDENTITY_MATRIX }];
  return clipPaths(writing, sources, IDENTITY_MATRIX, { count: 0 }, true);
}

/** One clip path's id, for a `clip-path` inside a clip path. */
function clipPathFor(
  writing: ClipWriting,
  sources: readonly ClipSource[],
  space: Matrix,
  budget: { count: number },
): string {
  return clipPaths(writing, sources, space, budget, false)[0]!;
}

/**
 * The clip paths of `sources` (the first clipped by the rest), written in `space`: one whose own
 * clip-path narrows it, or, with `nest`, each on its own, to be applied in turn.
 */
function clipPaths(
  writing: ClipWriting,
  sources: readonly ClipSource[],
  space: Matrix,
  budget: { count: number },
  nest: boolean,
): string[] {
  const [head, ...tail] = sources;
  const items: ClipItem[] = [];
  if (head !== undefined) {
    const at = multiply(space, head.matrix);
    if (head.node !== null) collect(writing, head.node, at, [], items, 0, budget);
    else if (head.box !== undefined)
      items.push({
        tag: "rect",
        attrs: attributes({ width: head.box.width, height: head.box.height }),
        inner: "",
        matrix: at,
        clips: [],
      });
  }
  // Clips every element shares go on the clip path itself, in its own user space: more
  // renderers follow a clip path's clip-path than its elements' (librsvg ignores those).
  const first = items[0];
  const shared =
    first !== undefined && first.clips.length > 0 && items.every((i) => i.clips === first.clips)
      ? first.clips
      : [];
  const content = items
    .map((item) => itemMarkup(writing, shared.length > 0 ? { ...item, clips: [] } : item, budget))
    .join("");
  const further = [...tail.map((t) => ({ ...t, matrix: multiply(space, t.matrix) })), ...shared];
  const narrower =
    further.length > 0 ? clipPaths(writing, further, IDENTITY_MATRIX, budget, nest) : [];
  const id = writing.defs.add(
    "clip",
    (id) =>
      `<clipPath${attributes({
        id,
        clipPathUnits: "userSpaceOnUse",
        "clip-path": nest || narrower[0] === undefined ? undefined : `url(#${narrower[0]})`,
      })}>${content}</clipPath>`,
  );
  return nest ? [id, ...narrower] : [id];
}

function itemMarkup(writing: ClipWriting, item: ClipItem, budget: { count: number }): string {
  let clip = "";
  if (item.clips.length > 0) {
    const inverse = invert(item.matrix);
    if (inverse === null) return "";
    clip = attributes({
      "clip-path": `url(#${clipPathFor(writing, item.clips, inverse, budget)})`,
    });
  }
  const attrs = attributes({ transform: writing.transform(item.matrix) }) + item.attrs + clip;
  return item.inner === ""
    ? `<${item.tag}${attrs}/>`
    : `<${item.tag}${attrs}>${item.inner}</${item.tag}>`;
}

/** The elements of `node`'s outline, placed by `outer` (its parent's units to the clip's). */
function collect(
  writing: ClipWriting,
  node: SceneNode,
  outer: Matrix,
  clips: readonly ClipSource[],
  out: ClipItem[],
  depth: number,
  budget: { count: number },
): void {
  if (node.hidden || depth > 256) return;
  if (++budget.count > writing.maxElements)
    throw new ExportError(`Clip paths hold more than ${writing.maxElements} elements`);
  const matrix = multiply(outer, toMatrix(node.transform));
  const shape = kindOf(node).svg.shape(node);
  if (holdsChildren(node)) {
    let children = writing.source.childrenOf(node.id);
    let inner = clips;
    if (shape.kind === "container") {
      if (shape.background !== null)
        out.push({
          tag: "rect",
          attrs: attributes({ width: shape.background.width, height: shape.background.height }),
          inner: "",
          matrix,
          clips,
        });
      if (shape.clip !== null) inner = [...inner, { node: null, box: shape.clip, matrix }];
    }
    const first = children[0];
    if (isGroup(node) && node.mask !== undefined && first !== undefined) {
      children = children.slice(1);
      if (node.mask === "outline") inner = [...inner, { node: first, matrix }];
      else
        writing.warnings.push(
          `A ${node.mask} mask inside the clip path of a group is left out of the clip path`,
        );
    }
    for (const child of children) collect(writing, child, matrix, inner, out, depth + 1, budget);
    return;
  }
  const element = leafElement(writing, shape);
  if (element !== null) out.push({ ...element, matrix, clips });
}

/** A shape's element in a clip path: its geometry, with its fill rule as the clip rule. */
function leafElement(
  writing: ClipWriting,
  shape: ReturnType<ReturnType<typeof kindOf>["svg"]["shape"]>,
): Pick<ClipItem, "tag" | "attrs" | "inner"> | null {
  switch (shape.kind) {
    case "painted":
      return geometryElement(shape.geometry);
    case "ink":
      return shape.outline.length < 6
        ? null
        : { tag: "path", attrs: attributes({ d: polygonPath(shape.outline) }), inner: "" };
    case "text":
      return textElement(writing, shape.node);
    // Lines enclose nothing; pictures are not outlines (SVG clip paths hold none).
    case "line":
    case "image":
    case "container":
      return null;
  }
}

function geometryElement(geometry: SvgGeometry): Pick<ClipItem, "tag" | "attrs" | "inner"> {
  switch (geometry.element) {
    case "rect":
      return {
        tag: "rect",
        attrs: attributes({ width: geometry.width, height: geometry.height, rx: geometry.rx }),
        inner: "",
      };
    case "rounded rect":
      return {
        tag: "path",
        attrs: attributes({ d: roundedRectPath(geometry.width, geometry.height, geometry.radii) }),
        inner: "",
      };
    case "ellipse":
      return {
        tag: "ellipse",
        attrs: attributes({
          cx: geometry.width / 2,
          cy: geometry.height / 2,
          rx: geometry.width / 2,
          ry: geometry.height / 2,
        }),
        inner: "",
      };
    case "polygon":
      return {
        tag: "polygon",
        attrs: attributes({ points: pointList(geometry.points) }),
        inner: "",
      };
    case "path":
      return {
        tag: "path",
        attrs: attributes({
          d: pathData(geometry),
          "clip-rule": geometry.fillRule === "evenodd" ? "evenodd" : undefined,
        }),
        inner: "",
      };
  }
}

function textElement(
  writing: ClipWriting,
  node: TextNode,
): Pick<ClipItem, "tag" | "attrs" | "inner"> | null {
  const layout = layoutText(node, writing.measure);
  const attrs = attributes(textFontAttributes(node, layout));
  const inner = layout.lines
    .map(
      (line) =>
        `<tspan${attributes({
          x: line.x,
          y: line.y,
          "word-spacing": line.wordSpacing !== 0 ? line.wordSpacing : undefined,
        })}>${escapeText(line.text)}</tspan>`,
    )
    .join("");
  return inner === "" ? null : { tag: "text", attrs, inner };
}

/**
 * A `<filter>` blurring what it applies to by `sigma` (feGaussianBlur), over `box` (what is
 * blurred, in the user space of the element it applies to) widened by three deviations, where
 * the blur fades out; returns its id.
 */
export function blurFilter(
  defs: Defs,
  sigma: number,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): string {
  const reach = 3 * sigma;
  return defs.add(
    "blur",
    (id) =>
      `<filter${attributes({
        id,
        filterUnits: "userSpaceOnUse",
        x: box.minX - reach,
        y: box.minY - reach,
        width: box.maxX - box.minX + 2 * reach,
        height: box.maxY - box.minY + 2 * reach,
      })}><feGaussianBlur${attributes({ stdDeviation: sigma })}/></filter>`,
  );
}
