/** The external programs the export tests check our files with, and a clear failure when one is missing. */
import { spawnSync } from "node:child_process";

/** Debian package per program; scripts/ensure.mjs installs them for `npm test`. */
export const EXPORT_TOOLS = {
  "rsvg-convert": "librsvg2-bin",
  inkscape: "inkscape",
  pdftoppm: "poppler-utils",
} as const;

export type ExportTool = keyof typeof EXPORT_TOOLS;

export function requireTool(tool: ExportTool): void {
  const found = spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
  if (!found)
    throw new Error(
      `${tool} is not installed. npm test installs it (Debian package ${EXPORT_TOOLS[tool]}); ` +
        `or run as root: apt-get install -y ${EXPORT_TOOLS[tool]}`,
    );
}

/** Runs a program and fails with its own output when it fails. */
export function runTool(tool: ExportTool, args: readonly string[], timeoutMs = 120_000): void {
  requireTool(tool);
  const result = spawnSync(tool, args, {
    encoding: "utf8",
    timeout: timeoutMs,
    // Inkscape wants a writable profile; a throwaway one keeps the user's untouched.
    env: { ...process.env, HOME: process.env.TMPDIR ?? "/tmp" },
  });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr}`);
}
