import { localName, type XmlElement } from "../xml";
import { conditionsPass } from "./conditions";
import type { Context, Conversion } from "./conversion";
import { drawsInClip } from "./masking";
import { ELEMENTS } from "./support";

/**
 * Whether the walk enters an element at all; what it passes over counts against no limit.
 * Elements of other namespaces draw nothing; elements that are not drawn where they stand are
 * read where they are referred to, or not imported (the audit reports those); a clip path draws
 * with shapes and text alone.
 */
export function entersElement(conv: Conversion, element: XmlElement, parent: Context): boolean {
  if (conv.foreign.has(element)) return false;
  const tag = localName(element.name);
  if (ELEMENTS.get(tag)?.role !== "drawn") return false;
  if (!conditionsPass(element)) return false;
  return parent.clipContent !== true || drawsInClip(tag);
}
