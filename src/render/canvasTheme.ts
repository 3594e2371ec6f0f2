import { GRID_INK_LIGHT } from "./gridOverlay";

export type CanvasTheme = "light" | "dark";

/** What the canvas itself draws in each theme: the clear colour and the grid's lines. */
export interface CanvasColours {
  readonly background: number;
  readonly gridInk: number;
}

/**
 * The canvas follows the chrome's theme: zinc-100 under white panels in the light theme,
 * zinc-800 under zinc-900 panels in the dark one, so the panels stand apart from the canvas in
 * both. The grid's lines are the panels' text colour at low alpha.
 */
export const CANVAS_COLOURS: Record<CanvasTheme, CanvasColours> = {
  light: { background: 0xf4f4f5, gridInk: GRID_INK_LIGHT },
  dark: { background: 0x27272a, gridInk: 0xf4f4f5 },
};
