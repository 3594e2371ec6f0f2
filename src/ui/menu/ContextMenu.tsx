import { useEffect, useState } from "react";
import type { CommandRegistry } from "../../editing/commands";
import type { DocumentStore } from "../../doc/store";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { MenuList } from "./MenuList";
import { contextEntries, type MenuEntry } from "./menuModel";

export interface ContextMenuProps {
  readonly commands: CommandRegistry;
  readonly store: DocumentStore;
  readonly canvas: HTMLElement;
}

interface Position {
  readonly x: number;
  readonly y: number;
}

/** Where the menu goes so it stays inside the overlay (estimated size; menus are small). */
export function placeMenu(
  at: Position,
  area: { width: number; height: number },
  size: { width: number; height: number },
): Position {
  return {
    x: Math.max(0, Math.min(at.x, area.width - size.width)),
    y: Math.max(0, Math.min(at.y, area.height - size.height)),
  };
}

/**
 * Right-click (or a long press, which browsers report as `contextmenu`) on the canvas. Only the
 * browser's own menu is prevented; the engine still sees the pointer events it reads.
 */
export function ContextMenu({ commands, store, canvas }: ContextMenuProps) {
  useRenderCount("ContextMenu");
  const t = useMessages().t;
  const [at, setAt] = useState<Position | null>(null);

  useEffect(() => {
    const open = (event: MouseEvent): void => {
      event.preventDefault();
      const box = canvas.getBoundingClientRect();
      setAt({ x: event.clientX - box.left, y: event.clientY - box.top });
    };
    canvas.addEventListener("contextmenu", open);
    return () => canvas.removeEventListener("contextmenu", open);
  }, [canvas]);

  useEffect(() => {
    if (at === null) return;
    const outside = (event: PointerEvent): void => {
      if (!(event.target as Element).closest?.(".lw-context-menu")) setAt(null);
    };
    document.addEventListener("pointerdown", outside, true);
    return () => document.removeEventListener("pointerdown", outside, true);
  }, [at]);

  if (at === null) return null;
  const entries = contextEntries(commands.list(), store.selection.length > 0);
  const rows = entries.length;
  const box = canvas.getBoundingClientRect();
  const place = placeMenu(at, box, { width: 240, height: rows * 30 + 16 });
  const close = (): void => {
    setAt(null);
    canvas.focus({ preventScroll: true });
  };
  const choose = (entry: MenuEntry): void => {
    close();
    if (entry.kind === "command") commands.run(entry.command.id);
    else if (entry.kind === "action") entry.run();
  };
  return (
    <div className="lw-context-menu" style={{ left: place.x, top: place.y }}>
      <MenuList label={t("menu.context")} entries={entries} onChoose={choose} onClose={close} />
    </div>
  );
}
