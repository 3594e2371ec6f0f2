import { buildWasm } from "../../scripts/build-wasm.mjs";

export default async function setup(): Promise<void> {
  await buildWasm();
}
