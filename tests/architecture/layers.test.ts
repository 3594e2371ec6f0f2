import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Linter } from "eslint";
import tseslint from "typescript-eslint";
import { afterAll, describe, expect, it } from "vitest";
import layers, { LAYERS } from "../../scripts/eslint-layers.mjs";

// A throwaway tree with the real layer names, linted with the same rules as the project.
const root = fs.mkdtempSync(path.join(os.tmpdir(), "layers-"));
function write(file: string, text: string): string {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, text);
  return full;
}
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

write("src/math/point.ts", "export interface Point { x: number }\n");
write("src/tools/types.ts", "export interface Tool { id: string }\n");
write("src/scene/a.ts", 'import { b } from "./b";\nexport const a = () => b;\n');
write("src/scene/b.ts", 'import { a } from "./a";\nexport const b = () => a;\n');
write("src/scene/c.ts", 'import { b } from "./b";\nexport const c = b;\n');

function lint(file: string, text: string): string[] {
  const linter = new Linter({ cwd: root });
  const messages = linter.verify(
    text,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { linework: layers },
        rules: { "linework/layers": "error", "linework/no-import-cycle": "error" },
      },
    ],
    path.join(root, file),
  );
  return messages.map((m) => `${m.ruleId ?? "parser"}: ${m.message}`);
}

describe("layers", () => {
  it("lets a folder import its own files and the layers below it", () => {
    expect(lint("src/tools/x.ts", 'import type { Point } from "../math/point";\n')).toEqual([]);
    expect(lint("src/tools/x.ts", 'import type { Tool } from "./types";\n')).toEqual([]);
  });

  it("refuses an upward import, type-only included", () => {
    const found = lint("src/scene/x.ts", 'import type { Tool } from "../tools/types";\n');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("linework/layers");
    expect(found[0]).toContain("scene/ is below tools/");
    expect(lint("src/math/x.ts", 'export { Tool } from "../tools/types";\n')).toHaveLength(1);
    expect(
      lint("src/math/x.ts", 'const t = import("../tools/types");\nexport { t };\n'),
    ).toHaveLength(1);
  });

  it("refuses a folder that is not listed as a layer", () => {
    const found = lint("src/elsewhere/x.ts", "export const x = 1;\n");
    expect(found).toEqual([expect.stringContaining("elsewhere is not a layer")]);
  });

  it("lists every folder of src/ as a layer", () => {
    const folders = fs.readdirSync(path.join(__dirname, "../../src"));
    expect(folders.filter((f) => !LAYERS.includes(f))).toEqual([]);
  });
});

describe("import circles", () => {
  it("reports both imports of a circle of two files, and nothing on a file that only enters it", () => {
    expect(
      lint("src/scene/a.ts", fs.readFileSync(path.join(root, "src/scene/a.ts"), "utf8")),
    ).toEqual([expect.stringContaining("linework/no-import-cycle")]);
    expect(
      lint("src/scene/b.ts", fs.readFileSync(path.join(root, "src/scene/b.ts"), "utf8")),
    ).toHaveLength(1);
    expect(
      lint("src/scene/c.ts", fs.readFileSync(path.join(root, "src/scene/c.ts"), "utf8")),
    ).toEqual([]);
  });
});
