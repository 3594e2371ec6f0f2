import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Every `.svg` file under `dir`, in sorted order, folders walked depth first. */
export function svgFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...svgFilesUnder(path));
    else if (entry.endsWith(".svg")) out.push(path);
  }
  return out;
}
