import { describe, expect, it } from "vitest";
import { copyPayload } from "../../src/actions/clipboard";
import { clipboardHtml, clipboardHtmlSteps } from "../../src/app/clipboardHtml";
import { copyItemsSteps, reaches } from "../../src/app/steppedCopy";
import { exportSnapshot } from "../../src/io/export/snapshot";
import { exportSvg } from "../../src/io/export/svg";
import { runSteps, type Steps } from "../../src/io/steps";
import type { EditableDocument } from "../../src/editing/editor";
import type { SceneNode } from "../../src/doc/types";
import { at, editorWith, group, rect } from "../actions/support";

// The keyboard's copy of a large selection is made over many tasks from what was read at the
// copy: the same records and SVG as the one-task copy, whatever is edited meanwhile.

/** Runs the steps, counting them. */
function counted<T>(steps: Steps<T>): { value: T; steps: number } {
  let count = 0;
  for (;;) {
    const step = steps.next();
    if (step.done === true) return { value: step.value, steps: count };
    count += 1;
  }
}

/** 1,200 rectangles on the page and a group of 300 more, all selected. */
function largeSelection(): EditableDocument {
  const nodes: SceneNode[] = Array.from({ length: 1200 }, (_, i) =>
    rect(`r${i}`, "page", `a${String(i).padStart(5, "0")}`, at((i % 40) * 20, (i / 40) * 20, i)),
  );
  nodes.push(group("g", "page", "b0", at(900, 0)));
  for (let i = 0; i < 300; i++)
    nodes.push(rect(`g${i}`, "g", `a${String(i).padStart(4, "0")}`, at(i * 3, i * 2)));
  const editor = editorWith(nodes);
  editor.store.setSelection([...nodes.slice(0, 1200).map((n) => n.id), "g"]);
  return editor;
}

describe("a large copy in steps", () => {
  it("writes the one-task copy's records and SVG over many steps", async () => {
    const editor = largeSelection();
    const ids = editor.store.selection;
    const { value: items, steps } = counted(copyItemsSteps(exportSnapshot(editor.store, ids), ids));
    expect(steps).toBeGreaterThan(10);
    const payload = copyPayload(editor)!;
    expect(await items!["text/html"]!.text()).toBe(clipboardHtml(payload, null));
    expect(await items!["text/plain"]!.text()).toBe(
      exportSvg(editor.store, { scope: { nodes: ids } }).svg,
    );
  });

  it("copies what was selected when it began, not the edits and the cut after it", async () => {
    const editor = largeSelection();
    const ids = editor.store.selection;
    const expected = copyPayload(editor)!;
    const svg = exportSvg(editor.store, { scope: { nodes: ids } }).svg;
    const steps = copyItemsSteps(exportSnapshot(editor.store, ids), ids);
    steps.next();
    editor.store.transact("Move", (tx) => tx.update("r3", { transform: at(5000, 5000) }));
    editor.store.transact("Grow", (tx) => tx.update("g7", { width: 999 }));
    editor.store.transact("Cut", (tx) => tx.remove("r5"));
    const items = runSteps(steps)!;
    expect(await items["text/html"]!.text()).toBe(clipboardHtml(expected, null));
    expect(await items["text/plain"]!.text()).toBe(svg);
  });

  it("encodes records in slices without cutting a character in two", async () => {
    // A surrogate pair straddles the first slice's end (64 Ki characters).
    const payload = `${"x".repeat(64 * 1024 - 1)}😀${"é<-->".repeat(30_000)}🦊`;
    const { value, steps } = counted(clipboardHtmlSteps(payload));
    expect(steps).toBeGreaterThan(2);
    expect(await value.text()).toBe(clipboardHtml(payload, null));
  });

  it("counts a selection's nodes with what is inside its groups, no further than asked", () => {
    const editor = largeSelection();
    expect(reaches(editor.store, ["g"], 301)).toBe(true);
    expect(reaches(editor.store, ["g"], 302)).toBe(false);
    expect(reaches(editor.store, ["r1", "r2", "nowhere"], 3)).toBe(false);
  });
});
