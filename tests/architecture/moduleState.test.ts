import fs from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import moduleState, { ALLOWED_MODULE_STATE } from "../../scripts/eslint-module-state.mjs";

// The rule is linted here as the project runs it, on made-up files under src/ and on the real
// files it lets keep state.
const root = path.resolve(__dirname, "../..");

function names(file: string, text: string, allow: Record<string, string[]> = {}): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    text,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { linework: moduleState },
        rules: { "linework/no-module-state": ["error", { allow }] },
      },
    ],
    path.join(root, file),
  );
  return messages.map((m) =>
    m.ruleId === null ? `parser: ${m.message}` : m.message.split(" ")[0]!,
  );
}

describe("no module-level mutable state", () => {
  it("refuses a top-level let, a changed collection or object, an instance and a static field", () => {
    const text = [
      "let count = 0;",
      "export let shared: string | null = null;",
      "const cache = new Map<string, number>();",
      "const seen: string[] = [];",
      "const slot = { value: 0 };",
      "const writer = new Writer();",
      "class Writer { static made = 0; static readonly kind = 'w'; }",
      "export function use(key: string): number {",
      "  count += 1;",
      "  cache.set(key, count);",
      "  seen.push(key);",
      "  slot.value = count;",
      "  return count + (shared?.length ?? 0) + (writer ? 1 : 0);",
      "}",
    ].join("\n");
    expect(names("src/render/x.ts", text).sort()).toEqual(
      ["cache", "count", "made", "seen", "shared", "slot", "writer"].sort(),
    );
  });

  it("lets constant tables be, filled as the module loads or never changed", () => {
    const text = [
      "const KEYS = new Set(['a', 'b']);",
      "const NAMES: ReadonlyMap<string, number> = new Map([['a', 1]]);",
      "const BY_CODE: string[] = [];",
      "for (const key of KEYS) BY_CODE[key.charCodeAt(0)] = key;",
      "const LIMITS = { max: 10 } as const;",
      "const encoder = new TextEncoder();",
      "export const has = (key: string): boolean =>",
      "  KEYS.has(key) && NAMES.get(key) !== LIMITS.max && BY_CODE.length > 0 && !!encoder;",
    ].join("\n");
    expect(names("src/render/x.ts", text)).toEqual([]);
  });

  it("lets a listed name keep its state, in its own file only, and leaves tests alone", () => {
    const text =
      "let buffer = new Uint8Array(8);\nexport const grow = () => (buffer = new Uint8Array(16));\n";
    expect(names("src/persist/x.ts", text, { "src/persist/x.ts": ["buffer"] })).toEqual([]);
    expect(names("src/persist/y.ts", text, { "src/persist/x.ts": ["buffer"] })).toEqual(["buffer"]);
    expect(names("tests/x.ts", text)).toEqual([]);
  });

  it("lists only state that is still there: each listed file keeps exactly its listed names", () => {
    for (const [file, allowed] of Object.entries(ALLOWED_MODULE_STATE)) {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      expect(names(file, text).sort(), file).toEqual([...allowed].sort());
    }
  });
});
