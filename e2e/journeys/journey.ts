import { expect, type Page } from "@playwright/test";
import { decodePng, type Pixels } from "../../tests/io/export/images";
import { canvasBox, openApp, waitTicks } from "../support";

// Shared steps for the first-minutes journeys: real mouse and keyboard input at full speed, with
// the document read through `window.linework` and the result read from the screen's pixels.

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Rgb = readonly [number, number, number];

/** What a journey checks about one scene node: its kind, place, size, text and style. */
export interface NodeSummary {
  readonly id: string;
  readonly type: string;
  readonly parent: string;
  readonly name: string;
  /** The node's origin on the page (the nodes here are neither turned nor scaled). */
  readonly x: number;
  readonly y: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly content: string | null;
  readonly endHead: string | null;
  /** The solid stroke colour as #rrggbb, or null. */
  readonly stroke: string | null;
  readonly strokeWidth: number | null;
  /** The solid fill colour as #rrggbb, or null. */
  readonly fill: string | null;
}

/**
 * Collects everything that went wrong in the page: uncaught errors, console errors and the
 * engine's abort message. A journey ends with `expect(errors).toEqual([])`.
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  return errors;
}

/** Opens the app as a new user finds it: an empty drawing, the canvas focused. */
export async function startJourney(page: Page): Promise<string[]> {
  const errors = watchErrors(page);
  await openApp(page);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  return errors;
}

/**
 * `startJourney` for a started app that `resetApp` has put back as a new user finds it (see
 * `sharedFreshApp`); the errors are those from here on.
 */
export async function resumeJourney(page: Page): Promise<string[]> {
  const errors = watchErrors(page);
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  return errors;
}

/** A mouse drag from one page point to another through `steps` moves, as fast as input goes. */
export async function drag(page: Page, from: Point, to: Point, steps = 8): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** A freehand gesture through every point in turn, one mouse move per point. */
export async function stroke(page: Page, points: readonly Point[]): Promise<void> {
  const [first, ...rest] = points;
  if (first === undefined) throw new Error("a stroke needs points");
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(point.x, point.y);
  await page.mouse.up();
}

/** Every scene node on the open page, depth first in document order, once input has landed. */
export async function nodes(page: Page): Promise<NodeSummary[]> {
  await waitTicks(page, 3);
  return page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const hex = (paint: unknown): string | null => {
      if (typeof paint !== "object" || paint === null) return null;
      const solid = paint as { type?: string; color?: { r: number; g: number; b: number } };
      if (solid.type !== "solid" || solid.color === undefined) return null;
      const part = (v: number) =>
        Math.round(v * 255)
          .toString(16)
          .padStart(2, "0");
      return `#${part(solid.color.r)}${part(solid.color.g)}${part(solid.color.b)}`;
    };
    const out: NodeSummary[] = [];
    const walk = (parent: string, ox: number, oy: number): void => {
      for (const node of store.childrenOf(parent)) {
        const x = ox + node.transform.x;
        const y = oy + node.transform.y;
        const record = node as unknown as Record<string, unknown>;
        const num = (key: string): number | null =>
          typeof record[key] === "number" ? (record[key] as number) : null;
        const strokeRecord = record.stroke as { paint?: unknown; width?: number } | undefined;
        out.push({
          id: node.id,
          type: node.type,
          parent: node.parent,
          name: node.name,
          x,
          y,
          width: num("width"),
          height: num("height"),
          content: typeof record.content === "string" ? record.content : null,
          endHead: typeof record.endHead === "string" ? record.endHead : null,
          stroke: hex(strokeRecord?.paint),
          strokeWidth: strokeRecord?.width ?? null,
          fill: hex(record.fill),
        });
        walk(node.id, x, y);
      }
    };
    walk(lw.current.pageId(), 0, 0);
    return out;
  });
}

/** The selection, once input has landed. */
export async function selection(page: Page): Promise<string[]> {
  await waitTicks(page, 3);
  return page.evaluate(() => [...window.linework!.editor.store.selection]);
}

export async function activeTool(page: Page): Promise<string> {
  await waitTicks(page, 3);
  return page.evaluate(() => window.linework!.tools.get().tool);
}

export function engineState(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.engine.state);
}

/** Page coordinates of a world point. */
export async function toScreen(page: Page, world: Point): Promise<Point> {
  const box = await canvasBox(page);
  const s = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), world);
  return { x: box.x + s.x, y: box.y + s.y };
}

/** Waits until the engine has drawn a couple of frames since now. */
export async function settle(page: Page, frames = 3): Promise<void> {
  await page.evaluate(async (n) => {
    const engine = window.linework!.engine;
    engine.invalidate();
    const target = engine.ticks + n;
    while (engine.ticks < target) await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }, frames);
}

/** The page as the user sees it, from one real screenshot, decoded here. */
export class Screen {
  private constructor(private readonly image: Pixels) {}

  static async grab(page: Page): Promise<Screen> {
    await settle(page);
    return new Screen(decodePng(await page.screenshot()));
  }

  get width(): number {
    return this.image.width;
  }

  get height(): number {
    return this.image.height;
  }

  /** The colour at a page point. */
  at(point: Point): Rgb {
    const x = Math.round(point.x);
    const y = Math.round(point.y);
    if (x < 0 || y < 0 || x >= this.image.width || y >= this.image.height)
      throw new Error(`(${x}, ${y}) is off the image`);
    const i = (y * this.image.width + x) * 4;
    const d = this.image.data;
    return [d[i]!, d[i + 1]!, d[i + 2]!];
  }

  /** How many pixels of a rectangle pass `test`. */
  count(box: Box, test: (rgb: Rgb) => boolean): number {
    let n = 0;
    for (let y = Math.round(box.y); y < Math.round(box.y + box.height); y++)
      for (let x = Math.round(box.x); x < Math.round(box.x + box.width); x++)
        if (test(this.at({ x, y }))) n++;
    return n;
  }

  /** Dark ink: every channel below 110. */
  ink(box: Box): number {
    return this.count(box, isInk);
  }

  /** Pixels within `tolerance` of a colour. */
  colour(box: Box, colour: Rgb, tolerance = 40): number {
    return this.count(box, (p) => near(p, colour, tolerance));
  }
}

export const isInk = (p: Rgb): boolean => p.every((v) => v < 110);

export function near(a: Rgb, b: Rgb, tolerance = 14): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tolerance);
}

/** The canvas background of the light theme. */
export const BACKGROUND: Rgb = [0xf4, 0xf4, 0xf5];
export const WHITE: Rgb = [255, 255, 255];
export const RED: Rgb = [255, 0, 0];
export const BLUE: Rgb = [0, 0, 255];
/** The default stroke of new shapes, rgb(0.12, 0.12, 0.14). */
export const INK: Rgb = [31, 31, 36];

/** Runs a menu bar item with the mouse, as a person would. */
export async function menu(page: Page, name: string, item: string | RegExp): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("button", { name, exact: true })
    .click();
  await page.getByRole("menu", { name }).getByRole("menuitem", { name: item }).click();
}

/** Waits until every edit is in the browser's storage (the title loses its "*"). */
export async function saved(page: Page): Promise<void> {
  await expect(page).not.toHaveTitle(/^\*/);
}
