import { useId, useState, type KeyboardEvent } from "react";
import type { CommandRegistry } from "../../editing/commands";
import {
  complete,
  parseCommand,
  runCommandLine,
  type CommandHistory,
  type CommandLineHost,
} from "../../commandLine";
import { firstShortcut, IS_MAC } from "../commandText";
import { Dialog } from "../dialogs/Dialog";
import { useCommands } from "../hooks";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { MAX_QUERY_LENGTH, searchCommands } from "./search";

export interface CommandPaletteProps {
  readonly commands: CommandRegistry;
  /** Runs typed lines such as "rect 0 0 200 100"; without it the palette only lists commands. */
  readonly commandLine?: {
    readonly host: CommandLineHost;
    readonly history: CommandHistory;
  };
  /** Closes the palette; the owner hands focus back to the canvas. */
  readonly onClose: () => void;
  /** What was typed between the key that opened the palette and its field taking the keyboard. */
  readonly takeTypedAhead?: () => string;
}

/** Every command, searchable: type to filter, arrows to move, Enter to run, Esc to close. */
export function CommandPalette({
  commands,
  commandLine,
  onClose,
  takeTypedAhead,
}: CommandPaletteProps) {
  useRenderCount("CommandPalette");
  const t = useMessages().t;
  const all = useCommands(commands);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  // Arrowing through the list means "run this one", even when the text is also a command line.
  const [navigated, setNavigated] = useState(false);
  const [lineError, setLineError] = useState<string | null>(null);
  const errorId = useId();
  const listId = useId();
  const matches = searchCommands(
    all.filter((command) => command.id !== "view.palette"),
    query,
  );
  const current = Math.min(active, Math.max(0, matches.length - 1));
  // The syntax of the command-line word being typed, e.g. "rect x y width height".
  const usage = commandLine && query.trim() !== "" ? complete(query, all, IS_MAC).usage : undefined;
  const usageId = `${listId}-usage`;

  const runAt = (index: number): void => {
    const command = matches[index];
    if (!command || !commands.isEnabled(command.id)) return;
    onClose();
    commands.run(command.id);
  };

  /** A typed line runs when it parses and no list entry was chosen with the arrows. */
  const runLine = (): boolean => {
    if (!commandLine || navigated || query.trim() === "") return false;
    const parsed = parseCommand(query, all);
    if (!parsed.ok) {
      if (matches.length > 0) return false;
      setLineError(parsed.error);
      return true;
    }
    const result = runCommandLine(commandLine.host, query);
    if (!result.ok) {
      setLineError(result.error);
      return true;
    }
    commandLine.history.push(query);
    onClose();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (commandLine && query === "" && event.key === "ArrowUp") {
        const previous = commandLine.history.previous(query);
        if (previous !== null) setQuery(previous);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setNavigated(true);
      if (matches.length > 0) setActive((current + step + matches.length) % matches.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (!runLine()) runAt(current);
    }
  };

  const optionId = (index: number): string => `${listId}-${index}`;
  return (
    <Dialog title={t("palette.title")} onClose={onClose} className="lw-palette" hideTitle>
      <input
        data-autofocus
        className="lw-palette-input"
        role="combobox"
        aria-label={t("palette.title")}
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches.length > 0 ? optionId(current) : undefined}
        placeholder={t("palette.placeholder")}
        maxLength={MAX_QUERY_LENGTH}
        value={query}
        aria-invalid={lineError !== null}
        aria-describedby={lineError !== null ? errorId : usage ? usageId : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setNavigated(false);
          setLineError(null);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          const typed = takeTypedAhead?.() ?? "";
          if (typed !== "") setQuery((before) => (before + typed).slice(0, MAX_QUERY_LENGTH));
        }}
      />
      {usage && lineError === null ? (
        <div id={usageId} className="lw-muted" data-testid="palette-usage">
          {usage}
        </div>
      ) : null}
      {lineError !== null ? (
        <div id={errorId} role="alert" className="lw-field-error">
          {lineError}
        </div>
      ) : null}
      <div id={listId} role="listbox" aria-label={t("palette.title")} className="lw-palette-list">
        {/* A typed command shows its usage instead: Enter runs it, so nothing is missing. */}
        {matches.length === 0 && !usage ? (
          <div className="lw-muted lw-palette-empty">{t("palette.noMatch")}</div>
        ) : null}
        {matches.map((command, index) => {
          const enabled = commands.isEnabled(command.id);
          const shortcut = firstShortcut(command);
          return (
            <div
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              aria-disabled={enabled ? undefined : true}
              className="lw-palette-option"
              data-command={command.id}
              onPointerMove={() => {
                if (index !== current) setActive(index);
              }}
              onClick={() => runAt(index)}
            >
              <span>{command.label}</span>
              <span className="lw-palette-category">{command.category}</span>
              {shortcut ? <kbd>{shortcut}</kbd> : null}
            </div>
          );
        })}
      </div>
    </Dialog>
  );
}
