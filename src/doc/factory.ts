import { generateKeyBetween } from "fractional-indexing";
import { IDENTITY_TRANSFORM } from "./transform";
import type {
  DocRecord,
  DocumentMeta,
  Fill,
  Id,
  NodeBase,
  PageRecord,
  RGBA,
  Stroke,
} from "./types";

export const BLACK: RGBA = { r: 0, g: 0, b: 0, a: 1 };
export const WHITE: RGBA = { r: 1, g: 1, b: 1, a: 1 };
export const NO_FILL: Fill = { type: "none" };

export const DEFAULT_FILL: Fill = { type: "solid", color: WHITE };
export const DEFAULT_STROKE: Stroke = {
  paint: { type: "solid", color: { r: 0.12, g: 0.12, b: 0.14, a: 1 } },
  width: 2,
  dash: [],
  dashOffset: 0,
  cap: "round",
  join: "round",
  miterLimit: 4,
};
export const NO_STROKE: Stroke = { ...DEFAULT_STROKE, paint: null };

/** The first index of a new list of siblings. */
export const FIRST_INDEX = generateKeyBetween(null, null);

export function nodeBase(id: Id, parent: Id, index: string, name: string): NodeBase {
  return {
    id,
    parent,
    index,
    name,
    locked: false,
    hidden: false,
    opacity: 1,
    blendMode: "normal",
    transform: IDENTITY_TRANSFORM,
  };
}

/** A new document: its record and one empty page. */
export function createDocument(options: {
  readonly id: Id;
  readonly pageId: Id;
  readonly name?: string;
  readonly author: string;
  readonly created: string;
}): DocRecord[] {
  const meta: DocumentMeta = {
    id: options.id,
    type: "document",
    name: options.name ?? "Untitled",
    author: options.author,
    created: options.created,
  };
  const page: PageRecord = {
    id: options.pageId,
    type: "page",
    name: "Page 1",
    index: FIRST_INDEX,
    background: { r: 0.957, g: 0.957, b: 0.961, a: 1 },
  };
  return [meta, page];
}
