import { expect, test, type Page } from "@playwright/test";
import { serializeDocument } from "../src/io/native/format";
import { galleryDocument, RED_RECT } from "../tests/support/gallery";
import { canvasBox, hideChrome, screenPixel, sharedApp, waitTicks } from "./support";

const GALLERY = serializeDocument(galleryDocument());
const ACCENT_RGB = [0x25, 0x63, 0xeb];
const WHITE_RGB = [255, 255, 255];
/** The red rectangle's stroke is 4 wide with round joins: its bounds reach 2 past its edges. */
const RED_BOUNDS = {
  minX: RED_RECT.x - 2,
  minY: RED_RECT.y - 2,
  maxX: RED_RECT.x + RED_RECT.width + 2,
  maxY: RED_RECT.y + RED_RECT.height + 2,
};

/** Opens the gallery as a document of its own; resolves to the canvas's corner on the page. */
async function openGallery(page: Page): Promise<{ x: number; y: number }> {
  const result = await page.evaluate((text) => window.linework!.importDocument(text), GALLERY);
  expect(result.ok).toBe(true);
  await waitTicks(page);
  // Banners and the HUD over the canvas would stand between the probes and the drawing.
  await hideChrome(page);
  const box = await canvasBox(page);
  return { x: box.x, y: box.y };
}

async function toScreen(
  page: Page,
  world: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  return page.evaluate((p) => window.linework!.current.camera.worldToScreen(p), world);
}

test.describe("editing overlays", () => {
  // Each test opens the gallery afresh, in one app started for them all.
  const shared = sharedApp();

  test("selection handles sit on the shape's corners, stay 8 px when zoomed, and go when cleared", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    const pixel = (x: number, y: number): Promise<number[]> =>
      screenPixel(page, canvas.x + x, canvas.y + y);
    await page.evaluate(() => window.linework!.editor.store.setSelection(["red"]));

    for (const zoom of [1, 2, 0.5]) {
      await page.evaluate(
        (z) => window.linework!.current.camera.set({ x: 0, y: 0, zoom: z }),
        zoom,
      );
      const nw = await toScreen(page, { x: RED_BOUNDS.minX, y: RED_BOUNDS.minY });
      const left = Math.round(nw.x - 4);
      const top = Math.round(nw.y - 4);
      // Below the frame's top edge, which runs through the handle's middle row.
      const row = top + 5;
      await expect.poll(() => pixel(left, row), `left border at ${zoom}`).toEqual(ACCENT_RGB);
      expect(await pixel(left + 7, row), `right border at ${zoom}`).toEqual(ACCENT_RGB);
      expect(await pixel(left + 3, row), `fill at ${zoom}`).toEqual(WHITE_RGB);
      expect(await pixel(left - 1, row), `outside left at ${zoom}`).not.toEqual(ACCENT_RGB);
      expect(await pixel(left + 8, row), `outside right at ${zoom}`).not.toEqual(ACCENT_RGB);
      expect(await pixel(left + 3, top), `top border at ${zoom}`).toEqual(ACCENT_RGB);
      expect(await pixel(left + 3, top + 7), `bottom border at ${zoom}`).toEqual(ACCENT_RGB);

      const se = await toScreen(page, { x: RED_BOUNDS.maxX, y: RED_BOUNDS.maxY });
      expect(await page.evaluate((p) => window.linework!.current.overlays.hitHandle(p), se)).toBe(
        "se",
      );
      expect(
        await page.evaluate(
          (p) => window.linework!.current.overlays.hitHandle({ x: p.x + 12, y: p.y + 12 }),
          se,
        ),
      ).toBe("rotate-se");
    }

    // A commit that moves the selected node moves its handles with it.
    await page.evaluate(() => {
      window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 });
      window.linework!.editor.store.transact("Move", (tx) => {
        const red = tx.get("red");
        if (red?.type === "rect")
          tx.update("red", { transform: { ...red.transform, x: red.transform.x + 100 } });
      });
    });
    const moved = { x: Math.round(RED_BOUNDS.minX + 100 - 4), y: Math.round(RED_BOUNDS.minY - 4) };
    await expect.poll(() => pixel(moved.x, moved.y + 5)).toEqual(ACCENT_RGB);

    await page.evaluate(() => window.linework!.editor.store.setSelection([]));
    await expect.poll(() => pixel(moved.x, moved.y + 5)).not.toEqual(ACCENT_RGB);
    expect(
      await page.evaluate(() => window.linework!.current.overlays.hitHandle({ x: 0, y: 0 })),
    ).toBeNull();
  });

  test("hover and marquee are drawn, and hidden again", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    const pixel = (x: number, y: number): Promise<number[]> =>
      screenPixel(page, canvas.x + x, canvas.y + y);
    // The ellipse has no stroke: its bounds are its box, at (320, 60) 160 × 100 on the page.
    const hoverLeft = { x: 320, y: 110 };
    const before = await pixel(hoverLeft.x, hoverLeft.y);
    expect(before).not.toEqual(ACCENT_RGB);
    await page.evaluate(() => window.linework!.current.overlays.setHover("ellipse"));
    await expect.poll(() => pixel(hoverLeft.x, hoverLeft.y)).toEqual(ACCENT_RGB);
    await page.evaluate(() => window.linework!.current.overlays.setHover(null));
    await expect.poll(() => pixel(hoverLeft.x, hoverLeft.y)).toEqual(before);

    const inside = await pixel(600, 450);
    await page.evaluate(() =>
      window.linework!.current.overlays.setMarquee({ minX: 560, minY: 400, maxX: 700, maxY: 500 }),
    );
    await expect.poll(() => pixel(560, 450)).toEqual(ACCENT_RGB);
    const tinted = await pixel(600, 450);
    expect(tinted).not.toEqual(inside);
    // Translucent: the blue shows most in the blue channel, and the page stays visible through it.
    expect(tinted[2]!).toBeGreaterThanOrEqual(tinted[0]!);
    expect(tinted[0]!).toBeGreaterThan(180);
    await page.evaluate(() => window.linework!.current.overlays.setMarquee(null));
    await expect.poll(() => pixel(600, 450)).toEqual(inside);
  });

  test("guides and path markers draw in screen pixels and clear", async () => {
    const page = shared();
    const canvas = await openGallery(page);
    const pixel = (x: number, y: number): Promise<number[]> =>
      screenPixel(page, canvas.x + x, canvas.y + y);
    const before = await pixel(600, 580);
    await page.evaluate(() => {
      const overlays = window.linework!.current.overlays;
      overlays.setGuides([{ from: { x: 600, y: 550 }, to: { x: 600, y: 650 }, label: "100" }]);
      overlays.setPathMarkers({
        nodes: [{ x: 700, y: 600 }],
        handles: [
          [
            { x: 700, y: 600 },
            { x: 760, y: 600 },
          ],
        ],
        selected: [0],
      });
    });
    await expect.poll(() => pixel(600, 580)).toEqual([0xff, 0x00, 0xc8]);
    // A selected path node is filled with the accent.
    expect(await pixel(700, 600)).toEqual(ACCENT_RGB);
    await page.evaluate(() => {
      window.linework!.current.overlays.setGuides([]);
      window.linework!.current.overlays.setPathMarkers(null);
    });
    await expect.poll(() => pixel(600, 580)).toEqual(before);
  });
});
