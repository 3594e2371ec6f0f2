import type { RGBA } from "../doc/types";

/**
 * The background `createDocument` and new pages get. It stands for "no colour chosen": a page
 * that keeps it shows the theme's canvas colour, so the dark theme stays dark; any other colour
 * is drawn as the exports draw it.
 */
export const DEFAULT_PAGE_BACKGROUND: RGBA = { r: 0.957, g: 0.957, b: 0.961, a: 1 };

function channel(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v * 255)));
}

/**
 * The canvas's clear colour (0xRRGGBB) for a theme whose own colour is `themeColour` and the shown
 * page's background. A translucent page colour is laid over the theme's colour, as an export
 * with a background shows over whatever is behind it.
 */
export function canvasBackground(themeColour: number, page: RGBA | null): number {
  if (page === null || sameColour(page, DEFAULT_PAGE_BACKGROUND)) return themeColour;
  const a = Math.max(0, Math.min(1, page.a));
  const mix = (value: number, shift: number): number =>
    channel(value * a + (((themeColour >> shift) & 0xff) / 255) * (1 - a));
  return (mix(page.r, 16) << 16) | (mix(page.g, 8) << 8) | mix(page.b, 0);
}

function sameColour(a: RGBA, b: RGBA): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}
