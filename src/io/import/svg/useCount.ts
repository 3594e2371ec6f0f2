import {
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_LABEL_ATTRIBUTE,
} from "../../export/lineworkData";
import { IMPORT_LIMITS } from "../limits";
import { localName, type XmlElement } from "../xml";
import type { Context, Conversion } from "./conversion";
import { entersElement } from "./entered";

/**
 * Attributes that may keep the walk out of an element's content (a style hiding it, a clip or
 * mask, what Linework wrote): such an element counts, its content does not.
 */
const MAY_HIDE_CONTENT = [
  "style",
  "display",
  "visibility",
  "clip-path",
  "mask",
  "filter",
  LINEWORK_DATA_ATTRIBUTE,
  LINEWORK_BACKGROUND_ATTRIBUTE,
  LINEWORK_LABEL_ATTRIBUTE,
];

/**
 * At least how many elements the walk counts against the limit on use expansion when a `<use>`
 * in `ctx` (its own context, at no use depth) shows `target`, counted until the count passes
 * `enough`. Only attributes are read: the target counts, and so do the content of its plain groups
 * and what its own `<use>` elements show, unless an attribute, or any style sheet rule, could hide
 * them. Past `enough` the count stops: a file repeating too much is refused before it is expanded.
 */
export function repeatedAtLeast(
  conv: Conversion,
  target: XmlElement,
  ctx: Context,
  enough: number,
): number {
  const descend = !conv.hasStyleRules;
  const path = [...ctx.path];
  let count = 0;
  const visit = (element: XmlElement, useDepth: number): void => {
    if (count > enough || path.length >= IMPORT_LIMITS.maxNestingDepth) return;
    if (!entersElement(conv, element, ctx)) return;
    count += 1;
    if (!descend || MAY_HIDE_CONTENT.some((name) => element.attributes.has(name))) return;
    const tag = localName(element.name);
    if (tag === "g") {
      path.push(element);
      for (const child of element.children) if (typeof child !== "string") visit(child, useDepth);
      path.pop();
    } else if (tag === "use" && useDepth < IMPORT_LIMITS.maxUseDepth) {
      const href = (element.attributes.get("href") ?? element.attributes.get("xlink:href"))?.trim();
      const shown = href?.startsWith("#") === true ? conv.byId.get(href.slice(1)) : undefined;
      if (shown === undefined) return;
      path.push(element);
      if (!path.includes(shown)) show(shown, useDepth + 1);
      path.pop();
    }
  };
  // A symbol's or an svg's content is laid out in a viewport of its own, the element uncounted.
  const show = (shown: XmlElement, useDepth: number): void => {
    const tag = localName(shown.name);
    if (tag !== "symbol" && tag !== "svg") visit(shown, useDepth);
  };
  show(target, 1);
  return count;
}
