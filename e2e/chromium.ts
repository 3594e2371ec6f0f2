import { testFontconfig } from "./testFonts";

/** Debian's Chromium, never a downloaded browser; LINEWORK_CHROMIUM points elsewhere. */
export const CHROMIUM_PATH = process.env.LINEWORK_CHROMIUM || "/usr/bin/chromium";

/**
 * Software WebGL through SwiftShader: the same pixels on every machine, GPU or not. Benchmarks
 * on a machine with a real GPU replace these with LINEWORK_GPU_FLAGS (space-separated, e.g.
 * "--use-angle=vulkan --enable-features=Vulkan --disable-vulkan-surface --ignore-gpu-blocklist"),
 * since SwiftShader's per-pixel cost is far from a GPU's.
 */
const GL_ARGS: readonly string[] = process.env.LINEWORK_GPU_FLAGS
  ? process.env.LINEWORK_GPU_FLAGS.split(" ").filter(Boolean)
  : ["--disable-gpu", "--use-angle=swiftshader", "--enable-unsafe-swiftshader"];

/**
 * Headless flags that work on machines without a GPU or a network beyond the package registries:
 * none of Chromium's background connections.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  ...GL_ARGS,
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * The browser sees only the fonts Linework ships (see testFonts.ts), never the machine's: a
 * screenshot baseline made on one machine then holds on every other.
 */
export const CHROMIUM_ENV: Readonly<Record<string, string>> = {
  ...definedOnly(process.env),
  FONTCONFIG_FILE: testFontconfig(),
};

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}
