import { expect, test, type Page } from "@playwright/test";
import {
  BACKGROUND,
  INK,
  Screen,
  WHITE,
  drag,
  menu,
  near,
  nodes,
  selection,
  startJourney,
  toScreen,
  type NodeSummary,
  type Point,
} from "./journey";

// A new user's first diagram: three boxes and a decision ellipse, a label typed into each straight
// after the click, two arrows between them, then a marquee plus Shift+click, a move, Align left
// from the Object menu and one step of undo and redo. Real mouse and keyboard input throughout,
// no pauses between keys; the document and the pixels on screen are checked at the end.

const byType = (list: readonly NodeSummary[], type: string) => list.filter((n) => n.type === type);

function only<T>(list: readonly T[], what: string): T {
  expect(list, what).toHaveLength(1);
  return list[0]!;
}

/** T, a click and the label typed at once, then Esc to commit it. */
async function label(page: Page, at: Point, text: string): Promise<void> {
  await page.keyboard.press("KeyT");
  await page.mouse.click(at.x, at.y);
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
}

test("journey: label a diagram, select, move, align, undo and redo", async ({ page }) => {
  test.setTimeout(60_000);
  const errors = await startJourney(page);

  // Three boxes, staggered so Align left has work to do, and an ellipse to their right.
  await page.keyboard.press("KeyR");
  await drag(page, { x: 100, y: 100 }, { x: 240, y: 180 });
  await page.keyboard.press("KeyR");
  await drag(page, { x: 160, y: 260 }, { x: 300, y: 340 });
  await page.keyboard.press("KeyR");
  await drag(page, { x: 130, y: 420 }, { x: 270, y: 500 });
  await page.keyboard.press("KeyO");
  await drag(page, { x: 470, y: 250 }, { x: 620, y: 350 });

  await label(page, { x: 112, y: 112 }, "Start");
  await label(page, { x: 172, y: 272 }, "Process");
  await label(page, { x: 142, y: 432 }, "End");
  await label(page, { x: 505, y: 285 }, "Decide?");

  // Arrows (Shift+L) from the first two boxes to the ellipse, started clear of the boxes.
  await page.keyboard.press("Shift+KeyL");
  await drag(page, { x: 262, y: 140 }, { x: 460, y: 280 });
  await page.keyboard.press("Shift+KeyL");
  await drag(page, { x: 322, y: 300 }, { x: 460, y: 305 });

  const drawn = await nodes(page);
  const rects = byType(drawn, "rect");
  expect(rects).toHaveLength(3);
  const [start, process, end] = [...rects].sort((a, b) => a.y - b.y) as [
    NodeSummary,
    NodeSummary,
    NodeSummary,
  ];
  for (const [rect, x, y] of [
    [start, 100, 100],
    [process, 160, 260],
    [end, 130, 420],
  ] as const) {
    // Snapping may pull a corner by a few pixels; the boxes are where they were dragged.
    expect(Math.abs(rect.x - x)).toBeLessThanOrEqual(6);
    expect(Math.abs(rect.y - y)).toBeLessThanOrEqual(6);
    expect(Math.abs(rect.width! - 140)).toBeLessThanOrEqual(6);
    expect(Math.abs(rect.height! - 80)).toBeLessThanOrEqual(6);
  }
  const ellipse = only(byType(drawn, "ellipse"), "one ellipse");
  const texts = byType(drawn, "text");
  // Every key typed straight after its click landed in its text, in order.
  expect(texts.map((t) => t.content).sort()).toEqual(["Decide?", "End", "Process", "Start"]);
  const text = (content: string) =>
    only(
      texts.filter((t) => t.content === content),
      content,
    );
  const arrows = byType(drawn, "line");
  expect(arrows).toHaveLength(2);
  expect(arrows.map((a) => a.endHead)).toEqual(["arrow", "arrow"]);
  expect(drawn).toHaveLength(10);

  // A marquee from empty canvas touching the first two boxes and their labels, not the arrows,
  // then Shift+click on the third box's empty corner.
  await drag(page, { x: 70, y: 70 }, { x: 250, y: 360 });
  const marqueed = [start.id, text("Start").id, process.id, text("Process").id];
  expect((await selection(page)).sort()).toEqual([...marqueed].sort());
  await page.keyboard.down("Shift");
  await page.mouse.click(end.x + end.width! - 12, end.y + end.height! - 12);
  await page.keyboard.up("Shift");
  const chosen = [...marqueed, end.id, text("End").id].sort();
  expect((await selection(page)).sort()).toEqual([...marqueed, end.id].sort());
  // The third label joins with a second Shift+click.
  await page.keyboard.down("Shift");
  await page.mouse.click(text("End").x + 8, text("End").y + 8);
  await page.keyboard.up("Shift");
  expect((await selection(page)).sort()).toEqual(chosen);

  // Move the five by dragging the first box's empty corner; they keep their relative places.
  const grab = { x: start.x + start.width! - 15, y: start.y + start.height! - 12 };
  await drag(page, grab, { x: grab.x + 60, y: grab.y + 40 }, 10);
  const moved = await nodes(page);
  const at = (id: string) =>
    only(
      moved.filter((n) => n.id === id),
      id,
    );
  const dx = at(start.id).x - start.x;
  const dy = at(start.id).y - start.y;
  expect(Math.abs(dx - 60)).toBeLessThanOrEqual(6);
  expect(Math.abs(dy - 40)).toBeLessThanOrEqual(6);
  for (const id of chosen) {
    const before = only(
      drawn.filter((n) => n.id === id),
      id,
    );
    expect(at(id).x - before.x).toBeCloseTo(dx, 6);
    expect(at(id).y - before.y).toBeCloseTo(dy, 6);
  }
  // What was not selected stayed.
  expect(at(ellipse.id)).toEqual(ellipse);
  for (const arrow of arrows) expect(at(arrow.id)).toEqual(arrow);

  // Object → Align left with the mouse, then Ctrl+Z and Ctrl+Shift+Z straight after the click.
  await menu(page, "Object", /^Align left/);
  const aligned = await nodes(page);
  const alignedAt = (id: string) =>
    only(
      aligned.filter((n) => n.id === id),
      id,
    );
  const left = Math.min(...[start, process, end].map((r) => at(r.id).x));
  for (const rect of [start, process, end]) expect(alignedAt(rect.id).x).toBeCloseTo(left, 6);
  for (const content of ["Start", "Process", "End"])
    expect(alignedAt(text(content).id).x).toBeCloseTo(left, 0);
  await page.keyboard.press("Control+KeyZ");
  expect(await nodes(page)).toEqual(moved);
  await page.keyboard.press("Control+Shift+KeyZ");
  const final = await nodes(page);
  expect(final).toEqual(aligned);
  expect(final).toHaveLength(10);

  // The screen shows the document: each box's left edge drawn in ink at its new place, its
  // inside white, its label inked, the first arrow across its path, and the first box's old
  // corner, where nothing is now, bare.
  const screen = await Screen.grab(page);
  for (const rect of [start, process, end]) {
    const box = alignedAt(rect.id);
    const edge = await toScreen(page, { x: box.x, y: box.y + box.height! - 10 });
    expect(near(screen.at(edge), INK, 60), `left edge of ${rect.id}`).toBe(true);
    const inside = await toScreen(page, {
      x: box.x + box.width! - 10,
      y: box.y + box.height! - 10,
    });
    expect(screen.at(inside), `inside of ${rect.id}`).toEqual([...WHITE]);
  }
  for (const content of ["Start", "Process", "End", "Decide?"]) {
    const corner = await toScreen(page, alignedAt(text(content).id));
    const ink = screen.ink({ x: corner.x, y: corner.y, width: 50, height: 24 });
    expect(ink, `the label "${content}" is drawn`).toBeGreaterThan(15);
  }
  const vacated = await toScreen(page, { x: start.x + 4, y: start.y + 4 });
  expect(screen.count({ ...vacated, width: 20, height: 20 }, (p) => near(p, BACKGROUND, 3))).toBe(
    400,
  );
  // The first arrow runs from (262, 140) to (460, 280); its middle stretch is inked.
  const arrowStart = await toScreen(page, { x: 340, y: 180 });
  expect(screen.ink({ ...arrowStart, width: 40, height: 40 })).toBeGreaterThan(10);

  expect(await page.evaluate(() => window.linework!.engine.state)).toBe("running");
  expect(errors).toEqual([]);
});
