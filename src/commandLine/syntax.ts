import {
  ALIGN_EDGES,
  DISTRIBUTE_AXES,
  type AlignEdge,
  type DistributeAxis,
} from "../actions/align";
import type { RGBA } from "../doc/types";

/** A command line after parsing: what to do, with every number already in world units. */
export type ParsedCommand =
  | {
      readonly kind: "rect";
      readonly x: number;
      readonly y: number;
      readonly width: number;
      readonly height: number;
    }
  | {
      readonly kind: "ellipse";
      readonly cx: number;
      readonly cy: number;
      readonly rx: number;
      readonly ry: number;
    }
  | {
      readonly kind: "line";
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
    }
  /**
   * With `at`, draws a star there; without, turns the selected polygons into stars, or with
   * nothing selected makes the polygon tool draw them. innerRatio undefined keeps each one's.
   */
  | {
      readonly kind: "star";
      readonly points: number;
      readonly innerRatio?: number;
      readonly at?: { readonly cx: number; readonly cy: number; readonly r: number };
    }
  | { readonly kind: "move"; readonly dx: number; readonly dy: number }
  | { readonly kind: "rotate"; readonly degrees: number }
  | { readonly kind: "scale"; readonly x: number; readonly y: number }
  /** null: no fill. */
  | { readonly kind: "fill"; readonly color: RGBA | null }
  /** color undefined keeps each stroke's paint; null removes it. */
  | { readonly kind: "stroke"; readonly width: number; readonly color?: RGBA | null }
  | { readonly kind: "align"; readonly edge: AlignEdge }
  | { readonly kind: "distribute"; readonly axis: DistributeAxis }
  | { readonly kind: "group" | "ungroup" | "delete" | "duplicate" }
  | { readonly kind: "select"; readonly which: "all" | "none" }
  /** Names of the two shapes, or null for the two selected ones. */
  | { readonly kind: "connect"; readonly from: string | null; readonly to: string | null }
  | { readonly kind: "zoom"; readonly percent: number | "fit" }
  /** A registered command, by id. */
  | { readonly kind: "run"; readonly id: string };

export type BuiltinName = Exclude<ParsedCommand["kind"], "run">;

export interface CommandSyntax {
  readonly name: BuiltinName;
  readonly usage: string;
  readonly summary: string;
  /** Words an argument may be, by position, for completion. */
  readonly choices?: readonly (readonly string[])[];
}

export const ALIGN_WORDS: Readonly<Record<string, AlignEdge>> = {
  ...Object.fromEntries(ALIGN_EDGES.map((e) => [e, e])),
  centre: "center",
};
export const DISTRIBUTE_WORDS: Readonly<Record<string, DistributeAxis>> = {
  ...Object.fromEntries(DISTRIBUTE_AXES.map((a) => [a, a])),
  h: "horizontal",
  v: "vertical",
};

/** Every built-in command, in the order completion lists them. */
export const COMMAND_SYNTAX: readonly CommandSyntax[] = [
  {
    name: "rect",
    usage: "rect x y width height",
    summary: "Draw a rectangle from its top-left corner",
  },
  {
    name: "ellipse",
    usage: "ellipse cx cy rx ry",
    summary: "Draw an ellipse from its centre and radii",
  },
  { name: "line", usage: "line x1 y1 x2 y2", summary: "Draw a line between two points" },
  {
    name: "star",
    usage: "star points [inner] | star cx cy r points [inner]",
    summary: "Make the selected polygons stars (or new ones), or draw a star",
  },
  { name: "move", usage: "move dx dy", summary: "Move the selection" },
  {
    name: "rotate",
    usage: "rotate degrees",
    summary: "Rotate the selection about its centre, clockwise",
  },
  {
    name: "scale",
    usage: "scale k | scale kx ky",
    summary: "Scale the selection about its centre",
  },
  {
    name: "fill",
    usage: "fill #rrggbb[aa] | none | name",
    summary: "Fill the selection (or new shapes)",
  },
  {
    name: "stroke",
    usage: "stroke width [#rrggbb[aa] | none | name]",
    summary: "Stroke the selection (or new shapes)",
  },
  {
    name: "align",
    usage: "align left|center|right|top|middle|bottom",
    summary: "Align the selection",
    choices: [ALIGN_EDGES],
  },
  {
    name: "distribute",
    usage: "distribute horizontal|vertical",
    summary: "Space three or more shapes evenly",
    choices: [DISTRIBUTE_AXES],
  },
  { name: "group", usage: "group", summary: "Group the selection" },
  { name: "ungroup", usage: "ungroup", summary: "Ungroup the selected groups" },
  { name: "delete", usage: "delete", summary: "Delete the selection" },
  { name: "duplicate", usage: "duplicate", summary: "Duplicate the selection" },
  {
    name: "connect",
    usage: "connect [from to]",
    summary:
      'Join two shapes (by name or label, "quoted" with spaces; or the two selected) with a bound arrow',
  },
  {
    name: "select",
    usage: "select all|none",
    summary: "Select everything or nothing",
    choices: [["all", "none"]],
  },
  {
    name: "zoom",
    usage: "zoom percent | fit",
    summary: "Zoom to a percentage or to fit the drawing",
    choices: [["fit"]],
  },
];

export function syntaxOf(name: string): CommandSyntax | undefined {
  return COMMAND_SYNTAX.find((s) => s.name === name);
}

/** A word of the line and where it is, for errors that point at it. */
export interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/**
 * Words are separated by spaces or commas: `rect 10, 20, 100, 50` reads like `rect 10 20 100 50`.
 * Quotes (double or single) make one word of what they hold, spaces and all: `"Check stock"`.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const word = /"([^"]*)"?|'([^']*)'?|[^\s,]+/g;
  for (let match = word.exec(text); match !== null; match = word.exec(text)) {
    const quoted = match[1] ?? match[2];
    tokens.push({
      text: quoted ?? match[0],
      start: match.index,
      end: match.index + match[0].length,
    });
  }
  return tokens;
}

/** A word as `tokenize` reads it back: quoted when it holds a space, comma or quote. */
export function quoteWord(text: string): string {
  if (text !== "" && !/[\s,"']/.test(text)) return text;
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}
