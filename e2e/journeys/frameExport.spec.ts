import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import {
  BACKGROUND,
  BLUE,
  INK,
  RED,
  Screen,
  WHITE,
  drag,
  near,
  nodes,
  selection,
  startJourney,
  toScreen,
  type NodeSummary,
  type Point,
  type Rgb,
} from "./journey";

// A page inside a frame, then exported: F and a drag make the artboard, shapes and a text are
// drawn inside it (one of them over its edge, to be clipped), two fills are set in the properties
// panel, the frame is renamed in the layers panel, picked and moved by its name label, and
// exported as SVG and as PNG through the Export dialog. The files, the document and the screen
// are checked at the end.

/** Opens the selection's fill colour in the properties panel and types a hex value into it. */
async function setFill(page: Page, hex: string): Promise<void> {
  const panel = page.getByRole("region", { name: "Properties" });
  // The colour panel stays open from one selection to the next; a person opens it when it is not.
  const swatch = panel.getByRole("button", { name: /^Fill colour:/ });
  if ((await swatch.getAttribute("aria-expanded")) !== "true") await swatch.click();
  const field = panel.getByRole("group", { name: "Fill colour" }).getByRole("textbox", {
    name: "Hex",
  });
  await field.click();
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.type(hex);
  await page.keyboard.press("Enter");
}

async function exportFrame(page: Page, format: "SVG" | "PNG", frame: string): Promise<Buffer> {
  await page.keyboard.press("Control+Shift+KeyE");
  const dialog = page.getByRole("dialog", { name: "Export" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: format }).check();
  await dialog.getByRole("radio", { name: `Frame “${frame}”` }).check();
  if (format === "PNG") await dialog.getByRole("radio", { name: "1×" }).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Export" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(format === "SVG" ? /\.svg$/ : /\.png$/);
  await expect(dialog).toBeHidden();
  return bytesOf(download);
}

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** The colours at points of a PNG, decoded by the browser's own image decoder. */
async function pngColours(
  page: Page,
  png: Buffer,
  points: readonly Point[],
): Promise<{ width: number; height: number; colours: Rgb[] }> {
  return page.evaluate(
    async ({ base64, at }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const colours = at.map((p) => {
        const d = context.getImageData(Math.round(p.x), Math.round(p.y), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as [number, number, number];
      });
      return { width: image.width, height: image.height, colours };
    },
    { base64: png.toString("base64"), at: [...points] },
  );
}

test("journey: draw a page inside a frame, rename it, move it by its label, export it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors = await startJourney(page);

  await page.keyboard.press("KeyF");
  await drag(page, { x: 100, y: 100 }, { x: 500, y: 420 });
  const [frameId] = await selection(page);
  expect(frameId).toBeDefined();
  const frame = frameId!;

  // A red box and a blue ellipse, their fills typed in the properties panel; then R straight
  // after Enter in the field.
  await page.keyboard.press("KeyR");
  await drag(page, { x: 130, y: 140 }, { x: 290, y: 240 });
  await setFill(page, "#ff0000");
  await page.keyboard.press("KeyO");
  await drag(page, { x: 310, y: 260 }, { x: 470, y: 390 });
  await setFill(page, "#0000ff");
  await page.keyboard.press("KeyT");
  await page.mouse.click(140, 300);
  await page.keyboard.type("Hello frame");
  await page.keyboard.press("Escape");
  // Started inside the frame and dragged out past its right edge: a child, clipped by it.
  await page.keyboard.press("KeyR");
  await drag(page, { x: 420, y: 130 }, { x: 580, y: 200 });

  let drawn = await nodes(page);
  const of = (list: readonly NodeSummary[], type: string) => list.filter((n) => n.type === type);
  expect(drawn.map((n) => n.type)).toEqual(["frame", "rect", "ellipse", "text", "rect"]);
  for (const child of drawn.slice(1)) expect(child.parent, child.type).toBe(frame);
  const [red, overhang] = of(drawn, "rect") as [NodeSummary, NodeSummary];
  expect(red.fill).toBe("#ff0000");
  expect(of(drawn, "ellipse")[0]!.fill).toBe("#0000ff");
  expect(overhang.fill).toBe("#ffffff");
  expect(of(drawn, "text")[0]!.content).toBe("Hello frame");

  // Rename it in the layers panel: double-click its row and type the name at once.
  const layers = page.getByRole("region", { name: "Layers" });
  await layers.locator(`[data-node="${frame}"] .lw-layer-name`).dblclick();
  await page.keyboard.press("Control+KeyA");
  await page.keyboard.type("Poster");
  await page.keyboard.press("Enter");
  await expect(layers.locator(`[data-node="${frame}"] .lw-layer-name`)).toHaveText("Poster");

  // Its name label above the top-left corner selects it; dragging the label moves it, and what
  // it holds moves with it.
  await page.keyboard.press("Escape");
  await page.mouse.click(700, 560);
  expect(await selection(page)).toEqual([]);
  const labelAt = { x: 112, y: 100 - 10 };
  await page.mouse.click(labelAt.x, labelAt.y);
  expect(await selection(page)).toEqual([frame]);
  await drag(page, labelAt, { x: labelAt.x + 50, y: labelAt.y + 30 }, 10);
  const moved = await nodes(page);
  const dx = moved[0]!.x - drawn[0]!.x;
  const dy = moved[0]!.y - drawn[0]!.y;
  expect(Math.abs(dx - 50)).toBeLessThanOrEqual(6);
  expect(Math.abs(dy - 30)).toBeLessThanOrEqual(6);
  expect(moved.map((n) => ({ ...n, x: n.x - dx, y: n.y - dy }))).toEqual(
    drawn.map((n) => (n.id === frame ? { ...n, name: "Poster" } : n)),
  );
  drawn = moved;
  const box = drawn[0]!;
  expect(box.name).toBe("Poster");
  expect([box.width, box.height]).toEqual([400, 320]);

  // SVG of the frame: its size, both fills, the shapes and the text.
  const svg = (await exportFrame(page, "SVG", "Poster")).toString("utf8");
  expect(svg).toMatch(/<svg[^>]*width="400"[^>]*height="320"|<svg[^>]*viewBox="[^"]*400 320"/);
  expect(svg.toLowerCase()).toMatch(/#ff0000|#f00\b|rgb\(255,\s*0,\s*0\)/);
  expect(svg.toLowerCase()).toMatch(/#0000ff|#00f\b|rgb\(0,\s*0,\s*255\)/);
  expect(svg).toMatch(/<(rect|path)\b/);
  expect(svg).toMatch(/<(ellipse|path)\b/);
  expect(svg).toContain("Hello frame");

  // PNG of the frame at 1×: clipped to its 400 × 320, red and blue where the shapes are.
  const png = await exportFrame(page, "PNG", "Poster");
  const local = (n: NodeSummary, fx: number, fy: number): Point => ({
    x: n.x - box.x + n.width! * fx,
    y: n.y - box.y + n.height! * fy,
  });
  const ellipse = of(drawn, "ellipse")[0]!;
  const movedRed = drawn.find((n) => n.id === red.id)!;
  const movedOverhang = drawn.find((n) => n.id === overhang.id)!;
  const decoded = await pngColours(page, png, [
    local(movedRed, 0.5, 0.5),
    local(ellipse, 0.5, 0.5),
    { x: 200, y: 300 },
    local(movedOverhang, 0.2, 0.5),
  ]);
  expect([decoded.width, decoded.height]).toEqual([400, 320]);
  const [redPx, bluePx, blank, overhangPx] = decoded.colours as [Rgb, Rgb, Rgb, Rgb];
  expect(near(redPx, RED), `red box in the PNG: ${redPx}`).toBe(true);
  expect(near(bluePx, BLUE), `blue ellipse in the PNG: ${bluePx}`).toBe(true);
  expect(near(blank, WHITE, 3), `the frame's own white: ${blank}`).toBe(true);
  expect(near(overhangPx, WHITE, 3), `the overhanging box: ${overhangPx}`).toBe(true);

  // The screen: the fills where the document says, the overhanging box cut at the frame's edge,
  // and the new name drawn above the frame.
  const screen = await Screen.grab(page);
  const redCentre = await toScreen(page, {
    x: movedRed.x + movedRed.width! / 2,
    y: movedRed.y + movedRed.height! / 2,
  });
  expect(near(screen.at(redCentre), RED)).toBe(true);
  const blueCentre = await toScreen(page, {
    x: ellipse.x + ellipse.width! / 2,
    y: ellipse.y + ellipse.height! / 2,
  });
  expect(near(screen.at(blueCentre), BLUE)).toBe(true);
  const edge = box.x + box.width!;
  const topInside = await toScreen(page, { x: edge - 20, y: movedOverhang.y });
  const topOutside = await toScreen(page, { x: edge + 30, y: movedOverhang.y });
  const middleOutside = await toScreen(page, {
    x: edge + 30,
    y: movedOverhang.y + movedOverhang.height! / 2,
  });
  expect(near(screen.at(topInside), INK, 60), "the box's top edge inside the frame").toBe(true);
  expect(near(screen.at(topOutside), BACKGROUND, 3), "clipped outside the frame").toBe(true);
  expect(near(screen.at(middleOutside), BACKGROUND, 3), "clipped outside the frame").toBe(true);
  const corner = await toScreen(page, box);
  // Grey, or the selection's blue while the frame is selected.
  const label = screen.count(
    { x: corner.x, y: corner.y - 18, width: 60, height: 14 },
    (p) => !near(p, BACKGROUND, 40),
  );
  expect(label, "the frame's name is drawn above it").toBeGreaterThan(20);
  // Past the end of the name the strip above the frame is bare: that ink is the label.
  const bare = screen.count(
    { x: corner.x + 80, y: corner.y - 18, width: 60, height: 14 },
    (p) => !near(p, BACKGROUND, 40),
  );
  expect(bare).toBe(0);

  expect(await page.evaluate(() => window.linework!.engine.state)).toBe("running");
  expect(errors).toEqual([]);
});
