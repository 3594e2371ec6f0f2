import { useEffect, useRef, type KeyboardEvent } from "react";
import { firstShortcut } from "../commandText";
import { useMessages } from "../i18n/context";
import type { MenuEntry } from "./menuModel";

export interface MenuListProps {
  readonly label: string;
  readonly entries: readonly MenuEntry[];
  /** Runs the chosen entry; the owner closes the menu and hands focus back. */
  readonly onChoose: (entry: MenuEntry) => void;
  readonly onClose: () => void;
  /** Left and right arrows: the owner may move to the neighbouring menu. */
  readonly onSideways?: (direction: -1 | 1) => void;
  readonly style?: React.CSSProperties;
  readonly id?: string;
}

function enabledOf(entry: MenuEntry): boolean {
  return entry.kind === "command" ? (entry.command.enabled?.() ?? true) : entry.kind === "action";
}

/**
 * A menu as WAI-ARIA describes it: focus moves between items with the arrow keys, Home and End;
 * Enter or Space chooses; Esc and Tab close. Disabled items are focusable but do nothing, so
 * screen-reader users still learn they exist.
 */
export function MenuList({
  label,
  entries,
  onChoose,
  onClose,
  onSideways,
  style,
  id,
}: MenuListProps) {
  const t = useMessages().t;
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.querySelector<HTMLElement>("[role='menuitem']")?.focus();
  }, []);

  const items = (): HTMLElement[] =>
    Array.from(list.current?.querySelectorAll<HTMLElement>("[role='menuitem']") ?? []);

  const move = (step: number | "first" | "last"): void => {
    const all = items();
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next =
      step === "first"
        ? 0
        : step === "last"
          ? all.length - 1
          : (at + step + all.length) % all.length;
    all[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const handled = (): void => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case "ArrowDown":
        handled();
        move(1);
        break;
      case "ArrowUp":
        handled();
        move(-1);
        break;
      case "Home":
        handled();
        move("first");
        break;
      case "End":
        handled();
        move("last");
        break;
      case "ArrowLeft":
      case "ArrowRight":
        if (onSideways) {
          handled();
          onSideways(event.key === "ArrowLeft" ? -1 : 1);
        }
        break;
      case "Escape":
        handled();
        onClose();
        break;
      case "Tab":
        event.preventDefault();
        onClose();
        break;
    }
  };

  return (
    <div
      ref={list}
      role="menu"
      aria-label={label}
      className="lw-menu"
      style={style}
      id={id}
      onKeyDown={onKeyDown}
    >
      {entries.length === 0 ? (
        <div role="none" className="lw-menu-empty">
          {t("menu.empty")}
        </div>
      ) : null}
      {entries.map((entry) => {
        if (entry.kind === "separator")
          return <div key={entry.id} role="separator" className="lw-menu-separator" />;
        const enabled = enabledOf(entry);
        const key = entry.kind === "command" ? entry.command.id : entry.id;
        const text = entry.kind === "command" ? entry.command.label : entry.label;
        const shortcut = entry.kind === "command" ? firstShortcut(entry.command) : "";
        return (
          <button
            key={key}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="lw-menu-item"
            aria-disabled={enabled ? undefined : true}
            aria-keyshortcuts={shortcut || undefined}
            data-command={key}
            onClick={() => {
              if (enabled) onChoose(entry);
            }}
          >
            <span className="lw-menu-label">{text}</span>
            {shortcut ? <kbd className="lw-menu-shortcut">{shortcut}</kbd> : null}
          </button>
        );
      })}
    </div>
  );
}
