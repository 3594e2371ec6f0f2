import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeNode } from "../../../src/shapes/makeNode";
import type { BlobRecord, GroupNode, ImageNode } from "../../../src/doc/types";
import { fittedScale, pngSize } from "../../../src/io/export/png";
import { resolveScope } from "../../../src/io/export/scope";
import { exportSnapshot } from "../../../src/io/export/snapshot";
import { exportSvg } from "../../../src/io/export/svg";
import { fixtureEditor } from "../../actions/fixture";

describe("the picture a copy puts on the clipboard", () => {
  it("is read from a snapshot that later edits and deletions do not reach", () => {
    const editor = fixtureEditor();
    const store = editor.store;
    const ids = ["b"];
    const before = exportSvg(store, { scope: { nodes: ids } }).svg;
    const snapshot = exportSnapshot(store, ids);
    store.transact("Cut", (tx) => tx.remove("b"));
    expect(store.has("b")).toBe(false);
    expect(exportSvg(snapshot, { scope: { nodes: ids } }).svg).toBe(before);
    expect(resolveScope(snapshot, { scope: { nodes: ids } }.scope).roots).toHaveLength(1);
  });

  it("holds the copied nodes, what is inside them, their images' data and their ancestors only", () => {
    const editor = fixtureEditor();
    const store = editor.store;
    const page = store.pages()[0]!.id;
    const blob: BlobRecord = { id: "pixels", type: "blob", mime: "image/png", data: "AAAA" };
    store.transact("Add", (tx) => {
      tx.put(blob);
      tx.put(makeNode<GroupNode>("group", "held", page, "a9", {}));
      tx.put(
        makeNode<ImageNode>("image", "i", "held", "a0", {
          blob: blob.id,
          naturalWidth: 10,
          naturalHeight: 10,
          width: 10,
          height: 10,
        }),
      );
    });
    const snapshot = exportSnapshot(store, ["held"]);
    expect(snapshot.get("held")).toBe(store.get("held"));
    expect(snapshot.get(page)).toBe(store.get(page));
    expect(snapshot.childrenOf("held").map((n) => n.id)).toEqual(["i"]);
    expect(snapshot.get(blob.id)).toEqual(blob);
    // Nothing beside what was copied: not its siblings on the page.
    expect(snapshot.get("b")).toBeUndefined();
    expect(snapshot.childrenOf(page)).toEqual([]);
  });

  it("shrinks to at most the pixels asked for, and no further than it must", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 50_000, noNaN: true }),
        fc.double({ min: 0.5, max: 50_000, noNaN: true }),
        fc.double({ min: 0.25, max: 8, noNaN: true }),
        fc.integer({ min: 1_000, max: 20_000_000 }),
        (width, height, scale, maxPixels) => {
          const box = { minX: 0, minY: 0, maxX: width, maxY: height };
          const pixels = (s: number) => pngSize(box, s).width * pngSize(box, s).height;
          const fitted = fittedScale(box, scale, maxPixels);
          expect(fitted).toBeLessThanOrEqual(scale);
          if (pixels(scale) <= maxPixels) expect(fitted).toBe(scale);
          else {
            expect(pixels(fitted)).toBeLessThanOrEqual(maxPixels);
            // Within a few per cent of the largest scale that fits (a side of one pixel cannot
            // shrink, so a very long thin box may stay over).
            if (pngSize(box, fitted).width > 1 && pngSize(box, fitted).height > 1)
              expect(pixels(fitted / 0.97)).toBeGreaterThan(maxPixels);
          }
        },
      ),
    );
  });
});
