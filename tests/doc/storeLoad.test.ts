import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { checkAll } from "../../src/doc/invariants";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, GroupNode, Id, PageRecord, RectNode } from "../../src/doc/types";
import { KIND_RULES } from "../../src/shapes/registry";

const PAGES = ["p1", "p2"];

function baseRecords(): DocRecord[] {
  const [meta, page] = createDocument({ id: "doc", pageId: "p1", author: "u", created: "2026" });
  const second: PageRecord = { ...(page as PageRecord), id: "p2", index: "a1", name: "Page 2" };
  return [meta!, page!, second];
}

const spec = fc.record({
  group: fc.boolean(),
  into: fc.nat(),
  // Indexes collide on purpose: siblings may share one in a document that arrived broken.
  index: fc.constantFrom("a0", "a1", "a2", "a3", "a4", "a5", "a6"),
});

/** Records of a document with nodes under both pages and nested groups. */
function documentOf(specs: readonly { group: boolean; into: number; index: string }[]) {
  const records = baseRecords();
  const containers: Id[] = [...PAGES];
  specs.forEach((s, i) => {
    const parent = containers[s.into % containers.length]!;
    if (s.group) {
      records.push(makeNode<GroupNode>("group", `g${i}`, parent, s.index, {}));
      containers.push(`g${i}`);
    } else {
      records.push(
        makeNode<RectNode>("rect", `r${i}`, parent, s.index, {
          width: 1,
          height: 1,
          radii: [0, 0, 0, 0],
          fill: DEFAULT_FILL,
          stroke: DEFAULT_STROKE,
        }),
      );
    }
  });
  return { records, containers };
}

/** What a store answers about its tree, for comparing two stores. */
function tree(store: DocumentStore, containers: readonly Id[]) {
  return {
    pages: store.pages().map((page) => page.id),
    children: containers.map((id) => store.childrenOf(id).map((node) => node.id)),
    childIds: containers.map((id) => [...store.childIds(id)].sort()),
    // Which of two clashing siblings a message names first follows load order.
    problems: checkAll(store, KIND_RULES).length,
  };
}

function byIndexThenId(a: DocRecord, b: DocRecord): number {
  const ai = "index" in a ? a.index : "";
  const bi = "index" in b ? b.index : "";
  if (ai !== bi) return ai < bi ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

describe("loading a store", () => {
  it("answers as a store built edit by edit, in file order or any other, and after edits", () => {
    fc.assert(
      fc.property(
        fc.array(spec, { maxLength: 40 }),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.boolean()), { maxLength: 6 }),
        (specs, seed, edits) => {
          const { records, containers } = documentOf(specs);
          // As a file is written (siblings in order), and shuffled.
          const ordered = [...records].sort(byIndexThenId);
          const shuffled = [...records].sort(
            (a, b) => ((a.id.length * 31 + seed) % 7) - ((b.id.length * 31 + seed) % 7),
          );
          const built = new DocumentStore(baseRecords());
          built.transact(
            "build",
            (tx) => records.slice(3).forEach((record) => tx.put(record)),
            "load",
          );
          const stores = [new DocumentStore(ordered), new DocumentStore(shuffled), built];
          const expected = tree(built, containers);
          for (const store of stores) expect(tree(store, containers)).toEqual(expected);

          const nodes = records.slice(3);
          for (const [pick, into, remove] of edits) {
            const node = nodes[pick % Math.max(1, nodes.length)];
            if (node === undefined) break;
            for (const store of stores) {
              const present = store.get(node.id);
              if (present === undefined || !("parent" in present)) continue;
              store.transact("edit", (tx) => {
                if (remove && present.type !== "group") tx.remove(node.id);
                else if (present.type !== "group") {
                  tx.update(node.id, { parent: PAGES[into % PAGES.length]!, index: "b0" });
                } else tx.update(node.id, { name: `moved ${into}` });
              });
            }
            const after = tree(built, containers);
            for (const store of stores) expect(tree(store, containers)).toEqual(after);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("lists pages as they are added and removed", () => {
    const store = new DocumentStore(baseRecords());
    expect(store.pages().map((page) => page.id)).toEqual(["p1", "p2"]);
    const first = store.get("p1") as PageRecord;
    store.transact("add", (tx) => tx.put({ ...first, id: "p0", index: "Zz" }));
    expect(store.pages().map((page) => page.id)).toEqual(["p0", "p1", "p2"]);
    store.transact("remove", (tx) => tx.remove("p1"));
    expect(store.pages().map((page) => page.id)).toEqual(["p0", "p2"]);
    store.transact("rename", (tx) => tx.update("p2", { name: "Renamed" }));
    expect(store.pages().map((page) => page.name)).toEqual(["Page 1", "Renamed"]);
  });
});
