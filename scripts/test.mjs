// `npm test`: every check, in order of speed, stopping at the first failure.
import { spawn } from "node:child_process";
import { ensureChromium, ensureExportTools, ensureNodeModules, run } from "./ensure.mjs";

ensureNodeModules();
ensureChromium();
ensureExportTools();

/** Runs an npm script with its output held back, so two can run side by side and print whole. */
function runQuietly(args) {
  return new Promise((resolve) => {
    const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ status: 1, output: [Buffer.from(String(error))] }));
    child.on("close", (status) => resolve({ status: status ?? 1, output }));
  });
}

// Typecheck, ESLint and Prettier are each single-threaded (about 30 s apiece): run side by side
// they take about half of their sum on two cores.
const together = [
  ["typecheck", ["run", "typecheck", "--silent"]],
  ["lint", ["run", "lint:code", "--silent"]],
  ["format", ["run", "lint:format", "--silent"]],
];
const results = await Promise.all(together.map(([, args]) => runQuietly(args)));
for (const [index, [name]] of together.entries()) {
  const { status, output } = results[index];
  console.log(`\n— ${name} —`);
  process.stdout.write(Buffer.concat(output));
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status}).`);
    process.exit(status);
  }
}

const steps = [
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
