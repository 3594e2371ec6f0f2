import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FileInfo } from "../../src/persist/library";
import { byRecent, RECOVER_WINDOW_MS, recentlySaved } from "../../src/ui/dialogs/documentListing";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function file(name: string, modifiedAt: number): FileInfo {
  const modified = new Date(modifiedAt).toISOString();
  return { path: `/home/u/Drawings/${name}.linework`, name, created: modified, modified };
}

describe("library listing", () => {
  it("puts the most recently modified first", () => {
    const files = [file("a", NOW - 3 * DAY), file("b", NOW - DAY), file("c", NOW - 2 * DAY)];
    expect(byRecent(files).map((f) => f.name)).toEqual(["b", "c", "a"]);
  });

  it("Recover keeps only the last 7 days", () => {
    const files = [file("old", NOW - 8 * DAY), file("edge", NOW - 7 * DAY), file("new", NOW)];
    expect(recentlySaved(files, NOW).map((f) => f.name)).toEqual(["new", "edge"]);
  });

  it("sorting is a permutation in non-increasing time; Recover is its in-window part", () => {
    const times = fc.integer({ min: NOW - 30 * DAY, max: NOW });
    fc.assert(
      fc.property(fc.array(times, { maxLength: 20 }), (stamps) => {
        const files = stamps.map((t, i) => file(`f${i}`, t));
        const sorted = byRecent(files);
        expect(sorted).toHaveLength(files.length);
        for (let i = 1; i < sorted.length; i++)
          expect(Date.parse(sorted[i - 1]!.modified)).toBeGreaterThanOrEqual(
            Date.parse(sorted[i]!.modified),
          );
        const recent = recentlySaved(files, NOW);
        expect(recent).toEqual(
          sorted.filter((f) => NOW - Date.parse(f.modified) <= RECOVER_WINDOW_MS),
        );
      }),
    );
  });
});
