import { useSyncExternalStore } from "react";
import type { ChromeState, ThemeChoice } from "./chromeState";

const QUERY = "(prefers-color-scheme: dark)";

function subscribe(listener: () => void): () => void {
  const media = globalThis.matchMedia?.(QUERY);
  media?.addEventListener("change", listener);
  return () => media?.removeEventListener("change", listener);
}

const prefersDark = (): boolean => globalThis.matchMedia?.(QUERY).matches ?? false;

/** The theme in force: the user's choice, or the operating system's when they chose "system". */
export function useResolvedTheme(choice: ThemeChoice): "light" | "dark" {
  const dark = useSyncExternalStore(subscribe, prefersDark);
  return choice === "system" ? (dark ? "dark" : "light") : choice;
}

/** The theme in force outside React: the choice, or the system's for "system". */
export function resolveTheme(choice: ThemeChoice): "light" | "dark" {
  return choice === "system" ? (prefersDark() ? "dark" : "light") : choice;
}

/**
 * Tells `listener` the theme in force now and whenever it changes (the person's choice or the
 * system's setting): what the canvas, drawn outside React, follows. Returns the unsubscription.
 */
export function followTheme(
  chrome: Pick<ChromeState, "subscribe" | "getSnapshot">,
  listener: (theme: "light" | "dark") => void,
): () => void {
  let last: "light" | "dark" | null = null;
  const check = (): void => {
    const next = resolveTheme(chrome.getSnapshot().theme);
    if (next === last) return;
    last = next;
    listener(next);
  };
  const fromChoice = chrome.subscribe(check);
  const fromSystem = subscribe(check);
  check();
  return () => {
    fromChoice();
    fromSystem();
  };
}

export const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = {
  system: "light",
  light: "dark",
  dark: "system",
};
