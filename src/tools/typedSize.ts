/** CSS pixels per unit, at the 96 dpi every browser uses. */
const UNITS: Readonly<Record<string, number>> = {
  "": 1,
  px: 1,
  pt: 96 / 72,
  in: 96,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
};

const LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+))\s*(px|pt|in|mm|cm)?\s*$/i;

function length(text: string): number | null {
  const match = LENGTH.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * UNITS[(match[2] ?? "").toLowerCase()]!;
  return Number.isFinite(value) ? value : null;
}

/**
 * A size typed while drawing: "200, 100", "200 x 100", "200 100" or just "200" (the second
 * number then follows the tool: a square, or a line's angle of 0). Units px, pt, in, mm and cm.
 * Null when it is not a size.
 */
export function parseTypedSize(text: string): { width: number; height: number | null } | null {
  const parts = text
    .trim()
    .split(/\s*[,x×]\s*|\s+/i)
    .filter((part) => part.length > 0);
  if (parts.length === 0 || parts.length > 2) return null;
  const width = length(parts[0]!);
  const height = parts.length === 2 ? length(parts[1]!) : null;
  if (width === null || (parts.length === 2 && height === null)) return null;
  return { width, height };
}
