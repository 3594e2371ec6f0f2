import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_STROKE, NO_FILL } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  LineNode,
  LinearGradientPaint,
  RadialGradientPaint,
  RectNode,
  RGBA,
  SceneNode,
  Stroke,
} from "../../src/doc/types";
import type { GradientMarkers } from "../../src/render/overlays/gradientGeometry";
import type { GradientTool } from "../../src/tools/gradientTool";
import {
  createToolHarness,
  documentState,
  PAGE,
  rectRecord,
  type ToolHarness,
} from "../support/toolHarness";

const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };
const GREEN: RGBA = { r: 0, g: 1, b: 0, a: 1 };

/** Across the rectangle's middle, left to right, in its local coordinates. */
const LINEAR: LinearGradientPaint = {
  type: "linear",
  from: { x: 0, y: 50 },
  to: { x: 200, y: 50 },
  stops: [
    { offset: 0, color: RED },
    { offset: 0.5, color: GREEN },
    { offset: 1, color: BLUE },
  ],
};

const RADIAL: RadialGradientPaint = {
  type: "radial",
  center: { x: 100, y: 50 },
  focal: { x: 100, y: 50 },
  radius: 50,
  stops: [
    { offset: 0, color: RED },
    { offset: 1, color: BLUE },
  ],
};

interface Session {
  readonly h: ToolHarness;
  /** The gradient markers as the overlays were last given them (undefined: never set). */
  markers(): GradientMarkers | null | undefined;
}

/** A 200 × 100 rectangle at (100, 100) with the given paints, selected. */
async function session(
  style: { fill?: RectNode["fill"]; stroke?: Stroke } = { fill: LINEAR },
  extra: SceneNode[] = [],
): Promise<Session> {
  const h = await createToolHarness({
    records: [rectRecord("r", { x: 100, y: 100, width: 200, height: 100 }, "a0", style), ...extra],
  });
  h.store.setSelection(["r"]);
  return { h, markers: () => h.overlays.shownGradientMarkers };
}

function rect(h: ToolHarness, id = "r"): RectNode {
  return h.store.get(id) as RectNode;
}

function tool(h: ToolHarness): GradientTool {
  return h.tool as GradientTool;
}

describe("gradient tool", () => {
  it("shows the selected node's gradient handles; Esc and Enter go back to Select", async () => {
    const { h, markers } = await session();
    h.setTool("gradient");
    expect(h.tool.id).toBe("gradient");
    expect(tool(h).editing).toEqual({ node: "r", target: "fill" });
    expect(markers()?.line).toEqual([
      { x: 100, y: 150 },
      { x: 300, y: 150 },
    ]);
    expect(markers()?.stops.map((s) => s.at)).toEqual([{ x: 200, y: 150 }]);
    expect(h.tool.cursor).toBe("default");
    h.move(302, 151);
    h.tick();
    expect(h.tool.cursor).toBe("grab");
    h.key("Escape");
    expect(h.tool.id).toBe("select");
    expect(markers()).toBeNull();
    expect(h.store.selection).toEqual(["r"]);
    h.setTool("gradient");
    h.key("Enter");
    expect(h.tool.id).toBe("select");
  });

  it("dragging the end handle is one commit and one undo step with the expected paint", async () => {
    const { h, markers } = await session();
    h.setTool("gradient");
    const version = h.store.version;
    h.drag({ x: 300, y: 150 }, { x: 250, y: 190 }, { steps: 6 });
    const fill = rect(h).fill as LinearGradientPaint;
    expect(fill).toEqual({ ...LINEAR, to: { x: 150, y: 90 } });
    expect(h.history.depth.undo).toBe(1);
    expect(h.store.version).toBeGreaterThan(version);
    expect(markers()?.line[1]).toEqual({ x: 250, y: 190 });
    h.history.undo();
    expect(rect(h).fill).toEqual(LINEAR);
    expect(markers()?.line[1]).toEqual({ x: 300, y: 150 });
    expect(h.tool.id).toBe("gradient");
  });

  it("Shift keeps the line's angle in 15° steps, also when pressed mid-drag", async () => {
    const { h } = await session();
    h.setTool("gradient");
    h.drag({ x: 300, y: 150 }, { x: 290, y: 163 }, { modifiers: { shift: true } });
    const to = (rect(h).fill as LinearGradientPaint).to;
    // From (0, 50) local: the pointer at about 7° from the horizontal snaps to 0°.
    expect(to.y).toBeCloseTo(50, 9);
    expect(to.x).toBeCloseTo(Math.hypot(190, 13), 9);

    h.down(100, 150);
    h.move(140, 190);
    h.tick();
    // Shift pressed with no movement re-applies the constraint on the next tick (45° stays 45°).
    h.move(140, 195);
    h.tick();
    const free = (rect(h).fill as LinearGradientPaint).from;
    expect(free).toEqual({ x: 40, y: 95 });
    h.input.keyDown("ShiftLeft", "Shift", { shift: true, ctrl: false, alt: false, meta: false });
    h.tick();
    const snapped = (rect(h).fill as LinearGradientPaint).from;
    const to2 = (rect(h).fill as LinearGradientPaint).to;
    const angle = (Math.atan2(snapped.y - to2.y, snapped.x - to2.x) * 180) / Math.PI;
    expect(Math.abs(angle / 15 - Math.round(angle / 15))).toBeLessThan(1e-9);
    expect(snapped).not.toEqual(free);
    h.up(140, 195);
    h.tick();
    expect(h.history.depth.undo).toBe(2);
  });

  it("a drag released with Shift held stays constrained though Shift comes up in the same tick", async () => {
    const { h } = await session();
    h.setTool("gradient");
    const shift = { shift: true, ctrl: false, alt: false, meta: false };
    const sample = (phase: "down" | "move" | "up", x: number, y: number, buttons: number) =>
      h.input.pointer({
        phase,
        pointerId: 1,
        kind: "mouse",
        x,
        y,
        pressure: 0.5,
        tiltX: 0,
        tiltY: 0,
        buttons,
        time: 0,
        modifiers: shift,
      });
    sample("down", 300, 150, 1);
    h.tick();
    sample("move", 290, 163, 1);
    sample("up", 290, 163, 0);
    h.input.keyUp("ShiftLeft", "Shift", { ...shift, shift: false });
    h.tick();
    const to = (rect(h).fill as LinearGradientPaint).to;
    expect(to.y).toBeCloseTo(50, 9);
    expect(h.history.depth.undo).toBe(1);
  });

  it("Esc mid-drag leaves the document and history exactly as before, and editing open", async () => {
    const { h, markers } = await session();
    h.setTool("gradient");
    h.drag({ x: 100, y: 150 }, { x: 120, y: 120 });
    const before = documentState(h);
    const shownBefore = markers();
    h.down(300, 150);
    h.move(260, 100);
    h.move(240, 80);
    h.tick();
    expect((rect(h).fill as LinearGradientPaint).to).toEqual({ x: 140, y: -20 });
    expect(tool(h).busy).toBe(true);
    h.key("Escape");
    expect(documentState(h)).toEqual(before);
    // The handles are back where they were (the pressed one stays selected for the keyboard).
    expect(markers()?.line).toEqual(shownBefore?.line);
    expect(h.tool.id).toBe("gradient");
    h.up(240, 80);
    h.tick();
    expect(documentState(h)).toEqual(before);
    h.history.undo();
    expect(rect(h).fill).toEqual(LINEAR);
  });

  it("Esc after any drag of any handle, with any modifiers, restores document and history", async () => {
    const { h } = await session({ fill: LINEAR });
    h.setTool("gradient");
    const before = documentState(h);
    // The from and to handles, the middle stop, and the body of the shape (laying a new line).
    const presses = [
      { x: 100, y: 150 },
      { x: 300, y: 150 },
      { x: 200, y: 150 },
      { x: 150, y: 120 },
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...presses),
        fc.array(
          fc.tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 })),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.record({ shift: fc.boolean(), alt: fc.boolean() }),
        (press, moves, modifiers) => {
          h.pause().down(press.x, press.y, { modifiers });
          for (const [dx, dy] of moves) h.move(press.x + dx, press.y + dy, { modifiers });
          h.tick();
          h.key("Escape");
          h.up(press.x, press.y);
          h.tick();
          expect(documentState(h)).toEqual(before);
          expect(h.tool.id).toBe("gradient");
        },
      ),
      { seed: 4, numRuns: 60 },
    );
  });

  it("a right-click mid-drag cancels it too", async () => {
    const { h } = await session();
    h.setTool("gradient");
    const before = documentState(h);
    h.down(300, 150);
    h.move(260, 100);
    h.move(260, 100, { buttons: 3 });
    h.tick();
    expect(documentState(h)).toEqual(before);
  });

  it("a click on a handle without moving writes nothing", async () => {
    const { h } = await session();
    h.setTool("gradient");
    const before = documentState(h);
    h.click(300, 150);
    expect(documentState(h)).toEqual(before);
    expect(h.tool.id).toBe("gradient");
  });

  it("drags a stop along the line, double-click adds one, Delete removes the selected one", async () => {
    const { h, markers } = await session();
    h.setTool("gradient");
    // The green stop sits in the middle; drag it to three quarters (off the line, the pointer
    // counts by its projection onto it).
    h.drag({ x: 200, y: 150 }, { x: 250, y: 170 });
    const stops = (rect(h).fill as LinearGradientPaint).stops;
    expect(stops.map((s) => s.offset)).toEqual([0, 0.75, 1]);
    expect(tool(h).selectedStop).toBe(1);
    expect(markers()?.stops[0]?.selected).toBe(true);
    expect(h.history.depth.undo).toBe(1);

    h.pause().click(150, 150);
    h.down(150, 150).up(150, 150);
    h.tick();
    const added = (rect(h).fill as LinearGradientPaint).stops;
    expect(added.map((s) => s.offset)).toEqual([0, 0.25, 0.75, 1]);
    expect(tool(h).selectedStop).toBe(1);
    expect(h.history.depth.undo).toBe(2);

    h.key("Delete");
    expect((rect(h).fill as LinearGradientPaint).stops).toEqual(stops);
    expect(h.history.depth.undo).toBe(3);
    // Two stops are the least a gradient keeps.
    h.drag({ x: 250, y: 150 }, { x: 250, y: 150 });
    h.key("Delete");
    h.key("Delete");
    expect((rect(h).fill as LinearGradientPaint).stops).toHaveLength(2);
    h.key("Delete");
    expect((rect(h).fill as LinearGradientPaint).stops).toHaveLength(2);
  });

  it("edits a radial gradient's centre, radius and (with Alt) focal point", async () => {
    const { h, markers } = await session({ fill: RADIAL });
    h.setTool("gradient");
    expect(markers()?.ends.map((e) => e.at)).toEqual([
      { x: 200, y: 150 },
      { x: 250, y: 150 },
    ]);
    h.drag({ x: 250, y: 150 }, { x: 200, y: 120 });
    expect((rect(h).fill as RadialGradientPaint).radius).toBe(30);
    h.pause().drag({ x: 200, y: 150 }, { x: 210, y: 140 });
    expect(rect(h).fill).toMatchObject({ center: { x: 110, y: 40 }, focal: { x: 110, y: 40 } });
    h.pause().drag({ x: 210, y: 140 }, { x: 220, y: 140 }, { modifiers: { alt: true } });
    expect(rect(h).fill).toMatchObject({ center: { x: 110, y: 40 }, focal: { x: 120, y: 40 } });
    expect(markers()?.focal).toEqual({ x: 220, y: 140 });
    expect(h.history.depth.undo).toBe(3);
  });

  it("edits a stroke gradient when asked, through the node's world matrix", async () => {
    const stroke: Stroke = { ...DEFAULT_STROKE, width: 4, paint: LINEAR };
    const { h, markers } = await session({ fill: { type: "solid", color: RED }, stroke });
    h.store.transact("Turn", (tx) => {
      const r = tx.get("r") as RectNode;
      tx.put({ ...r, transform: { ...r.transform, rotation: Math.PI / 2 } });
    });
    expect(h.editor.gradientEdits.request("stroke")).toBe(true);
    h.tick();
    expect(h.tool.id).toBe("gradient");
    expect(tool(h).editing).toEqual({ node: "r", target: "stroke" });
    // Turned a quarter about its origin (100, 100): local (200, 50) is the page's (50, 300).
    const end = markers()!.line[1];
    expect(end.x).toBeCloseTo(50, 9);
    expect(end.y).toBeCloseTo(300, 9);
    h.drag({ x: 50, y: 300 }, { x: 50, y: 250 });
    const to = (rect(h).stroke.paint as LinearGradientPaint).to;
    expect(to.x).toBeCloseTo(150, 9);
    expect(to.y).toBeCloseTo(50, 9);
    expect(rect(h).fill).toEqual({ type: "solid", color: RED });
  });

  it("a click on empty canvas leaves editing; a click on another gradient shape edits that one", async () => {
    const other = rectRecord("o", { x: 400, y: 100, width: 100, height: 100 }, "a1", {
      fill: RADIAL,
    });
    const plain = rectRecord("p", { x: 400, y: 300, width: 100, height: 100 }, "a2");
    const { h } = await session({ fill: LINEAR }, [other, plain]);
    h.setTool("gradient");
    // A near miss inside the edited shape keeps editing.
    h.click(160, 130);
    expect(h.tool.id).toBe("gradient");
    h.pause().click(450, 190);
    expect(h.store.selection).toEqual(["o"]);
    expect(h.tool.id).toBe("gradient");
    expect(tool(h).editing).toEqual({ node: "o", target: "fill" });
    h.pause().click(450, 350);
    expect(h.store.selection).toEqual(["p"]);
    expect(h.tool.id).toBe("select");
    h.setTool("gradient");
    h.pause().click(700, 500);
    expect(h.tool.id).toBe("select");
    expect(h.store.selection).toEqual([]);
  });

  it("a double-click on the line past the shape adds a stop there instead of leaving", async () => {
    const { h } = await session({ fill: { ...LINEAR, to: { x: 400, y: 50 } } });
    h.setTool("gradient");
    // Page (400, 150) is past the rectangle's right edge (300) but on the line (100 → 500).
    h.click(400, 150);
    expect(h.tool.id).toBe("gradient");
    h.down(400, 150).up(400, 150);
    h.tick();
    const stops = (rect(h).fill as LinearGradientPaint).stops;
    expect(stops.map((s) => s.offset)).toEqual([0, 0.5, 0.75, 1]);
    expect(h.tool.id).toBe("gradient");
  });

  it("a drag across a shape without a gradient lays a linear one from its colour, one undo step", async () => {
    const { h, markers } = await session({ fill: { type: "solid", color: RED } });
    h.setTool("gradient");
    expect(tool(h).editing).toEqual({ node: "r", target: "fill" });
    expect(markers()).toBeNull();
    // A click on the shape (no drag) changes nothing.
    const before = documentState(h);
    h.click(150, 150);
    expect(documentState(h)).toEqual(before);
    h.pause().drag({ x: 120, y: 150 }, { x: 280, y: 150 });
    expect(rect(h).fill).toEqual({
      type: "linear",
      from: { x: 20, y: 50 },
      to: { x: 180, y: 50 },
      stops: [
        { offset: 0, color: RED },
        { offset: 1, color: { r: 1, g: 0.7, b: 0.7, a: 1 } },
      ],
    });
    expect(h.history.depth.undo).toBe(1);
    expect(markers()?.line).toEqual([
      { x: 120, y: 150 },
      { x: 280, y: 150 },
    ]);
    h.history.undo();
    expect(rect(h).fill).toEqual({ type: "solid", color: RED });
    expect(markers()).toBeNull();
  });

  it("a drag along a line without a gradient gives its stroke one", async () => {
    const line = makeNode<LineNode>("line", "l", PAGE, "a1", {
      fill: NO_FILL,
      stroke: { ...DEFAULT_STROKE, width: 10, paint: { type: "solid", color: BLUE } },
      start: { x: 100, y: 300 },
      end: { x: 300, y: 300 },
      startHead: "none",
      endHead: "none",
    });
    const { h } = await session({ fill: LINEAR }, [line]);
    h.store.setSelection(["l"]);
    h.setTool("gradient");
    expect(tool(h).editing).toEqual({ node: "l", target: "stroke" });
    h.drag({ x: 120, y: 300 }, { x: 280, y: 300 });
    expect((h.store.get("l") as LineNode).stroke.paint).toEqual({
      type: "linear",
      from: { x: 120, y: 300 },
      to: { x: 280, y: 300 },
      stops: [
        { offset: 0, color: BLUE },
        { offset: 1, color: { r: 0.7, g: 0.7, b: 1, a: 1 } },
      ],
    });
  });

  it("a drag across the shape lays a radial gradient's centre and radius anew, stops kept", async () => {
    const { h } = await session({ fill: RADIAL });
    h.setTool("gradient");
    h.drag({ x: 130, y: 120 }, { x: 130, y: 160 }, { modifiers: { shift: true } });
    expect(rect(h).fill).toEqual({
      ...RADIAL,
      center: { x: 30, y: 20 },
      focal: { x: 30, y: 20 },
      radius: 40,
    });
  });

  it("Tab reaches every handle and the arrows move it, one undo step a press", async () => {
    const { h, markers } = await session();
    h.setTool("gradient");
    h.key("Tab");
    expect(tool(h).selectedHandle).toEqual({ kind: "from" });
    expect(markers()?.ends[0].selected).toBe(true);
    h.key("ArrowDown");
    h.key("ArrowRight", "ArrowRight", { shift: true });
    expect((rect(h).fill as LinearGradientPaint).from).toEqual({ x: 10, y: 51 });
    expect(h.history.depth.undo).toBe(2);
    h.key("Tab");
    h.key("Tab");
    expect(tool(h).selectedHandle).toEqual({ kind: "stop", index: 1 });
    h.key("ArrowLeft");
    const stops = (rect(h).fill as LinearGradientPaint).stops;
    expect(stops[1]!.offset).toBeCloseTo(0.49, 12);
    h.key("Tab");
    expect(tool(h).selectedHandle).toEqual({ kind: "from" });
    h.key("Tab", "Tab", { shift: true });
    expect(tool(h).selectedHandle).toEqual({ kind: "stop", index: 1 });
    expect(h.history.depth.undo).toBe(3);
    expect(h.tool.id).toBe("gradient");
  });

  it("edits nothing of a locked node or in a read-only document", async () => {
    const { h } = await session();
    h.store.transact("Lock", (tx) => tx.put({ ...(tx.get("r") as RectNode), locked: true }));
    h.setTool("gradient");
    const before = documentState(h);
    h.drag({ x: 300, y: 150 }, { x: 250, y: 190 });
    expect(documentState(h)).toEqual(before);

    const readOnly = await session();
    readOnly.h.store.setReadOnly(true);
    readOnly.h.setTool("gradient");
    const untouched = documentState(readOnly.h);
    readOnly.h.drag({ x: 300, y: 150 }, { x: 250, y: 190 });
    readOnly.h.key("Delete");
    expect(documentState(readOnly.h)).toEqual(untouched);
  });
});
