import { useSyncExternalStore } from "react";
import type { CommandRegistry } from "../editing/commands";
import type { ToolSettings } from "../editing/settings";

import { firstShortcut } from "./commandText";
import { useCommands } from "./hooks";
import { useMessages } from "./i18n/context";
import { Icon } from "./icons/Icon";
import { ToolIcon } from "./icons/ToolIcon";
import { useRenderCount } from "./renderCount";
import type { ToolId } from "../editing/settings";
import { TOOLS, type ToolInfo } from "../tools/catalog";

/** The tools with a button, in declaration order. */
const TOOLBAR: readonly ToolInfo[] = TOOLS.filter((tool: ToolInfo) => tool.toolbar !== false);

export interface ToolbarProps {
  readonly commands: CommandRegistry;
  readonly tools: ToolSettings;
  readonly canvas: HTMLElement;
  /** A compact row for focus mode. */
  readonly compact?: boolean;
}

/** Chooses a tool through its command when there is one, so the tool's own switching logic runs. */
export function chooseTool(commands: CommandRegistry, tools: ToolSettings, tool: ToolId): void {
  if (!commands.run(`tool.${tool}`)) tools.update({ tool });
}

export function Toolbar({ commands, tools, canvas, compact = false }: ToolbarProps) {
  useRenderCount("Toolbar");
  const t = useMessages().t;
  const settings = useSyncExternalStore(tools.subscribe, tools.getSnapshot);
  const registered = useCommands(commands);
  const byId = new Map(registered.map((command) => [command.id, command]));
  const keepCommand = byId.get("tool.keep");
  const keepShortcut = firstShortcut(keepCommand);
  const keepLabel = t("toolbar.keepTool");
  return (
    <div
      role="toolbar"
      aria-label={t("toolbar.label")}
      aria-orientation="vertical"
      className={compact ? "lw-toolbar lw-toolbar-compact" : "lw-toolbar"}
    >
      {TOOLBAR.map(({ id: tool }) => {
        const name = t(`tool.${tool}`);
        const shortcut = firstShortcut(byId.get(`tool.${tool}`));
        return (
          <button
            key={tool}
            type="button"
            className="lw-icon-button"
            aria-label={name}
            aria-pressed={settings.tool === tool}
            aria-keyshortcuts={shortcut || undefined}
            data-tooltip={shortcut ? `${name} (${shortcut})` : name}
            title={shortcut ? `${name} (${shortcut})` : name}
            onClick={() => {
              chooseTool(commands, tools, tool);
              canvas.focus({ preventScroll: true });
            }}
          >
            <ToolIcon tool={tool} />
          </button>
        );
      })}
      <span className="lw-separator" role="separator" />
      <button
        type="button"
        className="lw-icon-button"
        aria-label={keepLabel}
        aria-pressed={settings.keepTool}
        title={keepShortcut ? `${keepLabel} (${keepShortcut})` : keepLabel}
        onClick={() => {
          if (!commands.run("tool.keep")) tools.update({ keepTool: !tools.get().keepTool });
        }}
      >
        <Icon name="keep" size={20} />
      </button>
    </div>
  );
}
