import { Container, Matrix as PixiMatrix, RenderTexture, type Renderer } from "pixi.js";
import { patternChildren, patternMatrix } from "../doc/pattern";
import { multiply, toMatrix, type Matrix } from "../doc/transform";
import { PATTERN_TILE, type Id, type PatternPaint } from "../doc/types";
import { UNITS_PER_SEGMENT } from "../geometry/dash";
import { applyCommon, createDisplay, type DrawContext, type TileRenderer } from "./displays";

/** The largest side, in pixels, a tile is rendered at; a bigger tile is rendered coarser. */
export const MAX_TILE_PIXELS = 2048;

/** The largest area, in pixels, a tile is rendered at (a long thin tile stays cheap too). */
const MAX_TILE_AREA = 2048 * 1024;

function scaleOf(m: Matrix): number {
  return Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
}

/**
 * The size in pixels a tile is rendered at, for a node drawn at `pixelsPerUnit` device pixels per
 * local unit: the tile's own size on screen, rounded up, within the limits.
 */
export function tilePixels(
  paint: PatternPaint,
  pixelsPerUnit: number,
): { width: number; height: number } {
  const m = patternMatrix(paint);
  // Pixels per unit of the tile's space, each way: the transform's columns' lengths.
  const alongX = Math.hypot(m.a, m.b) * pixelsPerUnit;
  const alongY = Math.hypot(m.c, m.d) * pixelsPerUnit;
  let width = paint.width * alongX;
  let height = paint.height * alongY;
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height))
    return { width: 1, height: 1 };
  const shrink = Math.min(
    1,
    MAX_TILE_PIXELS / width,
    MAX_TILE_PIXELS / height,
    Math.sqrt(MAX_TILE_AREA / (width * height)),
  );
  width *= shrink;
  height *= shrink;
  return {
    width: Math.max(1, Math.min(MAX_TILE_PIXELS, Math.ceil(width - 1e-6))),
    height: Math.max(1, Math.min(MAX_TILE_PIXELS, Math.ceil(height - 1e-6))),
  };
}

/**
 * Renders a pattern's tile with the renderer that draws the page: its content nodes get the
 * displays any node gets (a pattern inside it renders its own tile the same way), are drawn
 * into a texture exactly one tile across, then let go. The texture repeats, so the paint
 * shader's samples across a tile's edge blend with the next tile's, as they would on screen.
 */
export function rendererTiles(renderer: () => Renderer | null): TileRenderer {
  const tiles: TileRenderer = {
    render(paint, pixelsPerUnit) {
      const target = renderer();
      if (target === null) return null;
      const { width, height } = tilePixels(paint, pixelsPerUnit);
      // Pixels per unit of tile space, each way: the tile fills the texture exactly.
      const sx = width / paint.width;
      const sy = height / paint.height;
      const root = new Container();
      const content = new Container();
      content.setFromMatrix(new PixiMatrix(sx, 0, 0, sy, 0, 0));
      root.addChild(content);
      const children = patternChildren(paint);
      const build = (parent: Id, host: Container, outer: Matrix, depth: number): void => {
        for (const node of children.get(parent) ?? []) {
          const matrix = multiply(outer, toMatrix(node.transform));
          // Texture pixels stand for device pixels: the detail is in CSS pixels, as a zoom's.
          const perUnit = Math.max(sx, sy) / (globalThis.devicePixelRatio || 1);
          const context: DrawContext = {
            detail: { step: UNITS_PER_SEGMENT / Math.max(0.25, perUnit), pixelsPerUnit: perUnit },
            worldScale: () => scaleOf(matrix) || 1,
            tiles,
          };
          const display = createDisplay(node, null);
          display.draw(node, context);
          applyCommon(display.object, node);
          host.addChild(display.object);
          if (display.host !== null && depth < 64) build(node.id, display.host, matrix, depth + 1);
        }
      };
      build(PATTERN_TILE, content, { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }, 0);
      const texture = RenderTexture.create({
        width,
        height,
        resolution: 1,
        antialias: false,
        scaleMode: "linear",
        addressMode: "repeat",
        autoGenerateMipmaps: false,
      });
      texture.source.label = "pattern tile";
      try {
        target.render({ container: root, target: texture, clear: true, clearColor: [0, 0, 0, 0] });
      } catch {
        texture.destroy(true);
        return null;
      } finally {
        root.destroy({ children: true });
      }
      return texture;
    },
  };
  return tiles;
}
