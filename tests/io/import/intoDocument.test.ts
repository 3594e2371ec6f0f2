import { describe, expect, it } from "vitest";
import { History } from "../../../src/history/history";
import { checkAll } from "../../../src/doc/invariants";
import { isSceneNode } from "../../../src/doc/types";
import { readUntrusted } from "../../../src/io/import/boundary";
import { drawingBounds } from "../../../src/io/import/drawingBounds";
import { importIntoDocument } from "../../../src/io/import/intoDocument";
import type { ImportSuccess } from "../../../src/io/import/result";
import { transformBox } from "../../../src/geometry/bounds";
import { localBounds } from "../../../src/shapes/bounds";
import { toMatrix } from "../../../src/doc/transform";
import { emptyDocumentStore } from "../../support/store";
import { makePng } from "./rasterFixtures";
import { KIND_RULES } from "../../../src/shapes/registry";

const SVG = `<svg xmlns="http://www.w3.org/2000/svg"><g><rect x="0" y="0" width="10" height="10"/><circle cx="30" cy="30" r="10"/></g></svg>`;

function read(name: string, data: string | Uint8Array): ImportSuccess {
  const result = readUntrusted(name, data);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("importing into the document", () => {
  it("is one transaction with fresh ids; undo removes all of it", () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    const before = store.snapshot();
    const result = read("a.svg", SVG);
    const placed = importIntoDocument(store, result, { parent: "page" });
    expect(placed.ok).toBe(true);
    expect(history.depth.undo).toBe(1);
    expect(checkAll(store, KIND_RULES)).toEqual([]);
    const added = store.snapshot().filter(isSceneNode);
    expect(added).toHaveLength(result.nodes.length);
    expect(added.map((n) => n.id)).not.toEqual(
      expect.arrayContaining(result.nodes.map((n) => n.id)),
    );
    expect(store.selection).toEqual(placed.ok ? placed.ids : []);
    history.undo();
    expect(store.snapshot()).toEqual(before);
  });

  it("importing twice gives distinct ids and indexes in front of what is there", () => {
    const store = emptyDocumentStore();
    const result = read("a.svg", SVG);
    const first = importIntoDocument(store, result, { parent: "page" });
    const second = importIntoDocument(store, result, { parent: "page" });
    expect(first.ok && second.ok).toBe(true);
    const top = store.childrenOf("page").map((n) => n.id);
    expect(top).toEqual([...(first.ok ? first.ids : []), ...(second.ok ? second.ids : [])]);
    expect(checkAll(store, KIND_RULES)).toEqual([]);
  });

  it("centres the drawing on `at`", () => {
    const store = emptyDocumentStore();
    importIntoDocument(store, read("a.svg", SVG), { parent: "page", at: { x: 500, y: -200 } });
    const group = store.childrenOf("page")[0]!;
    const inner = store.childrenOf(group.id)[0]!;
    const boxes = store.childrenOf(inner.id).map((n) =>
      transformBox(
        localBounds(n)!,
        toMatrix({
          ...n.transform,
          x: n.transform.x + group.transform.x,
          y: n.transform.y + group.transform.y,
        }),
      ),
    );
    const minX = Math.min(...boxes.map((b) => b.minX));
    const maxX = Math.max(...boxes.map((b) => b.maxX));
    const minY = Math.min(...boxes.map((b) => b.minY));
    const maxY = Math.max(...boxes.map((b) => b.maxY));
    expect((minX + maxX) / 2).toBeCloseTo(500);
    expect((minY + maxY) / 2).toBeCloseTo(-200);
  });

  it("centres by the box a worker measured, the same as measuring here", () => {
    const result = read("a.svg", SVG);
    const measured = drawingBounds(result.nodes);
    // The rect from 0 to 10 and the circle from 20 to 40.
    expect(measured).toEqual({ minX: 0, minY: 0, maxX: 40, maxY: 40 });
    const at = { x: 500, y: -200 };
    const here = emptyDocumentStore();
    const there = emptyDocumentStore();
    importIntoDocument(here, result, { parent: "page", at });
    importIntoDocument(there, { ...result, bounds: measured }, { parent: "page", at });
    const top = (store: typeof here) => store.childrenOf("page")[0]!.transform;
    expect(top(there)).toEqual(top(here));
    // A box given is the one used: one twice as far to the right moves the drawing left.
    const moved = emptyDocumentStore();
    const box = { minX: 40, minY: 0, maxX: 80, maxY: 40 };
    importIntoDocument(moved, { ...result, bounds: box }, { parent: "page", at });
    expect(top(moved).x).toBeCloseTo(top(here).x - 40);
    expect(top(moved).y).toBeCloseTo(top(here).y);
  });

  it("images bring their data as a blob record", () => {
    const store = emptyDocumentStore();
    const placed = importIntoDocument(store, read("p.png", makePng(3, 2)), { parent: "page" });
    expect(placed.ok).toBe(true);
    const image = store.childrenOf("page")[0]!;
    expect(image).toMatchObject({ type: "image", width: 3, height: 2 });
    expect(image.type === "image" && store.get(image.blob)?.type).toBe("blob");
  });

  it("a missing parent or a read-only document leaves the document untouched", () => {
    const store = emptyDocumentStore();
    const before = store.snapshot();
    const version = store.version;
    expect(importIntoDocument(store, read("a.svg", SVG), { parent: "nope" })).toEqual({
      ok: false,
      error: "The import could not be added to the document: nope is not a page, frame or group",
    });
    store.setReadOnly(true);
    expect(importIntoDocument(store, read("a.svg", SVG), { parent: "page" })).toEqual({
      ok: false,
      error: "The document is read-only.",
    });
    expect(store.snapshot()).toEqual(before);
    expect(store.version).toBe(version);
  });

  it("a .linework file's first page comes in as its nodes", async () => {
    const { serializeDocument } = await import("../../../src/io/native");
    const source = emptyDocumentStore();
    importIntoDocument(source, read("a.svg", SVG), { parent: "page" });
    const text = serializeDocument(source.snapshot());
    const result = read("copy.linework", text);
    expect(result.nodes.map((n) => n.type).sort()).toEqual(["ellipse", "group", "group", "rect"]);
    const target = emptyDocumentStore();
    expect(importIntoDocument(target, result, { parent: "page" }).ok).toBe(true);
    expect(checkAll(target, KIND_RULES)).toEqual([]);
  });
});
