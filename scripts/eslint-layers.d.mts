import type { ESLint } from "eslint";

/** The program's layers under src/, lowest first. */
export const LAYERS: readonly string[];
/** The layer of a file under src/, or null outside it. */
export function layerOf(file: string, root?: string): string | null;
/** The files in a circle of imports, each mapped to its circle's id. */
export function circles(graph: Map<string, Set<string>>): Map<string, number>;
declare const plugin: ESLint.Plugin;
export default plugin;
