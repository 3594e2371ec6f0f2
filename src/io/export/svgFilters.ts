import type { FilterInput, FilterPrimitive, GroupFilter, RGBA } from "../../doc/types";
import { escapeAttribute } from "./xml";
import type { Defs } from "./svgPaint";

/**
 * A group's filter as a real `<filter>`: the region in the group's units (userSpaceOnUse), each
 * primitive naming its result and its inputs, so the import reads back the same primitives.
 * Numbers are written in full (not the markup's 7 decimals) for the same reason.
 */

/** A number as JavaScript writes it back exactly; SVG reads the exponent form too. */
function exact(value: number): string {
  return Number.isFinite(value) ? String(value) : "0";
}

function attrs(pairs: Record<string, string | number | undefined>): string {
  let out = "";
  for (const [name, value] of Object.entries(pairs)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === "number" ? exact(value) : escapeAttribute(value)}"`;
  }
  return out;
}

/**
 * A channel written so that it reads back (÷ `scale`) as exactly `value`, or null where no
 * number near `value` × `scale` does.
 */
function spelled(value: number, scale: number): string | null {
  const near = value * scale;
  const step = Math.max(Number.EPSILON * Math.abs(near), Number.MIN_VALUE);
  for (let i = 0; i <= 8; i++) {
    const candidate = exact(near + (i % 2 === 0 ? i / 2 : -(i + 1) / 2) * step);
    if (Number(candidate) / scale === value) return candidate;
  }
  return null;
}

/**
 * A colour's `flood-color` and `flood-opacity`: hex for whole bytes, else `rgb()` in percentages
 * or numbers, whichever reads back exactly.
 */
function flood(color: RGBA): Record<string, string | number | undefined> {
  const channels = [color.r, color.g, color.b];
  const bytes = channels.map((c) => Math.round(c * 255));
  let text: string;
  if (bytes.every((b, i) => b / 255 === channels[i]))
    text = `#${bytes.map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  else {
    const percents = channels.map((c) => spelled(c, 100));
    const numbers = channels.map((c) => spelled(c, 255));
    text = numbers.every((n) => n !== null)
      ? `rgb(${numbers.join(" ")})`
      : `rgb(${percents.map((p, i) => `${p ?? exact(channels[i]! * 100)}%`).join(" ")})`;
  }
  return { "flood-color": text, "flood-opacity": color.a === 1 ? undefined : color.a };
}

function inputName(input: FilterInput): string {
  return typeof input === "number" ? `r${input}` : input;
}

function primitiveMarkup(p: FilterPrimitive, index: number): string {
  const result = `r${index}`;
  switch (p.type) {
    case "blur":
      return `<feGaussianBlur${attrs({
        in: inputName(p.in),
        stdDeviation:
          p.stdDeviationX === p.stdDeviationY
            ? exact(p.stdDeviationX)
            : `${exact(p.stdDeviationX)} ${exact(p.stdDeviationY)}`,
        result,
      })}/>`;
    case "offset":
      return `<feOffset${attrs({ in: inputName(p.in), dx: p.dx, dy: p.dy, result })}/>`;
    case "flood":
      return `<feFlood${attrs({ ...flood(p.color), result })}/>`;
    case "blend":
      return `<feBlend${attrs({ in: inputName(p.in), in2: inputName(p.in2), mode: p.mode, result })}/>`;
    case "composite": {
      const [k1, k2, k3, k4] = p.operator === "arithmetic" ? p.k : [];
      return `<feComposite${attrs({
        in: inputName(p.in),
        in2: inputName(p.in2),
        operator: p.operator,
        k1,
        k2,
        k3,
        k4,
        result,
      })}/>`;
    }
    case "merge":
      return `<feMerge${attrs({ result })}>${p.inputs
        .map((input) => `<feMergeNode${attrs({ in: inputName(input) })}/>`)
        .join("")}</feMerge>`;
    case "colorMatrix":
      return `<feColorMatrix${attrs({
        in: inputName(p.in),
        type: "matrix",
        values: p.values.map(exact).join(" "),
        result,
      })}/>`;
    case "dropShadow":
      return `<feDropShadow${attrs({
        in: inputName(p.in),
        dx: p.dx,
        dy: p.dy,
        stdDeviation: p.stdDeviation,
        ...flood(p.color),
        result,
      })}/>`;
  }
}

/** The `<filter>` markup of `filter`, with `id`. */
export function filterMarkup(id: string, filter: GroupFilter): string {
  const { x, y, width, height } = filter.region;
  return `<filter${attrs({
    id,
    filterUnits: "userSpaceOnUse",
    x,
    y,
    width,
    height,
    "color-interpolation-filters": filter.linearRGB ? undefined : "sRGB",
  })}>${filter.primitives.map(primitiveMarkup).join("")}</filter>`;
}

/** Writes `filter` among the defs; returns its id. */
export function groupFilter(defs: Defs, filter: GroupFilter): string {
  return defs.add("filter", (id) => filterMarkup(id, filter));
}
