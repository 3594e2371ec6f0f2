/** Builds the wasm core unless it is up to date; resolves to the absolute output path. */
export function buildWasm(outFile?: string): Promise<string>;
