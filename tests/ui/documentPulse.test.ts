import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { RectNode } from "../../src/doc/types";
import { DocumentPulse } from "../../src/ui/documentPulse";
import { emptyDocumentStore } from "../support/store";

/** Just enough of a canvas and its window for pointer listeners. */
function fakeCanvas() {
  const target = () => {
    const map = new Map<string, Set<(event: unknown) => void>>();
    return {
      addEventListener: (type: string, fn: (event: unknown) => void) => {
        if (!map.has(type)) map.set(type, new Set());
        map.get(type)!.add(fn);
      },
      removeEventListener: (type: string, fn: (event: unknown) => void) =>
        map.get(type)?.delete(fn),
      fire: (type: string, event: unknown = {}) => map.get(type)?.forEach((fn) => fn(event)),
      count: () => [...map.values()].reduce((n, set) => n + set.size, 0),
    };
  };
  const win = target();
  const canvas = { ...target(), ownerDocument: { defaultView: win } };
  return { canvas, win };
}

const rect = makeNode<RectNode>("rect", "r", "page", "a0", {
  width: 10,
  height: 10,
  radii: [0, 0, 0, 0],
  fill: { type: "none" },
  stroke: NO_STROKE,
});

describe("document pulse", () => {
  it("publishes commits at once, but only once after a canvas drag", () => {
    const store = emptyDocumentStore();
    const { canvas, win } = fakeCanvas();
    const pulse = new DocumentPulse(store, canvas as unknown as HTMLElement);
    let told = 0;
    pulse.subscribe(() => told++);
    store.transact("add", (tx) => tx.put(rect));
    expect(told).toBe(1);
    expect(pulse.getSnapshot().version).toBe(store.version);

    win.fire("pointerdown", { target: canvas });
    for (let x = 1; x <= 30; x++)
      store.transact("move", (tx) => tx.put({ ...rect, transform: { ...rect.transform, x } }));
    store.setSelection(["r"]);
    expect(told).toBe(1);
    expect(pulse.getSnapshot().selection).toEqual([]);
    win.fire("pointerup");
    expect(told).toBe(2);
    expect(pulse.getSnapshot()).toEqual({ version: store.version, selection: ["r"] });

    // A press elsewhere (a panel) holds nothing back.
    win.fire("pointerdown", { target: {} });
    store.setSelection([]);
    expect(told).toBe(3);
    win.fire("pointerup");
    store.setSelection(["r"]);
    expect(told).toBe(4);

    // A click that changed nothing publishes nothing.
    win.fire("pointerdown", { target: canvas });
    win.fire("pointerup");
    expect(told).toBe(4);

    pulse.dispose();
    expect(canvas.count() + win.count()).toBe(0);
    store.transact("move", (tx) => tx.put({ ...rect, transform: { ...rect.transform, x: 99 } }));
    expect(told).toBe(4);
  });
});
