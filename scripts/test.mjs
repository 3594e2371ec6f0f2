// `npm test`: every check, in order of speed, stopping at the first failure.
import { ensureChromium, ensureExportTools, ensureNodeModules, run } from "./ensure.mjs";

ensureNodeModules();
ensureChromium();
ensureExportTools();

const steps = [
  ["typecheck", ["run", "typecheck", "--silent"]],
  ["lint", ["run", "lint", "--silent"]],
  ["unit tests", ["run", "test:unit", "--silent"]],
  ["browser tests", ["run", "test:e2e", "--silent"]],
];
for (const [name, args] of steps) {
  console.log(`\n— ${name} —`);
  const status = run("npm", args);
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status}).`);
    process.exit(status);
  }
}
console.log("\nAll checks passed.");
