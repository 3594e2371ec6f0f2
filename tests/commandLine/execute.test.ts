import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryClipboard } from "../../src/actions/clipboardActions";
import { editorCommands } from "../../src/actions/editorCommands";
import { getGeometry } from "../../src/actions/numeric";
import { CommandRegistry } from "../../src/editing/commands";
import type { EditableDocument } from "../../src/editing/editor";
import { worldMatrix } from "../../src/doc/commands";
import type { SceneNode } from "../../src/doc/types";
import { runCommandLine, type CommandLineHost } from "../../src/commandLine/execute";
import { formatCommand } from "../../src/commandLine/parse";
import { ToolSettings } from "../../src/editing/settings";
import { fixtureEditor } from "../actions/fixture";
import { counterIds, editorArb, openEditor, stateOf } from "../actions/support";
import { commandArb } from "./arbitraries";
import { sampleLabel } from "../support/label";

function setUp(editor: EditableDocument = fixtureEditor(), scope = "page") {
  const zooms: (number | "fit")[] = [];
  const registry = new CommandRegistry();
  registry.register(
    editorCommands({ editor: () => editor, scope: () => scope, clipboard: new MemoryClipboard() }),
  );
  const host: CommandLineHost = {
    editor: () => editor,
    scope: () => scope,
    settings: new ToolSettings(),
    registry,
    view: { zoomTo: (p) => zooms.push(p), zoomToFit: () => zooms.push("fit") },
    makeId: counterIds("cl"),
  };
  return { editor, host, zooms };
}

/** Runs a line, checks it made exactly one undo step that undoes and redoes exactly. */
function runAsOneStep(host: CommandLineHost, line: string): void {
  const { store, history } = host.editor();
  const before = stateOf(store);
  const depth = history.depth.undo;
  expect(runCommandLine(host, line)).toEqual({ ok: true });
  expect(history.depth.undo, line).toBe(depth + 1);
  const after = stateOf(store);
  history.undo();
  expect(stateOf(store)).toEqual(before);
  history.redo();
  expect(stateOf(store)).toEqual(after);
}

describe("running command lines", () => {
  it("connect joins two shapes named on the line, or the two selected, with a bound arrow", () => {
    const { host, editor } = setUp();
    const named = (id: string) => editor.store.get(id) as SceneNode;
    editor.store.transact("Name", (tx) => {
      tx.put({ ...named("a"), name: "Start" });
      tx.put({ ...named("b"), name: "End" });
    });
    runAsOneStep(host, "connect start END");
    const arrow = editor.store.get(editor.store.selection[0]!) as SceneNode;
    expect(arrow).toMatchObject({
      type: "line",
      startBinding: { node: "a" },
      endBinding: { node: "b" },
    });
    editor.store.setSelection(["b", "c"]);
    runAsOneStep(host, "connect");
    expect(editor.store.get(editor.store.selection[0]!)).toMatchObject({
      startBinding: { node: "b" },
      endBinding: { node: "c" },
    });
    expect(runCommandLine(host, "connect start nowhere")).toMatchObject({
      ok: false,
      error: "connect: no shape on this page is called or labelled “nowhere”",
    });
    editor.store.setSelection(["a"]);
    expect(runCommandLine(host, "connect")).toMatchObject({
      ok: false,
      error: "connect: select two shapes, or name them",
    });
  });

  it("connect finds shapes by their labels' words too, and takes quoted names with spaces", () => {
    const { host, editor } = setUp();
    const node = (id: string) => editor.store.get(id) as SceneNode;
    editor.store.transact("Label and name", (tx) => {
      tx.put({ ...node("a"), label: sampleLabel("Start") } as SceneNode);
      tx.put({ ...node("b"), label: sampleLabel("Check\nstock") } as SceneNode);
      tx.put({ ...node("c"), name: "Ship it" });
    });
    runAsOneStep(host, 'connect start "check stock"');
    expect(editor.store.get(editor.store.selection[0]!)).toMatchObject({
      startBinding: { node: "a" },
      endBinding: { node: "b" },
    });
    runAsOneStep(host, "connect 'Check Stock' 'ship it'");
    expect(editor.store.get(editor.store.selection[0]!)).toMatchObject({
      startBinding: { node: "b" },
      endBinding: { node: "c" },
    });
    // A layer name comes before a label's words.
    editor.store.transact("Name", (tx) => tx.put({ ...node("c"), name: "Start" }));
    runAsOneStep(host, 'connect "check stock" start');
    expect(editor.store.get(editor.store.selection[0]!)).toMatchObject({
      endBinding: { node: "c" },
    });
  });

  it("draws shapes with the style for new shapes, selected, one step each", () => {
    const { host, editor } = setUp();
    host.settings.update({ fill: { type: "solid", color: { r: 0, g: 1, b: 0, a: 1 } } });
    runAsOneStep(host, "rect 10 20 1in 50");
    const rect = editor.store.get("cl0") as SceneNode;
    expect(rect).toMatchObject({
      type: "rect",
      width: 96,
      height: 50,
      parent: "page",
      fill: host.settings.get().fill,
    });
    expect(editor.store.selection).toEqual(["cl0"]);
    runAsOneStep(host, "ellipse 100 100 30 20");
    expect(getGeometry(editor.store, "cl1")).toMatchObject({ x: 70, y: 80, width: 60, height: 40 });
    runAsOneStep(host, "line 50 50 0 100");
    expect(getGeometry(editor.store, "cl2")).toMatchObject({ x: 0, y: 50, width: 50, height: 50 });
    runAsOneStep(host, "rect 100 100 -20 -10");
    expect(getGeometry(editor.store, "cl3")).toMatchObject({ x: 80, y: 90, width: 20, height: 10 });
  });

  it("draws in world units inside an entered, rotated group", () => {
    const { host, editor } = setUp(fixtureEditor(), "g");
    runAsOneStep(host, "rect 0 0 10 10");
    expect((editor.store.get("cl0") as SceneNode).parent).toBe("g");
    const m = worldMatrix(editor.store, "cl0");
    expect(m.a).toBeCloseTo(1, 12);
    expect(m.b).toBeCloseTo(0, 12);
    expect(m.e).toBeCloseTo(0, 9);
    expect(m.f).toBeCloseTo(0, 9);
  });

  it("moves, rotates and scales the selection", () => {
    const { host, editor } = setUp();
    editor.store.setSelection(["r3"]);
    const before = worldMatrix(editor.store, "r3");
    runAsOneStep(host, "move 10mm 0");
    expect(worldMatrix(editor.store, "r3").e).toBeCloseTo(before.e + 96 / 2.54, 9);
    runAsOneStep(host, "rotate 30");
    expect(getGeometry(editor.store, "r3")!.rotation).toBeCloseTo(75, 9);
    runAsOneStep(host, "scale 200%");
    expect(getGeometry(editor.store, "r3")!.width).toBeCloseTo(80, 9);
  });

  it("sets fill and stroke of the selection, or of new shapes when nothing is selected", () => {
    const { host, editor } = setUp();
    editor.store.setSelection(["a"]);
    runAsOneStep(host, "fill #ff0000");
    expect(editor.store.get("a")).toMatchObject({
      fill: { type: "solid", color: { r: 1, g: 0, b: 0, a: 1 } },
    });
    runAsOneStep(host, "stroke 4 none");
    expect(editor.store.get("a")).toMatchObject({ stroke: { width: 4, paint: null } });
    editor.store.setSelection([]);
    expect(runCommandLine(host, "stroke 3 blue")).toEqual({
      ok: true,
      message: "stroke: set for new shapes",
    });
    expect(host.settings.get().stroke).toMatchObject({
      width: 3,
      paint: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
    });
    expect(editor.history.depth.undo).toBe(2);
  });

  it("aligns, distributes, groups, ungroups, duplicates and deletes as one step each", () => {
    const { host, editor } = setUp();
    editor.store.setSelection(["a", "b", "c"]);
    for (const line of [
      "align top",
      "distribute horizontal",
      "group",
      "ungroup",
      "duplicate",
      "delete",
    ])
      runAsOneStep(host, line);
  });

  it("selects, zooms and runs registered commands by id or label", () => {
    const { host, editor, zooms } = setUp();
    expect(runCommandLine(host, "select all")).toEqual({ ok: true });
    expect(editor.store.selection).toHaveLength(6);
    editor.store.setSelection(["a"]);
    runAsOneStep(host, "Bring to front");
    runAsOneStep(host, "object.lock");
    expect(runCommandLine(host, "select none")).toEqual({ ok: true });
    expect(runCommandLine(host, "zoom 150")).toEqual({ ok: true });
    expect(runCommandLine(host, "zoom fit")).toEqual({ ok: true });
    expect(zooms).toEqual([150, "fit"]);
  });

  it("says why a command cannot run, leaving the document alone", () => {
    const { host, editor } = setUp();
    const before = stateOf(editor.store);
    const cases: [string, string][] = [
      ["move 1 1", "move: nothing editable is selected"],
      ["distribute horizontal", "distribute: select at least 3 unlocked shapes"],
      ["ungroup", "ungroup: no group is selected"],
      ["Bring to front", "Bring to front: not available now"],
    ];
    for (const [line, error] of cases)
      expect(runCommandLine(host, line)).toMatchObject({ ok: false, error });
    editor.store.setReadOnly(true);
    expect(runCommandLine(host, "rect 0 0 1 1")).toMatchObject({
      ok: false,
      error: "rect: the document is read-only",
    });
    expect(runCommandLine(host, "line 0 0")).toMatchObject({
      ok: false,
      error: "line: expected 4 numbers, got 2",
      start: 8,
    });
    expect(stateOf(editor.store)).toEqual(before);
    expect(runCommandLine({ ...host, view: undefined }, "zoom fit")).toMatchObject({ ok: false });
  });
});

describe("command lines on generated documents", () => {
  it("each edit is one undo step that undoes and redoes exactly", () => {
    let edits = 0;
    fc.assert(
      fc.property(editorArb, commandArb, (doc, command) => {
        const opened = openEditor(doc);
        const { host, editor } = setUp(opened, opened.store.pages()[0]!.id);
        const before = stateOf(editor.store);
        const result = runCommandLine(host, formatCommand(command));
        if (editor.history.depth.undo === 0) {
          expect(stateOf(editor.store).records).toEqual(before.records);
          return;
        }
        expect(result.ok).toBe(true);
        expect(editor.history.depth.undo).toBe(1);
        edits++;
        const after = stateOf(editor.store);
        editor.history.undo();
        expect(stateOf(editor.store)).toEqual(before);
        editor.history.redo();
        expect(stateOf(editor.store)).toEqual(after);
      }),
      { numRuns: 300 },
    );
    expect(edits).toBeGreaterThan(50);
  });
});
