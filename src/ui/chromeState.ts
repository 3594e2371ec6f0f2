export type ThemeChoice = "system" | "light" | "dark";
export type ChromeDialog =
  "shortcuts" | "about" | "palette" | "openLibrary" | "recover" | "unsaved" | "export" | null;

export interface ChromeStateSnapshot {
  readonly dialog: ChromeDialog;
  /** Ctrl+\: only a small floating tool pill stays. */
  readonly focusMode: boolean;
  readonly theme: ThemeChoice;
  /** On narrow screens panels are drawers, closed until asked for. */
  readonly drawerOpen: boolean;
}

const THEME_KEY = "linework.theme";

function storedTheme(): ThemeChoice {
  try {
    const value = globalThis.localStorage?.getItem(THEME_KEY);
    return value === "light" || value === "dark" ? value : "system";
  } catch {
    return "system";
  }
}

/** The chrome's own state (which dialog is open, focus mode, theme): one snapshot, few changes. */
export class ChromeState {
  private current: ChromeStateSnapshot = {
    dialog: null,
    focusMode: false,
    theme: storedTheme(),
    drawerOpen: false,
  };
  private readonly listeners = new Set<() => void>();

  getSnapshot = (): ChromeStateSnapshot => this.current;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(patch: Partial<ChromeStateSnapshot>): void {
    const next = { ...this.current, ...patch };
    if (
      (Object.keys(patch) as (keyof ChromeStateSnapshot)[]).every(
        (k) => next[k] === this.current[k],
      )
    )
      return;
    this.current = next;
    if (patch.theme !== undefined) {
      try {
        globalThis.localStorage?.setItem(THEME_KEY, patch.theme);
      } catch {
        // Storage can be off (private windows); the choice then lasts for this page only.
      }
    }
    for (const listener of [...this.listeners]) listener();
  }

  openDialog(dialog: ChromeDialog): void {
    this.update({ dialog });
  }

  toggleFocusMode(): void {
    this.update({ focusMode: !this.current.focusMode });
  }
}
