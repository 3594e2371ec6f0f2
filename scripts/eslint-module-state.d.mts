import type { ESLint } from "eslint";

/** The module-level state under src/ that may stay, by file: the names in each. */
export const ALLOWED_MODULE_STATE: Readonly<Record<string, readonly string[]>>;
declare const plugin: ESLint.Plugin;
export default plugin;
