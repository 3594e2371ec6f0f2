import type { ScreenArea } from "../render/camera";

/**
 * The chrome's fixed panels: the document bar, menus, top buttons, toolbar, side panels, status
 * bar and the focus-mode pill. Transient things (banners, menus, dialogs) are left out: a fit is
 * for the view people go back to once those are gone.
 */
export const PANEL_SELECTOR =
  ".lw-docbar, .lw-fullscreen, .lw-topbar, .lw-top-actions, .lw-left, .lw-side, .lw-bottom, .lw-pill";

/** Below this, the free area is too small to show a drawing in: fits use the whole canvas. */
export const MIN_FREE_PX = 120;

function area(rect: ScreenArea): number {
  return Math.max(0, rect.width) * Math.max(0, rect.height);
}

function overlaps(a: ScreenArea, b: ScreenArea): boolean {
  return (
    a.left < b.left + b.width &&
    b.left < a.left + a.width &&
    a.top < b.top + b.height &&
    b.top < a.top + a.height
  );
}

/**
 * The largest part of `bounds` that no obstacle covers, found one obstacle at a time (biggest
 * first): the free rectangle keeps whichever side of the obstacle (left, right, above, below)
 * leaves it the most room. Panels sit along the canvas's edges, so this is the middle they frame.
 */
export function freeArea(bounds: ScreenArea, obstacles: readonly ScreenArea[]): ScreenArea {
  let free = bounds;
  const ordered = [...obstacles].sort((a, b) => area(b) - area(a));
  for (const o of ordered) {
    if (area(o) === 0 || !overlaps(free, o)) continue;
    const right = free.left + free.width;
    const bottom = free.top + free.height;
    const candidates: ScreenArea[] = [
      { left: free.left, top: free.top, width: o.left - free.left, height: free.height },
      {
        left: o.left + o.width,
        top: free.top,
        width: right - (o.left + o.width),
        height: free.height,
      },
      { left: free.left, top: free.top, width: free.width, height: o.top - free.top },
      {
        left: free.left,
        top: o.top + o.height,
        width: free.width,
        height: bottom - (o.top + o.height),
      },
    ];
    let best = candidates[0]!;
    for (const candidate of candidates) if (area(candidate) > area(best)) best = candidate;
    free = {
      left: best.left,
      top: best.top,
      width: Math.max(0, best.width),
      height: Math.max(0, best.height),
    };
  }
  return free;
}

/**
 * The part of the canvas (canvas pixels) that the shown panels under `root` leave free; null
 * when that is too small to be useful, so the caller uses the whole canvas.
 */
export function measureFreeArea(root: ParentNode, canvas: Element): ScreenArea | null {
  const box = canvas.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return null;
  const obstacles: ScreenArea[] = [];
  for (const panel of root.querySelectorAll(PANEL_SELECTOR)) {
    const rect = panel.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) continue;
    // Hidden chrome (visibility: hidden) covers nothing.
    if (getComputedStyle(panel).visibility !== "visible") continue;
    obstacles.push({
      left: rect.left - box.left,
      top: rect.top - box.top,
      width: rect.width,
      height: rect.height,
    });
  }
  const free = freeArea({ left: 0, top: 0, width: box.width, height: box.height }, obstacles);
  return free.width < MIN_FREE_PX || free.height < MIN_FREE_PX ? null : free;
}
