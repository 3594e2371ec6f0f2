import { useEffect } from "react";

let renders = 0;
const byComponent = new Map<string, number>();

/**
 * Counts committed renders of the chrome's stateful components. Production React has no Profiler
 * callbacks, so every component that subscribes to a store calls `useRenderCount`: any React
 * commit starts at such a component, so a pan or drag that leaves this number alone committed
 * nothing. Tests read the total from the overlay's `data-renders` attribute and the counts per
 * component from `data-renders-by` (JSON).
 */
export function useRenderCount(component: string): void {
  useEffect(() => {
    renders += 1;
    byComponent.set(component, (byComponent.get(component) ?? 0) + 1);
    const host = document.querySelector<HTMLElement>("[data-testid='overlay']");
    if (host) {
      host.dataset["renders"] = String(renders);
      host.dataset["rendersBy"] = JSON.stringify(Object.fromEntries(byComponent));
    }
  });
}

export function renderCount(): number {
  return renders;
}
