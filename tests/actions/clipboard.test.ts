import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyPayload, cutSelection, pastePayload } from "../../src/actions/clipboard";
import {
  CLIPBOARD_FORMAT,
  CLIPBOARD_VERSION,
  MAX_CLIPBOARD_CHARS,
} from "../../src/actions/clipboardFormat";
import { worldMatrix } from "../../src/doc/commands";
import { serializeDocument } from "../../src/io/native";
import { fixtureEditor } from "./fixture";
import { counterIds, editorArb, openEditor, stateOf } from "./support";

function expectSameWorld(
  editor: ReturnType<typeof fixtureEditor>,
  a: string,
  b: string,
  dx = 0,
  dy = 0,
) {
  const m = worldMatrix(editor.store, a);
  const n = worldMatrix(editor.store, b);
  for (const key of ["a", "b", "c", "d"] as const) expect(n[key]).toBeCloseTo(m[key], 9);
  expect(n.e).toBeCloseTo(m.e + dx, 6);
  expect(n.f).toBeCloseTo(m.f + dy, 6);
}

describe("copy and paste", () => {
  it("pastes deep copies with fresh ids where the originals appear, in their z-order", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["r3", "a", "g2"]);
    const text = copyPayload(editor)!;
    const result = pastePayload(editor, text, { parent: "page", makeId: counterIds("p") });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Back to front: a (page), then r3 and g2 from inside g.
    expect(result.ids).toHaveLength(3);
    expect(editor.store.selection).toEqual(result.ids);
    const [pa, pr3, pg2] = result.ids as [string, string, string];
    expectSameWorld(editor, "a", pa);
    expectSameWorld(editor, "r3", pr3);
    expectSameWorld(editor, "g2", pg2);
    const inner = editor.store.childrenOf(pg2);
    expect(inner).toHaveLength(1);
    expect(inner[0]!.id).not.toBe("r4");
    expectSameWorld(editor, "r4", inner[0]!.id);
    expect(
      editor.store
        .childrenOf("page")
        .slice(-3)
        .map((n) => n.id),
    ).toEqual(result.ids);
    expect(editor.history.depth.undo).toBe(1);
  });

  it("pastes into a rotated group keeping the world placement, with an offset", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    const text = copyPayload(editor)!;
    const result = pastePayload(editor, text, { parent: "g", offset: { x: 10, y: 10 } });
    if (!result.ok) throw new Error(result.error);
    expect(editor.store.get(result.ids[0]!)).toMatchObject({ parent: "g" });
    expectSameWorld(editor, "a", result.ids[0]!, 10, 10);
  });

  it("cut copies and deletes as one step", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["g"]);
    const text = cutSelection(editor)!;
    expect(editor.store.has("g")).toBe(false);
    expect(editor.history.depth.undo).toBe(1);
    const result = pastePayload(editor, text, { parent: "page" });
    expect(result.ok).toBe(true);
  });

  it("round-trips generated documents: every copied subtree pastes and undoes exactly", () => {
    fc.assert(
      fc.property(editorArb, (doc) => {
        const editor = openEditor(doc);
        const text = copyPayload(editor);
        if (text === null) return;
        const before = stateOf(editor.store);
        const page = editor.store.pages()[0]!.id;
        const result = pastePayload(editor, text, { parent: page, makeId: counterIds("z") });
        expect(result).toMatchObject({ ok: true });
        editor.history.undo();
        expect(stateOf(editor.store)).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });
});

describe("pasting untrusted text", () => {
  const wrap = (document: unknown, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ format: CLIPBOARD_FORMAT, version: CLIPBOARD_VERSION, document, ...extra });

  const cases: [string, string, RegExp][] = [
    ["plain text", "hello", /not JSON/],
    ["another program's JSON", JSON.stringify({ a: 1 }), /does not hold Linework shapes/],
    [
      "a newer version",
      JSON.stringify({ format: CLIPBOARD_FORMAT, version: 99, document: "" }),
      /newer version/,
    ],
    ["no document", JSON.stringify({ format: CLIPBOARD_FORMAT, version: 1 }), /holds no document/],
    ["a document that is not Linework", wrap("{}"), /could not be read/],
    [
      "a node whose parent is missing",
      wrap(
        serializeDocument([
          { id: "d", type: "document", name: "", author: "", created: "2026-01-01T00:00:00Z" },
          { id: "p", type: "page", name: "", index: "a0", background: { r: 1, g: 1, b: 1, a: 1 } },
        ]).replace(
          '"records":[',
          '"records":[{"id":"x","type":"group","parent":"nowhere","index":"a0"},',
        ),
      ),
      /could not be read/,
    ],
    [
      "an empty page",
      wrap(
        serializeDocument([
          { id: "d", type: "document", name: "", author: "", created: "2026-01-01T00:00:00Z" },
          { id: "p", type: "page", name: "", index: "a0", background: { r: 1, g: 1, b: 1, a: 1 } },
        ]),
      ),
      /holds no shapes/,
    ],
  ];

  for (const [name, text, message] of cases) {
    it(`refuses ${name} with a clear message and leaves the document alone`, () => {
      const editor = fixtureEditor();
      const before = stateOf(editor.store);
      const result = pastePayload(editor, text, { parent: "page" });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
      expect(stateOf(editor.store)).toEqual(before);
      expect(editor.history.depth.undo).toBe(0);
    });
  }

  it("refuses text over the size limit before parsing it", () => {
    const editor = fixtureEditor();
    const result = pastePayload(editor, " ".repeat(MAX_CLIPBOARD_CHARS + 1), { parent: "page" });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/more than/) });
  });

  it("refuses a target that cannot hold nodes", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["a"]);
    const text = copyPayload(editor)!;
    expect(pastePayload(editor, text, { parent: "a" })).toMatchObject({ ok: false });
  });

  it("never throws and never touches the document, whatever the text", () => {
    const editor = fixtureEditor();
    editor.store.setSelection(["g", "a"]);
    const good = copyPayload(editor)!;
    const before = stateOf(editor.store);
    const mutated = fc
      .tuple(fc.nat({ max: good.length - 1 }), fc.nat({ max: 40 }), fc.string({ maxLength: 8 }))
      .map(([at, cut, insert]) => good.slice(0, at) + insert + good.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), mutated), (text) => {
        const result = pastePayload(editor, text, { parent: "page" });
        if (result.ok) editor.history.undo();
        expect(stateOf(editor.store)).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
