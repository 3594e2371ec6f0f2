import { RecentColours } from "./properties/recentColours";
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
  /** The colours last picked in the properties panel, kept across documents. */
  readonly recentColours = new RecentColours();
  private current: ChromeStateSnapshot = {
    dialog: null,
    focusMode: false,
    theme: storedTheme(),
    drawerOpen: false,
  };
  private readonly listeners = new Set<() => void>();
  /** What was typed while the palette opened, before its field had the keyboard. */
  private typed = "";
  private releaseKeys: (() => void) | null = null;

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
    if (dialog !== this.current.dialog) this.takeTypedAhead();
    this.update({ dialog });
  }

  /**
   * The palette was opened from the keyboard: keys typed from now until its field has the
   * keyboard are kept for it (`release` hands the program's keys back to their commands).
   */
  beginTypingAhead(release: () => void): void {
    this.releaseKeys?.();
    this.typed = "";
    this.releaseKeys = release;
  }

  get typingAhead(): boolean {
    return this.releaseKeys !== null;
  }

  /** A key typed while the palette opens: characters and Backspace edit the text; Esc closes. */
  typeAhead(press: { readonly key: string; readonly ctrl: boolean; readonly meta: boolean }): void {
    if (!this.typingAhead) return;
    if (press.key === "Escape") {
      this.openDialog(null);
      return;
    }
    if (press.ctrl || press.meta) return;
    if (press.key === "Backspace") this.typed = this.typed.slice(0, -1);
    else if ([...press.key].length === 1) this.typed += press.key;
  }

  /** The palette's field has the keyboard: what was typed ahead, once; keys are the field's now. */
  takeTypedAhead(): string {
    const typed = this.typed;
    this.typed = "";
    const release = this.releaseKeys;
    this.releaseKeys = null;
    release?.();
    return typed;
  }

  toggleFocusMode(): void {
    this.update({ focusMode: !this.current.focusMode });
  }
}
