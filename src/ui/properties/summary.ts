import type { DocumentStore } from "../../doc/store";
import {
  isSceneNode,
  type ArrowHead,
  type BlendMode,
  type Fill,
  type Id,
  type LineCap,
  type LineJoin,
  type Paint,
  type SceneNode,
  type Stroke,
} from "../../doc/types";

/** One property across the selection: absent (no node has it), one value, or mixed. */
export type Field<T> =
  | { readonly state: "none" }
  | { readonly state: "same"; readonly value: T }
  | { readonly state: "mixed" };

const NONE: Field<never> = { state: "none" };
const MIXED: Field<never> = { state: "mixed" };

export interface SelectionSummary {
  readonly count: number;
  readonly fill: Field<Fill>;
  readonly strokePaint: Field<Stroke["paint"]>;
  readonly strokeWidth: Field<number>;
  readonly dash: Field<string>;
  readonly cap: Field<LineCap>;
  readonly join: Field<LineJoin>;
  readonly startHead: Field<ArrowHead>;
  readonly endHead: Field<ArrowHead>;
  readonly opacity: Field<number>;
  readonly blendMode: Field<BlendMode>;
  readonly radius: Field<number>;
  /** Rectangle corners: top-left, top-right, bottom-right, bottom-left. */
  readonly corners: readonly [Field<number>, Field<number>, Field<number>, Field<number>];
  readonly sides: Field<number>;
  readonly points: Field<number>;
  readonly x: Field<number>;
  readonly y: Field<number>;
  readonly width: Field<number>;
  readonly height: Field<number>;
  /** Degrees. */
  readonly rotation: Field<number>;
}

/** Folds one property over the nodes; stops at the first difference, so mixed is cheap. */
function fold<T>(
  nodes: readonly SceneNode[],
  read: (node: SceneNode) => T | undefined,
  same: (a: T, b: T) => boolean = Object.is,
): Field<T> {
  let found = false;
  let first: T | undefined;
  for (const node of nodes) {
    const value = read(node);
    if (value === undefined) continue;
    if (!found) {
      found = true;
      first = value;
    } else if (!same(first as T, value)) return MIXED;
  }
  return found ? { state: "same", value: first as T } : NONE;
}

/** Paint equality without serialising: solid colours (the common case) compare channel by channel. */
function samePaint(a: Fill | Paint | null, b: Fill | Paint | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.type !== b.type) return false;
  if (a.type === "none") return true;
  if (a.type === "solid" && b.type === "solid") {
    const x = a.color;
    const y = b.color;
    return x.r === y.r && x.g === y.g && x.b === y.b && x.a === y.a;
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

export function dashKey(dash: readonly number[]): string {
  return dash.join(" ");
}

function hasSize(node: SceneNode): node is SceneNode & { width: number; height: number } {
  return "width" in node && typeof node.width === "number" && "height" in node;
}

function corner(nodes: readonly SceneNode[], index: 0 | 1 | 2 | 3): Field<number> {
  return fold(nodes, (n) => (n.type === "rect" ? n.radii[index] : undefined));
}

export function summarise(store: DocumentStore, ids: readonly Id[]): SelectionSummary {
  const nodes: SceneNode[] = [];
  for (const id of ids) {
    const record = store.get(id);
    if (isSceneNode(record)) nodes.push(record);
  }
  const styled = (node: SceneNode): Stroke | undefined =>
    "stroke" in node ? node.stroke : undefined;
  return {
    count: nodes.length,
    fill: fold<Fill>(nodes, (n) => ("fill" in n ? n.fill : undefined), samePaint),
    strokePaint: fold<Paint | null>(nodes, (n) => styled(n)?.paint, samePaint),
    strokeWidth: fold(nodes, (n) => styled(n)?.width),
    dash: fold(nodes, (n) => {
      const stroke = styled(n);
      return stroke ? dashKey(stroke.dash) : undefined;
    }),
    cap: fold(nodes, (n) => styled(n)?.cap),
    join: fold(nodes, (n) => styled(n)?.join),
    startHead: fold(nodes, (n) => (n.type === "line" ? n.startHead : undefined)),
    endHead: fold(nodes, (n) => (n.type === "line" ? n.endHead : undefined)),
    opacity: fold(nodes, (n) => n.opacity),
    blendMode: fold(nodes, (n) => n.blendMode),
    radius: fold(nodes, (n) =>
      n.type === "rect" && n.radii.every((r) => r === n.radii[0])
        ? n.radii[0]
        : n.type === "rect"
          ? Number.NaN
          : undefined,
    ),
    corners: [corner(nodes, 0), corner(nodes, 1), corner(nodes, 2), corner(nodes, 3)],
    sides: fold(nodes, (n) => (n.type === "polygon" ? n.sides : undefined)),
    points: fold(nodes, (n) => (n.type === "star" ? n.points : undefined)),
    x: fold(nodes, (n) => n.transform.x),
    y: fold(nodes, (n) => n.transform.y),
    width: fold(nodes, (n) => (hasSize(n) ? n.width : undefined)),
    height: fold(nodes, (n) => (hasSize(n) ? n.height : undefined)),
    rotation: fold(nodes, (n) => (n.transform.rotation * 180) / Math.PI),
  };
}

/**
 * The summary for a selection, recomputed only when the document's version or the selection
 * changes: re-rendering the panel for another reason costs nothing.
 */
export function summaryCache(): (store: DocumentStore, ids: readonly Id[]) => SelectionSummary {
  let lastStore: DocumentStore | null = null;
  let lastVersion = -1;
  let lastIds: readonly Id[] | null = null;
  let last: SelectionSummary | null = null;
  return (store, ids) => {
    if (last && store === lastStore && store.version === lastVersion && ids === lastIds)
      return last;
    lastStore = store;
    lastVersion = store.version;
    lastIds = ids;
    last = summarise(store, ids);
    return last;
  };
}
