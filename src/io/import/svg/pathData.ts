import type { PathSegment, Subpath } from "../../../doc/types";
import { IMPORT_LIMITS, ImportError } from "../limits";
import type { Point } from "../../../math/point";

/**
 * SVG path data (M L H V C S Q T A Z, absolute and relative) into absolute subpaths of lines,
 * quadratics and cubics; arcs become cubics. Like a browser, a syntax error ends the path where
 * it happened and keeps what came before.
 */

export interface ParsedPath {
  readonly subpaths: Subpath[];
  /** Why parsing stopped early, or null. */
  readonly error: string | null;
}

const ARGUMENTS: Readonly<Record<string, number>> = {
  m: 2,
  l: 2,
  h: 1,
  v: 1,
  c: 6,
  s: 4,
  q: 4,
  t: 2,
  a: 7,
  z: 0,
};

class Scanner {
  pos = 0;
  numbers = 0;
  constructor(readonly text: string) {}

  skipSeparators(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c || c === 0x2c)
        this.pos += 1;
      else return;
    }
  }

  skipSpace(): void {
    const text = this.text;
    for (;;) {
      const c = text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x0c) this.pos += 1;
      else return;
    }
  }

  atNumber(): boolean {
    this.skipSeparators();
    const c = this.text.charCodeAt(this.pos);
    return (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e;
  }

  number(): number | null {
    this.skipSeparators();
    const text = this.text;
    const start = this.pos;
    let i = start;
    const c0 = text[i];
    if (c0 === "+" || c0 === "-") i++;
    let digits = 0;
    while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) {
      i++;
      digits++;
    }
    if (text[i] === ".") {
      i++;
      while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) {
        i++;
        digits++;
      }
    }
    if (digits === 0) return null;
    let exponent = false;
    if (text[i] === "e" || text[i] === "E") {
      let j = i + 1;
      if (text[j] === "+" || text[j] === "-") j++;
      const expStart = j;
      while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x39) j++;
      if (j > expStart) {
        i = j;
        exponent = true;
      }
    }
    const value =
      !exponent && digits <= MAX_EXACT_DIGITS
        ? shortDecimal(text, start, i)
        : Number(text.slice(start, i));
    if (!Number.isFinite(value)) return null;
    this.pos = i;
    if (++this.numbers > IMPORT_LIMITS.maxPathNumbers) {
      throw new ImportError(
        `A path has more than ${IMPORT_LIMITS.maxPathNumbers.toLocaleString("en")} numbers (the limit).`,
      );
    }
    return value;
  }

  /** An arc flag: a single 0 or 1, which may run into the next number. */
  flag(): number | null {
    this.skipSeparators();
    const c = this.text[this.pos];
    if (c !== "0" && c !== "1") return null;
    this.pos += 1;
    return c === "1" ? 1 : 0;
  }
}

/**
 * Decimals of at most this many digits are read without making a string: their digits as an
 * integer are exact in a double, and so is any power of ten up to 1e22, so one division gives
 * the correctly rounded value, the same as Number() (Clinger's fast path).
 */
const MAX_EXACT_DIGITS = 15;
const POWERS_OF_TEN = Array.from({ length: MAX_EXACT_DIGITS + 1 }, (_, k) => 10 ** k);

/** The value of a sign, digits and at most one point, known to hold 1–15 digits. */
function shortDecimal(text: string, start: number, end: number): number {
  let i = start;
  const c0 = text.charCodeAt(i);
  const negative = c0 === 0x2d;
  if (negative || c0 === 0x2b) i++;
  let mantissa = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2e) fraction = 0;
    else {
      mantissa = mantissa * 10 + (c - 0x30);
      if (fraction >= 0) fraction++;
    }
  }
  const value = fraction > 0 ? mantissa / POWERS_OF_TEN[fraction]! : mantissa;
  return negative ? -value : value;
}

/** Path commands by character code: the letter, or undefined for anything else. */
const COMMANDS: ReadonlyArray<string | undefined> = (() => {
  const table: Array<string | undefined> = [];
  for (const letter of "MmLlHhVvCcSsQqTtAaZz") table[letter.charCodeAt(0)] = letter;
  return table;
})();

export function parsePathData(data: string): ParsedPath {
  const scan = new Scanner(data);
  const subpaths: Subpath[] = [];
  let segments: PathSegment[] = [];
  let start: Point = { x: 0, y: 0 };
  let current: Point = { x: 0, y: 0 };
  let open = false;
  let closed = false;
  /** The control point a following S or T reflects, or null. */
  let lastCubic: Point | null = null;
  let lastQuad: Point | null = null;
  let command = "";
  let first = true;

  const finish = (): void => {
    if (open) subpaths.push({ start, segments, closed });
    segments = [];
    open = false;
    closed = false;
  };
  const ensureOpen = (): void => {
    if (!open) {
      // A drawing command right after Z starts a new subpath at the same point.
      start = current;
      segments = [];
      open = true;
      closed = false;
    }
  };
  const stop = (error: string): ParsedPath => {
    finish();
    return { subpaths, error };
  };

  for (;;) {
    scan.skipSeparators();
    if (scan.pos >= data.length) break;
    const letter = COMMANDS[data.charCodeAt(scan.pos)];
    if (letter !== undefined) {
      command = letter;
      scan.pos += 1;
    } else if (command === "" || command === "z" || command === "Z" || !scan.atNumber()) {
      return stop(`unexpected "${data[scan.pos]!}" at character ${scan.pos + 1}`);
    } else if (command === "M") command = "L";
    else if (command === "m") command = "l";
    if (first && command !== "M" && command !== "m")
      return stop("path data must start with a move");
    first = false;
    const lower = command.toLowerCase();
    const relative = command !== command.toUpperCase();
    const args: number[] = [];
    for (let i = 0; i < ARGUMENTS[lower]!; i++) {
      const value = lower === "a" && (i === 3 || i === 4) ? scan.flag() : scan.number();
      if (value === null) return stop(`a number is missing after "${command}"`);
      args.push(value);
    }
    const ox = relative ? current.x : 0;
    const oy = relative ? current.y : 0;
    let nextCubic: Point | null = null;
    let nextQuad: Point | null = null;
    switch (lower) {
      case "m": {
        finish();
        current = { x: args[0]! + ox, y: args[1]! + oy };
        start = current;
        open = true;
        break;
      }
      case "z": {
        if (open) {
          closed = true;
          current = start;
          finish();
        }
        break;
      }
      case "l":
      case "h":
      case "v": {
        ensureOpen();
        const to =
          lower === "l"
            ? { x: args[0]! + ox, y: args[1]! + oy }
            : lower === "h"
              ? { x: args[0]! + ox, y: current.y }
              : { x: current.x, y: args[0]! + oy };
        segments.push({ type: "line", to });
        current = to;
        break;
      }
      case "c":
      case "s": {
        ensureOpen();
        let control1: Point;
        let rest: number[];
        if (lower === "c") {
          control1 = { x: args[0]! + ox, y: args[1]! + oy };
          rest = args.slice(2);
        } else {
          control1 = lastCubic === null ? current : reflect(lastCubic, current);
          rest = args;
        }
        const control2 = { x: rest[0]! + ox, y: rest[1]! + oy };
        const to = { x: rest[2]! + ox, y: rest[3]! + oy };
        segments.push({ type: "cubic", control1, control2, to });
        nextCubic = control2;
        current = to;
        break;
      }
      case "q":
      case "t": {
        ensureOpen();
        const control: Point =
          lower === "q"
            ? { x: args[0]! + ox, y: args[1]! + oy }
            : lastQuad === null
              ? current
              : reflect(lastQuad, current);
        const to =
          lower === "q"
            ? { x: args[2]! + ox, y: args[3]! + oy }
            : { x: args[0]! + ox, y: args[1]! + oy };
        segments.push({ type: "quad", control, to });
        nextQuad = control;
        current = to;
        break;
      }
      case "a": {
        ensureOpen();
        const to = { x: args[5]! + ox, y: args[6]! + oy };
        for (const segment of arcToCubics(
          current,
          args[0]!,
          args[1]!,
          args[2]!,
          args[3] === 1,
          args[4] === 1,
          to,
        ))
          segments.push(segment);
        current = to;
        break;
      }
    }
    lastCubic = nextCubic;
    lastQuad = nextQuad;
  }
  finish();
  return { subpaths, error: null };
}

function reflect(control: Point, about: Point): Point {
  return { x: 2 * about.x - control.x, y: 2 * about.y - control.y };
}

/**
 * An elliptical arc as cubics, each spanning at most 90° (SVG 1.1 appendix F.6: out-of-range
 * radii are scaled up, zero radii make a line).
 */
export function arcToCubics(
  from: Point,
  rxIn: number,
  ryIn: number,
  angleDegrees: number,
  largeArc: boolean,
  sweep: boolean,
  to: Point,
): PathSegment[] {
  if (from.x === to.x && from.y === to.y) return [];
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  if (rx === 0 || ry === 0) return [{ type: "line", to }];
  const phi = (angleDegrees * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from.x - to.x) / 2;
  const dy = (from.y - to.y) / 2;
  const x1 = cos * dx + sin * dy;
  const y1 = -sin * dx + cos * dy;
  const lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry);
  if (lambda > 1) {
    const scale = Math.sqrt(lambda);
    rx *= scale;
    ry *= scale;
  }
  const numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1;
  const denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  let factor = denominator === 0 ? 0 : Math.sqrt(Math.max(0, numerator / denominator));
  if (largeArc === sweep) factor = -factor;
  const cx1 = (factor * rx * y1) / ry;
  const cy1 = (-factor * ry * x1) / rx;
  const cx = cos * cx1 - sin * cy1 + (from.x + to.x) / 2;
  const cy = sin * cx1 + cos * cy1 + (from.y + to.y) / 2;
  const theta1 = angleBetween(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry);
  let delta = angleBetween((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  else if (sweep && delta < 0) delta += 2 * Math.PI;
  if (!Number.isFinite(delta) || !Number.isFinite(cx) || !Number.isFinite(cy))
    return [{ type: "line", to }];
  const count = Math.max(1, Math.ceil(Math.abs(delta) / (Math.PI / 2) - 1e-9));
  const step = delta / count;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number): Point => {
    const ex = rx * Math.cos(t);
    const ey = ry * Math.sin(t);
    return { x: cx + cos * ex - sin * ey, y: cy + sin * ex + cos * ey };
  };
  const derivative = (t: number): Point => {
    const ex = -rx * Math.sin(t);
    const ey = ry * Math.cos(t);
    return { x: cos * ex - sin * ey, y: sin * ex + cos * ey };
  };
  const segments: PathSegment[] = [];
  let t = theta1;
  let p0 = from;
  for (let i = 0; i < count; i++) {
    const t1 = t + step;
    const d0 = derivative(t);
    const d1 = derivative(t1);
    const p1 = i === count - 1 ? to : point(t1);
    segments.push({
      type: "cubic",
      control1: { x: p0.x + k * d0.x, y: p0.y + k * d0.y },
      control2: { x: p1.x - k * d1.x, y: p1.y - k * d1.y },
      to: p1,
    });
    p0 = p1;
    t = t1;
  }
  return segments;
}

function angleBetween(ux: number, uy: number, vx: number, vy: number): number {
  return Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
}

/** Absolute path data for subpaths; `parsePathData` reads it back to the same subpaths. */
export function printPathData(subpaths: readonly Subpath[]): string {
  const parts: string[] = [];
  for (const sub of subpaths) {
    parts.push(`M${sub.start.x} ${sub.start.y}`);
    for (const seg of sub.segments) {
      if (seg.type === "line") parts.push(`L${seg.to.x} ${seg.to.y}`);
      else if (seg.type === "quad")
        parts.push(`Q${seg.control.x} ${seg.control.y} ${seg.to.x} ${seg.to.y}`);
      else
        parts.push(
          `C${seg.control1.x} ${seg.control1.y} ${seg.control2.x} ${seg.control2.y} ${seg.to.x} ${seg.to.y}`,
        );
    }
    if (sub.closed) parts.push("Z");
  }
  return parts.join("");
}
