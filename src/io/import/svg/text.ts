import { makeNode } from "../../../shapes/makeNode";
import { IDENTITY_MATRIX } from "../../../doc/transform";
import type { SceneNode, TextNode } from "../../../doc/types";
import { localName, type XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { conditionsPass } from "./conditions";
import { parseLength } from "./lengths";
import { styled } from "./nodeStyle";
import { parseNumberList } from "./transformList";
import { cssFont, layoutText } from "../../export/textLayout";

/**
 * `<text>` as one text node: its characters (tspans included) on one line at the first x and y,
 * in the first font family, placed so that its baseline and anchor fall where SVG puts them as
 * the conversion measures text (the browser's canvas, as the renderer sets it, or an estimate).
 */
export function text(conv: Conversion, element: XmlElement, ctx: Context): SceneNode | null {
  const content = textContent(conv, element).replace(/\s+/g, " ").trim();
  if (content.length === 0) return null;
  const x = firstLength(element.attributes.get("x"));
  const y = firstLength(element.attributes.get("y"));
  const fontSize = Math.max(
    0.1,
    parseLength(ctx.style.get("font-size") ?? "16", 16, ctx.viewport, "y"),
  );
  const family = (ctx.style.get("font-family") ?? "sans-serif")
    .split(",")[0]!
    .trim()
    .replace(/^['"]|['"]$/g, "");
  const weightText = ctx.style.get("font-weight") ?? "normal";
  const weight =
    weightText === "bold" || weightText === "bolder" ? 700 : Number.parseInt(weightText, 10);
  const anchor = ctx.style.get("text-anchor") ?? "start";
  const fontFamily = family.slice(0, 200) || "sans-serif";
  const fontWeight = Number.isFinite(weight) ? Math.min(1000, Math.max(1, weight)) : 400;
  const fontStyle =
    ctx.style.get("font-style") === "italic" || ctx.style.get("font-style") === "oblique"
      ? "italic"
      : "normal";
  const shape = {
    content: content.slice(0, 100_000),
    fontFamily,
    fontSize,
    fontWeight,
    fontStyle,
    align: "left",
    lineHeight: 1.2,
    width: null,
  } as const;
  // As the renderer and the export lay the node out: its one line's baseline below its top,
  // its advance from its left edge.
  const font = cssFont(shape as TextNode);
  const measuredWidth = conv.measure.width(shape.content, font);
  const baseline = layoutText(shape as TextNode, conv.measure).lines[0]?.y ?? fontSize;
  const left =
    anchor === "middle" ? x - measuredWidth / 2 : anchor === "end" ? x - measuredWidth : x;
  // SVG places text by its baseline; a text node by its top.
  const top = y - baseline;
  const placed = conv.placer.place(ctx.matrix, { ...IDENTITY_MATRIX, e: left, f: top });
  if (placed === null) {
    conv.count("text element with a singular transform");
    return null;
  }
  const box = { x: left, y: top, width: measuredWidth, height: fontSize };
  return makeNode<TextNode>("text", "", "", "", {
    ...styled(conv, ctx, placed.userToLocal, box),
    transform: placed.transform,
    ...shape,
  });
}

function textContent(conv: Conversion, element: XmlElement): string {
  let out = "";
  const stack: Array<XmlElement | string> = [...element.children].reverse();
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === "string") out += item;
    else if (isTextContent(conv, item))
      for (let i = item.children.length - 1; i >= 0; i--) stack.push(item.children[i]!);
  }
  return out;
}

/**
 * A `<tspan>` or `<a>` whose characters are drawn: an SVG element whose conditions pass and that
 * is displayed.
 */
function isTextContent(conv: Conversion, element: XmlElement): boolean {
  const tag = localName(element.name);
  return (
    (tag === "tspan" || tag === "a") &&
    !conv.foreign.has(element) &&
    conditionsPass(element) &&
    conv.declaredStyle(element).get("display") !== "none"
  );
}

function firstLength(value: string | undefined): number {
  const first = parseNumberList((value ?? "").replace(/px/g, ""), 1)?.[0];
  return first ?? (value === undefined ? 0 : Number.parseFloat(value) || 0);
}
