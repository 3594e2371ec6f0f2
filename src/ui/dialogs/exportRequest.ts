import { MAX_SCALE } from "../../io/export/png";

// The formats and the one dispatch on them live with the exporters; the dialog asks through these.
export {
  exportFile,
  type ExportFormat,
  type ExportProgress,
  type ExportRequest,
} from "../../io/export/formats";

/** A custom PNG scale typed by a person: a number above 0 and at most MAX_SCALE, else null. */
export function parseScale(text: string): number | null {
  const value = Number(text.trim().replace(",", "."));
  return text.trim() !== "" && Number.isFinite(value) && value > 0 && value <= MAX_SCALE
    ? value
    : null;
}
