/** The nearest ancestor that scrolls its content vertically (the side panels), or null. */
export function scrollingAncestor(element: HTMLElement): HTMLElement | null {
  for (let at = element.parentElement; at !== null; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if (overflow === "auto" || overflow === "scroll") return at;
  }
  return null;
}

/**
 * Scrolls `scroller` so that a row that was `top` pixels down the window is there again after
 * the panels above it changed size: a click on a row selects it, the properties panel above
 * grows with the selection's fields, and a second click (a double-click's) must find the row
 * where the first one did. Where the scroller cannot scroll that far, `room` (an element at the
 * end of its content) gets bottom padding to make the room, kept until `release`.
 */
export function keepRowInPlace(
  scroller: HTMLElement,
  row: HTMLElement,
  top: number,
  room: HTMLElement,
): void {
  const shift = row.getBoundingClientRect().top - top;
  if (shift <= 0) return;
  const reach = scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
  if (shift > reach) {
    const margin = parseFloat(room.style.paddingBottom) || 0;
    room.style.paddingBottom = `${margin + shift - reach}px`;
  }
  scroller.scrollTop += shift;
}

/** Takes back the room `keepRowInPlace` made, once the row need not stay put. */
export function releaseRoom(room: HTMLElement): void {
  room.style.paddingBottom = "";
}
