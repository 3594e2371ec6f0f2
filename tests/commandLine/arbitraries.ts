import fc from "fast-check";
import { ALIGN_EDGES } from "../../src/actions/align";
import { ZOOM_RANGE } from "../../src/commandLine/parse";
import type { ParsedCommand } from "../../src/commandLine/syntax";
import type { RGBA } from "../../src/doc/types";

const num = fc.double({ min: -1e9, max: 1e9, noNaN: true });
const positive = fc.double({ min: 0, max: 1e9, noNaN: true });
const byte = fc.integer({ min: 0, max: 255 }).map((n) => n / 255);
export const color: fc.Arbitrary<RGBA> = fc.record({ r: byte, g: byte, b: byte, a: byte });
const factor = num.filter((n) => n !== 0);

export const commandArb: fc.Arbitrary<ParsedCommand> = fc.oneof(
  fc.record({ kind: fc.constant("rect" as const), x: num, y: num, width: num, height: num }),
  fc.record({
    kind: fc.constant("ellipse" as const),
    cx: num,
    cy: num,
    rx: positive,
    ry: positive,
  }),
  fc.record({ kind: fc.constant("line" as const), x1: num, y1: num, x2: num, y2: num }),
  fc.record(
    {
      kind: fc.constant("star" as const),
      points: fc.integer({ min: 3, max: 100 }),
      innerRatio: fc.double({ min: 0.01, max: 1, noNaN: true }),
      at: fc.record({ cx: num, cy: num, r: fc.double({ min: 1e-3, max: 1e9, noNaN: true }) }),
    },
    { requiredKeys: ["kind", "points"] },
  ),
  fc.record({ kind: fc.constant("move" as const), dx: num, dy: num }),
  fc.record({ kind: fc.constant("rotate" as const), degrees: num }),
  fc.record({ kind: fc.constant("scale" as const), x: factor, y: factor }),
  factor.map((k) => ({ kind: "scale" as const, x: k, y: k })),
  fc.record({ kind: fc.constant("fill" as const), color: fc.option(color, { nil: null }) }),
  fc.record({ kind: fc.constant("stroke" as const), width: positive }),
  fc.record({
    kind: fc.constant("stroke" as const),
    width: positive,
    color: fc.option(color, { nil: null }),
  }),
  fc.record({ kind: fc.constant("align" as const), edge: fc.constantFrom(...ALIGN_EDGES) }),
  fc.record({
    kind: fc.constant("distribute" as const),
    axis: fc.constantFrom("horizontal" as const, "vertical" as const),
  }),
  fc
    .constantFrom("group" as const, "ungroup" as const, "delete" as const, "duplicate" as const)
    .map((kind) => ({ kind })),
  fc.record({
    kind: fc.constant("select" as const),
    which: fc.constantFrom("all" as const, "none" as const),
  }),
  fc.record({
    kind: fc.constant("zoom" as const),
    percent: fc.oneof(
      fc.constant("fit" as const),
      fc.double({ min: ZOOM_RANGE.min, max: ZOOM_RANGE.max, noNaN: true }),
    ),
  }),
  fc.constant({ kind: "run" as const, id: "view.zoomIn" }),
);
