/**
 * The rules of a group's filter (`GroupFilter` in `types.ts`): one check from unknown data, so
 * the file reader (which gets anything) and the document's invariants (which get what edits
 * made) hold filters to the same limits. The limits keep what a hostile file can ask of the
 * canvas small: a few dozen passes over a texture of the group's size on screen.
 */
import type { Box } from "../math/box";
import {
  BLEND_MODES,
  COMPOSITE_OPERATORS,
  MAX_BLUR,
  type FilterFit,
  type FilterInput,
  type FilterPrimitive,
  type GroupFilter,
} from "./types";

/** The most primitives one filter may hold (each is a pass or two on the canvas). */
export const MAX_FILTER_PRIMITIVES = 32;
/** The most inputs one merge may take. */
export const MAX_MERGE_INPUTS = 16;
/** The largest offset, region coordinate or size, in the group's units. */
export const MAX_FILTER_LENGTH = 1e7;
/**
 * The largest arithmetic coefficient or colour matrix entry (SVG gives no bound; past this the
 * result is all clamped).
 */
export const MAX_ARITHMETIC_K = 1000;

const PRIMITIVE_KEYS: Readonly<Record<FilterPrimitive["type"], readonly string[]>> = {
  blur: ["type", "in", "stdDeviationX", "stdDeviationY"],
  offset: ["type", "in", "dx", "dy"],
  flood: ["type", "color"],
  blend: ["type", "in", "in2", "mode"],
  composite: ["type", "in", "in2", "operator", "k"],
  merge: ["type", "inputs"],
  colorMatrix: ["type", "in", "values"],
  dropShadow: ["type", "in", "dx", "dy", "stdDeviation", "color"],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function within(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
}

function inputProblem(value: unknown, index: number): string | null {
  if (value === "SourceGraphic" || value === "SourceAlpha") return null;
  if (Number.isInteger(value) && (value as number) >= 0 && (value as number) < index) return null;
  return "must be SourceGraphic, SourceAlpha or the index of an earlier primitive";
}

function colorProblem(value: unknown): string | null {
  if (!isRecord(value)) return "must be a colour";
  for (const key of ["r", "g", "b", "a"])
    if (!within(value[key], 0, 1)) return `${key} must be a number from 0 to 1`;
  return Object.keys(value).length === 4 ? null : "has fields other than r, g, b and a";
}

function lengthProblem(value: unknown): string | null {
  return within(value, -MAX_FILTER_LENGTH, MAX_FILTER_LENGTH)
    ? null
    : `must be a number within ±${MAX_FILTER_LENGTH}`;
}

function deviationProblem(value: unknown): string | null {
  return within(value, 0, MAX_BLUR) ? null : `must be a number from 0 to ${MAX_BLUR}`;
}

function primitiveProblem(p: unknown, index: number): string | null {
  if (!isRecord(p)) return "must be an object";
  const keys = PRIMITIVE_KEYS[p.type as FilterPrimitive["type"]] as readonly string[] | undefined;
  if (keys === undefined || !Object.hasOwn(PRIMITIVE_KEYS, p.type as string))
    return `type must be one of ${Object.keys(PRIMITIVE_KEYS).join(", ")}`;
  for (const key of Object.keys(p)) if (!keys.includes(key)) return `unknown field ${key}`;
  const field = (key: string, problem: string | null): string | null =>
    problem === null ? null : `${key} ${problem}`;
  const checks: (string | null)[] = [];
  if (keys.includes("in")) checks.push(field("in", inputProblem(p.in, index)));
  if (keys.includes("in2")) checks.push(field("in2", inputProblem(p.in2, index)));
  switch (p.type) {
    case "blur":
      checks.push(field("stdDeviationX", deviationProblem(p.stdDeviationX)));
      checks.push(field("stdDeviationY", deviationProblem(p.stdDeviationY)));
      break;
    case "offset":
      checks.push(field("dx", lengthProblem(p.dx)), field("dy", lengthProblem(p.dy)));
      break;
    case "flood":
      checks.push(field("color", colorProblem(p.color)));
      break;
    case "blend":
      if (!(BLEND_MODES as readonly unknown[]).includes(p.mode)) checks.push("mode is unknown");
      break;
    case "composite": {
      if (!(COMPOSITE_OPERATORS as readonly unknown[]).includes(p.operator))
        checks.push("operator is unknown");
      const k = p.k;
      if (!Array.isArray(k) || k.length !== 4) checks.push("k must be four numbers");
      else if (!k.every((v) => within(v, -MAX_ARITHMETIC_K, MAX_ARITHMETIC_K)))
        checks.push(`k must be numbers within ±${MAX_ARITHMETIC_K}`);
      break;
    }
    case "merge": {
      const inputs = p.inputs;
      if (!Array.isArray(inputs) || inputs.length > MAX_MERGE_INPUTS)
        checks.push(`inputs must be a list of at most ${MAX_MERGE_INPUTS}`);
      else
        for (const [i, input] of inputs.entries())
          checks.push(field(`inputs[${i}]`, inputProblem(input, index)));
      break;
    }
    case "colorMatrix": {
      const values = p.values;
      if (!Array.isArray(values) || values.length !== 20)
        checks.push("values must be twenty numbers");
      else if (!values.every((v) => within(v, -MAX_ARITHMETIC_K, MAX_ARITHMETIC_K)))
        checks.push(`values must be numbers within ±${MAX_ARITHMETIC_K}`);
      break;
    }
    case "dropShadow":
      checks.push(field("dx", lengthProblem(p.dx)), field("dy", lengthProblem(p.dy)));
      checks.push(field("stdDeviation", deviationProblem(p.stdDeviation)));
      checks.push(field("color", colorProblem(p.color)));
      break;
  }
  return checks.find((c) => c !== null) ?? null;
}

/** The largest fraction of the geometry box a fitted region may reach past it. */
export const MAX_FIT_FRACTION = 1000;

function fitProblem(fit: unknown): string | null {
  if (!isRecord(fit)) return "must be an object";
  for (const key of Object.keys(fit))
    if (!["x", "y", "width", "height", "reach"].includes(key)) return `unknown field ${key}`;
  for (const key of ["x", "y"])
    if (!within(fit[key], -MAX_FIT_FRACTION, MAX_FIT_FRACTION))
      return `${key} must be a number within ±${MAX_FIT_FRACTION}`;
  for (const key of ["width", "height"])
    if (!within(fit[key], 0, MAX_FIT_FRACTION) || fit[key] === 0)
      return `${key} must be a number above 0, at most ${MAX_FIT_FRACTION}`;
  return typeof fit.reach === "boolean" ? null : "reach must be true or false";
}

/** What is wrong with `value` as a group's filter, or null when it is one. */
export function filterProblem(value: unknown): string | null {
  if (!isRecord(value)) return "must be an object";
  for (const key of Object.keys(value))
    if (key !== "region" && key !== "primitives" && key !== "linearRGB" && key !== "fit")
      return `unknown field ${key}`;
  if (value.fit !== undefined) {
    const problem = fitProblem(value.fit);
    if (problem !== null) return `fit.${problem}`;
  }
  if (typeof value.linearRGB !== "boolean") return "linearRGB must be true or false";
  const region = value.region;
  if (!isRecord(region) || Object.keys(region).length !== 4)
    return "region must be x, y, width, height";
  for (const key of ["x", "y"]) {
    const problem = lengthProblem(region[key]);
    if (problem !== null) return `region.${key} ${problem}`;
  }
  for (const key of ["width", "height"])
    if (!within(region[key], 0, MAX_FILTER_LENGTH) || region[key] === 0)
      return `region.${key} must be a number above 0, at most ${MAX_FILTER_LENGTH}`;
  const primitives = value.primitives;
  if (!Array.isArray(primitives) || primitives.length === 0)
    return "primitives must be a list of at least one";
  if (primitives.length > MAX_FILTER_PRIMITIVES)
    return `primitives must be at most ${MAX_FILTER_PRIMITIVES} (maxFilterPrimitives)`;
  for (const [i, p] of primitives.entries()) {
    const problem = primitiveProblem(p, i);
    if (problem !== null) return `primitives[${i}].${problem}`;
  }
  return null;
}

/** The inputs a primitive reads, in order. */
export function inputsOf(p: FilterPrimitive): readonly FilterInput[] {
  switch (p.type) {
    case "flood":
      return [];
    case "merge":
      return p.inputs;
    case "blend":
    case "composite":
      return [p.in, p.in2];
    default:
      return [p.in];
  }
}

/**
 * How far, in the group's units along x and y, the drawn result can lie from the drawing it
 * comes from: offsets and three deviations of each blur, along the longest chain of inputs. A
 * flood fills the region whatever its size, so it reaches nothing of its own.
 */
export function filterReach(filter: GroupFilter): { readonly x: number; readonly y: number } {
  const reaches: { x: number; y: number }[] = [];
  const of = (input: FilterInput): { x: number; y: number } =>
    typeof input === "number" ? (reaches[input] ?? { x: 0, y: 0 }) : { x: 0, y: 0 };
  for (const p of filter.primitives) {
    let x = 0;
    let y = 0;
    for (const input of inputsOf(p)) {
      const r = of(input);
      x = Math.max(x, r.x);
      y = Math.max(y, r.y);
    }
    if (p.type === "offset") {
      x += Math.abs(p.dx);
      y += Math.abs(p.dy);
    } else if (p.type === "blur") {
      x += 3 * p.stdDeviationX;
      y += 3 * p.stdDeviationY;
    } else if (p.type === "dropShadow") {
      x += Math.abs(p.dx) + 3 * p.stdDeviation;
      y += Math.abs(p.dy) + 3 * p.stdDeviation;
    }
    reaches.push({ x, y });
  }
  return reaches.at(-1) ?? { x: 0, y: 0 };
}

/**
 * The region a fitted filter resolves to over `box` (the group's geometry box, in its units),
 * held to the model's limits; null when there is none to give (a box of no area, unless the
 * primitives' reach widens it).
 */
export function fittedRegion(
  filter: GroupFilter,
  fit: FilterFit,
  box: Box,
): GroupFilter["region"] | null {
  const w = box.maxX - box.minX;
  const h = box.maxY - box.minY;
  let x = box.minX + fit.x * w;
  let y = box.minY + fit.y * h;
  let width = fit.width * w;
  let height = fit.height * h;
  if (fit.reach) {
    // One unit more than the reach, for the anti-aliased fringe of what the shadow copies.
    const reach = filterReach(filter);
    x -= reach.x + 1;
    y -= reach.y + 1;
    width += 2 * (reach.x + 1);
    height += 2 * (reach.y + 1);
  }
  const region = { x, y, width, height };
  const clamped = {
    x: Math.min(MAX_FILTER_LENGTH, Math.max(-MAX_FILTER_LENGTH, x)),
    y: Math.min(MAX_FILTER_LENGTH, Math.max(-MAX_FILTER_LENGTH, y)),
    width: Math.min(MAX_FILTER_LENGTH, width),
    height: Math.min(MAX_FILTER_LENGTH, height),
  };
  if (!(region.width > 0) || !(region.height > 0)) return null;
  return Object.values(clamped).every(Number.isFinite) ? clamped : null;
}
