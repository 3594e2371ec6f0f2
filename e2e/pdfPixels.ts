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
  return withPdf(pdf, "pdftoppm", ["-r", "72", "-singlefile", "file.pdf", "page"], (dir) =>
    decodePpm(readFileSync(join(dir, "page.ppm"))),
  );
}

/** The text a PDF holds as text (`pdftotext`, poppler-utils): what a reader can select and find. */
export function pdfText(pdf: Uint8Array): string {
  return withPdf(pdf, "pdftotext", ["file.pdf", "page.txt"], (dir) =>
    readFileSync(join(dir, "page.txt"), "utf8"),
  );
}

function withPdf<T>(pdf: Uint8Array, tool: string, args: string[], read: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), "linework-pdf-"));
  try {
    writeFileSync(join(dir, "file.pdf"), pdf);
    const run = spawnSync(tool, args, { cwd: dir, encoding: "utf8" });
    if (run.error)
      throw new Error(`${tool} could not run (Debian package poppler-utils): ${run.error.message}`);
    if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`);
    return read(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
