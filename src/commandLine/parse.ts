import { formatColor, parseColor } from "./colors";
import { evaluateNumber, formatNumber, type Quantity } from "./numbers";
import {
  ALIGN_WORDS,
  DISTRIBUTE_WORDS,
  syntaxOf,
  tokenize,
  type BuiltinName,
  type ParsedCommand,
  type Token,
  quoteWord,
} from "./syntax";
import { STAR_LIMITS } from "../shapes/cornered";
import type { RGBA } from "../doc/types";

/** A command the registry knows, as far as the command line needs it. */
export interface NamedCommand {
  readonly id: string;
  readonly label: string;
}

/** An error and the part of the line it is about (start ≤ end, offsets into the line). */
export interface ParseFailure {
  readonly ok: false;
  readonly error: string;
  readonly start: number;
  readonly end: number;
}

export type ParseResult = { readonly ok: true; readonly command: ParsedCommand } | ParseFailure;

/** Longest line the command line reads. */
export const MAX_LINE_CHARS = 1000;

/** 2 % to 25,600 %, the camera's range. */
export const ZOOM_RANGE = { min: 2, max: 25_600 } as const;

class LineError extends Error {
  constructor(
    message: string,
    readonly start: number,
    readonly end: number,
  ) {
    super(message);
  }
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function numberAt(name: string, token: Token, quantity: Quantity): number {
  const result = evaluateNumber(token.text, quantity);
  if (result.ok) return result.value;
  throw new LineError(`${name}: ${result.error}`, token.start + result.offset, token.end);
}

/** Exactly `count` numbers, or an error saying how many there were. */
function numbers(
  name: string,
  args: readonly Token[],
  counts: readonly number[],
  quantity: Quantity,
  line: string,
): number[] {
  if (!counts.includes(args.length)) {
    const expected = counts.map((n) => String(n)).join(" or ");
    const word = counts.length === 1 && counts[0] === 1 ? "number" : "numbers";
    const extra = args[Math.max(...counts)];
    throw new LineError(
      `${name}: expected ${expected} ${word}, got ${args.length}`,
      extra?.start ?? line.length,
      line.length,
    );
  }
  return args.map((token) => numberAt(name, token, quantity));
}

function noArgs(name: string, args: readonly Token[], line: string): void {
  if (args.length > 0)
    throw new LineError(
      `${name}: takes nothing after it, got ${plural(args.length, "word")}`,
      args[0]!.start,
      line.length,
    );
}

function word<T>(
  name: string,
  args: readonly Token[],
  words: Readonly<Record<string, T>>,
  line: string,
): T {
  const choices = Object.keys(words).join(", ");
  if (args.length !== 1)
    throw new LineError(
      `${name}: expected one of ${choices}, got ${plural(args.length, "word")}`,
      args[1]?.start ?? line.length,
      line.length,
    );
  const value = words[args[0]!.text.toLowerCase()];
  if (value === undefined)
    throw new LineError(
      `${name}: expected one of ${choices}, got “${args[0]!.text}”`,
      args[0]!.start,
      args[0]!.end,
    );
  return value;
}

function paint(name: string, token: Token): RGBA | null {
  if (token.text.toLowerCase() === "none") return null;
  const color = parseColor(token.text);
  if (color === null)
    throw new LineError(
      `${name}: “${token.text}” is not a colour (#rrggbb, #rrggbbaa, none or a name)`,
      token.start,
      token.end,
    );
  return color;
}

/** `star points [inner]` or `star cx cy r points [inner]`; inner is a factor (0.4 or 40%). */
function star(args: readonly Token[], line: string): ParsedCommand {
  if (![1, 2, 4, 5].includes(args.length))
    throw new LineError(
      `star: expected 1, 2, 4 or 5 numbers, got ${args.length}`,
      args[5]?.start ?? line.length,
      line.length,
    );
  const drawn = args.length >= 4;
  const countToken = args[drawn ? 3 : 0]!;
  const ratioToken = args[drawn ? 4 : 1];
  const points = numberAt("star", countToken, "factor");
  const { min, max } = STAR_LIMITS.count;
  if (!Number.isInteger(points) || points < min || points > max)
    throw new LineError(
      `star: the points are a whole number from ${min} to ${max}`,
      countToken.start,
      countToken.end,
    );
  let base: Extract<ParsedCommand, { kind: "star" }> = { kind: "star", points };
  if (ratioToken !== undefined) {
    const innerRatio = numberAt("star", ratioToken, "factor");
    if (!(innerRatio > 0 && innerRatio <= 1))
      throw new LineError(
        "star: the inner radius is a share of the outer one, above 0 and at most 1 (100%)",
        ratioToken.start,
        ratioToken.end,
      );
    base = { ...base, innerRatio };
  }
  if (!drawn) return base;
  const [cx, cy, r] = args.slice(0, 3).map((token) => numberAt("star", token, "length")) as [
    number,
    number,
    number,
  ];
  if (!(r > 0))
    throw new LineError("star: the radius must be above 0", args[2]!.start, args[2]!.end);
  return { ...base, at: { cx, cy, r } };
}

function builtin(name: BuiltinName, args: readonly Token[], line: string): ParsedCommand {
  switch (name) {
    case "rect": {
      const [x, y, width, height] = numbers(name, args, [4], "length", line) as [
        number,
        number,
        number,
        number,
      ];
      return { kind: "rect", x, y, width, height };
    }
    case "ellipse": {
      const [cx, cy, rx, ry] = numbers(name, args, [4], "length", line) as [
        number,
        number,
        number,
        number,
      ];
      const negative = rx < 0 ? args[2]! : ry < 0 ? args[3]! : null;
      if (negative !== null)
        throw new LineError("ellipse: a radius cannot be negative", negative.start, negative.end);
      return { kind: "ellipse", cx, cy, rx, ry };
    }
    case "line": {
      const [x1, y1, x2, y2] = numbers(name, args, [4], "length", line) as [
        number,
        number,
        number,
        number,
      ];
      return { kind: "line", x1, y1, x2, y2 };
    }
    case "star":
      return star(args, line);
    case "move": {
      const [dx, dy] = numbers(name, args, [2], "length", line) as [number, number];
      return { kind: "move", dx, dy };
    }
    case "rotate": {
      const [degrees] = numbers(name, args, [1], "angle", line) as [number];
      return { kind: "rotate", degrees };
    }
    case "scale": {
      const factors = numbers(name, args, [1, 2], "factor", line);
      factors.forEach((k, i) => {
        if (k === 0)
          throw new LineError(
            "scale: a factor of 0 would flatten the selection",
            args[i]!.start,
            args[i]!.end,
          );
      });
      return { kind: "scale", x: factors[0]!, y: factors[1] ?? factors[0]! };
    }
    case "fill":
      if (args.length !== 1)
        throw new LineError(
          `fill: expected one colour, got ${plural(args.length, "word")}`,
          args[1]?.start ?? line.length,
          line.length,
        );
      return { kind: "fill", color: paint(name, args[0]!) };
    case "stroke": {
      if (args.length < 1 || args.length > 2)
        throw new LineError(
          `stroke: expected a width and maybe a colour, got ${plural(args.length, "word")}`,
          args[2]?.start ?? line.length,
          line.length,
        );
      const width = numberAt(name, args[0]!, "length");
      if (width < 0)
        throw new LineError("stroke: the width cannot be negative", args[0]!.start, args[0]!.end);
      return args[1] === undefined
        ? { kind: "stroke", width }
        : { kind: "stroke", width, color: paint(name, args[1]) };
    }
    case "align":
      return { kind: "align", edge: word(name, args, ALIGN_WORDS, line) };
    case "distribute":
      return { kind: "distribute", axis: word(name, args, DISTRIBUTE_WORDS, line) };
    case "group":
    case "ungroup":
    case "delete":
    case "duplicate":
      noArgs(name, args, line);
      return { kind: name };
    case "connect": {
      if (args.length === 0) return { kind: "connect", from: null, to: null };
      if (args.length !== 2)
        throw new LineError(
          "connect: give two shape names, or none to join the two selected shapes",
          args[0]!.start,
          args.at(-1)!.end,
        );
      return { kind: "connect", from: args[0]!.text, to: args[1]!.text };
    }
    case "select":
      return {
        kind: "select",
        which: word(name, args, { all: "all", none: "none" } as const, line),
      };
    case "zoom": {
      if (args.length === 1 && args[0]!.text.toLowerCase() === "fit")
        return { kind: "zoom", percent: "fit" };
      const [percent] = numbers(name, args, [1], "percent", line) as [number];
      if (percent < ZOOM_RANGE.min || percent > ZOOM_RANGE.max)
        throw new LineError(
          `zoom: choose ${ZOOM_RANGE.min}% to ${ZOOM_RANGE.max}%`,
          args[0]!.start,
          args[0]!.end,
        );
      return { kind: "zoom", percent };
    }
  }
}

/**
 * Reads one typed line: a built-in command (see COMMAND_SYNTAX), or a registered command by id
 * or label. Never throws; an error names the command and points at the offending part.
 */
export function parseCommand(line: string, commands: readonly NamedCommand[] = []): ParseResult {
  if (line.length > MAX_LINE_CHARS)
    return {
      ok: false,
      error: `a command is at most ${MAX_LINE_CHARS} characters`,
      start: MAX_LINE_CHARS,
      end: line.length,
    };
  const tokens = tokenize(line);
  const head = tokens[0];
  if (head === undefined) return { ok: false, error: "type a command", start: 0, end: line.length };
  const wanted = line.trim().toLowerCase();
  const named = commands.find(
    (c) => c.id.toLowerCase() === wanted || c.label.toLowerCase() === wanted,
  );
  const syntax = syntaxOf(head.text.toLowerCase());
  if (syntax !== undefined) {
    try {
      return { ok: true, command: builtin(syntax.name, tokens.slice(1), line) };
    } catch (error) {
      if (!(error instanceof LineError)) throw error;
      // "zoom in" is no zoom percentage, but it may be a registered command's label.
      if (named !== undefined) return { ok: true, command: { kind: "run", id: named.id } };
      return { ok: false, error: error.message, start: error.start, end: error.end };
    }
  }
  if (named !== undefined) return { ok: true, command: { kind: "run", id: named.id } };
  return { ok: false, error: `unknown command “${head.text}”`, start: head.start, end: head.end };
}

function paintText(color: RGBA | null): string {
  return color === null ? "none" : formatColor(color);
}

/** The text that parses back to `command` (the inverse of parseCommand). */
export function formatCommand(command: ParsedCommand): string {
  const n = formatNumber;
  switch (command.kind) {
    case "rect":
      return `rect ${n(command.x)} ${n(command.y)} ${n(command.width)} ${n(command.height)}`;
    case "ellipse":
      return `ellipse ${n(command.cx)} ${n(command.cy)} ${n(command.rx)} ${n(command.ry)}`;
    case "line":
      return `line ${n(command.x1)} ${n(command.y1)} ${n(command.x2)} ${n(command.y2)}`;
    case "star": {
      const at =
        command.at === undefined
          ? ""
          : `${n(command.at.cx)} ${n(command.at.cy)} ${n(command.at.r)} `;
      const inner = command.innerRatio === undefined ? "" : ` ${n(command.innerRatio)}`;
      return `star ${at}${n(command.points)}${inner}`;
    }
    case "move":
      return `move ${n(command.dx)} ${n(command.dy)}`;
    case "rotate":
      return `rotate ${n(command.degrees)}`;
    case "scale":
      return Object.is(command.x, command.y)
        ? `scale ${n(command.x)}`
        : `scale ${n(command.x)} ${n(command.y)}`;
    case "fill":
      return `fill ${paintText(command.color)}`;
    case "stroke":
      return command.color === undefined
        ? `stroke ${n(command.width)}`
        : `stroke ${n(command.width)} ${paintText(command.color)}`;
    case "align":
      return `align ${command.edge}`;
    case "distribute":
      return `distribute ${command.axis}`;
    case "group":
    case "ungroup":
    case "delete":
    case "duplicate":
      return command.kind;
    case "select":
      return `select ${command.which}`;
    case "connect":
      return command.from === null
        ? "connect"
        : `connect ${quoteWord(command.from)} ${quoteWord(command.to!)}`;
    case "zoom":
      return `zoom ${command.percent === "fit" ? "fit" : n(command.percent)}`;
    case "run":
      return command.id;
  }
}
