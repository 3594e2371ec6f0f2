import type { AspectRatio, Engine } from "../../engine";

/**
 * How Linework chooses the canvas's aspect ratio. "window" follows the window, so full-window
 * drawing fills the screen; the named and numeric settings pin a fixed ratio for embedding.
 */
export type AspectSetting = "window" | AspectRatio;

const ISO_A4: AspectRatio = { width: 210, height: 297 };

const NAMED: Readonly<Record<string, AspectRatio>> = {
  a4: ISO_A4,
  "a4-portrait": ISO_A4,
  "a4-landscape": { width: 297, height: 210 },
  square: { width: 1, height: 1 },
};

/** Reads "window", "16:9", "4/3", "1.5", "A4", "A4-landscape" or "square"; null when unreadable. */
export function parseAspectSetting(text: string | null | undefined): AspectSetting | null {
  if (text === null || text === undefined) return null;
  const value = text.trim().toLowerCase();
  if (value === "") return null;
  if (value === "window") return "window";
  const named = NAMED[value];
  if (named) return named;
  const pair = /^(\d+(?:\.\d+)?)\s*[:/x×]\s*(\d+(?:\.\d+)?)$/.exec(value);
  const width = pair ? Number(pair[1]) : Number(value);
  const height = pair ? Number(pair[2]) : 1;
  if (!Number.isFinite(width) || !Number.isFinite(height) || width <= 0 || height <= 0) return null;
  return { width, height };
}

export function windowRatio(win: Pick<Window, "innerWidth" | "innerHeight">): AspectRatio | null {
  if (win.innerWidth <= 0 || win.innerHeight <= 0) return null;
  return { width: win.innerWidth, height: win.innerHeight };
}

/** Keeps the engine's aspect ratio with the window's as it is resized; returns the stop. */
export function followWindowAspect(
  engine: Pick<Engine, "setAspectRatio">,
  win: Window,
): () => void {
  const follow = (): void => {
    const ratio = windowRatio(win);
    if (ratio) engine.setAspectRatio(ratio.width, ratio.height);
  };
  win.addEventListener("resize", follow);
  return () => win.removeEventListener("resize", follow);
}
