import type { SceneNode } from "../../../doc/types";
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
