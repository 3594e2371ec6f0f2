/** XML text and attribute values, numbers and ids, written so any input yields well-formed SVG. */

/**
 * Characters XML 1.0 forbids anywhere (most C0 controls, lone surrogates, U+FFFE/U+FFFF). They
 * cannot be escaped, only dropped.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Drops what XML cannot carry; what is left is exactly what a reader of the file gets back. */
export function xmlSafe(text: string): string {
  return text.replace(FORBIDDEN, "");
}

/** Character data between tags; a carriage return is a reference, as readers turn a bare one into a line feed. */
export function escapeText(text: string): string {
  return xmlSafe(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
}

/** Anything an attribute value must not hold as it is; most values (numbers, path data) have none. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"'\u0000-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** A value inside double quotes; line breaks and tabs are kept as references so readers keep them. */
export function escapeAttribute(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return escapeText(value)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;");
}

/**
 * A number as SVG writes it: at most 4 decimals, no exponent, no "-0". Non-finite values (which a
 * valid document never holds) become 0 rather than an unreadable file.
 */
export function num(value: number): string {
  // Whole numbers are most of a drawing's numbers and need no rounding.
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value === 0 ? "0" : String(value);
  if (!Number.isFinite(value)) return "0";
  const rounded = Math.round(value * 10_000) / 10_000;
  if (rounded === 0) return "0";
  if (Math.abs(rounded) >= 1e21) return rounded.toFixed(0);
  return String(rounded);
}

/**
 * A coordinate of path data: at most 7 decimals, no exponent, no "-0". Finer than `num`, so a
 * path read back from its `d` is within 5e-8 of the original (the SVG round trip takes a path's
 * geometry from it); rounding still drops the noise of sums such as 5.465999999999999.
 */
export function fineNum(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return value === 0 ? "0" : String(value);
  if (!Number.isFinite(value)) return "0";
  const rounded = Math.round(value * 1e7) / 1e7;
  if (rounded === 0) return "0";
  if (Math.abs(rounded) >= 1e21) return rounded.toFixed(0);
  // Below 1e-6 String() would write an exponent.
  if (Math.abs(rounded) < 1e-6) return rounded.toFixed(7).replace(/0+$/, "");
  return String(rounded);
}

/** Attributes from name/value pairs; undefined values are left out. */
export function attributes(pairs: Record<string, string | number | undefined>): string {
  let out = "";
  for (const [name, value] of Object.entries(pairs)) {
    if (value === undefined) continue;
    out += ` ${name}="${typeof value === "number" ? num(value) : escapeAttribute(value)}"`;
  }
  return out;
}

/** An XML name (and so an SVG id): ASCII letters, digits, "-", "_" and ".", not starting with a digit, "-" or ".". */
const VALID_ID = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function isValidId(name: string): boolean {
  return VALID_ID.test(name);
}

/** Longest id made from a name; longer names keep their full text in a <title>. */
const MAX_ID_LENGTH = 64;

/**
 * Hands out ids that are valid XML names and unique within one file. Node names are turned into
 * ids; names that are not valid ids as they stand are reported so the caller keeps them in a title.
 */
export class IdAllocator {
  private readonly used = new Set<string>();
  /** Next suffix to try per base, so many equal names cost linear time, not quadratic. */
  private readonly next = new Map<string, number>();

  /** A unique id close to `wanted`. */
  allocate(wanted: string, fallback: string): string {
    let base = wanted
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_.-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, MAX_ID_LENGTH);
    if (base === "") base = fallback;
    if (!/^[A-Za-z_]/.test(base)) base = `_${base}`;
    let id = base;
    let n = this.next.get(base) ?? 2;
    while (this.used.has(id)) id = `${base}-${n++}`;
    this.next.set(base, n);
    this.used.add(id);
    return id;
  }
}
