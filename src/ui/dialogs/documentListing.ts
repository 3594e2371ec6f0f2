import type { FileInfo } from "../../persist/library";

/** How far back Recover looks: autosaves older than this are not "recent" work. */
export const RECOVER_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

function time(info: FileInfo): number {
  const value = Date.parse(info.modified);
  return Number.isNaN(value) ? 0 : value;
}

/** Most recently modified first; equal times keep a stable order by name. */
export function byRecent(files: readonly FileInfo[]): FileInfo[] {
  return [...files].sort(
    (a, b) => time(b) - time(a) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/** Documents saved within the recover window before `now`, most recent first. */
export function recentlySaved(files: readonly FileInfo[], now: number): FileInfo[] {
  return byRecent(files.filter((info) => now - time(info) <= RECOVER_WINDOW_MS));
}
