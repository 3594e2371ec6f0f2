import fs from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import kindChecks, { ALLOWED_KIND_CHECKS, NODE_TYPES } from "../../scripts/eslint-kind-checks.mjs";
import { SHAPE_KINDS } from "../../src/shapes/registry";

// The rule is linted here as the project runs it, on made-up files under src/ and on the real
// files it lets compare.
const root = path.resolve(__dirname, "../..");

function flagged(file: string, text: string, allow: Record<string, string[]> = {}): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    text,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { linework: kindChecks },
        rules: { "linework/no-kind-check": ["error", { allow }] },
      },
    ],
    path.join(root, file),
  );
  return messages.map((m) =>
    m.ruleId === null ? `parser: ${m.message}` : /"([a-z]+)"/.exec(m.message)![1]!,
  );
}

describe("no kind checks outside the kind modules", () => {
  it("refuses comparisons, switches and lists of node types", () => {
    const text = [
      "declare const node: { type: string; parent: string };",
      "declare const type: string;",
      "export function f(): number {",
      '  if (node.type === "line") return 1;',
      '  if ("frame" !== node?.type) return 2;',
      '  if (type == "text") return 3;',
      "  switch (node.type) {",
      '    case "rect":',
      '    case "ellipse":',
      "      return 4;",
      "    default:",
      "      return 5;",
      "  }",
      "}",
      'export const boxes = (): boolean => ["star", "image"].includes(node.type);',
    ].join("\n");
    expect(flagged("src/tools/x.ts", text)).toEqual([
      "line",
      "frame",
      "text",
      "rect",
      "ellipse",
      "star",
      "image",
    ]);
  });

  it("lets other types be compared, and type names be used for other things", () => {
    const text = [
      "declare const paint: { type: string };",
      "declare const cmd: { kind: string };",
      "declare const node: { name: string };",
      'export const solid = paint.type === "solid";',
      'export const drawn = cmd.kind === "rect";',
      'export const named = node.name === "frame";',
      "export function tag(t: string): number {",
      "  switch (t) {",
      '    case "path":',
      "      return 1;",
      "  }",
      "  return 0;",
      "}",
    ].join("\n");
    expect(flagged("src/render/x.ts", text)).toEqual([]);
  });

  it("leaves the kind modules, the layers below them and tests alone; a listed name passes only in its file", () => {
    const text = 'declare const node: { type: string };\nexport const a = node.type === "line";\n';
    expect(flagged("src/shapes/x.ts", text)).toEqual([]);
    expect(flagged("src/doc/x.ts", text)).toEqual([]);
    expect(flagged("src/geometry/x.ts", text)).toEqual([]);
    expect(flagged("tests/x.ts", text)).toEqual([]);
    expect(flagged("src/io/x.ts", text, { "src/io/x.ts": ["line"] })).toEqual([]);
    expect(flagged("src/io/y.ts", text, { "src/io/x.ts": ["line"] })).toEqual(["line"]);
    expect(flagged("src/io/x.ts", text, { "src/io/x.ts": ["path"] })).toEqual(["line"]);
  });

  it("knows every node type the registry lists", () => {
    expect([...NODE_TYPES].sort()).toEqual(Object.keys(SHAPE_KINDS).sort());
  });

  it("lists only checks that are still there: each listed file compares exactly its listed names", () => {
    for (const [file, allowed] of Object.entries(ALLOWED_KIND_CHECKS)) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      const found = new Set(flagged(file, text));
      expect([...found].sort(), file).toEqual([...allowed].sort());
    }
  });
});
