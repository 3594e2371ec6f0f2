import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, LineNode, LineRoute, RectNode } from "../../src/doc/types";
import { BindingFollower } from "../../src/editing/bindingFollower";
import { makeNode } from "../../src/shapes/makeNode";
import { KIND_RULES } from "../../src/shapes/registry";

const PAGE = "page";
const LEAVES = 40;

function box(id: string, x: number, y: number, index: string): RectNode {
  const node = makeNode<RectNode>("rect", id, PAGE, index, {
    width: 80,
    height: 60,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  return { ...node, transform: { ...node.transform, x, y } };
}

/** A hub box and `LEAVES` boxes round it, each joined to the hub by a bound arrow of `route`. */
function hub(route: LineRoute): DocRecord[] {
  const records: DocRecord[] = [
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    box("hub", 960, 970, "a0"),
  ];
  for (let i = 0; i < LEAVES; i++) {
    const angle = (i / LEAVES) * Math.PI * 2;
    const x = Math.round(1000 + Math.cos(angle) * 600);
    const y = Math.round(1000 + Math.sin(angle) * 600);
    records.push(box(`leaf${i}`, x - 40, y - 30, `b${i}`));
    records.push(
      makeNode<LineNode>("line", `arrow${i}`, PAGE, `c${i}`, {
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
        start: { x: 1000, y: 1000 },
        end: { x, y },
        startHead: "none",
        endHead: "arrow",
        startBinding: { node: "hub", anchor: { x: 0.5, y: 0.5 }, exact: false },
        endBinding: { node: `leaf${i}`, anchor: { x: 0.5, y: 0.5 }, exact: false },
        route,
        bend: route === "curved" ? 60 : 0.5,
      }),
    );
  }
  return records;
}

function follow(records: DocRecord[]) {
  const store = new DocumentStore(records, { invariants: KIND_RULES });
  return { store, follower: new BindingFollower(store, store) };
}

function move(store: DocumentStore, id: string, dx: number, dy: number): void {
  store.transact("Move", (tx) => {
    const node = tx.get(id) as RectNode;
    const { transform } = node;
    tx.put({ ...node, transform: { ...transform, x: transform.x + dx, y: transform.y + dy } });
  });
}

function ends(store: DocumentStore) {
  return Array.from({ length: LEAVES }, (_, i) => {
    const line = store.get(`arrow${i}`) as LineNode;
    return [line.start, line.end];
  });
}

describe("binding follower", () => {
  for (const route of ["straight", "elbow"] as const) {
    it(`works out only the moved shape's anchors at each step of a drag (${route})`, () => {
      const { store, follower } = follow(hub(route));
      move(store, "hub", 3, 1);
      for (let step = 0; step < 5; step++) {
        const before = follower.counts;
        move(store, "hub", 3, 1);
        const after = follower.counts;
        expect(after.lines - before.lines).toBe(LEAVES);
        // The hub's end of each arrow; the leaves' anchors are those of the step before.
        expect(after.anchors - before.anchors).toBe(LEAVES);
      }
      // A leaf moved between steps gets its anchor worked out again.
      move(store, "leaf3", 0, 40);
      move(store, "hub", 3, 1);
      // The same ends as the same moves placed by a follower that has remembered nothing.
      const fresh = follow(hub(route));
      move(fresh.store, "hub", 21, 7);
      move(fresh.store, "leaf3", 0, 40);
      expect(ends(store)).toEqual(ends(fresh.store));
      follower.dispose();
      fresh.follower.dispose();
    });
  }
});
