import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocument } from "../../../src/doc/factory";
import type { BlobRecord, DocRecord } from "../../../src/doc/types";
import { Problem } from "../../../src/io/native/checks";
import { base64Steps } from "../../../src/io/native/schemas";
import {
  BLOB_CHARS_PER_STEP,
  validateRecords,
  validateRecordsSteps,
  type ValidationResult,
} from "../../../src/io/native/validate";

/** What base64 data is: groups of four characters of its alphabet, padding only at the end. */
const isBase64 = (text: string): boolean =>
  text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text);

function checkedInPieces(text: string, pieceChars: number): { ok: boolean; steps: number } {
  const steps = base64Steps(text, pieceChars);
  let count = 0;
  try {
    while (steps.next().done !== true) count++;
    return { ok: true, steps: count };
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    return { ok: false, steps: count };
  }
}

function documentWith(blobs: readonly BlobRecord[]): DocRecord[] {
  const [meta, page] = createDocument({
    id: "doc",
    pageId: "p1",
    author: "Ada",
    created: "2025-01-02T03:04:05.000Z",
  });
  return [meta!, page!, ...blobs];
}

const blob = (id: string, data: string, mime = "image/png"): BlobRecord => ({
  id,
  type: "blob",
  mime,
  data,
});

/** Validates in steps, noting the steps taken. */
function validateCounting(records: readonly unknown[]): {
  result: ValidationResult;
  steps: number;
} {
  const steps = validateRecordsSteps(records);
  for (let count = 0; ; count++) {
    const step = steps.next();
    if (step.done === true) return { result: step.value, steps: count };
  }
}

describe("image data is checked a piece at a time", () => {
  it("a piecewise check agrees with the whole pattern, wherever the pieces fall", () => {
    const text = fc
      .array(fc.constantFrom("A", "z", "0", "+", "/", "=", "-", " "), { maxLength: 40 })
      .map((chars) => chars.join(""));
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 9 }), (data, piece) => {
        expect(checkedInPieces(data, piece).ok).toBe(isBase64(data));
      }),
    );
    fc.assert(
      fc.property(
        fc.base64String({ maxLength: 64 }).filter((data) => data.length % 4 === 0),
        fc.integer({ min: 1, max: 9 }),
        (data, piece) => {
          expect(checkedInPieces(data, piece).ok).toBe(true);
        },
      ),
    );
  });

  it("takes one step a piece", () => {
    expect(checkedInPieces("A".repeat(4 * 10 + 4), 4)).toEqual({ ok: true, steps: 10 });
  });

  it("one large image is read over several steps, and read whole", () => {
    const data = "QUJD".repeat((3.5 * BLOB_CHARS_PER_STEP) / 4);
    const { result, steps } = validateCounting(documentWith([blob("big", data)]));
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.records.find((record) => record.id === "big")).toEqual(blob("big", data));
  });

  it("many middling images end their steps early", () => {
    const data = "QUJD".repeat(BLOB_CHARS_PER_STEP / 4 / 2);
    const blobs = Array.from({ length: 12 }, (_, i) => blob(`b${i}`, data));
    const { result, steps } = validateCounting(documentWith(blobs));
    expect(result.ok).toBe(true);
    expect(steps).toBeGreaterThanOrEqual(6);
  });

  it("a large image's faults are named as a small one's are", () => {
    const body = "QUJD".repeat((2.5 * BLOB_CHARS_PER_STEP) / 4);
    const notBase64 = "record 2 (id big): data must be a base64 string";
    const notImage = 'record 2 (id big): mime must be an image type such as "image/png"';
    const errors = (data: string, mime = "image/png"): unknown =>
      validateRecords(documentWith([blob("big", data, mime)]));
    // The small ones, read in one go.
    expect(errors("Q!==")).toEqual({ ok: false, errors: [notBase64] });
    expect(errors("QUJD", "text/html")).toEqual({ ok: false, errors: [notImage] });
    // The large ones: a bad character at the end, padding in the middle, a length not in fours.
    expect(errors(`${body.slice(0, -4)}Q!==`)).toEqual({ ok: false, errors: [notBase64] });
    const padded = `${body.slice(0, BLOB_CHARS_PER_STEP)}QQ==${body.slice(BLOB_CHARS_PER_STEP + 4)}`;
    expect(errors(padded)).toEqual({ ok: false, errors: [notBase64] });
    expect(errors(`${body}A`)).toEqual({ ok: false, errors: [notBase64] });
    expect(errors(body, "text/html")).toEqual({ ok: false, errors: [notImage] });
  });
});
