import { useEffect, useRef, useState } from "react";
import type { CommandRegistry } from "../../editing/commands";
import { useCommands } from "../hooks";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { MenuList } from "./MenuList";
import { menuEntries, type MenuEntry, type MenuId } from "./menuModel";

const MENUS: readonly MenuId[] = ["file", "edit", "view", "object", "help"];

export interface MenuBarProps {
  readonly commands: CommandRegistry;
  readonly canvas: HTMLElement;
}

/**
 * File, Edit, View, Object and Help as menu buttons. Menus are built from the registry each time
 * they open, so enabled states are current; commands not registered are simply absent.
 */
export function MenuBar({ commands, canvas }: MenuBarProps) {
  useRenderCount("MenuBar");
  const t = useMessages().t;
  const list = useCommands(commands);
  const [open, setOpen] = useState<MenuId | null>(null);
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open === null) return;
    const outside = (event: PointerEvent): void => {
      if (!bar.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [open]);

  const close = (): void => {
    setOpen(null);
    canvas.focus({ preventScroll: true });
  };

  const choose = (entry: MenuEntry): void => {
    setOpen(null);
    canvas.focus({ preventScroll: true });
    if (entry.kind === "command") commands.run(entry.command.id);
    else if (entry.kind === "action") entry.run();
  };

  return (
    <nav ref={bar} className="lw-menubar" aria-label={t("menu.main")}>
      {MENUS.map((menu, i) => {
        const label = t(`menu.${menu}`);
        const expanded = open === menu;
        return (
          <div key={menu} className="lw-menu-anchor">
            <button
              type="button"
              className="lw-menubar-button"
              aria-haspopup="menu"
              aria-expanded={expanded}
              aria-controls={expanded ? `lw-menu-${menu}` : undefined}
              onClick={() => setOpen(expanded ? null : menu)}
              onKeyDown={(event) => {
                if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
                  event.preventDefault();
                  setOpen(menu);
                }
              }}
            >
              {label}
            </button>
            {expanded ? (
              <MenuList
                id={`lw-menu-${menu}`}
                label={label}
                entries={menuEntries(menu, list)}
                onChoose={choose}
                onClose={close}
                onSideways={(direction) =>
                  setOpen(MENUS[(i + direction + MENUS.length) % MENUS.length] ?? null)
                }
              />
            ) : null}
          </div>
        );
      })}
    </nav>
  );
}
