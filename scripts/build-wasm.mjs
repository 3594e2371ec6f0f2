// Compiles the AssemblyScript compute core to engine/core/build/linework.wasm.
// Skips the compile when the output is newer than every source file.

import { mkdir, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import asc from "assemblyscript/asc";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDir = path.join(root, "engine/core/assembly");
const thisScript = fileURLToPath(import.meta.url);

/** Must match MAX_PAGES in engine/core/assembly/alloc.ts. */
const MAXIMUM_PAGES = 32768;

async function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, await newestSourceTime(full));
    else newest = Math.max(newest, (await stat(full)).mtimeMs);
  }
  return newest;
}

async function isUpToDate(outPath) {
  try {
    const out = await stat(outPath);
    // The build options live here, so a change to this script also invalidates the output.
    const newest = Math.max(await newestSourceTime(sourceDir), (await stat(thisScript)).mtimeMs);
    return out.mtimeMs > newest;
  } catch {
    return false;
  }
}

/**
 * Builds the core unless it is up to date. Resolves to the output path; rejects with the
 * compiler's diagnostics on failure.
 */
export async function buildWasm(outFile = "engine/core/build/linework.wasm") {
  const outPath = path.resolve(root, outFile);
  if (await isUpToDate(outPath)) return outPath;
  await mkdir(path.dirname(outPath), { recursive: true });
  let diagnostics = "";
  const { error, stderr } = await asc.main(
    [
      path.relative(root, path.join(sourceDir, "index.ts")),
      "--outFile",
      path.relative(root, outPath),
      "-O3",
      "--runtime",
      "incremental",
      "--maximumMemory",
      String(MAXIMUM_PAGES),
      "--stackSize",
      "65536",
      "--noColors",
      "--baseDir",
      root,
    ],
    {
      stderr: {
        write(text) {
          diagnostics += typeof text === "string" ? text : new TextDecoder().decode(text);
          return true;
        },
      },
    },
  );
  if (error) {
    const detail = diagnostics.trim() || String(stderr ?? "");
    throw new Error(`wasm build failed: ${error.message}${detail ? `\n${detail}` : ""}`);
  }
  return outPath;
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  try {
    const out = await buildWasm();
    // stderr, so commands that print JSON on stdout (the benchmarks) stay parseable.
    console.error(`wasm core: ${path.relative(process.cwd(), out)}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
