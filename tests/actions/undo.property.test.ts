import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALIGN_EDGES, alignSelection, distributeSelection } from "../../src/actions/align";
import { copyPayload, cutSelection, pastePayload } from "../../src/actions/clipboard";
import { duplicateSelection } from "../../src/actions/duplicate";
import { setGeometry } from "../../src/actions/numeric";
import { arrangeSelection } from "../../src/actions/order";
import { selectAll, selectNone } from "../../src/actions/selection";
import { deleteSelection, groupSelection, ungroupSelection } from "../../src/actions/structure";
import { setStar } from "../../src/actions/stars";
import { setFill, setStroke } from "../../src/actions/style";
import { flipSelection, nudgeSelection, transformSelection } from "../../src/actions/transform";
import {
  setHidden,
  setLocked,
  toggleHiddenSelection,
  toggleLockedSelection,
} from "../../src/actions/visibility";
import type { EditableDocument } from "../../src/editing/editor";
import { fillArb, strokeArb } from "../support/arbitraries";
import { fixtureEditor } from "./fixture";
import { counterIds, editorArb, openEditor, stateOf } from "./support";

/** An action with its arguments, named for the counterexample report. */
interface NamedAction {
  readonly name: string;
  run(editor: EditableDocument): void;
}

const finite = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

const actionArb: fc.Arbitrary<NamedAction> = fc.oneof(
  fc.constantFrom(...ALIGN_EDGES).map((edge) => ({
    name: `align ${edge}`,
    run: (e: EditableDocument) => alignSelection(e, edge),
  })),
  fc.constantFrom("horizontal" as const, "vertical" as const).map((axis) => ({
    name: `distribute ${axis}`,
    run: (e: EditableDocument) => distributeSelection(e, axis),
  })),
  fc.constantFrom("horizontal" as const, "vertical" as const).map((axis) => ({
    name: `flip ${axis}`,
    run: (e: EditableDocument) => flipSelection(e, axis),
  })),
  fc
    .tuple(fc.constantFrom(-10, -1, 0, 1, 10), fc.constantFrom(-10, -1, 0, 1, 10))
    .map(([dx, dy]) => ({
      name: `nudge ${dx} ${dy}`,
      run: (e: EditableDocument) => nudgeSelection(e, dx, dy),
    })),
  fc.constant({
    name: "duplicate",
    run: (e: EditableDocument) => duplicateSelection(e, counterIds("dup")),
  }),
  fc.constant({ name: "delete", run: deleteSelection }),
  fc.constant({
    name: "group",
    run: (e: EditableDocument) => groupSelection(e, counterIds("grp")),
  }),
  fc.constant({ name: "ungroup", run: ungroupSelection }),
  fc
    .constantFrom("forward" as const, "backward" as const, "front" as const, "back" as const)
    .map((how) => ({
      name: `arrange ${how}`,
      run: (e: EditableDocument) => arrangeSelection(e, how),
    })),
  fc.constant({ name: "toggle lock", run: toggleLockedSelection }),
  fc.tuple(fc.boolean(), fc.integer({ min: 3, max: 12 })).map(([star, points]) => ({
    name: `setStar ${star} ${points}`,
    run: (e: EditableDocument) => setStar(e, e.store.selection, star, { points }),
  })),
  fc.constant({ name: "toggle hide", run: toggleHiddenSelection }),
  fc.boolean().map((v) => ({
    name: `lock ${v}`,
    run: (e: EditableDocument) => setLocked(e, e.store.selection, v),
  })),
  fc.boolean().map((v) => ({
    name: `hide ${v}`,
    run: (e: EditableDocument) => setHidden(e, e.store.selection, v),
  })),
  fc
    .record(
      {
        x: finite(-1e5, 1e5),
        y: finite(-1e5, 1e5),
        width: finite(0.01, 1e4),
        height: finite(0.01, 1e4),
        rotation: finite(-720, 720),
      },
      { requiredKeys: [] },
    )
    .map((change) => ({
      name: `setGeometry ${JSON.stringify(change)}`,
      run: (e: EditableDocument) => setGeometry(e, e.store.selection, change),
    })),
  fc
    .record(
      {
        translate: fc.record({ x: finite(-1e4, 1e4), y: finite(-1e4, 1e4) }),
        rotateDeg: finite(-360, 360),
        scale: fc.oneof(finite(0.1, 10), fc.record({ x: finite(-10, -0.1), y: finite(0.1, 10) })),
      },
      { requiredKeys: [] },
    )
    .map((change) => ({
      name: `transform ${JSON.stringify(change)}`,
      run: (e: EditableDocument) => transformSelection(e, change),
    })),
  fillArb.map((fill) => ({
    name: "setFill",
    run: (e: EditableDocument) => setFill(e, e.store.selection, fill),
  })),
  strokeArb.map((stroke) => ({
    name: "setStroke",
    run: (e: EditableDocument) => setStroke(e, e.store.selection, stroke),
  })),
  fc.constant({ name: "cut", run: (e: EditableDocument) => void cutSelection(e) }),
  fc
    .option(fc.record({ x: finite(-100, 100), y: finite(-100, 100) }), { nil: undefined })
    .map((offset) => ({
      name: `copy and paste ${JSON.stringify(offset)}`,
      run: (e: EditableDocument) => {
        const text = copyPayload(e);
        const page = e.store.pages()[0]!.id;
        if (text !== null) {
          const result = pastePayload(e, text, { parent: page, offset, makeId: counterIds("cp") });
          expect(result.ok).toBe(true);
        }
      },
    })),
);

describe("every editing action is one undo step", () => {
  it("undo restores the exact records and selection; redo re-applies exactly", () => {
    let steps = 0;
    const runs = 400;
    fc.assert(
      fc.property(editorArb, actionArb, (doc, action) => {
        const editor = openEditor(doc);
        const { store, history } = editor;
        const before = stateOf(store);
        const depth = history.depth.undo;
        action.run(editor);
        const after = stateOf(store);
        if (history.depth.undo === depth) {
          // Nothing to undo means nothing in the document changed.
          expect(after.records).toEqual(before.records);
          return;
        }
        expect(history.depth.undo).toBe(depth + 1);
        expect(after).not.toEqual(before);
        steps++;
        history.undo();
        expect(stateOf(store)).toEqual(before);
        history.redo();
        expect(stateOf(store)).toEqual(after);
      }),
      { numRuns: runs },
    );
    // Most generated cases must really edit something, or the property proves little.
    expect(steps).toBeGreaterThan(runs / 4);
  });

  it("holds for nodes inside rotated and scaled groups and far off screen", () => {
    const selections = [["r3"], ["r4", "far"], ["a", "r3", "r5"], ["g", "f", "far"], ["g2"]];
    let steps = 0;
    for (const action of fc.sample(actionArb, { numRuns: 150, seed: 5 })) {
      for (const selection of selections) {
        const editor = fixtureEditor();
        editor.store.setSelection(selection);
        const before = stateOf(editor.store);
        action.run(editor);
        if (editor.history.depth.undo === 0) continue;
        steps++;
        expect(editor.history.depth.undo, action.name).toBe(1);
        const after = stateOf(editor.store);
        editor.history.undo();
        expect(stateOf(editor.store), action.name).toEqual(before);
        editor.history.redo();
        expect(stateOf(editor.store), action.name).toEqual(after);
      }
    }
    expect(steps).toBeGreaterThan(300);
  });

  it("a read-only document refuses every action and stays as it was", () => {
    fc.assert(
      fc.property(editorArb, actionArb, (doc, action) => {
        const editor = openEditor(doc);
        editor.store.setReadOnly(true);
        const before = stateOf(editor.store);
        if (action.name.startsWith("copy and paste")) {
          const text = copyPayload(editor);
          if (text === null) return;
          const page = editor.store.pages()[0]!.id;
          expect(pastePayload(editor, text, { parent: page })).toEqual({
            ok: false,
            error: "This document is read-only.",
          });
        } else action.run(editor);
        expect(stateOf(editor.store)).toEqual(before);
        expect(editor.history.depth.undo).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("selecting all or none is no undo step and leaves the records alone", () => {
    fc.assert(
      fc.property(editorArb, fc.boolean(), (doc, all) => {
        const editor = openEditor(doc);
        const before = stateOf(editor.store);
        if (all) selectAll(editor, editor.store.pages()[0]!.id);
        else selectNone(editor);
        expect(stateOf(editor.store).records).toEqual(before.records);
        expect(editor.history.depth.undo).toBe(0);
      }),
    );
  });
});
