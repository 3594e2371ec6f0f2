import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addNodes, reorderNode, worldMatrix } from "../../src/doc/commands";
import { DEFAULT_FILL, DEFAULT_STROKE, NO_FILL, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import { apply, invert } from "../../src/doc/transform";
import type {
  EllipseNode,
  Fill,
  FrameNode,
  GroupNode,
  Id,
  LineNode,
  RectNode,
  SceneNode,
  Stroke,
  Transform,
} from "../../src/doc/types";
import { isContainer, isSceneNode } from "../../src/doc/types";
import { hitNode, nodeInsideRect, nodeIntersectsRect } from "../../src/shapes/hitTest";

import { localTolerance, nodeClassesSteps, Picker } from "../../src/scene/picker";
import { SpatialSync } from "../../src/scene/spatialSync";
import { loadCore } from "../core/loadCore.ts";
import { emptyDocumentStore } from "../support/store";
import type { Box } from "../../src/math/box";

interface Place {
  readonly x?: number;
  readonly y?: number;
  readonly rotation?: number;
  readonly scaleX?: number;
  readonly scaleY?: number;
}

function at(node: SceneNode, place: Place): SceneNode {
  return { ...node, transform: { ...node.transform, ...place } };
}

function rect(id: Id, w: number, h: number, place: Place = {}, style: Partial<RectNode> = {}) {
  const node = makeNode<RectNode>("rect", id, "page", "a0", {
    width: w,
    height: h,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  return at({ ...node, ...style }, place);
}

function group(id: Id, place: Place = {}): SceneNode {
  return at(makeNode<GroupNode>("group", id, "page", "a0", {}), place);
}

function frame(id: Id, w: number, h: number, place: Place = {}, clip = true): SceneNode {
  const node = makeNode<FrameNode>("frame", id, "page", "a0", {
    width: w,
    height: h,
    clip,
    fill: DEFAULT_FILL,
    stroke: NO_STROKE,
  });
  return at(node, place);
}

async function scene() {
  const core = await loadCore();
  const store = emptyDocumentStore();
  const sync = new SpatialSync(store, core.index);
  sync.showPage("page");
  return { store, picker: new Picker(store, sync) };
}

function add(store: DocumentStore, parent: Id, nodes: SceneNode[]): void {
  store.transact("add", (tx) => addNodes(tx, parent, nodes));
}

function update(store: DocumentStore, id: Id, fields: Partial<SceneNode>): void {
  store.transact("edit", (tx) => tx.update(id, fields));
}

/** A node's local point on the page. */
function onPage(store: DocumentStore, id: Id, x: number, y: number) {
  return apply(worldMatrix(store, id), { x, y });
}

describe("§2 picking", () => {
  it("finds the topmost of overlapping shapes, following the stacking order", async () => {
    const { store, picker } = await scene();
    add(store, "page", [rect("back", 100, 100), rect("front", 100, 100, { x: 50, y: 50 })]);
    expect(picker.pick({ x: 75, y: 75 }, 0)).toBe("front");
    expect(picker.pick({ x: 25, y: 25 }, 0)).toBe("back");
    store.transact("raise", (tx) => reorderNode(tx, "back", "front"));
    expect(picker.pick({ x: 75, y: 75 }, 0)).toBe("back");
    expect(picker.pick({ x: 300, y: 300 }, 0)).toBeNull();
  });

  it("tests the exact shape in nested rotated and scaled groups, not its box", async () => {
    const { store, picker } = await scene();
    add(store, "page", [group("outer", { x: 300, y: 100, rotation: Math.PI / 6 })]);
    add(store, "outer", [group("inner", { x: 40, y: 0, rotation: Math.PI / 4, scaleX: 2 })]);
    add(store, "inner", [
      makeNode<EllipseNode>("ellipse", "dot", "inner", "a0", {
        width: 100,
        height: 60,
        fill: DEFAULT_FILL,
        stroke: NO_STROKE,
      }),
    ]);
    const centre = onPage(store, "dot", 50, 30);
    expect(picker.pick(centre, 0, { deep: true })).toBe("dot");
    expect(picker.pick(centre, 0)).toBe("outer");
    expect(picker.pick(centre, 0, { scope: "outer" })).toBe("inner");
    expect(picker.pick(centre, 0, { scope: "inner" })).toBe("dot");
    // The corner of the ellipse's box is inside its page box but outside the ellipse.
    const corner = onPage(store, "dot", 3, 3);
    expect(picker.pick(corner, 0, { deep: true })).toBeNull();
    // A shape on the page stacked above the outer group wins over everything inside it.
    add(store, "page", [rect("cover", 20, 20, { x: centre.x - 10, y: centre.y - 10 })]);
    expect(picker.pick(centre, 0, { deep: true })).toBe("cover");
    store.transact("lower", (tx) => reorderNode(tx, "cover", "back"));
    expect(picker.pick(centre, 0, { deep: true })).toBe("dot");
  });

  it("skips hidden and locked shapes and everything inside hidden or locked groups", async () => {
    const { store, picker } = await scene();
    add(store, "page", [rect("under", 100, 100), group("g")]);
    add(store, "g", [rect("inside", 100, 100)]);
    add(store, "page", [rect("top", 100, 100)]);
    const p = { x: 50, y: 50 };
    expect(picker.pick(p, 0)).toBe("top");
    update(store, "top", { hidden: true });
    expect(picker.pick(p, 0)).toBe("g");
    update(store, "g", { locked: true });
    expect(picker.pick(p, 0)).toBe("under");
    update(store, "g", { locked: false, hidden: true });
    expect(picker.pick(p, 0)).toBe("under");
    update(store, "under", { locked: true });
    expect(picker.pick(p, 0)).toBeNull();
  });

  it("hits a frame only where nothing inside it is hit, and not outside its clip", async () => {
    const { store, picker } = await scene();
    add(store, "page", [frame("f", 200, 200, { x: 0, y: 0 })]);
    add(store, "f", [rect("child", 100, 100, { x: 150, y: 20 })]);
    expect(picker.pick({ x: 160, y: 50 }, 0, { deep: true })).toBe("child");
    expect(picker.pick({ x: 160, y: 50 }, 0)).toBe("f");
    expect(picker.pick({ x: 160, y: 50 }, 0, { scope: "f" })).toBe("child");
    expect(picker.pick({ x: 20, y: 150 }, 0, { deep: true })).toBe("f");
    // The child's part outside the clipping frame is not drawn, so it cannot be picked.
    expect(picker.pick({ x: 230, y: 50 }, 0, { deep: true })).toBeNull();
    update(store, "f", { clip: false } as Partial<FrameNode>);
    expect(picker.pick({ x: 230, y: 50 }, 0, { deep: true })).toBe("child");
  });

  it("gives hits outside the entered group as top-level nodes", async () => {
    const { store, picker } = await scene();
    add(store, "page", [group("g"), rect("other", 50, 50, { x: 300 })]);
    add(store, "g", [rect("a", 50, 50)]);
    expect(picker.pick({ x: 320, y: 20 }, 0, { scope: "g" })).toBe("other");
    expect(picker.pick({ x: 20, y: 20 }, 0, { scope: "g" })).toBe("a");
  });

  it("honours the tolerance around thin lines", async () => {
    const { store, picker } = await scene();
    add(store, "page", [
      at(
        makeNode<LineNode>("line", "l", "page", "a0", {
          start: { x: 0, y: 0 },
          end: { x: 100, y: 0 },
          startHead: "none",
          endHead: "none",
          fill: NO_FILL,
          stroke: { ...DEFAULT_STROKE, width: 2 },
        }),
        { y: 100 },
      ),
    ]);
    // 4 units from the centre line: 3 from the stroke's edge.
    expect(picker.pick({ x: 50, y: 104 }, 2)).toBeNull();
    expect(picker.pick({ x: 50, y: 104 }, 3.5)).toBe("l");
    expect(picker.pick({ x: Number.NaN, y: 0 }, 2)).toBeNull();
  });
});

describe("§2 marquee", () => {
  async function row() {
    const s = await scene();
    add(s.store, "page", [rect("a", 100, 100), rect("b", 100, 100, { x: 200 }), group("g")]);
    add(s.store, "g", [rect("c1", 50, 50, { x: 400 }), rect("c2", 50, 50, { x: 500 })]);
    return s;
  }
  const sorted = (ids: Id[]) => [...ids].sort();

  it("selects what it touches; a group when any of its contents is touched", async () => {
    const { picker } = await row();
    const box = { minX: 50, minY: -10, maxX: 450, maxY: 60 };
    expect(sorted(picker.marquee(box))).toEqual(["a", "b", "g"]);
  });

  it("with `contained`, only what lies wholly inside; a group when all its contents do", async () => {
    const { picker } = await row();
    expect(
      picker.marquee({ minX: 50, minY: -10, maxX: 450, maxY: 110 }, { contained: true }),
    ).toEqual(["b"]);
    expect(
      sorted(picker.marquee({ minX: 180, minY: -10, maxX: 560, maxY: 110 }, { contained: true })),
    ).toEqual(["b", "g"]);
  });

  it("selects inside the entered group only", async () => {
    const { picker } = await row();
    const box = { minX: 0, minY: 0, maxX: 600, maxY: 100 };
    expect(sorted(picker.marquee(box, { scope: "g" }))).toEqual(["c1", "c2"]);
    expect(
      picker.marquee({ minX: 420, minY: 0, maxX: 600, maxY: 100 }, { scope: "g", contained: true }),
    ).toEqual(["c2"]);
  });

  it("tests shapes exactly: a rotated shape whose box is touched but not its outline stays out", async () => {
    const { store, picker } = await scene();
    add(store, "page", [rect("diamond", 100, 100, { x: 100, y: 0, rotation: Math.PI / 4 })]);
    // The diamond spans x 29.3–170.7, y 0–141.4; its box's top-left corner region is empty.
    expect(picker.marquee({ minX: 30, minY: 0, maxX: 40, maxY: 10 })).toEqual([]);
    expect(picker.marquee({ minX: 95, minY: 0, maxX: 105, maxY: 10 })).toEqual(["diamond"]);
  });

  it("leaves out hidden and locked shapes", async () => {
    const { store, picker } = await row();
    update(store, "a", { hidden: true });
    update(store, "c1", { locked: true });
    const box = { minX: 0, minY: 0, maxX: 450, maxY: 100 };
    expect(sorted(picker.marquee(box))).toEqual(["b"]);
    expect(picker.marquee({ minX: 1, minY: 1, maxX: 0, maxY: 0 })).toEqual([]);
    // c2 sticks out of this box; hidden, it no longer keeps its group out, the locked c1 still counts.
    const around = { minX: 390, minY: -10, maxX: 460, maxY: 60 };
    expect(picker.marquee(around, { contained: true })).toEqual([]);
    update(store, "c2", { hidden: true });
    expect(picker.marquee(around, { contained: true })).toEqual([]);
    update(store, "c1", { locked: false });
    expect(picker.marquee(around, { contained: true })).toEqual(["g"]);
  });
});

describe("§2 eraser contact", () => {
  it("finds leaf shapes whose outline or fill the segment passes within the tolerance of", async () => {
    const { store, picker } = await scene();
    add(store, "page", [
      rect("hollow", 100, 100, {}, { fill: NO_FILL }),
      rect("solid", 100, 100, { x: 200 }),
      group("g"),
    ]);
    add(store, "g", [rect("inner", 20, 20, { x: 400 })]);
    // Through the middle of the hollow one: far from its edges.
    expect(picker.touching({ x: 30, y: 50 }, { x: 70, y: 50 }, 2)).toEqual([]);
    // Across its right edge.
    expect(picker.touching({ x: 90, y: 50 }, { x: 110, y: 50 }, 2)).toEqual(["hollow"]);
    // Within the tolerance of the edge's stroke (width 2, so it reaches x = 101).
    expect(picker.touching({ x: 104, y: 40 }, { x: 104, y: 60 }, 3.5)).toEqual(["hollow"]);
    expect(picker.touching({ x: 104, y: 40 }, { x: 104, y: 60 }, 2.5)).toEqual([]);
    // Inside the filled one.
    expect(picker.touching({ x: 230, y: 50 }, { x: 270, y: 50 }, 1)).toEqual(["solid"]);
    // Leaves only: the group is not reported, its child is.
    expect(picker.touching({ x: 405, y: 10 }, { x: 415, y: 10 }, 1)).toEqual(["inner"]);
  });
});

// ---- Property: the index-driven answers equal a walk over the whole document ----

type Spec =
  | { kind: "rect" | "ellipse"; w: number; h: number; filled: boolean }
  | { kind: "line"; dx: number; dy: number }
  | { kind: "group" }
  | { kind: "frame"; w: number; h: number; clip: boolean };

interface Step {
  readonly spec: Spec;
  readonly into: number;
  readonly transform: Transform;
  readonly hidden: boolean;
  readonly locked: boolean;
}

const small = fc.integer({ min: -60, max: 120 });
const extent = fc.integer({ min: 1, max: 160 });
const stepArb: fc.Arbitrary<Step> = fc.record({
  spec: fc.oneof(
    fc.record({
      kind: fc.constantFrom("rect" as const, "ellipse" as const),
      w: extent,
      h: extent,
      filled: fc.boolean(),
    }),
    fc.record({ kind: fc.constant("line" as const), dx: small, dy: small }),
    fc.record({ kind: fc.constant("group" as const) }),
    fc.record({ kind: fc.constant("frame" as const), w: extent, h: extent, clip: fc.boolean() }),
  ),
  into: fc.nat(),
  transform: fc.record({
    x: small,
    y: small,
    rotation: fc.oneof(fc.constant(0), fc.double({ min: -3.2, max: 3.2, noNaN: true })),
    scaleX: fc.constantFrom(1, 1, 0.5, 2, -1),
    scaleY: fc.constantFrom(1, 1, 0.7, 1.5),
    skewX: fc.constant(0),
  }),
  // One in ten, so most shapes can be hit and the flags still come up.
  hidden: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  locked: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});

function buildNode(step: Step, id: Id): SceneNode {
  const fill: Fill = DEFAULT_FILL;
  const stroke: Stroke = { ...DEFAULT_STROKE, width: 4 };
  const base = { transform: step.transform, hidden: step.hidden, locked: step.locked };
  const spec = step.spec;
  switch (spec.kind) {
    case "rect":
      return {
        ...makeNode<RectNode>("rect", id, "page", "a0", {
          width: spec.w,
          height: spec.h,
          radii: [0, 0, 0, 0],
          fill: spec.filled ? fill : NO_FILL,
          stroke,
        }),
        ...base,
      };
    case "ellipse":
      return {
        ...makeNode<EllipseNode>("ellipse", id, "page", "a0", {
          width: spec.w,
          height: spec.h,
          fill: spec.filled ? fill : NO_FILL,
          stroke,
        }),
        ...base,
      };
    case "line":
      return {
        ...makeNode<LineNode>("line", id, "page", "a0", {
          start: { x: 0, y: 0 },
          end: { x: spec.dx, y: spec.dy },
          startHead: "none",
          endHead: "none",
          fill: NO_FILL,
          stroke,
        }),
        ...base,
      };
    case "group":
      return { ...makeNode<GroupNode>("group", id, "page", "a0", {}), ...base };
    case "frame":
      return {
        ...makeNode<FrameNode>("frame", id, "page", "a0", {
          width: spec.w,
          height: spec.h,
          clip: spec.clip,
          fill,
          stroke: NO_STROKE,
        }),
        ...base,
      };
  }
}

/** Every node of the page back to front, each with its ancestors (top-level first). */
function paintOrder(store: DocumentStore): SceneNode[][] {
  const out: SceneNode[][] = [];
  const visit = (parent: Id, above: SceneNode[]) => {
    for (const child of store.childrenOf(parent)) {
      const lineage = [...above, child];
      out.push(lineage);
      if (isContainer(child)) visit(child.id, lineage);
    }
  };
  visit("page", []);
  return out;
}

const usable = (lineage: SceneNode[]) => lineage.every((n) => !n.hidden && !n.locked);

function targetOf(lineage: SceneNode[], scope: Id): SceneNode | null {
  if (scope === "page") return lineage[0]!;
  const at = lineage.findIndex((n) => n.id === scope);
  return at >= 0 && at < lineage.length - 1 ? lineage[at + 1]! : null;
}

function referencePick(
  store: DocumentStore,
  p: { x: number; y: number },
  tol: number,
): SceneNode[] | null {
  let best: SceneNode[] | null = null;
  for (const lineage of paintOrder(store)) {
    if (!usable(lineage)) continue;
    const clipped = lineage.slice(0, -1).some((n) => {
      if (n.type !== "frame" || !n.clip) return false;
      const q = apply(invert(worldMatrix(store, n.id))!, p);
      return q.x < 0 || q.y < 0 || q.x > n.width || q.y > n.height;
    });
    if (clipped) continue;
    const node = lineage.at(-1)!;
    const world = worldMatrix(store, node.id);
    const inverse = invert(world);
    if (inverse === null) continue;
    if (hitNode(node, apply(inverse, p), localTolerance(tol, world)) !== null) best = lineage;
  }
  return best;
}

function subtree(store: DocumentStore, node: SceneNode): SceneNode[] {
  const out = [node];
  if (isContainer(node))
    for (const child of store.childrenOf(node.id)) out.push(...subtree(store, child));
  return out;
}

function referenceMarquee(store: DocumentStore, box: Box, contained: boolean, scope: Id): Id[] {
  const targets = new Map<Id, SceneNode[]>();
  for (const lineage of paintOrder(store)) {
    if (!usable(lineage) || lineage.at(-1)!.type === "group") continue;
    const target = targetOf(lineage, scope);
    if (target === null) continue;
    const list = targets.get(target.id) ?? [];
    list.push(lineage.at(-1)!);
    targets.set(target.id, list);
  }
  const out: Id[] = [];
  for (const [id, usableLeaves] of targets) {
    if (contained) {
      const visible = subtree(store, store.get(id) as SceneNode).filter(
        (n) => n.type !== "group" && !ancestorsHidden(store, n, id),
      );
      if (visible.every((n) => nodeInsideRect(n, worldMatrix(store, n.id), box))) out.push(id);
    } else if (usableLeaves.some((n) => nodeIntersectsRect(n, worldMatrix(store, n.id), box)))
      out.push(id);
  }
  return out.sort();
}

/** Whether `node` or an ancestor below `top` is hidden. */
function ancestorsHidden(store: DocumentStore, node: SceneNode, top: Id): boolean {
  let current: SceneNode | undefined = node;
  while (current !== undefined) {
    if (current.hidden) return true;
    if (current.id === top) return false;
    const parent = store.get(current.parent);
    current = isSceneNode(parent) ? parent : undefined;
  }
  return false;
}

describe("§2 picking equals a brute-force walk of the document", () => {
  it("for random nested documents, points, tolerances and scopes", async () => {
    const core = await loadCore();
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArb, { minLength: 4, maxLength: 30 }),
        fc.array(
          fc.record({
            x: fc.integer({ min: -60, max: 220 }),
            y: fc.integer({ min: -60, max: 220 }),
          }),
          { minLength: 16, maxLength: 16 },
        ),
        fc.constantFrom(0, 1, 5),
        fc.nat(),
        async (steps, points, tol, scopeChoice) => {
          core.index.clear();
          const store = emptyDocumentStore();
          const sync = new SpatialSync(store, core.index);
          sync.showPage("page");
          const picker = new Picker(store, sync);
          steps.forEach((step, i) => {
            const containers = ["page", ...[...store.all()].filter(isContainer).map((c) => c.id)];
            add(store, containers[step.into % containers.length]!, [buildNode(step, `n${i}`)]);
          });
          const containers = ["page", ...[...store.all()].filter(isContainer).map((c) => c.id)];
          const scope = containers[scopeChoice % containers.length]!;
          const fresh = new Picker(store, sync);
          for (const p of points) {
            const best = referencePick(store, p, tol);
            expect(picker.pick(p, tol, { deep: true })).toBe(best?.at(-1)!.id ?? null);
            const expected = best === null ? null : (targetOf(best, scope) ?? best[0]!).id;
            expect(picker.pick(p, tol, { scope })).toBe(expected);
          }
          for (let i = 0; i + 1 < points.length; i += 2) {
            const a = points[i]!;
            const b = points[i + 1]!;
            const box = {
              minX: Math.min(a.x, b.x),
              minY: Math.min(a.y, b.y),
              maxX: Math.max(a.x, b.x),
              maxY: Math.max(a.y, b.y),
            };
            for (const contained of [false, true]) {
              const expected = referenceMarquee(store, box, contained, scope);
              expect([...picker.marquee(box, { contained, scope })].sort()).toEqual(expected);
              // One made after the edits learns the document by reading it, not from patches.
              expect([...fresh.marquee(box, { contained, scope })].sort()).toEqual(expected);
            }
          }
          fresh.dispose();
          picker.dispose();
          sync.dispose();
        },
      ),
      { numRuns: 120 },
    );
  });
});

/** `store` as a picker reads it, counting its records read one by one and its walks of all. */
function countingStore(store: DocumentStore) {
  const counted = {
    gets: 0,
    alls: 0,
    get: (id: Id) => {
      counted.gets += 1;
      return store.get(id);
    },
    childrenOf: (id: Id) => store.childrenOf(id),
    all: () => {
      counted.alls += 1;
      return store.all();
    },
    subscribe: (listener: Parameters<DocumentStore["subscribe"]>[0]) => store.subscribe(listener),
  };
  return counted;
}

/**
 * `picker` finds what `kept` (a picker kept up by edits) finds: marquees over `everything`,
 * touching and contained, and picks every 7 units across `points`.
 */
function expectFindsAsKept(picker: Picker, kept: Picker, everything: Box, points: Box): void {
  for (const contained of [false, true]) {
    expect([...picker.marquee(everything, { contained })].sort()).toEqual(
      [...kept.marquee(everything, { contained })].sort(),
    );
  }
  for (let x = points.minX; x < points.maxX; x += 7)
    for (let y = points.minY; y < points.maxY; y += 7)
      expect(picker.pick({ x, y }, 1)).toBe(kept.pick({ x, y }, 1));
}

describe("§2 a picker made for a document already open", () => {
  it("reads each run of siblings' parent once, and finds what a picker kept up by edits finds", async () => {
    const { store, picker: kept } = await scene();
    add(
      store,
      "page",
      Array.from({ length: 40 }, (_, i) => rect(`r${i}`, 10, 10, { x: (i % 8) * 20, y: 0 })),
    );
    add(store, "page", [group("g", { x: 0, y: 40 }), frame("f", 60, 60, { x: 80, y: 40 })]);
    add(store, "g", [rect("g1", 10, 10), rect("g2", 10, 10, { x: 20 })]);
    add(store, "f", [rect("f1", 10, 10)]);
    add(store, "page", [rect("hidden", 10, 10, { y: 120 }, { hidden: true })]);
    add(store, "page", [rect("locked", 10, 10, { x: 20, y: 120 }, { locked: true })]);
    const counted = countingStore(store);
    const sync = new SpatialSync(store, (await loadCore()).index);
    sync.showPage("page");
    const fresh = new Picker(counted, sync);
    // In the order they were added: 42 of the page's children, the group's two, the frame's
    // one, the page's last two: four runs of siblings for 49 nodes.
    expect(counted.gets).toBe(4);
    expectFindsAsKept(
      fresh,
      kept,
      { minX: -50, minY: -50, maxX: 300, maxY: 300 },
      { minX: -5, minY: -5, maxX: 160, maxY: 130 },
    );
  });

  it("takes classes worked out beforehand in steps, reading no record, and finds the same", async () => {
    const { store, picker: kept } = await scene();
    const many = Array.from({ length: 3000 }, (_, i) =>
      rect(`r${i}`, 10, 10, { x: (i % 60) * 20, y: Math.floor(i / 60) * 20 }),
    );
    add(store, "page", many);
    add(store, "page", [group("g", { x: 0, y: 1100 })]);
    add(store, "g", [rect("g1", 10, 10), rect("g2", 10, 10, { x: 20 })]);
    add(store, "page", [rect("hidden", 10, 10, { y: 1140 }, { hidden: true })]);
    const steps = nodeClassesSteps(store);
    let pauses = 0;
    let step = steps.next();
    for (; step.done !== true; step = steps.next()) pauses += 1;
    // Over three thousand records: more than one task's worth.
    expect(pauses).toBeGreaterThan(1);
    const counted = countingStore(store);
    const sync = new SpatialSync(store, (await loadCore()).index);
    sync.showPage("page");
    // Classes of another store are not taken: that picker reads the document itself.
    const other = new Picker(counted, sync, store, { ...step.value, store: emptyDocumentStore() });
    expect(counted.alls).toBeGreaterThan(0);
    other.dispose();
    const before = { gets: counted.gets, alls: counted.alls };
    const prepared = new Picker(counted, sync, store, { ...step.value, store: counted });
    expect({ gets: counted.gets, alls: counted.alls }).toEqual(before);
    expectFindsAsKept(
      prepared,
      kept,
      { minX: -50, minY: -50, maxX: 1300, maxY: 1300 },
      { minX: -5, minY: 1090, maxX: 100, maxY: 1160 },
    );
    // Kept up by edits from then on, as one that classified the document itself.
    add(store, "page", [rect("late", 10, 10, { x: 200, y: 1100 }, { locked: true })]);
    expect(prepared.pick({ x: 205, y: 1105 }, 1)).toBe(kept.pick({ x: 205, y: 1105 }, 1));
    prepared.dispose();
    sync.dispose();
  });
});
