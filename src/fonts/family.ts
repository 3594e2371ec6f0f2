/**
 * The typefaces Linework ships (all under the SIL Open Font License), served with the app: new
 * text is set in them, the generic CSS families resolve to them, so a drawing looks the same on
 * every machine, and their outlines can be exported as paths.
 */
export const BUNDLED_FAMILY = "Inter";
export const BUNDLED_SERIF = "Noto Serif";
export const BUNDLED_MONOSPACE = "JetBrains Mono";
/**
 * A second sans-serif, no generic family's: the face drawings from other programs name most
 * (SVG test suites, Android and Google documents), drawn as they were made rather than in Inter.
 */
export const BUNDLED_NOTO_SANS = "Noto Sans";

/** Every family the app ships faces of. */
export const BUNDLED_FAMILIES: readonly string[] = [
  BUNDLED_FAMILY,
  BUNDLED_SERIF,
  BUNDLED_MONOSPACE,
  BUNDLED_NOTO_SANS,
];

/** The default font-family list of new text: the shipped face, then its generic family. */
export const DEFAULT_TEXT_FAMILY = `${BUNDLED_FAMILY}, sans-serif`;

/**
 * Which shipped face stands for each generic family. Left to the browser, `sans-serif` is
 * whatever the machine has (DejaVu on one, Arial or Helvetica on another), and so are the
 * platform aliases that files from other programs carry.
 */
const SHIPPED_FOR_GENERIC = new Map<string, string>([
  ["sans-serif", BUNDLED_FAMILY],
  ["system-ui", BUNDLED_FAMILY],
  ["ui-sans-serif", BUNDLED_FAMILY],
  ["ui-rounded", BUNDLED_FAMILY],
  ["-apple-system", BUNDLED_FAMILY],
  ["blinkmacsystemfont", BUNDLED_FAMILY],
  ["cursive", BUNDLED_FAMILY],
  ["fantasy", BUNDLED_FAMILY],
  ["math", BUNDLED_SERIF],
  ["serif", BUNDLED_SERIF],
  ["ui-serif", BUNDLED_SERIF],
  ["monospace", BUNDLED_MONOSPACE],
  ["ui-monospace", BUNDLED_MONOSPACE],
]);

/** The CSS generic keywords that stay unquoted in a family list. */
const CSS_GENERICS = new Set([
  "serif",
  "sans-serif",
  "monospace",
  "cursive",
  "fantasy",
  "system-ui",
  "math",
  "ui-serif",
  "ui-sans-serif",
  "ui-monospace",
  "ui-rounded",
]);

/**
 * The names of a CSS font-family list, trimmed, empty ones dropped; quotes and backslashes are
 * dropped too, since no family is named with them and CSS would read them as syntax.
 */
export function familyNames(familyList: string): string[] {
  return familyList
    .split(",")
    .map((name) => name.replace(/["'\\]/g, "").trim())
    .filter((name) => name !== "");
}

/**
 * A font-family list as it is drawn: each generic family (and platform alias) replaced by the
 * shipped face that stands for it, and a shipped face last of all before one generic keyword,
 * so no name ever falls through to a font of the machine's choosing. Names the user chose stay
 * first: a drawing in "Helvetica" is drawn in Helvetica where it is installed.
 */
export function resolvedFamilies(familyList: string): string[] {
  const names: string[] = [];
  let generic: string | null = null;
  for (const name of familyNames(familyList)) {
    const resolved = SHIPPED_FOR_GENERIC.get(name.toLowerCase()) ?? shippedNamed(name) ?? name;
    if (generic === null && isShipped(resolved)) generic = genericOf(resolved);
    if (!names.some((seen) => seen.toLowerCase() === resolved.toLowerCase())) names.push(resolved);
  }
  generic ??= "sans-serif";
  if (!names.some(isShipped)) names.push(SHIPPED_FOR_GENERIC.get(generic)!);
  names.push(generic);
  return names;
}

/** The resolved list as CSS text: named families quoted, the generic keyword bare. */
export function resolvedFamilyList(familyList: string): string {
  return resolvedFamilies(familyList)
    .map((name) => (CSS_GENERICS.has(name) ? name : `"${name}"`))
    .join(", ");
}

function shippedNamed(name: string): string | undefined {
  return BUNDLED_FAMILIES.find((family) => family.toLowerCase() === name.toLowerCase());
}

function isShipped(name: string): boolean {
  return shippedNamed(name) !== undefined;
}

function genericOf(shipped: string): string {
  if (shipped === BUNDLED_SERIF) return "serif";
  if (shipped === BUNDLED_MONOSPACE) return "monospace";
  return "sans-serif";
}
