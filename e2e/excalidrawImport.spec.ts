import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  dropFile,
  screenshotPixels,
  sharedFreshApp,
  waitForRestingView,
  worldToPage,
} from "./support";

// An Excalidraw 0.17 scene dropped on the canvas as a person drags it from the desktop: its
// frame holds and clips a freedraw stroke, a pressure stroke, a picture and a rectangle that
// runs past the frame's edge; the canvas shows each, and the new document is edited by mouse
// and keyboard afterwards.

const SCENE = readFileSync(
  fileURLToPath(new URL("../tests/fixtures/excalidraw/scene-0.17.excalidraw", import.meta.url)),
);

interface Placed {
  readonly id: string;
  readonly type: string;
  /** The node's origin on the page (the scene has no rotation or scale). */
  readonly x: number;
  readonly y: number;
}

/** The frame's children with their page positions, or null before the import lands. */
async function frameChildren(page: Page): Promise<{ frame: Placed; children: Placed[] } | null> {
  return page.evaluate(() => {
    const store = window.linework!.editor.store;
    const origin = (id: string): { x: number; y: number } => {
      let x = 0;
      let y = 0;
      for (let node = store.get(id); node !== undefined && "transform" in node;) {
        x += node.transform.x;
        y += node.transform.y;
        node = store.get(node.parent);
      }
      return { x, y };
    };
    const frame = store
      .snapshot()
      .find((record) => record.type === "frame" && record.name === "Sketch");
    if (frame === undefined) return null;
    return {
      frame: { id: frame.id, type: frame.type, ...origin(frame.id) },
      children: store
        .childrenOf(frame.id)
        .map((node) => ({ id: node.id, type: node.type, ...origin(node.id) })),
    };
  });
}

/** How many pixels of a small square around a point of the drawing are near a colour. */
async function pixelsNear(
  page: Page,
  world: { x: number; y: number },
  rgb: readonly number[],
  half = 4,
): Promise<number> {
  const at = await worldToPage(page, world);
  const { data } = await screenshotPixels(page, {
    x: Math.round(at.x) - half,
    y: Math.round(at.y) - half,
    width: half * 2 + 1,
    height: half * 2 + 1,
  });
  let count = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (
      Math.abs(data[i]! - rgb[0]!) +
        Math.abs(data[i + 1]! - rgb[1]!) +
        Math.abs(data[i + 2]! - rgb[2]!) <
      40
    )
      count++;
  }
  return count;
}

const GREEN = [0x2f, 0x9e, 0x44];
const RED = [0xe0, 0x31, 0x31];
const BLUE = [0x19, 0x71, 0xc2];
const PINK = [0xff, 0xc9, 0xc9];

test.describe("an Excalidraw scene dropped on the canvas", () => {
  const shared = sharedFreshApp();

  test("draws its freedraw, picture and frame (clipping), and edits as a Linework drawing", async () => {
    const page = shared();
    await dropFile(page, "sketch.excalidraw", SCENE, "application/json");
    await expect.poll(() => frameChildren(page)).not.toBeNull();
    const placed = (await frameChildren(page))!;
    expect(placed.children.map((c) => c.type)).toEqual(["freehand", "freehand", "image", "rect"]);
    // The import's summary says what Linework draws otherwise: Excalidraw's sketchy outlines.
    await expect(page.locator("[data-banner]")).toContainText(
      "Drawn differently: 2 outlines with a hand-drawn look (drawn clean).",
    );
    await waitForRestingView(page);
    const [ink, pen, picture, rect] = placed.children as [Placed, Placed, Placed, Placed];
    const { x: fx, y: fy } = placed.frame;

    // The picture: green over its 120-unit box.
    await expect
      .poll(() => pixelsNear(page, { x: picture.x + 60, y: picture.y + 60 }, GREEN), {
        timeout: 3000,
      })
      .toBe(81);
    // The red stroke (simulated pressure, 4 wide: about 17 units of ink) through its 21st point,
    // and the blue pen stroke through its middle.
    expect(
      await pixelsNear(page, { x: ink.x + 120, y: ink.y + 20 * Math.sin(20 / 3) }, RED),
    ).toBeGreaterThan(20);
    expect(
      await pixelsNear(page, { x: pen.x + 75, y: pen.y + 12 * Math.cos(15 / 4) }, BLUE, 2),
    ).toBeGreaterThan(5);
    // Between the strokes and beyond the frame's right edge (460 wide) nothing is drawn: the
    // rectangle's end past the edge is clipped.
    expect(await pixelsNear(page, { x: rect.x + 40, y: rect.y + 40 }, PINK)).toBe(81);
    expect(await pixelsNear(page, { x: fx + 480, y: rect.y + 40 }, PINK)).toBe(0);
    expect(await pixelsNear(page, { x: fx + 430, y: fy + 120 }, RED)).toBe(0);

    // Edited like any drawing: a Ctrl-click selects the picture inside the scene's group and
    // frame, Delete removes it, Ctrl+Z brings it back.
    const centre = await worldToPage(page, { x: picture.x + 60, y: picture.y + 60 });
    await page.keyboard.down("Control");
    await page.mouse.click(centre.x, centre.y);
    await page.keyboard.up("Control");
    await expect
      .poll(() => page.evaluate(() => window.linework!.editor.store.selection))
      .toEqual([picture.id]);
    await page.keyboard.press("Delete");
    await expect
      .poll(() => page.evaluate((id) => window.linework!.editor.store.has(id), picture.id))
      .toBe(false);
    await waitForRestingView(page);
    expect(await pixelsNear(page, { x: picture.x + 60, y: picture.y + 60 }, GREEN)).toBe(0);
    await page.keyboard.press("Control+z");
    await waitForRestingView(page);
    await expect
      .poll(() => pixelsNear(page, { x: picture.x + 60, y: picture.y + 60 }, GREEN), {
        timeout: 3000,
      })
      .toBe(81);
  });

  test("shapes copied in Excalidraw paste as shapes, not as their JSON in a text", async () => {
    const page = shared();
    const scene = JSON.parse(SCENE.toString("utf8")) as Record<string, unknown>;
    const copied = JSON.stringify({ ...scene, type: "excalidraw/clipboard" });
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      const event = new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.querySelector("canvas")!.dispatchEvent(event);
    }, copied);
    await expect.poll(() => frameChildren(page)).not.toBeNull();
    expect((await frameChildren(page))!.children.map((c) => c.type)).toEqual([
      "freehand",
      "freehand",
      "image",
      "rect",
    ]);
    expect(
      await page.evaluate(() =>
        window.linework!.editor.store.snapshot().some((record) => record.type === "text"),
      ),
    ).toBe(false);
  });
});
