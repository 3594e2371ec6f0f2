import { makeNode } from "../../../doc/factory";
import { fromMatrix, IDENTITY_MATRIX } from "../../../doc/transform";
import type { BlobRecord, GroupNode } from "../../../doc/types";
import { ImportError } from "../limits";
import type { ImportProgress } from "../result";
import type { Draft } from "../tree";
import { localName, type XmlElement } from "../xml";
import { Conversion, type Context } from "./conversion";
import { walk } from "./structure";
import { INITIAL_STYLE } from "./style";
import { viewportOf } from "./viewport";

export { expressible } from "./placement";

/**
 * An SVG element tree into editable drafts. Everything that is drawn becomes a node; every
 * feature that is not imported is counted for one summary warning; nothing that could run code
 * or reach the network survives (scripts, handlers, foreignObject, external references).
 *
 * The parts: `structure` walks the elements (containers, `<use>`); `shapes`, `text` and `image`
 * make nodes, styled by `nodeStyle`; `clipping` and `markerInstances` wrap or repeat what is
 * drawn; `lineworkNodes` reads back what Linework itself exported.
 */

export interface SvgConversion {
  readonly drafts: Draft[];
  readonly blobs: BlobRecord[];
  readonly warnings: string[];
}

export function convertSvg(
  root: XmlElement,
  name: string,
  externalEntityReferences: number,
  progress?: ImportProgress,
): SvgConversion {
  if (localName(root.name) !== "svg") {
    throw new ImportError(`The file is XML but not SVG: its root element is <${root.name}>.`);
  }
  const conv = new Conversion(root, progress);
  conv.survey();
  const viewport = { width: 100, height: 100 };
  const base: Context = {
    matrix: IDENTITY_MATRIX,
    style: INITIAL_STYLE,
    viewport,
    carriedOpacity: 1,
    groupDepth: 0,
    path: [],
    useDepth: 0,
  };
  const { matrix, viewport: inner } = viewportOf(root, base.viewport, true);
  const ctx: Context = { ...base, viewport: inner };
  const style = conv.styleOf(root, ctx);
  const children = walk.children(conv, root, { ...ctx, style, path: [root] });
  const drafts: Draft[] = [];
  if (conv.fromLinework) drafts.push(...children);
  else if (children.length > 0) {
    const group = makeNode<GroupNode>("group", "", "", "", {
      name: name.length > 0 ? name : "Imported SVG",
      transform: fromMatrix(matrix),
    });
    drafts.push({ node: group, children });
  }
  return { drafts, blobs: conv.blobs, warnings: conv.warnings(externalEntityReferences) };
}
