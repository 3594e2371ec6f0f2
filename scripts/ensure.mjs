// Installs what a fresh clone is missing: npm packages (npm ci) and, for browser tests, Debian's
// Chromium. Nothing is fetched from anywhere but the npm registry and Debian.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const CHROMIUM_PATH = process.env.LINEWORK_CHROMIUM || "/usr/bin/chromium";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", cwd: ROOT, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function ensureNodeModules() {
  const marker = join(ROOT, "node_modules", ".package-lock.json");
  const lock = join(ROOT, "package-lock.json");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log("Installing npm packages (npm ci)…");
  if (run("npm", ["ci", "--no-audit", "--no-fund"]) !== 0) {
    console.error("npm ci failed; see the messages above.");
    process.exit(1);
  }
}

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (process.env.LINEWORK_CHROMIUM === undefined && isRoot && hasApt) {
    console.log("Installing Debian's chromium package for the browser tests (apt-get)…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (run("apt-get", ["update", "-qq"], { env }) === 0) {
      run(
        "apt-get",
        ["install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"],
        { env },
      );
    }
    if (existsSync(CHROMIUM_PATH)) return;
  }
  console.error(
    [
      `Browser tests need Chromium at ${CHROMIUM_PATH}, and it is not there.`,
      "Install Debian's package as root:  apt-get update && apt-get install -y chromium",
      "or point LINEWORK_CHROMIUM at an existing Chromium binary.",
    ].join("\n"),
  );
  process.exit(1);
}

/** Programs the export tests render our SVG and PDF files with, and their Debian packages. */
export const EXPORT_TOOLS = {
  "rsvg-convert": "librsvg2-bin",
  inkscape: "inkscape",
  pdftoppm: "poppler-utils",
};

export function ensureExportTools() {
  const has = (tool) =>
    spawnSync("sh", ["-c", `command -v ${tool}`], { stdio: "ignore" }).status === 0;
  const missing = () => Object.keys(EXPORT_TOOLS).filter((tool) => !has(tool));
  if (missing().length === 0) return;
  const packages = () => missing().map((tool) => EXPORT_TOOLS[tool]);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && has("apt-get")) {
    console.log(`Installing ${packages().join(", ")} for the export tests (apt-get)…`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (run("apt-get", ["update", "-qq"], { env }) === 0) {
      run("apt-get", ["install", "-y", "-qq", ...packages()], { env });
    }
    if (missing().length === 0) return;
  }
  console.error(
    [
      `The export tests need ${missing().join(", ")}, and they are not installed.`,
      `Install Debian's packages as root:  apt-get update && apt-get install -y ${packages().join(" ")}`,
    ].join("\n"),
  );
  process.exit(1);
}
