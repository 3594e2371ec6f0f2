import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUNDLED_FAMILIES,
  DEFAULT_TEXT_FAMILY,
  familyNames,
  resolvedFamilies,
  resolvedFamilyList,
} from "../../src/fonts/family";

describe("font families resolve to the shipped faces", () => {
  it("draws each generic family in a face the app ships, never the machine's", () => {
    expect(resolvedFamilies("sans-serif")).toEqual(["Inter", "sans-serif"]);
    expect(resolvedFamilies("system-ui")).toEqual(["Inter", "sans-serif"]);
    expect(resolvedFamilies("-apple-system, BlinkMacSystemFont, sans-serif")).toEqual([
      "Inter",
      "sans-serif",
    ]);
    expect(resolvedFamilies("serif")).toEqual(["Noto Serif", "serif"]);
    expect(resolvedFamilies("ui-serif")).toEqual(["Noto Serif", "serif"]);
    expect(resolvedFamilies("monospace")).toEqual(["JetBrains Mono", "monospace"]);
    expect(resolvedFamilies('"Courier New", monospace')).toEqual([
      "Courier New",
      "JetBrains Mono",
      "monospace",
    ]);
  });

  it("keeps the default text family in Inter", () => {
    expect(resolvedFamilies(DEFAULT_TEXT_FAMILY)).toEqual(["Inter", "sans-serif"]);
    // Documents saved before the serif and monospace shipped carry this list.
    expect(resolvedFamilies("Inter, system-ui, sans-serif")).toEqual(["Inter", "sans-serif"]);
  });

  it("keeps a family the user named first, with a shipped face behind it", () => {
    expect(resolvedFamilies("Helvetica")).toEqual(["Helvetica", "Inter", "sans-serif"]);
    expect(resolvedFamilies("Georgia, serif")).toEqual(["Georgia", "Noto Serif", "serif"]);
    expect(resolvedFamilies("jetbrains mono")).toEqual(["JetBrains Mono", "monospace"]);
  });

  it("writes CSS with named families quoted and the generic keyword bare", () => {
    expect(resolvedFamilyList("Georgia, serif")).toBe('"Georgia", "Noto Serif", serif');
    expect(resolvedFamilyList('Evil"Name\\, sans-serif')).toBe('"EvilName", "Inter", sans-serif');
    expect(resolvedFamilyList("")).toBe('"Inter", sans-serif');
  });

  it("always ends in a shipped face and one generic keyword, whatever the list", () => {
    const name = fc.oneof(
      fc.constantFrom("sans-serif", "serif", "monospace", "system-ui", "cursive", "Inter", "Arial"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(name, { maxLength: 6 }), (names) => {
        const resolved = resolvedFamilies(names.join(", "));
        const generic = resolved[resolved.length - 1]!;
        expect(["sans-serif", "serif", "monospace"]).toContain(generic);
        expect(resolved.slice(0, -1).some((family) => BUNDLED_FAMILIES.includes(family))).toBe(
          true,
        );
        // No name twice, and the resolved list resolves to itself.
        expect(new Set(resolved.map((f) => f.toLowerCase())).size).toBe(resolved.length);
        expect(resolvedFamilies(resolvedFamilyList(names.join(", ")))).toEqual(resolved);
        expect(familyNames(resolvedFamilyList(names.join(", ")))).toEqual(resolved);
      }),
    );
  });
});
