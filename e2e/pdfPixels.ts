import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodePpm } from "../tests/io/export/images";

/**
 * A PDF as poppler draws it (`pdftoppm`, Debian's poppler-utils) at 72 dpi, one pixel a point:
 * what a reader other than ours shows of an export.
 */
export function pdfPixels(pdf: Uint8Array): ReturnType<typeof decodePpm> {
  const dir = mkdtempSync(join(tmpdir(), "linework-pdf-"));
  try {
    writeFileSync(join(dir, "file.pdf"), pdf);
    const run = spawnSync("pdftoppm", ["-r", "72", "-singlefile", "file.pdf", "page"], {
      cwd: dir,
      encoding: "utf8",
    });
    if (run.error)
      throw new Error(
        `pdftoppm could not run (Debian package poppler-utils): ${run.error.message}`,
      );
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
    return decodePpm(readFileSync(join(dir, "page.ppm")));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
