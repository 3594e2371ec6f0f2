import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { copyPayload, pastePayload } from "../../src/actions/clipboard";
import {
  CONNECTED_COPY_GAP,
  connectedCopy,
  connectShapes,
  type Direction,
} from "../../src/actions/connect";
import { worldBox } from "../../src/actions/geometry";
import { newId } from "../../src/doc/ids";
import type { Box } from "../../src/math/box";
import { duplicateSelection } from "../../src/actions/duplicate";
import { deleteSelection, groupSelection, ungroupSelection } from "../../src/actions/structure";
import { transformSelection } from "../../src/actions/transform";
import { worldMatrix } from "../../src/doc/commands";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { checkAll } from "../../src/doc/invariants";
import { apply, invert } from "../../src/doc/transform";
import type { Binding, EllipseNode, GroupNode, Id, LineNode, RectNode } from "../../src/doc/types";
import { createEditor, type EditableDocument } from "../../src/editing/editor";
import { BindingFollower } from "../../src/editing/bindingFollower";
import { anchorWorld } from "../../src/shapes/bindings";
import { routePoints, routeSubpath, routeTangents, withRoute } from "../../src/shapes/lineRoute";
import type { Point } from "../../src/math/point";
import { storeWith } from "../support/store";
import { exportSvg } from "../../src/io/export/svg";
import { importIntoDocument, readUntrusted } from "../../src/io/import";
import { sampleLabel } from "../support/label";
import { KIND_RULES } from "../../src/shapes/registry";

const PAGE = "page";
const CENTRE: Binding = { node: "a", anchor: { x: 0.5, y: 0.5 }, exact: false };

function rect(id: string, x: number, y: number, index: string): RectNode {
  const node = makeNode<RectNode>("rect", id, PAGE, index, {
    width: 100,
    height: 50,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  return { ...node, transform: { ...node.transform, x, y } };
}

function ellipse(id: string, x: number, y: number, index: string): EllipseNode {
  const node = makeNode<EllipseNode>("ellipse", id, PAGE, index, {
    width: 100,
    height: 100,
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  return { ...node, transform: { ...node.transform, x, y } };
}

function line(id: string, start: Point, end: Point, index: string): LineNode {
  return makeNode<LineNode>("line", id, PAGE, index, {
    start,
    end,
    startHead: "none",
    endHead: "arrow",
    fill: { type: "none" },
    stroke: DEFAULT_STROKE,
  });
}

/** Rectangles "a" at (100, 100) and "b" at (400, 100), 100 × 50, and a free line "l". */
function diagram(): EditableDocument {
  return createEditor(
    [
      ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
      rect("a", 100, 100, "a0"),
      rect("b", 400, 100, "a1"),
      line("l", { x: 0, y: 0 }, { x: 10, y: 0 }, "a2"),
    ],
    { checkInvariants: true },
  );
}

function bind(editor: EditableDocument, start: Binding | null, end: Binding | null): void {
  editor.store.transact("Bind", (tx) => {
    const node = tx.get("l") as LineNode;
    tx.put({ ...node, startBinding: start, endBinding: end });
  });
}

/** A line end in page coordinates. */
function endWorld(editor: EditableDocument, id: string, which: "start" | "end"): Point {
  const node = editor.store.get(id) as LineNode;
  return apply(worldMatrix(editor.store, id), node[which]);
}

function select(editor: EditableDocument, ...ids: string[]): void {
  editor.store.setSelection(ids);
}

describe("bound line ends", () => {
  it("meet the outline of the shape, aimed at its anchor, and follow it when it moves", () => {
    const editor = diagram();
    bind(editor, CENTRE, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    // From centre (150, 125) to centre (450, 125): a's right edge and b's left edge.
    expect(endWorld(editor, "l", "start")).toEqual({ x: 200, y: 125 });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 400, y: 125 });

    select(editor, "b");
    transformSelection(editor, { translate: { x: 0, y: 200 } });
    const start = endWorld(editor, "l", "start");
    const end = endWorld(editor, "l", "end");
    // Still on the outlines, aimed from centre to centre.
    expect(start.y).toBeGreaterThan(125);
    expect(start.y).toBeLessThanOrEqual(150 + 1e-9);
    expect(end.y).toBeCloseTo(300, 9);
    expect(editor.history.depth.undo).toBe(2);

    // One undo takes the move and the line's follow-up back together.
    editor.history.undo();
    expect(endWorld(editor, "l", "end")).toEqual({ x: 400, y: 125 });
    editor.history.redo();
    expect(endWorld(editor, "l", "end").y).toBeCloseTo(300, 9);
  });

  it("end on an exact anchor itself, and follow rotation, flips and resizes", () => {
    const editor = diagram();
    const corner: Binding = { node: "b", anchor: { x: 1, y: 1 }, exact: true };
    bind(editor, null, corner);
    expect(endWorld(editor, "l", "end")).toEqual({ x: 500, y: 150 });

    select(editor, "b");
    transformSelection(editor, { rotateDeg: 90 });
    const rotated = endWorld(editor, "l", "end");
    const b = editor.store.get("b") as RectNode;
    const expected = apply(worldMatrix(editor.store, "b"), { x: b.width, y: b.height });
    expect(rotated.x).toBeCloseTo(expected.x, 9);
    expect(rotated.y).toBeCloseTo(expected.y, 9);

    transformSelection(editor, { scale: { x: 2, y: 1 } });
    const scaled = editor.store.get("b") as RectNode;
    const after = apply(worldMatrix(editor.store, "b"), { x: scaled.width, y: scaled.height });
    expect(endWorld(editor, "l", "end").x).toBeCloseTo(after.x, 9);
    expect(endWorld(editor, "l", "end").y).toBeCloseTo(after.y, 9);
  });

  it("follow a shape into a moved group that keeps its transform record", () => {
    const editor = diagram();
    bind(editor, null, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: true });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 450, y: 125 });
    // The follower remembers the frames of shapes on the page by their transform records; the
    // same record under a group 300 down is somewhere else on the page.
    editor.store.transact("Group", (tx) => {
      const g = makeNode<GroupNode>("group", "g", PAGE, "a3", {});
      tx.put({ ...g, transform: { ...g.transform, y: 300 } });
      tx.put({ ...(tx.get("b") as RectNode), parent: "g", index: "a0" });
    });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 450, y: 425 });
    editor.history.undo();
    expect(endWorld(editor, "l", "end")).toEqual({ x: 450, y: 125 });
    select(editor, "b");
    transformSelection(editor, { translate: { x: 10, y: 0 } });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 460, y: 125 });
  });

  it("meet a curved outline, not the box", () => {
    const editor = createEditor(
      [
        ...createDocument({
          id: "doc",
          pageId: PAGE,
          author: "u",
          created: "2026-01-01T00:00:00Z",
        }),
        ellipse("a", 100, 100, "a0"),
        line("l", { x: 0, y: 0 }, { x: 0, y: 0 }, "a1"),
      ],
      { checkInvariants: true },
    );
    // Aimed from the top-left, along the diagonal: the circle is met at r/√2 from its centre.
    editor.store.transact("Place", (tx) => {
      tx.put({ ...(tx.get("l") as LineNode), end: { x: 0, y: 0 }, startBinding: CENTRE });
    });
    const start = endWorld(editor, "l", "start");
    const reach = 50 / Math.SQRT2;
    expect(start.x).toBeCloseTo(150 - reach, 1);
    expect(start.y).toBeCloseTo(150 - reach, 1);
    expect(Math.hypot(start.x - 150, start.y - 150)).toBeCloseTo(50, 1);
  });

  it("come free where they are when their shape is deleted; undo binds them again", () => {
    const editor = diagram();
    bind(editor, CENTRE, null);
    const before = endWorld(editor, "l", "start");
    select(editor, "a");
    deleteSelection(editor);
    const freed = editor.store.get("l") as LineNode;
    expect(freed.startBinding).toBeNull();
    expect(endWorld(editor, "l", "start")).toEqual(before);
    editor.history.undo();
    expect((editor.store.get("l") as LineNode).startBinding).toEqual(CENTRE);
  });

  it("come free when the line alone is moved, and stay bound when it moves with its shapes", () => {
    const editor = diagram();
    bind(editor, CENTRE, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    select(editor, "a", "b", "l");
    transformSelection(editor, { translate: { x: 30, y: 40 } });
    let node = editor.store.get("l") as LineNode;
    expect(node.startBinding).not.toBeNull();
    expect(node.endBinding).not.toBeNull();
    expect(endWorld(editor, "l", "start")).toEqual({ x: 230, y: 165 });

    select(editor, "l");
    transformSelection(editor, { translate: { x: 0, y: 300 } });
    node = editor.store.get("l") as LineNode;
    expect(node.startBinding).toBeNull();
    expect(node.endBinding).toBeNull();
  });

  it("stay bound through group and ungroup", () => {
    const editor = diagram();
    bind(editor, CENTRE, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    select(editor, "a", "l");
    groupSelection(editor);
    select(editor, "b");
    transformSelection(editor, { translate: { x: 100, y: 0 } });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 500, y: 125 });
    const group = editor.store.get("a")!;
    select(editor, (group as RectNode).parent);
    transformSelection(editor, { translate: { x: 0, y: 10 } });
    expect((editor.store.get("l") as LineNode).startBinding).toEqual(CENTRE);
    ungroupSelection(editor);
    expect((editor.store.get("l") as LineNode).startBinding).toEqual(CENTRE);
    expect(endWorld(editor, "l", "start")).toEqual({ x: 200, y: 135 });
  });

  it("survive copy and paste of both; a line pasted without its shape comes free", () => {
    const editor = diagram();
    bind(editor, CENTRE, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    select(editor, "a", "b", "l");
    const both = copyPayload(editor)!;
    const pasted = pastePayload(editor, both, { parent: PAGE, offset: { x: 0, y: 300 } });
    expect(pasted.ok).toBe(true);
    const copies = editor.store.childrenOf(PAGE).slice(3);
    const copy = copies.find((n) => n.type === "line") as LineNode;
    const copyIds = new Set(copies.map((n) => n.id));
    expect(copyIds.has(copy.startBinding!.node)).toBe(true);
    expect(copyIds.has(copy.endBinding!.node)).toBe(true);

    select(editor, "l");
    const alone = copyPayload(editor)!;
    pastePayload(editor, alone, { parent: PAGE, offset: { x: 0, y: 600 } });
    const last = editor.store.childrenOf(PAGE).at(-1) as LineNode;
    expect(last.startBinding).toBeNull();
    expect(last.endBinding).toBeNull();

    select(editor, "a", "l");
    duplicateSelection(editor);
    const [rectCopy, lineCopy] = editor.store.selection.map((id) => editor.store.get(id)!);
    const duplicated = lineCopy as LineNode;
    expect(duplicated.startBinding!.node).toBe(rectCopy!.id);
    expect(duplicated.endBinding).toBeNull();
  });

  it("are not looked for when a commit touches only the document's record (a file's rename)", () => {
    const editor = diagram();
    bind(editor, CENTRE, { ...CENTRE, node: "b" });
    const store = editor.store;
    // A fresh follower, as a document just opened has: its index of bindings is not built yet.
    editor.bindings.dispose();
    const follower = new BindingFollower(store, editor.commits.stage("bindings"));
    const all = vi.spyOn(store, "all");
    store.transact("Rename", (tx) => tx.update(store.document.id, { name: "Renamed" }), "remote");
    expect(all).not.toHaveBeenCalled();
    const was = endWorld(editor, "l", "start");
    const a = store.get("a") as RectNode;
    store.transact("Move", (tx) =>
      tx.put({ ...a, transform: { ...a.transform, y: a.transform.y + 50 } }),
    );
    expect(all).toHaveBeenCalledTimes(1);
    // The end followed its box down.
    expect(endWorld(editor, "l", "start").y).toBeGreaterThan(was.y + 10);
    all.mockRestore();
    follower.dispose();
  });

  it("come free when bound to a missing node, a line or a group", () => {
    const editor = diagram();
    bind(editor, { ...CENTRE, node: "nowhere" }, { ...CENTRE, node: "l" });
    const node = editor.store.get("l") as LineNode;
    expect(node.startBinding).toBeNull();
    expect(node.endBinding).toBeNull();
  });

  it("are checked by the document's invariants: a target that exists, on the page, not a line", () => {
    const store = storeWith(rect("a", 0, 0, "a0"), line("l", { x: 0, y: 0 }, { x: 1, y: 1 }, "a1"));
    const bindTo = (node: string) => () =>
      store.transact("Bind", (tx) => {
        tx.put({ ...(tx.get("l") as LineNode), startBinding: { ...CENTRE, node } });
      });
    expect(bindTo("nowhere")).toThrow(/bound to nowhere, which does not exist/);
    expect(bindTo("l")).toThrow(/bound to l, a line/);
    bindTo("a")();
    expect(() => store.transact("Delete", (tx) => tx.remove("a"))).toThrow(
      /bound to a, which was removed/,
    );
  });
});

describe("random edits never leave a dangling or stray binding", () => {
  type Step =
    | { kind: "move"; ids: number[]; dx: number; dy: number }
    | { kind: "rotate"; id: number; deg: number }
    | { kind: "delete"; id: number }
    | { kind: "group"; ids: number[] }
    | { kind: "ungroup" }
    | { kind: "paste"; ids: number[] }
    | { kind: "undo" }
    | { kind: "redo" };
  const pick = fc.array(fc.nat(5), { minLength: 1, maxLength: 3 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant("move" as const),
      ids: pick,
      dx: fc.integer({ min: -200, max: 200 }),
      dy: fc.integer({ min: -200, max: 200 }),
    }),
    fc.record({
      kind: fc.constant("rotate" as const),
      id: fc.nat(5),
      deg: fc.integer({ min: -180, max: 180 }),
    }),
    fc.record({ kind: fc.constant("delete" as const), id: fc.nat(5) }),
    fc.record({ kind: fc.constant("group" as const), ids: pick }),
    fc.record({ kind: fc.constant("ungroup" as const) }),
    fc.record({ kind: fc.constant("paste" as const), ids: pick }),
    fc.constant({ kind: "undo" as const }),
    fc.constant({ kind: "redo" as const }),
  );

  it("every bound end sits on its anchor's line of sight, and the invariants hold", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        const editor = createEditor(
          [
            ...createDocument({
              id: "doc",
              pageId: PAGE,
              author: "u",
              created: "2026-01-01T00:00:00Z",
            }),
            rect("a", 100, 100, "a0"),
            ellipse("b", 400, 100, "a1"),
            rect("c", 200, 400, "a2"),
            line("l", { x: 0, y: 0 }, { x: 10, y: 0 }, "a3"),
            line("m", { x: 0, y: 0 }, { x: 10, y: 0 }, "a4"),
          ],
          { checkInvariants: true },
        );
        editor.store.transact("Bind", (tx) => {
          tx.put({
            ...(tx.get("l") as LineNode),
            startBinding: CENTRE,
            endBinding: { ...CENTRE, node: "b" },
          });
          tx.put({
            ...(tx.get("m") as LineNode),
            startBinding: { node: "c", anchor: { x: 0, y: 0 }, exact: true },
          });
        });
        const ids = () => editor.store.childrenOf(PAGE).map((n) => n.id);
        const chosen = (picks: number[]) => {
          const all = ids();
          return [...new Set(picks.map((i) => all[i % Math.max(all.length, 1)]!))].filter(Boolean);
        };
        for (const s of steps) {
          if (ids().length === 0) break;
          if (s.kind === "move") {
            select(editor, ...chosen(s.ids));
            transformSelection(editor, { translate: { x: s.dx, y: s.dy } });
          } else if (s.kind === "rotate") {
            select(editor, ...chosen([s.id]));
            transformSelection(editor, { rotateDeg: s.deg });
          } else if (s.kind === "delete") {
            select(editor, ...chosen([s.id]));
            deleteSelection(editor);
          } else if (s.kind === "group") {
            select(editor, ...chosen(s.ids));
            groupSelection(editor);
          } else if (s.kind === "ungroup") {
            const group = editor.store.childrenOf(PAGE).find((n) => n.type === "group");
            if (group) {
              select(editor, group.id);
              ungroupSelection(editor);
            }
          } else if (s.kind === "paste") {
            select(editor, ...chosen(s.ids));
            const text = copyPayload(editor);
            if (text !== null)
              pastePayload(editor, text, { parent: PAGE, offset: { x: 20, y: 20 } });
          } else if (s.kind === "undo") editor.history.undo();
          else editor.history.redo();
        }
        expect(checkAll(editor.store, KIND_RULES)).toEqual([]);
        for (const record of editor.store.all()) {
          if (record.type !== "line") continue;
          for (const which of ["start", "end"] as const) {
            const binding = record[`${which}Binding`];
            if (binding === null) continue;
            const target = editor.store.get(binding.node);
            expect(target).toBeDefined();
            const world = worldMatrix(editor.store, binding.node);
            const anchor = anchorWorld(target as RectNode, world, binding)!;
            const end = endWorld(editor, record.id, which);
            if (binding.exact) {
              expect(Math.hypot(end.x - anchor.x, end.y - anchor.y)).toBeLessThan(1e-6);
            } else {
              // On the outline: inside the target's box, in its own coordinates (with rounding).
              const local = apply(invert(world)!, end);
              const size = target as RectNode;
              expect(local.x).toBeGreaterThanOrEqual(-1e-6);
              expect(local.y).toBeGreaterThanOrEqual(-1e-6);
              expect(local.x).toBeLessThanOrEqual(size.width + 1e-6);
              expect(local.y).toBeLessThanOrEqual(size.height + 1e-6);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("connecting from the keyboard", () => {
  it("a connected copy sits beside the shape, joined by an arrow; repeating it builds a chain", () => {
    const editor = diagram();
    select(editor, "a");
    expect(connectedCopy(editor, "right")).not.toBeNull();
    const copy = editor.store.selection[0]!;
    expect(copy).not.toBe("a");
    expect(worldMatrix(editor.store, copy)).toMatchObject({
      e: 100 + 100 + CONNECTED_COPY_GAP,
      f: 100,
    });
    const arrow = editor.store
      .childrenOf(PAGE)
      .find((n) => n.type === "line" && n.id !== "l") as LineNode;
    expect(arrow.startBinding?.node).toBe("a");
    expect(arrow.endBinding?.node).toBe(copy);
    expect(endWorld(editor, arrow.id, "start")).toEqual({ x: 200, y: 125 });
    expect(endWorld(editor, arrow.id, "end")).toEqual({ x: 200 + CONNECTED_COPY_GAP, y: 125 });
    expect(editor.history.depth.undo).toBe(1);

    expect(connectedCopy(editor, "down")).not.toBeNull();
    const below = editor.store.selection[0]!;
    expect(worldMatrix(editor.store, below)).toMatchObject({
      e: 260,
      f: 100 + 50 + CONNECTED_COPY_GAP,
    });
    editor.history.undo();
    editor.history.undo();
    expect(editor.store.childrenOf(PAGE).map((n) => n.id)).toEqual(["a", "b", "l"]);
  });

  it("a second copy the same way steps aside, clear of the first, as a flowchart branches", () => {
    const editor = diagram();
    // What the spatial index answers: the page's nodes whose boxes meet the box.
    const nodesIn = (box: Box): Id[] =>
      editor.store
        .childrenOf(PAGE)
        .filter((node) => {
          const b = worldBox(editor.store, node.id);
          return (
            b !== null &&
            b.minX <= box.maxX &&
            b.maxX >= box.minX &&
            b.minY <= box.maxY &&
            b.maxY >= box.minY
          );
        })
        .map((node) => node.id);
    const copyOf = (direction: Direction) => {
      select(editor, "a");
      const placed = connectedCopy(editor, direction, DEFAULT_STROKE, newId, nodesIn);
      return { id: editor.store.selection[0]!, placed };
    };
    const first = copyOf("right");
    const second = copyOf("right");
    const third = copyOf("right");
    // a is 100 × 50 at (100, 100): copies go 160 right, then each 110 further down.
    expect(first.placed).toEqual({ minX: 260, minY: 100, maxX: 360, maxY: 150 });
    expect(second.placed).toEqual({ minX: 260, minY: 210, maxX: 360, maxY: 260 });
    expect(third.placed).toEqual({ minX: 260, minY: 320, maxX: 360, maxY: 370 });
    for (const { id, placed } of [first, second, third])
      expect(worldBox(editor.store, id)).toEqual(placed);
    // Nothing is above a: a copy upwards goes straight up.
    expect(copyOf("up").placed).toEqual({ minX: 100, minY: -10, maxX: 200, maxY: 40 });
  });

  it("a connected copy of a labelled shape has no words: it is the next step, to type into", () => {
    const editor = diagram();
    editor.store.transact("Label", (tx) => {
      const a = tx.get("a") as RectNode;
      tx.put({
        ...a,
        label: sampleLabel("Start"),
      });
    });
    select(editor, "a");
    expect(connectedCopy(editor, "right")).not.toBeNull();
    const copy = editor.store.get(editor.store.selection[0]!) as RectNode;
    expect(copy.label).toBeNull();
    expect((editor.store.get("a") as RectNode).label?.content).toBe("Start");
  });

  it("connect joins two shapes with a bound arrow, and says why it cannot", () => {
    const editor = diagram();
    const joined = connectShapes(editor, "a", "b");
    expect(joined.ok).toBe(true);
    const arrow = editor.store.get((joined as { id: string }).id) as LineNode;
    expect(arrow.endHead).toBe("arrow");
    expect(endWorld(editor, arrow.id, "end")).toEqual({ x: 400, y: 125 });
    expect(connectShapes(editor, "a", "a")).toEqual({
      ok: false,
      error: "a shape cannot be connected to itself",
    });
    expect(connectShapes(editor, "a", "l")).toEqual({
      ok: false,
      error: "lines and groups cannot be connected",
    });
  });
});

describe("routes", () => {
  it("an elbow connector leaves and meets its shapes square, on the sides facing each other", () => {
    const editor = diagram();
    editor.store.transact("Route", (tx) => {
      const node = tx.get("l") as LineNode;
      tx.put({
        ...withRoute(node, "elbow"),
        startBinding: CENTRE,
        endBinding: { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false },
      });
    });
    select(editor, "b");
    transformSelection(editor, { translate: { x: 0, y: 200 } });
    const line = editor.store.get("l") as LineNode;
    // a's right side middle (200, 125) to b's left side middle (400, 325), turning halfway.
    expect(endWorld(editor, "l", "start")).toEqual({ x: 200, y: 125 });
    expect(endWorld(editor, "l", "end")).toEqual({ x: 400, y: 325 });
    const route = routeSubpath(line);
    expect(route.segments.map((s) => s.to)).toEqual([
      { x: 300, y: 125 },
      { x: 300, y: 325 },
      { x: 400, y: 325 },
    ]);
    // The arrowhead at the end faces along the last segment, not along the chord.
    expect(routeTangents(line).beforeEnd).toEqual({ x: 300, y: 325 });
  });

  it("a curved line bows `bend` to the right of its chord and heads face along the curve", () => {
    const line = makeNode<LineNode>("line", "c", PAGE, "a0", {
      start: { x: 0, y: 0 },
      end: { x: 100, y: 0 },
      startHead: "none",
      endHead: "arrow",
      fill: { type: "none" },
      stroke: DEFAULT_STROKE,
      route: "curved",
      bend: 20,
    });
    const points = routePoints(line, 0.01);
    const middle = points.length / 2 / 2;
    // Its middle point is 20 below the chord (y down: to the right going left to right).
    let lowest = 0;
    for (let i = 1; i < points.length; i += 2) lowest = Math.max(lowest, points[i]!);
    expect(lowest).toBeCloseTo(20, 1);
    expect(middle).toBeGreaterThan(2);
    expect(routeTangents(line).beforeEnd).toEqual({ x: 50, y: 40 });
    expect(withRoute({ ...line, route: "straight" }, "curved").bend).toBe(20);
  });
});

describe("bindings in files", () => {
  it("survive an SVG export and import: the arrow comes back bound to the boxes' copies", () => {
    const editor = diagram();
    bind(editor, CENTRE, { node: "b", anchor: { x: 0.5, y: 0.5 }, exact: false });
    const { svg } = exportSvg(editor.store, { scope: { page: PAGE } });
    // Only the bound shapes keep their ids in the data.
    expect(svg).toContain('"id":"a"');
    expect(svg).not.toContain('"id":"l"');
    const read = readUntrusted("diagram.svg", svg);
    if (!read.ok) throw new Error(read.error);
    const target = diagram();
    select(target);
    const placed = importIntoDocument(target.store, read, { parent: PAGE });
    expect(placed.ok).toBe(true);
    const imported = (placed as { ids: string[] }).ids.map((id) => target.store.get(id)!);
    const arrow = imported.find((n) => n.type === "line") as LineNode;
    const boxes = imported.filter((n) => n.type === "rect").map((n) => n.id);
    expect(boxes).toHaveLength(2);
    expect(boxes).toContain(arrow.startBinding?.node);
    expect(boxes).toContain(arrow.endBinding?.node);
    expect(endWorld(target, arrow.id, "end")).toEqual(endWorld(editor, "l", "end"));
    // Moving an imported box drags the imported arrow along.
    select(target, arrow.endBinding!.node);
    transformSelection(target, { translate: { x: 0, y: 100 } });
    expect(endWorld(target, arrow.id, "end").y).toBeGreaterThan(125);
  });
});
