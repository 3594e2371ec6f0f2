import { NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import { fromMatrix, IDENTITY_MATRIX } from "../../../doc/transform";
import type { BlobRecord, GroupNode, RectNode } from "../../../doc/types";
import { ImportError } from "../limits";
import type { ImportProgress } from "../result";
import type { Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { Conversion, type Context } from "./conversion";
import { parseColor } from "./color";
import { withFontSize } from "./lengths";
import { blendOf, isolationOf, opacityOf } from "./nodeStyle";
import { walk } from "./structure";
import { INITIAL_STYLE } from "./style";
import { viewBoxOf, viewportOf } from "./viewport";
import type { TextMeasure } from "../../export/textLayout";

export { expressible } from "./placement";

/**
 * An SVG element tree into editable drafts. Everything that is drawn becomes a node; every
 * element, attribute and property that is not kept is counted by kind for the summary warnings
 * (an allow-list of what is kept, see `support` and `Conversion.audit`); nothing that could run
 * code or reach the network survives (scripts, handlers, foreignObject, external references).
 *
 * The parts: `structure` walks the elements (containers, `<use>`); `shapes`, `text` and `image`
 * make nodes, styled by `nodeStyle`; `clipping` and `markerInstances` wrap or repeat what is
 * drawn; `lineworkNodes` reads back what Linework itself exported.
 */

export interface SvgConversion {
  readonly drafts: Draft[];
  readonly blobs: BlobRecord[];
  readonly warnings: string[];
}

export function convertSvg(
  root: XmlElement,
  name: string,
  externalEntityReferences: number,
  progress?: ImportProgress,
  measure?: TextMeasure,
): SvgConversion {
  if (localName(root.name) !== "svg") {
    throw new ImportError(`The file is XML but not SVG: its root element is <${root.name}>.`);
  }
  const conv = new Conversion(root, progress);
  conv.walk = walk;
  if (measure !== undefined) conv.measure = measure;
  conv.survey();
  const viewport = { width: 100, height: 100 };
  const base: Context = {
    matrix: IDENTITY_MATRIX,
    style: INITIAL_STYLE,
    viewport,
    carriedOpacity: 1,
    groupDepth: 0,
    path: [],
    useDepth: 0,
  };
  const { matrix, viewport: inner } = viewportOf(root, base.viewport, true);
  const ctx: Context = { ...base, viewport: inner };
  const style = conv.styleOf(root, ctx);
  const drafts: Draft[] = [];
  // The root's opacity and blend mode are the top group's, and so is its display: a drawing
  // that is not displayed comes in hidden. A clip on the root is not kept.
  const clip = style.get("clip-path");
  if (clip !== undefined && clip !== "none") conv.count("clip path");
  const opacity = opacityOf(style);
  const children = walk.children(conv, root, {
    ...ctx,
    style,
    viewport: withFontSize(inner, style),
    path: [root],
    carriedOpacity: conv.fromLinework ? opacity : 1,
  });
  const background = backgroundOf(conv, root, viewBoxOf(root) ?? [0, 0, inner.width, inner.height]);
  if (background !== null) children.unshift(background);
  if (conv.fromLinework) drafts.push(...children);
  else if (children.length > 0) {
    const group = makeNode<GroupNode>("group", "", "", "", {
      name: name.length > 0 ? name : "Imported SVG",
      transform: fromMatrix(matrix),
      opacity,
      blendMode: blendOf(style),
      hidden: style.get("display") === "none",
      // An SVG's outermost element is an isolated group: what blends inside it blends with
      // the drawing alone, never with the page beneath (which only matters when something does).
      isolated: isolationOf(style) || blends(children),
    });
    drafts.push({ node: group, children });
  }
  return { drafts, blobs: conv.blobs, warnings: conv.warnings(externalEntityReferences) };
}

/** Whether any of the drafts, or anything inside them, blends other than normally. */
function blends(drafts: readonly Draft[]): boolean {
  const stack = [...drafts];
  while (stack.length > 0) {
    const draft = stack.pop()!;
    if (draft.node.blendMode !== "normal") return true;
    if (draft.children !== null) stack.push(...draft.children);
  }
  return false;
}

/** The outermost `<svg>`'s CSS background colour as a rectangle over its viewBox, behind all. */
function backgroundOf(conv: Conversion, root: XmlElement, box: readonly number[]): Draft | null {
  const value = conv.cssDeclarations(root).get("background-color");
  const color = value === undefined ? null : parseColor(value);
  if (color === null || color === "currentColor" || color === "transparent" || color.a === 0)
    return null;
  const [x, y, width, height] = box as [number, number, number, number];
  if (!(width > 0 && height > 0)) return null;
  conv.produce();
  const node = makeNode<RectNode>("rect", "", "", "", {
    name: "Background",
    transform: { x, y, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
    width,
    height,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color },
    stroke: NO_STROKE,
    label: null,
  });
  return { node, children: null };
}
