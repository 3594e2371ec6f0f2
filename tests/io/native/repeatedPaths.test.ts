import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../../src/doc/factory";
import { makeNode } from "../../../src/shapes/makeNode";
import type { DocRecord, PathNode, Subpath } from "../../../src/doc/types";
import { serializeDocument } from "../../../src/io/native/format";
import { parseDocument } from "../../../src/io/native/parse";
import { subpathsOf, vec2Arb } from "../../support/arbitraries";

// A path written again with the same commands and numbers shares the subpaths read for the one
// before it; the records must be those the file describes, and every broken file must still be
// refused with the message it got before.

function document(paths: readonly (readonly Subpath[])[]): DocRecord[] {
  const records: DocRecord[] = createDocument({
    id: "doc",
    pageId: "page",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  paths.forEach((subpaths, i) =>
    records.push(
      makeNode<PathNode>("path", `p${i}`, "page", `a${i.toString().padStart(4, "0")}`, {
        fill: DEFAULT_FILL,
        stroke: DEFAULT_STROKE,
        subpaths: subpaths.map((s) => ({ ...s, segments: [...s.segments] })),
        fillRule: "nonzero",
      }),
    ),
  );
  return records;
}

function load(text: string): DocRecord[] {
  const result = parseDocument(text);
  if (!result.ok) throw new Error(result.error);
  return result.records;
}

const paths = (records: readonly DocRecord[]): PathNode[] =>
  records.filter((r): r is PathNode => r.type === "path");

type Columns = { nodes: { paths: string; pathPoints: unknown[] } };

const ZIGZAG: Subpath[] = [
  {
    start: { x: 0, y: 0 },
    segments: [
      { type: "line", to: { x: 10, y: 20 } },
      { type: "quad", control: { x: 15, y: 0 }, to: { x: 20, y: 20 } },
      { type: "cubic", control1: { x: 1, y: 2 }, control2: { x: 3, y: 4 }, to: { x: 5, y: 6 } },
    ],
    closed: true,
  },
];

describe("paths written again", () => {
  it("read as the file describes them, whatever repeats, and repeats share their subpaths", () => {
    const pool = fc.array(fc.array(subpathsOf(vec2Arb), { minLength: 0, maxLength: 3 }), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        pool.chain((choices) =>
          fc.tuple(
            fc.constant(choices),
            fc.array(fc.nat(choices.length - 1), { minLength: 1, maxLength: 12 }),
          ),
        ),
        ([choices, picks]) => {
          const written = document(picks.map((k) => choices[k]!));
          const read = paths(load(serializeDocument(written)));
          expect(read).toEqual(paths(written));
          for (let i = 1; i < read.length; i++)
            if (picks[i] === picks[i - 1] && choices[picks[i]!]!.length > 0)
              expect(read[i]!.subpaths).toBe(read[i - 1]!.subpaths);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("shares nothing between paths that differ in one number, or in the sign of a zero", () => {
    const file = JSON.parse(serializeDocument(document([ZIGZAG, ZIGZAG, ZIGZAG]))) as Columns;
    const per = file.nodes.pathPoints.length / 3;
    file.nodes.pathPoints[per + 5] = 7.5;
    // JSON.stringify writes -0 as 0: a marker is put in its place in the text.
    file.nodes.pathPoints[2 * per] = 123.456;
    const [a, b, c] = paths(load(JSON.stringify(file).replace("123.456", "-0")));
    expect(b!.subpaths).not.toBe(a!.subpaths);
    expect(c!.subpaths).not.toBe(a!.subpaths);
    expect(c!.subpaths).not.toBe(b!.subpaths);
    expect(Object.is(c!.subpaths[0]!.start.x, -0)).toBe(true);
    expect(a!.subpaths).toEqual(ZIGZAG);
  });

  it("does not take a longer path for a repeat of a shorter one that starts it", () => {
    const longer: Subpath[] = [{ ...ZIGZAG[0]!, closed: false }, ...ZIGZAG];
    const written = document([ZIGZAG, longer, longer, ZIGZAG]);
    const read = paths(load(serializeDocument(written)));
    expect(read).toEqual(paths(written));
    expect(read[2]!.subpaths).toBe(read[1]!.subpaths);
  });

  it("refuses a broken repeat with the message a broken path gets", () => {
    const text = serializeDocument(document([ZIGZAG, ZIGZAG]));
    const file = JSON.parse(text) as Columns;
    const error = (change: (f: Columns) => void): string => {
      const copy = JSON.parse(text) as Columns;
      change(copy);
      const result = parseDocument(JSON.stringify(copy));
      return result.ok ? "" : result.error;
    };
    const per = file.nodes.pathPoints.length / 2;
    // The second path runs out of numbers.
    expect(error((f) => f.nodes.pathPoints.pop())).toMatch(
      /subpaths need more numbers than nodes\.pathPoints holds/,
    );
    // A number that is not one, in the second path.
    expect(error((f) => (f.nodes.pathPoints[per + 1] = "1"))).toMatch(
      new RegExp(`subpaths use nodes\\.pathPoints\\[${per + 1}\\]`),
    );
    // One more number than the paths use.
    expect(error((f) => f.nodes.pathPoints.push(0))).toMatch(
      new RegExp(`nodes\\.pathPoints holds ${2 * per + 1} numbers, but the paths use ${2 * per}`),
    );
    // A bad command in the repeat.
    expect(error((f) => (f.nodes.paths = `${f.nodes.paths.split(" ")[0]} MLX`))).toMatch(
      /The document is damaged/,
    );
  });
});
