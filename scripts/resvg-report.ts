// SVG import conformance against the resvg test corpus: for each folder, how many files import
// without an error and how many of those also have no "Not imported" warning.
// Run: npx tsx scripts/resvg-report.ts [corpus-dir] [--json] [--failures]

import { readFileSync } from "node:fs";
import { svgFilesUnder } from "./svgFiles.ts";
import { relative, resolve } from "node:path";
import { readUntrusted } from "../src/io/import/boundary.ts";

const args = process.argv.slice(2);
const corpus =
  args.find((a) => !a.startsWith("--")) ??
  resolve(import.meta.dirname, "../../shared/corpora/resvg");
const asJson = args.includes("--json");
const listFailures = args.includes("--failures");

interface FolderTally {
  folder: string;
  files: number;
  imported: number;
  clean: number;
  crashed: number;
}

const tallies = new Map<string, FolderTally>();
const failures: string[] = [];
const warningsSeen = new Map<string, number>();
let slowest = { file: "", ms: 0 };
for (const file of svgFilesUnder(corpus)) {
  const rel = relative(corpus, file);
  const folder = rel.split("/").slice(0, -1).join("/");
  let tally = tallies.get(folder);
  if (tally === undefined) {
    tally = { folder, files: 0, imported: 0, clean: 0, crashed: 0 };
    tallies.set(folder, tally);
  }
  tally.files += 1;
  const started = performance.now();
  let result;
  try {
    result = readUntrusted(rel, readFileSync(file));
  } catch (error) {
    tally.crashed += 1;
    failures.push(`${rel}: threw ${String(error)}`);
    continue;
  }
  const ms = performance.now() - started;
  if (ms > slowest.ms) slowest = { file: rel, ms };
  if (!result.ok) {
    if (result.error.startsWith("Internal error")) tally.crashed += 1;
    failures.push(`${rel}: ${result.error}`);
    continue;
  }
  tally.imported += 1;
  const notImported = result.warnings.filter((w) => w.startsWith("Not imported"));
  if (notImported.length === 0) tally.clean += 1;
  for (const warning of notImported) {
    for (const item of warning.replace(/^Not imported: |\.$/g, "").split(", ")) {
      const feature = item.replace(/^\d+ /, "");
      warningsSeen.set(feature, (warningsSeen.get(feature) ?? 0) + 1);
    }
  }
}

const rows = [...tallies.values()];
const total = rows.reduce(
  (sum, r) => ({
    folder: "all",
    files: sum.files + r.files,
    imported: sum.imported + r.imported,
    clean: sum.clean + r.clean,
    crashed: sum.crashed + r.crashed,
  }),
  { folder: "all", files: 0, imported: 0, clean: 0, crashed: 0 },
);

if (asJson) {
  process.stdout.write(
    `${JSON.stringify({ corpus, folders: rows, total, slowest, features: Object.fromEntries(warningsSeen), failures }, null, 2)}\n`,
  );
} else {
  const pct = (n: number, d: number): string => (d === 0 ? "–" : `${Math.round((n / d) * 100)} %`);
  const lines = [
    "| folder | files | imported without error | and without “Not imported” |",
    "| --- | ---: | ---: | ---: |",
    ...[...rows, total].map(
      (r) =>
        `| ${r.folder} | ${r.files} | ${r.imported} (${pct(r.imported, r.files)}) | ${r.clean} (${pct(r.clean, r.files)}) |`,
    ),
  ];
  process.stdout.write(
    `${lines.join("\n")}\n\nUncaught errors: ${total.crashed}. Slowest file: ${slowest.file} (${Math.round(slowest.ms)} ms).\n`,
  );
  const features = [...warningsSeen].sort((a, b) => b[1] - a[1]);
  process.stdout.write(
    `Files reporting each feature not imported: ${features.map(([f, n]) => `${f} ${n}`).join(", ")}\n`,
  );
  if (listFailures) process.stdout.write(`\n${failures.join("\n")}\n`);
}
