import { expect, test, type Page } from "@playwright/test";
import { generateKeyBetween } from "fractional-indexing";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, LineNode, RectNode } from "../src/doc/types";
import {
  dragWorld as drag,
  drawWith as draw,
  prepareDrawing,
  screenshotPixels,
  sharedFreshApp,
  showDocument,
  waitForRestingView,
  waitTicks,
  worldToPage,
} from "./support";

// Connectors through the real mouse and keyboard: an arrow drawn from one box to another is
// bound at both ends, meets their outlines, follows a box as it is dragged, comes back with one
// undo, stays free with Ctrl, and survives Ctrl+C / Ctrl+V of the whole diagram.

interface Point {
  x: number;
  y: number;
}

interface LineState {
  id: string;
  start: Point;
  end: Point;
  startTo: string | null;
  endTo: string | null;
}

/** Every line of the page with its ends in page coordinates (lines are drawn on the page). */
function lines(page: Page): Promise<LineState[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    return store
      .childrenOf(lw.current.pageId())
      .filter((n) => n.type === "line")
      .map((n) => {
        const line = n as typeof n & {
          start: Point;
          end: Point;
          startBinding: { node: string } | null;
          endBinding: { node: string } | null;
        };
        const at = (p: Point) => ({ x: p.x + line.transform.x, y: p.y + line.transform.y });
        return {
          id: line.id,
          start: at(line.start),
          end: at(line.end),
          startTo: line.startBinding?.node ?? null,
          endTo: line.endBinding?.node ?? null,
        };
      });
  });
}

/**
 * A hub box (drawn last) joined by bound arrows to `arrows` boxes round it, each arrow after
 * about a chunk's worth (1,024) of small boxes far off to the right: the arrows are spread over
 * as many chunks, each also holding shapes that none of its others meet. Every other arrow is
 * labelled.
 */
function spreadDiagram(arrows: number): DocRecord[] {
  const records: DocRecord[] = createDocument({
    id: "spread",
    pageId: "page",
    name: "Spread",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  let key: string | null = null;
  const next = () => (key = generateKeyBetween(key, null));
  const box = (id: string, x: number, y: number, width = 80, height = 60): RectNode => {
    const node = makeNode<RectNode>("rect", id, "page", next(), {
      fill: DEFAULT_FILL,
      stroke: DEFAULT_STROKE,
      width,
      height,
      radii: [0, 0, 0, 0],
    });
    return { ...node, transform: { ...node.transform, x, y } };
  };
  const centre = { x: 340, y: 280 };
  for (let i = 0; i < arrows; i += 1) {
    const angle = (i / arrows) * Math.PI * 2;
    records.push(
      box(
        `leaf${i}`,
        centre.x + 190 * Math.cos(angle) - 20,
        centre.y + 190 * Math.sin(angle) - 15,
        40,
        30,
      ),
    );
  }
  for (let i = 0; i < arrows; i += 1) {
    for (let k = 0; k < 1020; k += 1)
      records.push(box(`far${i}-${k}`, 100_000 + k * 30, i * 30, 20, 20));
    const angle = (i / arrows) * Math.PI * 2;
    records.push(
      makeNode<LineNode>("line", `arrow${i}`, "page", next(), {
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
        start: centre,
        end: { x: centre.x + 190 * Math.cos(angle), y: centre.y + 190 * Math.sin(angle) },
        startHead: "none",
        endHead: "triangle",
        startBinding: { node: "hub", anchor: { x: 0.5, y: 0.5 }, exact: false },
        endBinding: { node: `leaf${i}`, anchor: { x: 0.5, y: 0.5 }, exact: false },
        // Every other arrow has words on it: drawn by a display object, not the chunk's batch.
        label:
          i % 2 === 0
            ? {
                content: `to ${i}`,
                fontFamily: "Inter",
                fontSize: 14,
                fontWeight: 400,
                fontStyle: "normal",
                color: { r: 0, g: 0, b: 0, a: 1 },
                position: 0.6,
              }
            : null,
      }),
    );
  }
  records.push(box("hub", centre.x - 40, centre.y - 30));
  return records;
}

function expectNear(actual: Point, expected: Point, tolerance = 0.5): void {
  expect(Math.abs(actual.x - expected.x), `x ${actual.x} vs ${expected.x}`).toBeLessThanOrEqual(
    tolerance,
  );
  expect(Math.abs(actual.y - expected.y), `y ${actual.y} vs ${expected.y}`).toBeLessThanOrEqual(
    tolerance,
  );
}

test.describe("connectors", () => {
  const shared = sharedFreshApp();

  test("an arrow between two boxes binds, follows a dragged box, and undoes in one step", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const a = await draw(page, "KeyR", { x: 100, y: 100 }, { x: 200, y: 160 });
    const b = await draw(page, "KeyR", { x: 400, y: 100 }, { x: 500, y: 160 });
    await draw(page, "Shift+KeyL", { x: 150, y: 130 }, { x: 450, y: 130 });
    let [arrow] = await lines(page);
    expect(arrow!.startTo).toBe(a);
    expect(arrow!.endTo).toBe(b);
    // Centre to centre, stopping at the outlines.
    expectNear(arrow!.start, { x: 200, y: 130 });
    expectNear(arrow!.end, { x: 400, y: 130 });

    // Drag b down by 200 with the Select tool (the arrow tool went back to Select).
    await drag(page, { x: 480, y: 150 }, { x: 480, y: 350 });
    [arrow] = await lines(page);
    expect(arrow!.endTo).toBe(b);
    // Aimed from a's centre (150, 130) at b's new centre (450, 330): it meets b's top edge.
    expect(arrow!.end.y).toBeCloseTo(300, 0);
    expect(arrow!.end.x).toBeGreaterThan(400);
    expect(arrow!.start.x).toBeLessThanOrEqual(200.5);

    // Select the arrow by its middle, then Elbow from the properties panel: the ends move to
    // the middles of the sides that face each other across the longer distance.
    const middle = await worldToPage(page, {
      x: (arrow!.start.x + arrow!.end.x) / 2,
      y: (arrow!.start.y + arrow!.end.y) / 2,
    });
    await page.mouse.click(middle.x, middle.y);
    await waitTicks(page);
    await page.getByLabel("Route").selectOption("elbow");
    await waitTicks(page);
    [arrow] = await lines(page);
    expectNear(arrow!.start, { x: 200, y: 130 });
    expectNear(arrow!.end, { x: 400, y: 330 });
    await page.keyboard.press("Control+z");
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    [arrow] = await lines(page);
    expectNear(arrow!.end, { x: 400, y: 130 });
    // Straight after the undo, a new arrow from b to empty canvas binds its start only.
    await draw(page, "Shift+KeyL", { x: 450, y: 150 }, { x: 450, y: 400 });
    const second = (await lines(page)).at(-1)!;
    expect(second.startTo).toBe(b);
    expect(second.endTo).toBeNull();
    expectNear(second.start, { x: 450, y: 160 });
  });

  test("with Ctrl held the ends are free; the whole diagram pastes still connected", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    await draw(page, "KeyR", { x: 100, y: 100 }, { x: 200, y: 160 });
    await draw(page, "KeyR", { x: 400, y: 100 }, { x: 500, y: 160 });
    await draw(page, "Shift+KeyL", { x: 150, y: 300 }, { x: 450, y: 300 });
    await draw(page, "Shift+KeyL", { x: 150, y: 130 }, { x: 450, y: 130 }, "Control");
    const free = (await lines(page)).at(-1)!;
    expect(free.startTo).toBeNull();
    expect(free.endTo).toBeNull();
    expectNear(free.start, { x: 150, y: 130 });

    await page.keyboard.press("Control+z");
    await draw(page, "Shift+KeyL", { x: 150, y: 130 }, { x: 450, y: 130 });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    // Keys at full speed: Ctrl+A and Ctrl+C often land in one frame, and the copy must see the
    // whole selection, not the arrow alone.
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    const bound = async () =>
      (await lines(page)).filter((l) => l.startTo !== null && l.endTo !== null);
    await expect.poll(async () => (await bound()).length).toBe(2);
    const pasted = await bound();
    const ids = await page.evaluate(() => window.linework!.editor.store.selection);
    const copy = pasted.find((l) => ids.includes(l.id))!;
    expect(ids).toContain(copy.startTo);
    expect(ids).toContain(copy.endTo);
  });

  test("from the keyboard: connected copies with Ctrl+Alt+arrows, then connect by name", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    const first = await draw(page, "KeyR", { x: 100, y: 100 }, { x: 200, y: 160 });
    // Straight away, no waits between the keys.
    await page.keyboard.press("Control+Alt+ArrowRight");
    await page.keyboard.press("Control+Alt+ArrowRight");
    await page.keyboard.press("Control+Alt+ArrowDown");
    await waitTicks(page);
    const shapes = await page.evaluate(() => {
      const lw = window.linework!;
      return lw.editor.store
        .childrenOf(lw.current.pageId())
        .filter((n) => n.type === "rect")
        .map((n) => ({ id: n.id, x: n.transform.x, y: n.transform.y }));
    });
    expect(shapes).toHaveLength(4);
    expect(shapes.map((s) => [s.x, s.y])).toEqual([
      [100, 100],
      [260, 100],
      [420, 100],
      [420, 220],
    ]);
    const chain = await lines(page);
    expect(chain).toHaveLength(3);
    expect(chain.map((l) => [l.startTo, l.endTo])).toEqual([
      [first, shapes[1]!.id],
      [shapes[1]!.id, shapes[2]!.id],
      [shapes[2]!.id, shapes[3]!.id],
    ]);
    expectNear(chain[0]!.start, { x: 200, y: 130 });
    expectNear(chain[0]!.end, { x: 260, y: 130 });

    // Again to the right of the first box: the copy steps down, clear of the one already there.
    const firstAt = await worldToPage(page, { x: 150, y: 130 });
    await page.mouse.click(firstAt.x, firstAt.y);
    await page.keyboard.press("Control+Alt+ArrowRight");
    await waitTicks(page);
    const rectAt = () =>
      page.evaluate(() => {
        const store = window.linework!.editor.store;
        const node = store.get(store.selection[0]!)!;
        return node.type === "rect" ? { x: node.transform.x, y: node.transform.y } : null;
      });
    expect(await rectAt()).toEqual({ x: 260, y: 220 });
    // A chain run past the view's right edge: the view follows, the new box in sight.
    for (let i = 0; i < 6; i++) await page.keyboard.press("Control+Alt+ArrowRight");
    await waitTicks(page);
    const last = (await rectAt())!;
    // Its right edge lies past the window as the view was.
    expect(last.x + 100).toBeGreaterThan(1280);
    const left = await worldToPage(page, { x: last.x, y: last.y });
    const right = await worldToPage(page, { x: last.x + 100, y: last.y + 60 });
    expect(left.x).toBeGreaterThan(0);
    expect(right.x).toBeLessThan(1280 - 200);
    expect(right.y).toBeLessThan(800);

    // Name two boxes in the store, then the command line joins them by name.
    await page.evaluate(
      ([a, b]) => {
        const store = window.linework!.editor.store;
        store.transact("Name", (tx) => {
          for (const [id, name] of [
            [a, "Start"],
            [b, "Finish"],
          ] as const) {
            const node = tx.get(id)!;
            tx.put({ ...node, name } as typeof node);
          }
        });
      },
      [first, shapes[3]!.id] as const,
    );
    await page.keyboard.press("Control+KeyK");
    await page.keyboard.type("connect start finish");
    await expect(page.getByRole("combobox", { name: "Command palette" })).toHaveValue(
      "connect start finish",
    );
    await page.keyboard.press("Enter");
    await waitTicks(page);
    const joined = (await lines(page)).at(-1)!;
    expect([joined.startTo, joined.endTo]).toEqual([first, shapes[3]!.id]);
  });

  test("a labelled flowchart from the keyboard: Enter types a box's words, Ctrl+Alt+arrow the next box", async () => {
    const page = shared();
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    await draw(page, "KeyR", { x: 100, y: 100 }, { x: 200, y: 160 });
    // Straight away, no waits between the keys.
    await page.keyboard.press("Enter");
    await page.keyboard.type("Start");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Alt+ArrowRight");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Check");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+Alt+ArrowDown");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Done");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const boxes = await page.evaluate(() => {
      const lw = window.linework!;
      return lw.editor.store
        .childrenOf(lw.current.pageId())
        .filter((n) => n.type === "rect")
        .map((n) => ({
          id: n.id,
          label: (n as typeof n & { label: { content: string } | null }).label?.content ?? null,
        }));
    });
    expect(boxes.map((b) => b.label)).toEqual(["Start", "Check", "Done"]);
    const chain = await lines(page);
    expect(chain.map((l) => [l.startTo, l.endTo])).toEqual([
      [boxes[0]!.id, boxes[1]!.id],
      [boxes[1]!.id, boxes[2]!.id],
    ]);
    // The command line finds boxes by the words they show.
    await page.keyboard.press("Control+KeyK");
    await page.keyboard.type("connect start 'done'");
    await page.keyboard.press("Enter");
    await waitTicks(page);
    const joined = (await lines(page)).at(-1)!;
    expect([joined.startTo, joined.endTo]).toEqual([boxes[0]!.id, boxes[2]!.id]);
  });

  test("a dragged box's arrows are redrawn in place, not their chunks, and the picture holds when the drag ends", async () => {
    const page = shared();
    const arrows = 8;
    await showDocument(page, spreadDiagram(arrows));
    await prepareDrawing(page, { x: 0, y: 0, zoom: 1 });
    // Let the first arrows' ends settle on the outlines (a first move places them).
    const stats = () => page.evaluate(() => window.linework!.current.renderer.chunkStats);
    expect((await stats()).chunks).toBeGreaterThanOrEqual(arrows);
    const hub = await worldToPage(page, { x: 340, y: 280 });
    await page.mouse.move(hub.x, hub.y);
    await page.mouse.down();
    // Without snapping (Ctrl), so no guides come and go with the release.
    await page.keyboard.down("Control");
    for (let step = 1; step <= 3; step += 1) {
      await page.mouse.move(hub.x + step * 4, hub.y + step * 2);
      await waitTicks(page, 2);
    }
    const early = await stats();
    for (let step = 4; step <= 12; step += 1) {
      await page.mouse.move(hub.x + step * 4, hub.y + step * 2);
      await waitTicks(page, 2);
    }
    const late = await stats();
    // Each step rewrites the arrows and the hub where their chunks hold them (the labelled ones'
    // display objects are redrawn in place); no chunk is built.
    expect(late.builds).toBe(early.builds);
    expect(late.patches - early.patches).toBeGreaterThanOrEqual(9 * (arrows / 2 + 1));
    const at = await page.evaluate(
      () =>
        (window.linework!.editor.store.get("hub") as unknown as { transform: { x: number } })
          .transform.x,
    );
    expect(at).toBeCloseTo(300 + 48, 0);
    // The drawing alone (no selection or hover outlines), around the diagram.
    const shot = async () => {
      await page.evaluate(() => {
        window.linework!.current.viewport.screen.visible = false;
        window.linework!.engine.invalidate();
      });
      await waitTicks(page, 2);
      const corner = await worldToPage(page, { x: 120, y: 60 });
      return screenshotPixels(page, { x: corner.x, y: corner.y, width: 480, height: 460 });
    };
    const held = await shot();
    await page.mouse.up();
    await page.keyboard.up("Control");
    // Past the end of live edits: the chunks go back to their ordinary build.
    await waitForRestingView(page);
    expect((await stats()).builds).toBeGreaterThan(late.builds);
    const released = await shot();
    await page.evaluate(() => {
      window.linework!.current.viewport.screen.visible = true;
    });
    expect(released.data.equals(held.data)).toBe(true);
  });
});
