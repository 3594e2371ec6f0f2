import { useSyncExternalStore } from "react";
import type { ThemeChoice } from "./chromeState";

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

export const NEXT_THEME: Record<ThemeChoice, ThemeChoice> = {
  system: "light",
  light: "dark",
  dark: "system",
};
