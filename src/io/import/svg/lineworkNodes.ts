import { IDENTITY_MATRIX, multiply, toMatrix } from "../../../doc/transform";
import { LINEWORK_DATA_ATTRIBUTE } from "../../export/lineworkData";
import { IMPORT_LIMITS } from "../limits";
import { numbersWithin, type Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { originWithin, type Context, type Conversion, type Walk } from "./conversion";
import { blobOfDataUrl } from "./lineworkData";
import { clampUnit } from "./nodeStyle";
import { expressible, isIdentity } from "./placement";
import { isImage } from "../../../shapes/image";
import { holdsChildren } from "../../../shapes/registry";

/**
 * The node an element's `data-linework` describes, placed in the context, with its children
 * when it is a container; its SVG drawing is not converted. False when the data is invalid or
 * cannot be placed here, and the SVG is to be converted instead.
 */
export function lineworkNode(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  parent: Context,
  out: Draft[],
): boolean {
  let node = conv.lineworkRecord(element);
  if (node === null) {
    conv.count("invalid Linework data attribute");
    return false;
  }
  if (!isIdentity(parent.matrix)) {
    const transform = expressible(multiply(parent.matrix, toMatrix(node.transform)));
    if (transform === null || !numbersWithin(transform, IMPORT_LIMITS.maxMagnitude)) return false;
    node = { ...node, transform };
  }
  if (parent.carriedOpacity !== 1)
    node = { ...node, opacity: clampUnit(node.opacity * parent.carriedOpacity) };
  if (isImage(node)) {
    const href = element.attributes.get("href") ?? element.attributes.get("xlink:href") ?? "";
    const blob = blobOfDataUrl(href.trim(), conv.blobIds());
    if (blob === null) {
      conv.count("invalid Linework data attribute");
      return false;
    }
    conv.blobs.push(blob);
    node = { ...node, blob: blob.id };
  }
  if (!holdsChildren(node)) {
    conv.produce();
    out.push({ node, children: null });
    return true;
  }
  if (parent.groupDepth >= IMPORT_LIMITS.maxGroupDepth) return false;
  const ctx: Context = {
    ...parent,
    matrix: IDENTITY_MATRIX,
    origin: originWithin(parent, toMatrix(node.transform)),
    carriedOpacity: 1,
    groupDepth: parent.groupDepth + 1,
    style: conv.styleOf(element, parent),
    path: [...parent.path, element],
  };
  const children: Draft[] = [];
  lineworkChildren(conv, walk, element, ctx, children);
  conv.produce();
  out.push({ node, children });
  return true;
}

/**
 * A Linework container's children: the elements that carry data, looking through the plain
 * groups it wraps them in (a frame's clip); the container's own drawing (a frame's background)
 * is left out.
 */
function lineworkChildren(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
): void {
  for (const child of element.children) {
    if (typeof child === "string") continue;
    if (child.attributes.has(LINEWORK_DATA_ATTRIBUTE)) walk.element(conv, child, ctx, out);
    else if (localName(child.name) === "g" && !child.attributes.has("transform"))
      lineworkChildren(conv, walk, child, ctx, out);
  }
}
