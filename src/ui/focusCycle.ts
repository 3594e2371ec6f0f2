/**
 * F6 moves between the canvas and the chrome's regions (toolbar, menus, panels, status bar), as
 * desktop programs do; Shift+F6 goes backwards. Regions are elements marked `data-f6-region`.
 */
export function cycleFocus(root: HTMLElement, canvas: HTMLElement, backwards: boolean): void {
  const regions = [
    canvas,
    ...Array.from(root.querySelectorAll<HTMLElement>("[data-f6-region]")).filter(
      (region) => region.offsetParent !== null || region === canvas,
    ),
  ];
  const active = document.activeElement;
  const at = regions.findIndex(
    (region) => region === active || (active !== null && region.contains(active)),
  );
  const step = backwards ? -1 : 1;
  const next = regions[(at + step + regions.length) % regions.length] ?? canvas;
  if (next === canvas) {
    canvas.focus({ preventScroll: true });
    return;
  }
  const target = next.querySelector<HTMLElement>(
    "button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex='0']",
  );
  (target ?? next).focus({ preventScroll: true });
}
