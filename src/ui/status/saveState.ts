import type { Banner } from "../../editing/banners";
import type { DocumentStatus } from "../../persist/documentStatus";

export type SaveState = "saved" | "saving" | "retrying";

/** Banner id the persistence session shows while writes fail and are retried. */
export const SAVE_ERROR_BANNER = "save-error";

/** What the status bar says about saving: a failing write wins over pending changes. */
export function saveState(status: DocumentStatus, banners: readonly Banner[]): SaveState {
  if (banners.some((banner) => banner.id === SAVE_ERROR_BANNER)) return "retrying";
  return status.dirty ? "saving" : "saved";
}
