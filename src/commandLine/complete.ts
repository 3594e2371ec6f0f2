import { formatBinding, type Command } from "../editing/commands";
import { NAMED_COLORS } from "./colors";
import { COMMAND_SYNTAX, syntaxOf, tokenize } from "./syntax";

/** One completion: the text to put in, and what to show beside it. */
export interface Suggestion {
  /** Replaces the part of the line from `Completion.from` to its end. */
  readonly text: string;
  readonly label: string;
  readonly usage?: string;
  readonly shortcut?: string;
}

export interface Completion {
  /** Where the word being completed starts. */
  readonly from: number;
  readonly suggestions: readonly Suggestion[];
  /** The usage of the command being typed, once its name is complete. */
  readonly usage?: string;
}

export const MAX_SUGGESTIONS = 24;

const COLOR_WORDS = ["none", ...Object.keys(NAMED_COLORS)];

/** Words an argument may be, for the commands whose arguments are words. */
function choicesFor(name: string, position: number): readonly string[] {
  const syntax = syntaxOf(name);
  if (syntax?.choices?.[position] !== undefined) return syntax.choices[position];
  if (name === "fill" && position === 0) return COLOR_WORDS;
  if (name === "stroke" && position === 1) return COLOR_WORDS;
  return [];
}

/**
 * Suggestions for a line as typed so far (the cursor at its end): command names, registered
 * commands by id or label with their shortcuts, or the words an argument may be.
 */
export function complete(line: string, commands: readonly Command[] = [], mac = false): Completion {
  const tokens = tokenize(line);
  const endsInSpace = line.length === 0 || /[\s,]$/.test(line);
  const current = endsInSpace ? null : tokens.at(-1)!;
  const prefix = current?.text.toLowerCase() ?? "";
  const from = current?.start ?? line.length;

  const typingName = tokens.length === 0 || (tokens.length === 1 && current !== null);
  const registered = registeredMatches(line, commands, mac);
  // A registered command's label has spaces: the whole line is matched against it.
  if (typingName || syntaxOf(tokens[0]!.text.toLowerCase()) === undefined) {
    const suggestions: Suggestion[] = [];
    if (typingName) {
      for (const syntax of COMMAND_SYNTAX) {
        if (syntax.name.startsWith(prefix))
          suggestions.push({ text: syntax.name, label: syntax.summary, usage: syntax.usage });
      }
    }
    suggestions.push(...registered);
    return {
      from: tokens.length === 0 ? line.length : 0,
      suggestions: suggestions.slice(0, MAX_SUGGESTIONS),
    };
  }

  const name = tokens[0]!.text.toLowerCase();
  const usage = syntaxOf(name)?.usage;
  const position = tokens.length - 1 - (current === null ? 0 : 1);
  const words = choicesFor(name, position)
    .filter((choice) => choice.startsWith(prefix))
    .map((choice): Suggestion => ({ text: choice, label: choice }));
  // "zoom i" may be heading for a registered "Zoom in": those replace the whole line.
  const suggestions = registered.length > 0 && words.length === 0 ? registered : words;
  const start = suggestions === registered ? 0 : from;
  const completion = { from: start, suggestions: suggestions.slice(0, MAX_SUGGESTIONS) };
  return usage === undefined ? completion : { ...completion, usage };
}

/** Registered commands whose id or label starts with the line, or a word of whose label does. */
function registeredMatches(line: string, commands: readonly Command[], mac: boolean): Suggestion[] {
  const wanted = line.trim().toLowerCase();
  const result: Suggestion[] = [];
  for (const command of commands) {
    const label = command.label.toLowerCase();
    const matches =
      command.id.toLowerCase().startsWith(wanted) ||
      label.startsWith(wanted) ||
      label.split(/\s+/).some((word) => word.startsWith(wanted));
    if (!matches) continue;
    const binding = command.shortcuts?.[0];
    result.push({
      text: command.id,
      label: command.label,
      ...(binding === undefined ? {} : { shortcut: formatBinding(binding, mac) }),
    });
  }
  return result;
}
