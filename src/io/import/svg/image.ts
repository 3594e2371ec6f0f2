import { makeNode } from "../../../doc/factory";
import { IDENTITY_MATRIX } from "../../../doc/transform";
import type { BlobRecord, ImageNode, SceneNode } from "../../../doc/types";
import { ImportError } from "../limits";
import { fromBase64, readRasterInfo, toBase64 } from "../raster";
import type { XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { length } from "./lengths";

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
  const w = element.attributes.has("width")
    ? length(element, "width", 0, ctx.viewport, "x")
    : info.width;
  const h = element.attributes.has("height")
    ? length(element, "height", 0, ctx.viewport, "y")
    : info.height;
  if (!(w > 0 && h > 0)) return null;
  // preserveAspectRatio's default, xMidYMid meet: the largest box of the image's ratio that fits.
  const keep =
    (element.attributes.get("preserveAspectRatio") ?? "").trim().startsWith("none") === false;
  let width = w;
  let height = h;
  if (keep) {
    const scale = Math.min(w / info.width, h / info.height);
    width = info.width * scale;
    height = info.height * scale;
  }
  const placed = conv.placer.place(ctx.matrix, {
    ...IDENTITY_MATRIX,
    e: x + (w - width) / 2,
    f: y + (h - height) / 2,
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
    width,
    height,
  });
}
