import type { ESLint } from "eslint";

/** The node types the rule knows, as `SHAPE_KINDS` lists them. */
export const NODE_TYPES: readonly string[];
/** The files under src/ that may still compare a type with some node types: the names in each. */
export const ALLOWED_KIND_CHECKS: Readonly<Record<string, readonly string[]>>;
declare const plugin: ESLint.Plugin;
export default plugin;
