import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addNodes } from "../../src/doc/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { EllipseNode, Label, RectNode, SceneNode, TextNode } from "../../src/doc/types";
import { History } from "../../src/history/history";
import { editNodes } from "../../src/ui/properties/edits";
import {
  FONT_FAMILIES,
  FONT_WEIGHTS,
  withCurrent,
  withLabel,
} from "../../src/ui/properties/labelFields";
import { summarise } from "../../src/ui/properties/summary";
import { KIND_RULES } from "../../src/shapes/registry";

const INK = { r: 0, g: 0, b: 0, a: 1 };
const RED = { r: 1, g: 0, b: 0, a: 1 };

function label(fields: Partial<Label> = {}): Label {
  return {
    content: "Start",
    fontFamily: FONT_FAMILIES[0]!.value,
    fontSize: 20,
    fontWeight: 400,
    fontStyle: "normal",
    color: INK,
    position: 0.5,
    ...fields,
  };
}

function setup(labels: readonly (Label | null)[]) {
  const store = new DocumentStore(
    createDocument({
      id: "doc",
      pageId: "page",
      author: "web_user",
      created: "2026-01-01T00:00:00.000Z",
    }),
    { invariants: KIND_RULES },
  );
  const history = new History(store);
  const nodes: SceneNode[] = labels.map((l, i) =>
    i % 2 === 0
      ? makeNode<RectNode>("rect", `s${i}`, "page", `a${i}`, {
          width: 100,
          height: 60,
          radii: [0, 0, 0, 0],
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          label: l,
        })
      : makeNode<EllipseNode>("ellipse", `s${i}`, "page", `a${i}`, {
          width: 100,
          height: 60,
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
          label: l,
        }),
  );
  store.transact("Add", (tx) => addNodes(tx, "page", nodes));
  return { store, history, ids: nodes.map((n) => n.id) };
}

const labelOf = (store: DocumentStore, id: string): Label | null =>
  (store.get(id) as RectNode | EllipseNode).label;

describe("label font and colour in the properties panel", () => {
  it("shows a labelled shape's type and colour, nothing for shapes without a label", () => {
    const { store, ids } = setup([label({ fontSize: 32, fontWeight: 700, color: RED }), null]);
    const one = summarise(store, [ids[0]!]);
    expect(one.labelFamily).toEqual({ state: "same", value: FONT_FAMILIES[0]!.value });
    expect(one.labelSize).toEqual({ state: "same", value: 32 });
    expect(one.labelWeight).toEqual({ state: "same", value: 700 });
    expect(one.labelColor).toEqual({ state: "same", value: RED });
    // A shape with no label adds nothing: the labelled one's values show alone.
    expect(summarise(store, ids).labelSize).toEqual({ state: "same", value: 32 });
    expect(summarise(store, [ids[1]!]).labelSize).toEqual({ state: "none" });
  });

  it("reads Mixed where labels differ", () => {
    const { store, ids } = setup([label({ fontSize: 20 }), label({ fontSize: 30, color: RED })]);
    const both = summarise(store, ids);
    expect(both.labelSize).toEqual({ state: "mixed" });
    expect(both.labelColor).toEqual({ state: "mixed" });
    expect(both.labelFamily).toEqual({ state: "same", value: FONT_FAMILIES[0]!.value });
  });

  it("sets every selected label in one undo step, leaving shapes without one alone", () => {
    const { store, history, ids } = setup([label(), null, label({ fontSize: 12 })]);
    const before = ids.map((id) => store.get(id));
    editNodes(store, "Label colour", ids, (n) => withLabel(n, (l) => ({ ...l, color: RED })));
    expect(labelOf(store, ids[0]!)?.color).toEqual(RED);
    expect(labelOf(store, ids[2]!)?.color).toEqual(RED);
    expect(labelOf(store, ids[2]!)?.fontSize).toBe(12);
    expect(labelOf(store, ids[1]!)).toBeNull();
    expect(store.get(ids[1]!)).toBe(before[1]);
    expect(history.undoLabel).toBe("Label colour");
    history.undo();
    expect(ids.map((id) => store.get(id))).toEqual(before);
    expect(history.canUndo).toBe(true); // the "Add" step is still there: one step was taken back
  });

  it("grows a box whose label no longer fits at the new size, in the same undo step; never shrinks it", () => {
    const { store, history, ids } = setup([label({ content: "Start here" })]);
    const id = ids[0]!;
    // One line a paragraph, each as tall as the size and line height say.
    const measure = (text: TextNode) => ({
      width: 0,
      height: text.content.split("\n").length * text.fontSize * text.lineHeight,
    });
    const height = () => (store.get(id) as RectNode).height;
    editNodes(store, "Label size", ids, (n) =>
      withLabel(n, (l) => ({ ...l, fontSize: 60 }), measure),
    );
    // 60 × 1.25 of words and 8 units of padding above and below them.
    expect(height()).toBeCloseTo(60 * 1.25 + 16, 6);
    expect((store.get(id) as RectNode).transform.y).toBe(0);
    history.undo();
    expect(height()).toBe(60);
    expect(labelOf(store, id)?.fontSize).toBe(20);
    // Smaller words leave the box as it is.
    editNodes(store, "Label size", ids, (n) =>
      withLabel(n, (l) => ({ ...l, fontSize: 8 }), measure),
    );
    expect(height()).toBe(60);
  });

  it("keeps every other field of the label and shape, whatever the change", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(...FONT_WEIGHTS.map((w) => w.value)),
        fc.constantFrom(...FONT_FAMILIES.map((f) => f.value)),
        (fontSize, fontWeight, fontFamily) => {
          const { store, ids } = setup([label({ content: "a\nb", position: 0.25 })]);
          const node = store.get(ids[0]!) as RectNode;
          const next = withLabel(node, (l) => ({ ...l, fontSize, fontWeight, fontFamily }));
          expect(next).toEqual({
            ...node,
            label: { ...node.label!, fontSize, fontWeight, fontFamily },
          });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("lists a value the menu lacks, so showing it does not change it", () => {
    expect(withCurrent(FONT_FAMILIES, FONT_FAMILIES[1]!.value, String)).toBe(FONT_FAMILIES);
    expect(withCurrent(FONT_FAMILIES, null, String)).toBe(FONT_FAMILIES);
    expect(withCurrent(FONT_WEIGHTS, 450, String).at(-1)).toEqual({ value: 450, label: "450" });
  });
});
