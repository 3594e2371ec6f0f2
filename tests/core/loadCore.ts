import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWasm } from "../../scripts/build-wasm.mjs";
import { coreImports, createCore, type Core } from "../../engine/core/index.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
let compiled: Promise<WebAssembly.Module> | null = null;

/** Error thrown for aborts of the core, so tests can tell them from other failures. */
export class CoreAbort extends Error {}

function compile(): Promise<WebAssembly.Module> {
  // Building is a no-op when the binary is current; it keeps single-file runs working.
  compiled ??= buildWasm().then(() =>
    WebAssembly.compile(readFileSync(path.join(root, "engine/core/build/linework.wasm"))),
  );
  return compiled;
}

/** A fresh core instance (own memory) per call. */
export async function loadCore(): Promise<Core> {
  const { imports, bind } = coreImports({
    abort(message: string): never {
      throw new CoreAbort(message);
    },
  });
  const instance = await WebAssembly.instantiate(await compile(), imports);
  return createCore(instance, bind);
}
