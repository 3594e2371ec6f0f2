import { NO_FILL } from "../../../doc/factory";
import type { SceneNode, Styled } from "../../../doc/types";
import { drawsFill } from "../../../shapes/registry";
import { IMPORT_LIMITS } from "../limits";
import { numbersWithin, type Draft } from "../tree";
import type { Context, Conversion } from "./conversion";
import { blendOf, clampUnit, opacityOf } from "./nodeStyle";

/**
 * A drawn element's node, out: with the element's opacity (and that of groups flattened above
 * it), blend mode, visibility and id. A node with numbers out of range is dropped and counted.
 */
export function emit(conv: Conversion, draft: SceneNode | null, ctx: Context, out: Draft[]): void {
  if (draft === null) return;
  const opacity = clampUnit(opacityOf(ctx.style) * ctx.carriedOpacity);
  const node = {
    ...draft,
    opacity,
    blendMode: blendOf(ctx.style),
    hidden: ctx.style.get("visibility") === "hidden" || ctx.style.get("visibility") === "collapse",
    name: ctx.path.at(-1)?.attributes.get("id") ?? draft.name,
  } as SceneNode;
  if (!numbersWithin(node, IMPORT_LIMITS.maxMagnitude)) {
    conv.count("shape with out-of-range numbers");
    return;
  }
  conv.produce();
  out.push({ node, children: null });
}

/** What SVG paints of a shape, in the order `paint-order` gives. */
export type PaintPart = "fill" | "stroke" | "markers";

const PARTS: readonly PaintPart[] = ["fill", "stroke", "markers"];

/**
 * `paint-order`: the parts named first, in their order, then the others in the normal order
 * (fill, stroke, markers); `normal`, and values CSS would ignore (unknown or repeated words), give
 * the normal order.
 */
export function paintOrderOf(value: string | undefined): readonly PaintPart[] {
  const words = (value ?? "normal").trim().toLowerCase().split(/\s+/);
  if (words.length === 1 && words[0] === "normal") return PARTS;
  if (
    words.some((w) => !(PARTS as readonly string[]).includes(w)) ||
    new Set(words).size !== words.length
  )
    return PARTS;
  return [...(words as PaintPart[]), ...PARTS.filter((p) => !words.includes(p))];
}

/**
 * A shape's node out with its markers (`markers` draws them), in its `paint-order`: where its
 * stroke goes beneath its fill, it comes in as two nodes, its stroke alone then its fill alone,
 * as the model draws a shape's stroke over its fill.
 */
export function emitInPaintOrder(
  conv: Conversion,
  draft: SceneNode | null,
  ctx: Context,
  out: Draft[],
  markers: () => void,
): void {
  if (draft === null) return;
  const order = paintOrderOf(ctx.style.get("paint-order"));
  const fill = "fill" in draft && draft.fill.type !== "none" && drawsFill(draft);
  const stroke = "stroke" in draft && draft.stroke.paint !== null && draft.stroke.width > 0;
  const [atFill, atStroke, atMarkers] = PARTS.map((part) => order.indexOf(part)) as [
    number,
    number,
    number,
  ];
  const split =
    fill &&
    stroke &&
    (atStroke < atFill ||
      (atMarkers > Math.min(atFill, atStroke) && atMarkers < Math.max(atFill, atStroke)));
  if (!split) {
    // One node, drawn where its first painted part comes, its markers before or after it.
    const at = fill && stroke ? Math.min(atFill, atStroke) : stroke ? atStroke : atFill;
    if (atMarkers < at) {
      markers();
      emit(conv, draft, ctx, out);
      return;
    }
    const before = out.length;
    emit(conv, draft, ctx, out);
    if (out.length > before) markers();
    return;
  }
  const shape = draft as SceneNode & Styled;
  for (const part of order) {
    if (part === "markers") markers();
    else if (part === "stroke") emit(conv, { ...shape, fill: NO_FILL } as SceneNode, ctx, out);
    else emit(conv, { ...shape, stroke: { ...shape.stroke, paint: null } } as SceneNode, ctx, out);
  }
}
