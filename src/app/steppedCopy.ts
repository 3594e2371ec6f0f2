import { copyPayloadSteps } from "../actions/clipboard";
import type { Id } from "../doc/types";
import { blobsOfPieces } from "../io/export/inTasks";
import type { ExportSource } from "../io/export/source";
import { exportSvgSteps, type SvgExport } from "../io/export/svg";
import { holdsChildren } from "../shapes/registry";
import { isSceneNode } from "../doc/types";
import type { Steps } from "../io/steps";
import { clipboardHtmlSteps } from "./clipboardHtml";

/**
 * A copy of this many nodes (the selection and everything inside it) or more is written over
 * many tasks. About 36 characters of records a plain rectangle, so it is the payload that a
 * paste reads in steps (SLICED_PASTE_CHARS); the SVG of so many takes longer than the records.
 */
export const STEPPED_COPY_NODES = 1000;

/** Shares of a stepped copy's bar: the records, then the SVG; the Blobs take the rest. */
const RECORDS_SHARE = 0.3;
const SVG_SHARE = 0.6;

/** Whether the subtrees of `ids` hold at least `limit` nodes; walks no further than that. */
export function reaches(source: ExportSource, ids: readonly Id[], limit: number): boolean {
  let count = 0;
  const stack = [...ids];
  while (stack.length > 0) {
    const node = source.get(stack.pop()!);
    if (!isSceneNode(node)) continue;
    if (++count >= limit) return true;
    if (holdsChildren(node)) for (const child of source.childrenOf(node.id)) stack.push(child.id);
  }
  return false;
}

/**
 * What the keyboard's copy of a large selection writes through the async Clipboard API, made in
 * steps from `source`, a snapshot of what was copied: text/html with our records (as a small
 * copy's, without the inline SVG) and the selection's SVG as text. Not the SVG inline or as
 * image/svg+xml: the browser sanitises those as it writes them, parsing all of the markup on the
 * page's thread (about 0.3-0.5 s each at 20,000 shapes). Null when nothing of `ids` is there.
 */
export function* copyItemsSteps(
  source: ExportSource,
  ids: readonly Id[],
  progress: (fraction: number) => void = () => undefined,
): Steps<Record<string, Blob> | null> {
  const payload = yield* copyPayloadSteps(source, ids);
  if (payload === null) return null;
  progress(RECORDS_SHARE);
  let svg: SvgExport | null = null;
  try {
    svg = yield* exportSvgSteps(source, { scope: { nodes: ids } }, (done, total) =>
      progress(RECORDS_SHARE + SVG_SHARE * (total > 0 ? done / total : 1)),
    );
  } catch {
    // As a small copy: a selection that cannot be exported still copies its records.
    svg = null;
  }
  const html = yield* clipboardHtmlSteps(payload);
  const text = svg === null ? [payload] : yield* blobsOfPieces(svg.pieces);
  return { "text/html": html, "text/plain": new Blob(text, { type: "text/plain" }) };
}
