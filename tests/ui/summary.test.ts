import { addFrameCorners, getGeometry } from "../../src/actions/numeric";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DocumentStore } from "../../src/doc/store";
import { isSceneNode, type Fill, type Id, type Paint, type SceneNode } from "../../src/doc/types";
import { summarise, type Field, type SelectionSummary } from "../../src/ui/properties/summary";
import { documentArb } from "../support/arbitraries";

/**
 * The summary as its definition reads: every property folded on its own over the nodes. The
 * panel's one-pass fold must agree with it on every selection.
 */
function reference(store: DocumentStore, ids: readonly Id[]): SelectionSummary {
  const nodes = ids.map((id) => store.get(id)).filter(isSceneNode);
  const fold = <T>(
    read: (node: SceneNode) => T | undefined,
    same: (a: T, b: T) => boolean = Object.is,
  ): Field<T> => {
    const values = nodes.map(read).filter((v): v is T => v !== undefined);
    if (values.length === 0) return { state: "none" };
    return values.every((v) => same(values[0]!, v))
      ? { state: "same", value: values[0]! }
      : { state: "mixed" };
  };
  const samePaint = (a: Fill | Paint | null, b: Fill | Paint | null): boolean =>
    JSON.stringify(a) === JSON.stringify(b);
  const stroke = (n: SceneNode) => ("stroke" in n ? n.stroke : undefined);
  const label = (n: SceneNode) => ("label" in n ? (n.label ?? undefined) : undefined);
  // Position, size and angle are the numeric frame (setGeometry's), for every kind of node.
  const frame = (n: SceneNode) => getGeometry(store, n.id) ?? undefined;
  const corner = (i: 0 | 1 | 2 | 3) => fold((n) => (n.type === "rect" ? n.radii[i] : undefined));
  // Two or more distinct nodes with a frame show the box their frames span.
  const framed = [...new Set(nodes.filter((n) => frame(n) !== undefined).map((n) => n.id))];
  const span = [Infinity, Infinity, -Infinity, -Infinity];
  for (const id of framed) addFrameCorners(span, getGeometry(store, id)!);
  const spanned = (value: number): Field<number> => ({ state: "same", value });
  return {
    count: nodes.length,
    fill: fold<Fill>((n) => ("fill" in n ? n.fill : undefined), samePaint),
    strokePaint: fold<Paint | null>((n) => stroke(n)?.paint, samePaint),
    strokeWidth: fold((n) => stroke(n)?.width),
    dash: fold((n) => stroke(n)?.dash.join(" ")),
    cap: fold((n) => stroke(n)?.cap),
    join: fold((n) => stroke(n)?.join),
    startHead: fold((n) => (n.type === "line" ? n.startHead : undefined)),
    endHead: fold((n) => (n.type === "line" ? n.endHead : undefined)),
    route: fold((n) => (n.type === "line" ? n.route : undefined)),
    opacity: fold((n) => n.opacity),
    blendMode: fold((n) => n.blendMode),
    radius: fold((n) =>
      n.type === "rect" ? (n.radii.every((r) => r === n.radii[0]) ? n.radii[0] : NaN) : undefined,
    ),
    corners: [corner(0), corner(1), corner(2), corner(3)],
    sides: fold((n) => (n.type === "polygon" ? n.sides : undefined)),
    points: fold((n) => (n.type === "star" ? n.points : undefined)),
    pointCount: fold((n) =>
      n.type === "polygon" ? n.sides : n.type === "star" ? n.points : undefined,
    ),
    star: fold((n) => (n.type === "polygon" || n.type === "star" ? n.type === "star" : undefined)),
    innerRatio: fold((n) => (n.type === "star" ? n.innerRatio : undefined)),
    ...(framed.length > 1
      ? {
          x: spanned(span[0]!),
          y: spanned(span[1]!),
          width: spanned(span[2]! - span[0]!),
          height: spanned(span[3]! - span[1]!),
        }
      : {
          x: fold((n) => frame(n)?.x),
          y: fold((n) => frame(n)?.y),
          width: fold((n) => frame(n)?.width),
          height: fold((n) => frame(n)?.height),
        }),
    rotation: fold((n) => {
      const r = frame(n)?.rotation;
      return r === undefined ? undefined : ((r % 360) + 360) % 360;
    }),
    labelFamily: fold((n) => label(n)?.fontFamily),
    labelSize: fold((n) => label(n)?.fontSize),
    labelWeight: fold((n) => label(n)?.fontWeight),
    textFamily: fold((n) => (n.type === "text" ? n.fontFamily : undefined)),
    textSize: fold((n) => (n.type === "text" ? n.fontSize : undefined)),
    textWeight: fold((n) => (n.type === "text" ? n.fontWeight : undefined)),
    textAlign: fold((n) => (n.type === "text" ? n.align : undefined)),
    labelColor: fold(
      (n) => label(n)?.color,
      (a, b) => JSON.stringify(a) === JSON.stringify(b),
    ),
  };
}

describe("properties summary in one pass", () => {
  it("agrees with folding each property on its own, for any selection", () => {
    fc.assert(
      fc.property(
        documentArb({ maxPages: 2 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (records, picks) => {
          const store = new DocumentStore(records);
          const nodes = records.filter(isSceneNode).map((n) => n.id);
          // Ids that are not nodes (pages, unknown ids) count for nothing.
          const pool = [...nodes, records[0]!.id, "missing"];
          const ids = picks.map((pick) => pool[pick % pool.length]!);
          expect(summarise(store, ids)).toEqual(reference(store, ids));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("makes a selection of identical shapes the same everywhere, a differing one Mixed", () => {
    fc.assert(
      fc.property(documentArb({ maxPages: 1 }), (records) => {
        const store = new DocumentStore(records);
        const node = records.find(isSceneNode);
        fc.pre(node !== undefined);
        const twice = summarise(store, [node!.id, node!.id]);
        // A node with no extent (an empty group) has no frame to show.
        const frame = getGeometry(store, node!.id);
        expect(twice.x).toEqual(
          frame === null ? { state: "none" } : { state: "same", value: frame.x },
        );
        expect(twice.opacity).toEqual({ state: "same", value: node!.opacity });
      }),
      { numRuns: 100 },
    );
  });
});
