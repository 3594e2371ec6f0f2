import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatColor, parseColor } from "../../src/commandLine/colors";
import { formatCommand, parseCommand, ZOOM_RANGE } from "../../src/commandLine/parse";
import { color, commandArb } from "./arbitraries";

const ok = (line: string) => {
  const result = parseCommand(line, [{ id: "view.zoomIn", label: "Zoom in" }]);
  if (!result.ok) throw new Error(result.error);
  return result.command;
};

describe("parsing command lines", () => {
  it("reads the drawing commands in world units", () => {
    expect(ok("rect 10 20 100*2 50")).toEqual({
      kind: "rect",
      x: 10,
      y: 20,
      width: 200,
      height: 50,
    });
    expect(ok("ellipse 0, 0, 1in, 10")).toEqual({ kind: "ellipse", cx: 0, cy: 0, rx: 96, ry: 10 });
    expect(ok("LINE 0 0 +10 -10")).toEqual({ kind: "line", x1: 0, y1: 0, x2: 10, y2: -10 });
  });

  it("reads transforms, styles and the rest", () => {
    expect(ok("move 10mm -5")).toMatchObject({ kind: "move", dy: -5 });
    expect(ok("rotate 45")).toEqual({ kind: "rotate", degrees: 45 });
    expect(ok("scale 2")).toEqual({ kind: "scale", x: 2, y: 2 });
    expect(ok("scale 50% -1")).toEqual({ kind: "scale", x: 0.5, y: -1 });
    expect(ok("fill #ff000080")).toEqual({
      kind: "fill",
      color: { r: 1, g: 0, b: 0, a: 128 / 255 },
    });
    expect(ok("fill none")).toEqual({ kind: "fill", color: null });
    expect(ok("fill red")).toEqual({ kind: "fill", color: { r: 1, g: 0, b: 0, a: 1 } });
    expect(ok("stroke 2")).toEqual({ kind: "stroke", width: 2 });
    expect(ok("stroke 2 #00f")).toEqual({
      kind: "stroke",
      width: 2,
      color: { r: 0, g: 0, b: 1, a: 1 },
    });
    expect(ok("align centre")).toEqual({ kind: "align", edge: "center" });
    expect(ok("distribute h")).toEqual({ kind: "distribute", axis: "horizontal" });
    expect(ok("group")).toEqual({ kind: "group" });
    expect(ok("select all")).toEqual({ kind: "select", which: "all" });
    expect(ok("zoom 200%")).toEqual({ kind: "zoom", percent: 200 });
    expect(ok("zoom fit")).toEqual({ kind: "zoom", percent: "fit" });
  });

  it("finds registered commands by id or label", () => {
    expect(ok("view.zoomIn")).toEqual({ kind: "run", id: "view.zoomIn" });
    expect(ok("  zoom IN ")).toEqual({ kind: "run", id: "view.zoomIn" });
  });

  it("reports errors with the part of the line they are about", () => {
    const cases: [string, string, number, number][] = [
      ["line 1 2 3", "line: expected 4 numbers, got 3", 10, 10],
      ["rect 1 2 3 4 5", "rect: expected 4 numbers, got 5", 13, 14],
      ["rotate", "rotate: expected 1 number, got 0", 6, 6],
      ["move 10 2x", "move: unknown unit “x” (use px, mm, cm, in, pt)", 9, 10],
      ["ellipse 0 0 -5 5", "ellipse: a radius cannot be negative", 12, 14],
      [
        "align sideways",
        "align: expected one of left, center, right, top, middle, bottom, centre, got “sideways”",
        6,
        14,
      ],
      ["fill #12", "fill: “#12” is not a colour (#rrggbb, #rrggbbaa, none or a name)", 5, 8],
      ["zoom 1", `zoom: choose ${ZOOM_RANGE.min}% to ${ZOOM_RANGE.max}%`, 5, 6],
      ["scale 0", "scale: a factor of 0 would flatten the selection", 6, 7],
      ["group now", "group: takes nothing after it, got 1 word", 6, 9],
      ["frobnicate 3", "unknown command “frobnicate”", 0, 10],
      ["   ", "type a command", 0, 3],
    ];
    for (const [line, error, start, end] of cases)
      expect(parseCommand(line), line).toEqual({ ok: false, error, start, end });
  });

  it("refuses overlong lines", () => {
    expect(parseCommand("rect " + "1 ".repeat(600))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most/),
    });
  });
});

describe("formatting", () => {
  it("writes text that parses back to the same command", () => {
    fc.assert(
      fc.property(commandArb, (command) => {
        expect(ok(formatCommand(command))).toEqual(command);
      }),
      { numRuns: 1000 },
    );
  });

  it("quotes shape names that hold spaces, so connect reads them back whole", () => {
    const name = fc
      .array(fc.constantFrom("a", "B", " ", ",", "'", "7", "é"), { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join(""))
      .filter((text) => text.trim() !== "" && text === text.trim());
    fc.assert(
      fc.property(name, name, (from, to) => {
        const command = { kind: "connect", from, to } as const;
        expect(ok(formatCommand(command))).toEqual(command);
      }),
    );
    expect(ok('connect "Check stock", Done')).toEqual({
      kind: "connect",
      from: "Check stock",
      to: "Done",
    });
  });

  it("writes colours that read back exactly", () => {
    fc.assert(
      fc.property(color, (c) => {
        expect(parseColor(formatColor(c))).toEqual(c);
      }),
    );
  });
});
