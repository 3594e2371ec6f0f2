/**
 * The canvas is the overlay host's sibling (embed.ts). Chrome that ends an on-canvas edit, or a
 * field left with Esc, hands the keyboard there, as the toolbar's buttons do.
 */
export function focusCanvasNear(element: HTMLElement): void {
  const host = element.closest(".lw-overlay-host");
  const canvas = host?.parentElement?.querySelector<HTMLCanvasElement>(":scope > canvas");
  canvas?.focus({ preventScroll: true });
}
