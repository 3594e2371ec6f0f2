import { makeNode } from "../../../doc/factory";
import { IDENTITY_MATRIX } from "../../../doc/transform";
import type { BlobRecord, ImageNode, SceneNode } from "../../../doc/types";
import { ImportError } from "../limits";
import { fromBase64, readRasterInfo, toBase64 } from "../raster";
import type { XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { autoLength, length } from "./lengths";

/**
 * `<image>` as an image node, with its bytes as a blob. Only base64 `data:` rasters: anything
 * else would be fetched or could hold script.
 */
export function image(conv: Conversion, element: XmlElement, ctx: Context): SceneNode | null {
  const href = (
    element.attributes.get("href") ??
    element.attributes.get("xlink:href") ??
    ""
  ).trim();
  const data = /^data:(image\/[\w.+-]+)?(;[^,]*)?,/i.exec(href);
  if (data === null) {
    if (href.length > 0 && !/^javascript:/i.test(href)) conv.count("external image");
    return null;
  }
  if (!/;base64/i.test(data[2] ?? "")) {
    conv.count("non-base64 image");
    return null;
  }
  const bytes = fromBase64(href.slice(data[0].length));
  let info;
  try {
    if (bytes === null) throw new ImportError("bad base64");
    info = readRasterInfo(bytes);
  } catch {
    conv.count("unreadable image");
    return null;
  }
  const x = length(element, "x", 0, ctx.viewport, "x");
  const y = length(element, "y", 0, ctx.viewport, "y");
  // SVG 2: a size that is absent, auto or invalid follows the picture's, keeping its ratio.
  const givenW = autoLength(element, "width", ctx.viewport, "x");
  const givenH = autoLength(element, "height", ctx.viewport, "y");
  const w = givenW ?? (givenH === null ? info.width : (givenH * info.width) / info.height);
  const h = givenH ?? (givenW === null ? info.height : (givenW * info.height) / info.width);
  if (!(w > 0 && h > 0)) return null;
  const fit = fitPicture(element.attributes.get("preserveAspectRatio"), info, w, h);
  const placed = conv.placer.place(ctx.matrix, {
    ...IDENTITY_MATRIX,
    e: x + fit.x,
    f: y + fit.y,
  });
  if (placed === null) return null;
  const blob: BlobRecord = {
    id: conv.blobIds(),
    type: "blob",
    mime: info.mime,
    data: toBase64(bytes!),
  };
  conv.blobs.push(blob);
  return makeNode<ImageNode>("image", "", "", "", {
    transform: placed.transform,
    blob: blob.id,
    naturalWidth: info.width,
    naturalHeight: info.height,
    width: fit.width,
    height: fit.height,
  });
}

/**
 * Where the picture goes in its w × h box, by `preserveAspectRatio`: stretched for none, else
 * the largest box of its ratio that fits, aligned by xMin/xMid/xMax and YMin/YMid/YMax. A
 * picture that would be sliced is fitted the same way (the audit reports slicing).
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
  const scale = Math.min(w / picture.width, h / picture.height);
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
