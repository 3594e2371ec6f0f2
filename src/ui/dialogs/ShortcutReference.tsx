import { formatBinding, type CommandRegistry } from "../../editing/commands";
import { IS_MAC, shortcutText } from "../commandText";
import { useCommands } from "../hooks";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { Dialog } from "./Dialog";
import { PANEL_SHORTCUTS } from "./panelShortcuts";

const CATEGORY_ORDER = ["file", "edit", "view", "object", "arrange", "tool", "help"] as const;

/** Every registered command with its shortcuts, by category, then the keys of the panels' rows. */
export function ShortcutReference({
  commands,
  onClose,
}: {
  readonly commands: CommandRegistry;
  readonly onClose: () => void;
}) {
  useRenderCount("ShortcutReference");
  const t = useMessages().t;
  const list = useCommands(commands);
  return (
    <Dialog title={t("shortcuts.title")} onClose={onClose} className="lw-shortcuts">
      <div className="lw-shortcut-scroll" tabIndex={0} aria-label={t("shortcuts.title")}>
        {CATEGORY_ORDER.map((category) => {
          const rows = list.filter((command) => command.category === category);
          if (rows.length === 0) return null;
          return (
            <section key={category}>
              <h3 className="lw-shortcut-heading">{category}</h3>
              <dl className="lw-shortcut-list">
                {rows.map((command) => (
                  <div key={command.id} className="lw-shortcut-row" data-command={command.id}>
                    <dt>{command.label}</dt>
                    <dd>
                      {shortcutText(command) ? (
                        <kbd>{shortcutText(command)}</kbd>
                      ) : (
                        <span className="lw-muted">{t("shortcuts.none")}</span>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          );
        })}
        {PANEL_SHORTCUTS.map((group) => (
          <section key={group.panel} data-panel={group.panel}>
            <h3 className="lw-shortcut-heading">{group.title}</h3>
            <dl className="lw-shortcut-list">
              {group.shortcuts.map((shortcut) => (
                <div
                  key={shortcut.id}
                  className="lw-shortcut-row"
                  data-panel-shortcut={shortcut.id}
                >
                  <dt>{shortcut.label}</dt>
                  <dd>
                    <kbd>{formatBinding(shortcut.binding, IS_MAC)}</kbd>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
