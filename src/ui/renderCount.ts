import { createContext, createElement, useContext, useEffect, type ReactNode } from "react";

/**
 * Counts committed renders of one chrome's stateful components. Production React has no
 * Profiler callbacks, so every component that subscribes to a store calls `useRenderCount`: any
 * React commit starts at such a component, so a pan or drag that leaves this number alone
 * committed nothing. The counts are written onto the chrome's overlay element (`data-renders`,
 * and per component `data-renders-by` as JSON), where tests read them. One counter per chrome,
 * so two Linework instances on a page count apart and a new one starts from zero.
 */
export class RenderCounter {
  private total = 0;
  private readonly byComponent = new Map<string, number>();

  /** `host` holds the chrome; the counts go on its overlay element once it is there. */
  constructor(private readonly host: ParentNode) {}

  get renders(): number {
    return this.total;
  }

  counted(component: string): void {
    this.total += 1;
    this.byComponent.set(component, (this.byComponent.get(component) ?? 0) + 1);
    const overlay = this.host.querySelector<HTMLElement>("[data-testid='overlay']");
    if (overlay) {
      overlay.dataset["renders"] = String(this.total);
      overlay.dataset["rendersBy"] = JSON.stringify(Object.fromEntries(this.byComponent));
    }
  }
}

// Components rendered outside a chrome (component tests) count nothing.
const CounterContext = createContext<RenderCounter | null>(null);

/** Gives the components under it `counter`. */
export function RenderCounting(props: { counter: RenderCounter; children: ReactNode }): ReactNode {
  return createElement(CounterContext.Provider, { value: props.counter }, props.children);
}

export function useRenderCount(component: string): void {
  const counter = useContext(CounterContext);
  useEffect(() => {
    counter?.counted(component);
  });
}
