import { testFontconfig } from "./testFonts";

/** Debian's Chromium, never a downloaded browser; LINEWORK_CHROMIUM points elsewhere. */
export const CHROMIUM_PATH = process.env.LINEWORK_CHROMIUM || "/usr/bin/chromium";

/**
 * Headless flags that work on machines without a GPU or a network beyond the package registries:
 * software WebGL through SwiftShader, and none of Chromium's background connections.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
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
