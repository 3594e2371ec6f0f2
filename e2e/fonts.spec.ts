import { expect, test, type Page } from "@playwright/test";
import { createDocument, NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, TextNode } from "../src/doc/types";
import { canvasBox, hideChrome, sharedApp, showDocument, waitTicks } from "./support";

// Drawings never depend on the machine's fonts: generic families are drawn in the faces the app
// ships, on the canvas and in the exports, and the browser here sees no other fonts at all.

const GENERICS = ["sans-serif", "serif", "monospace"] as const;

function textsDocument(): DocRecord[] {
  const records = createDocument({
    id: "doc",
    pageId: "page",
    name: "Faces",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const texts = GENERICS.map((family, i) => {
    const node = makeNode<TextNode>("text", `t${i}`, "page", `a${i}`, {
      content: "Linework 1234",
      fontFamily: family,
      fontSize: 48,
      fontWeight: 400,
      fontStyle: "normal",
      align: "left",
      lineHeight: 1.2,
      width: null,
      fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
      stroke: NO_STROKE,
    });
    return { ...node, transform: { ...node.transform, x: 40, y: 40 + i * 100 } };
  });
  return [...records, ...texts];
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/**
 * The dark pixels' box in each band of 100 page units of a PNG drawn on white, in page units,
 * for a PNG at one pixel per unit whose corner is `origin`.
 */
async function inkBoxes(
  page: Page,
  png: string,
  bands: number,
  origin = { x: 0, y: 0 },
): Promise<Box[]> {
  return page.evaluate(
    async ({ png, bands, origin }) => {
      const image = new Image();
      image.src = png;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      context.drawImage(image, 0, 0);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      const boxes = Array.from({ length: bands }, () => ({
        minX: Infinity,
        minY: Infinity,
        maxX: -Infinity,
        maxY: -Infinity,
      }));
      for (let y = 0; y < canvas.height; y += 1)
        for (let x = 0; x < canvas.width; x += 1) {
          if (data[(y * canvas.width + x) * 4]! > 128) continue;
          const [px, py] = [x + origin.x, y + origin.y];
          const box = boxes[Math.floor(py / 100)];
          if (box === undefined) continue;
          box.minX = Math.min(box.minX, px);
          box.minY = Math.min(box.minY, py);
          box.maxX = Math.max(box.maxX, px + 1);
          box.maxY = Math.max(box.maxY, py + 1);
        }
      return boxes;
    },
    { png, bands, origin },
  );
}

test.describe("shipped typefaces", () => {
  // One app for the three: the first test reads what start-up loaded before anything else runs
  // in it, the second only measures, and the third opens a document of its own.
  const shared = sharedApp();

  test("every shipped face has loaded before the first document shows", async () => {
    const page = shared();
    const loaded = await page.evaluate(() =>
      ["Inter", "Noto Serif", "JetBrains Mono"].map(
        (family) =>
          [...document.fonts].filter(
            (f) => f.family.replace(/"/g, "") === family && f.status === "loaded",
          ).length,
      ),
    );
    expect(loaded).toEqual([4, 4, 4]);
  });

  test("the browser under test sees only the fonts Linework ships", async () => {
    const page = shared();
    const widths = await page.evaluate(async () => {
      await document.fonts.ready;
      const context = document.createElement("canvas").getContext("2d")!;
      const width = (font: string): number => {
        context.font = font;
        return context.measureText("Linework draws 0123456789").width;
      };
      return {
        inter: width("40px Inter"),
        // Fonts a Debian, macOS or Windows machine would have: none is there, all fall to Inter.
        dejavu: width('40px "DejaVu Sans"'),
        liberation: width('40px "Liberation Sans"'),
        arial: width("40px Arial"),
        sans: width("40px sans-serif"),
        serif: width("40px serif"),
        shippedSerif: width('40px "Noto Serif"'),
        mono: width("40px monospace"),
        shippedMono: width('40px "JetBrains Mono"'),
      };
    });
    expect(widths.dejavu).toBe(widths.inter);
    expect(widths.liberation).toBe(widths.inter);
    expect(widths.arial).toBe(widths.inter);
    expect(widths.sans).toBe(widths.inter);
    expect(widths.serif).toBe(widths.shippedSerif);
    expect(widths.mono).toBe(widths.shippedMono);
    // Three faces, not one face three times.
    expect(new Set([widths.inter, widths.shippedSerif, widths.shippedMono]).size).toBe(3);
  });

  test("generic families are drawn in the shipped faces on the canvas, in PNG and in SVG", async () => {
    const page = shared();
    await showDocument(page, textsDocument());
    await hideChrome(page);
    await waitTicks(page, 5);

    const { svg, origin } = await page.evaluate(() => {
      const exported = window.linework!.exports.svg({ scope: { page: "page" } });
      return { svg: exported.svg, origin: { x: exported.bounds.minX, y: exported.bounds.minY } };
    });
    expect(svg).toContain('font-family="&quot;Inter&quot;, sans-serif"');
    expect(svg).toContain('font-family="&quot;Noto Serif&quot;, serif"');
    expect(svg).toContain('font-family="&quot;JetBrains Mono&quot;, monospace"');

    // The canvas at zoom 1 with the page origin at the canvas's corner: page units = pixels.
    const canvas = await canvasBox(page);
    const shot = await page.screenshot({ clip: { ...canvas, width: 800, height: 300 } });
    const onCanvas = await inkBoxes(page, `data:image/png;base64,${shot.toString("base64")}`, 3);

    // The PNG export draws the page's contents from its own bounds: offset it back.
    const png = await page.evaluate(async () => {
      const blob = await window.linework!.exports.png({ scope: { page: "page" }, scale: 1 });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return `data:image/png;base64,${btoa(binary)}`;
    });
    const exportedBoxes = await inkBoxes(page, png, 3, origin);
    for (const [i, family] of GENERICS.entries()) {
      const seen = onCanvas[i]!;
      const exported = exportedBoxes[i]!;
      expect(seen.maxX - seen.minX, family).toBeGreaterThan(200);
      // Same face, same size, same place: a fallback face would be pixels off at 48 px.
      for (const side of ["minX", "minY", "maxX", "maxY"] as const)
        expect(Math.abs(exported[side] - seen[side]), `${family} ${side}`).toBeLessThanOrEqual(2);
    }
    // The three generic families drew three different faces.
    const widths = onCanvas.map((box) => box.maxX - box.minX);
    expect(new Set(widths.map((w) => Math.round(w / 4))).size).toBe(3);
  });
});
