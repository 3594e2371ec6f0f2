import { NO_FILL, NO_STROKE } from "../../../doc/factory";
import { makeNode } from "../../../shapes/makeNode";
import { IDENTITY_MATRIX, multiply } from "../../../doc/transform";
import type { BlobRecord, FrameNode, ImageNode } from "../../../doc/types";
import { gunzip, isGzip } from "../gzip";
import { IMPORT_LIMITS, ImportError } from "../limits";
import { fromBase64, readRasterInfo, toBase64 } from "../raster";
import type { Draft } from "../tree";
import { DEFAULT_XML_LIMITS, localName, parseXml, type XmlElement } from "../xml";
import { Conversion, MAX_IMAGE_DEPTH, type Context, type Walk } from "./conversion";
import { emit } from "./emit";
import { autoLength, length } from "./lengths";
import { clampUnit, opacityOf } from "./nodeStyle";
import { expressible } from "./placement";
import { INITIAL_STYLE } from "./style";
import { viewBoxOf } from "./viewport";

/**
 * `<image>` from a `data:` URL: a raster (base64 only) as an image node with its bytes as a
 * blob, cropped by a clipping frame where `preserveAspectRatio` slices it; an SVG (base64 or
 * URL-encoded) as its drawing, converted by the same import under the same limits, placed in
 * the image's box. Anything else would be fetched or could hold script.
 */
export function image(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
): void {
  const href = (
    element.attributes.get("href") ??
    element.attributes.get("xlink:href") ??
    ""
  ).trim();
  const data = /^data:([^,;]*)((?:;[^,;]*)*),/i.exec(href);
  if (data === null) {
    if (href.length > 0 && !/^javascript:/i.test(href)) conv.count("external image");
    return;
  }
  const mime = data[1]!.trim().toLowerCase();
  const base64 = /;\s*base64/i.test(data[2] ?? "");
  const payload = href.slice(data[0].length);
  if (mime === "image/svg+xml" || (mime === "" && looksLikeSvg(payload, base64))) {
    svgImage(conv, walk, element, ctx, out, href, payload, base64);
    return;
  }
  if (mime !== "" && !mime.startsWith("image/")) {
    conv.count("unreadable image");
    return;
  }
  if (!base64) {
    conv.count("non-base64 image");
    return;
  }
  const bytes = fromBase64(payload);
  let info;
  try {
    if (bytes === null) throw new ImportError("bad base64");
    info = readRasterInfo(bytes);
  } catch {
    conv.count("unreadable image");
    return;
  }
  const x = length(element, "x", 0, ctx.viewport, "x");
  const y = length(element, "y", 0, ctx.viewport, "y");
  // SVG 2: a size that is absent, auto or invalid follows the picture's, keeping its ratio.
  const givenW = autoLength(element, "width", ctx.viewport, "x");
  const givenH = autoLength(element, "height", ctx.viewport, "y");
  const w = givenW ?? (givenH === null ? info.width : (givenH * info.width) / info.height);
  const h = givenH ?? (givenW === null ? info.height : (givenW * info.height) / info.width);
  if (!(w > 0 && h > 0)) return;
  const aspect = element.attributes.get("preserveAspectRatio");
  const fit = fitPicture(aspect, info, w, h);
  const sliced = fit.width > w + 1e-9 || fit.height > h + 1e-9;
  // A sliced picture is drawn in a clipping frame over its box, placed from the frame.
  const frameAt = sliced
    ? expressible(multiply(ctx.matrix, { ...IDENTITY_MATRIX, e: x, f: y }))
    : null;
  const matrix = frameAt !== null ? IDENTITY_MATRIX : ctx.matrix;
  const origin = frameAt !== null ? { x: fit.x, y: fit.y } : { x: x + fit.x, y: y + fit.y };
  const placed = conv.placer.place(matrix, { ...IDENTITY_MATRIX, e: origin.x, f: origin.y });
  if (placed === null) return;
  const blob: BlobRecord = {
    id: conv.blobIds(),
    type: "blob",
    mime: info.mime,
    data: toBase64(bytes!),
  };
  conv.blobs.push(blob);
  const node = makeNode<ImageNode>("image", "", "", "", {
    transform: placed.transform,
    blob: blob.id,
    naturalWidth: info.width,
    naturalHeight: info.height,
    width: fit.width,
    height: fit.height,
  });
  if (frameAt === null) {
    if (sliced) conv.count("sliced image (drawn whole)");
    emit(conv, node, ctx, out);
    return;
  }
  const inFrame: Draft[] = [];
  emit(conv, node, ctx, inFrame);
  if (inFrame.length === 0) return;
  const frame = makeNode<FrameNode>("frame", "", "", "", {
    name: `${element.attributes.get("id") ?? "Image"} crop`,
    transform: frameAt,
    width: w,
    height: h,
    clip: true,
    fill: NO_FILL,
    stroke: NO_STROKE,
  });
  conv.produce();
  out.push({ node: frame, children: inFrame });
}

/** Whether a `data:` URL without a type holds SVG (resvg and browsers sniff it). */
function looksLikeSvg(payload: string, base64: boolean): boolean {
  const start = base64
    ? decodeBytes(fromBase64(payload.slice(0, 400).replace(/\s+/g, "").slice(0, 256)))
    : decodeBytes(percentDecoded(payload.slice(0, 300)));
  return start !== null && /^\s*(<\?xml|<!--|<!DOCTYPE|<svg)/i.test(start);
}

function decodeBytes(bytes: Uint8Array | null): string | null {
  if (bytes === null) return null;
  try {
    return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * An SVG image: its document converted by a conversion of its own (its ids, style sheets and
 * viewport are its own; its style does not inherit from the `<image>`), shown as a nested
 * `<svg>` in the image's box, fitted by the image's `preserveAspectRatio`. Counted against the
 * outer file's limits; nested SVG images only so deep.
 */
function svgImage(
  conv: Conversion,
  walk: Walk,
  element: XmlElement,
  ctx: Context,
  out: Draft[],
  href: string,
  payload: string,
  base64: boolean,
): void {
  let inner = conv.images.get(href);
  if (inner === undefined) {
    inner = readSvgImage(conv, payload, base64);
    conv.images.set(href, inner);
  }
  if (inner === null) return;
  const root = inner.root;
  // The document's own size, for an image that gives none, and for the viewBox when it has none.
  const own = { width: 100, height: 100, em: 16 };
  const box = viewBoxOf(root);
  const ownW = length(root, "width", box?.[2] ?? 100, own, "x");
  const ownH = length(root, "height", box?.[3] ?? 100, own, "y");
  const givenW = autoLength(element, "width", ctx.viewport, "x");
  const givenH = autoLength(element, "height", ctx.viewport, "y");
  const w = givenW ?? (givenH === null || ownH <= 0 ? ownW : (givenH * ownW) / ownH);
  const h = givenH ?? (givenW === null || ownW <= 0 ? ownH : (givenW * ownH) / ownW);
  if (!(w > 0 && h > 0 && ownW > 0 && ownH > 0)) return;
  const attributes = new Map<string, string>();
  for (const [name, value] of root.attributes) {
    if (!VIEWPORT_ATTRIBUTES.has(name)) attributes.set(name, value);
  }
  attributes.set("x", String(length(element, "x", 0, ctx.viewport, "x")));
  attributes.set("y", String(length(element, "y", 0, ctx.viewport, "y")));
  attributes.set("width", String(w));
  attributes.set("height", String(h));
  attributes.set("viewBox", box === null ? `0 0 ${ownW} ${ownH}` : box.join(" "));
  const aspect = element.attributes.get("preserveAspectRatio");
  if (aspect !== undefined) attributes.set("preserveAspectRatio", aspect);
  const shown: XmlElement = { name: root.name, attributes, children: root.children };
  // The image's opacity applies to the drawing as a whole.
  const base: Context = {
    ...ctx,
    style: INITIAL_STYLE,
    carriedOpacity: clampUnit(ctx.carriedOpacity * opacityOf(ctx.style)),
  };
  walk.element(inner, shown, base, out);
}

/** Attributes of an SVG image's root that the `<image>` element decides instead. */
const VIEWPORT_ATTRIBUTES = new Set([
  "x",
  "y",
  "width",
  "height",
  "viewBox",
  "preserveAspectRatio",
  "transform",
]);

/** The conversion of an SVG image's document, or null (counted) when it cannot be shown. */
function readSvgImage(conv: Conversion, payload: string, base64: boolean): Conversion | null {
  if (conv.imageDepth >= MAX_IMAGE_DEPTH) {
    conv.count("SVG image nested too deep");
    return null;
  }
  let bytes = base64 ? fromBase64(payload) : percentDecoded(payload);
  if (bytes === null) {
    conv.count("unreadable image");
    return null;
  }
  try {
    // An svgz picture: its SVG, inflated within the limit on any input.
    if (isGzip(bytes))
      bytes = gunzip(bytes, IMPORT_LIMITS.maxInputBytes, "An SVG image in the file");
    const text = decodeBytes(bytes);
    if (text === null) throw new ImportError("not text");
    const document = parseXml(text, DEFAULT_XML_LIMITS);
    if (localName(document.root.name) !== "svg") throw new ImportError("not SVG");
    const inner = new Conversion(document.root, undefined, conv);
    inner.walk = conv.walk;
    inner.measure = conv.measure;
    inner.survey();
    conv.absorb(inner);
    conv.count("external entity reference", document.externalEntityReferences);
    return inner;
  } catch (error) {
    // The limits hold inside images as in the file itself.
    if (error instanceof ImportError && /limit/.test(error.message)) throw error;
    conv.count("unreadable image");
    return null;
  }
}

/**
 * A `data:` URL's text as its bytes, as browsers read it: each `%` and two hex digits a byte,
 * anything else (a `%` not followed by two, `#`, raw characters) as its UTF-8 bytes.
 */
function percentDecoded(payload: string): Uint8Array {
  const raw = new TextEncoder().encode(payload);
  const out = new Uint8Array(raw.length);
  let n = 0;
  const hex = (c: number): number =>
    c >= 0x30 && c <= 0x39
      ? c - 0x30
      : (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66
        ? (c | 0x20) - 0x57
        : -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x25 && i + 2 < raw.length && hex(raw[i + 1]!) >= 0 && hex(raw[i + 2]!) >= 0) {
      out[n++] = hex(raw[i + 1]!) * 16 + hex(raw[i + 2]!);
      i += 2;
    } else out[n++] = c;
  }
  return out.subarray(0, n);
}

/**
 * Where the picture goes in its w × h box, by `preserveAspectRatio`: stretched for none, else
 * the largest box of its ratio that fits (meet) or the smallest that covers it (slice), aligned
 * by xMin/xMid/xMax and YMin/YMid/YMax.
 */
function fitPicture(
  aspect: string | undefined,
  picture: { readonly width: number; readonly height: number },
  w: number,
  h: number,
): { x: number; y: number; width: number; height: number } {
  const parts = (aspect ?? "").trim().split(/\s+/);
  const align = (parts[0] === "defer" ? parts[1] : parts[0]) || "xMidYMid";
  if (align === "none") return { x: 0, y: 0, width: w, height: h };
  const slice = parts.includes("slice");
  const scale = (slice ? Math.max : Math.min)(w / picture.width, h / picture.height);
  const width = picture.width * scale;
  const height = picture.height * scale;
  const share = (min: string, max: string): number =>
    align.includes(min) ? 0 : align.includes(max) ? 1 : 0.5;
  return {
    x: (w - width) * share("xMin", "xMax"),
    y: (h - height) * share("YMin", "YMax"),
    width,
    height,
  };
}
