import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import kindChecks from "./scripts/eslint-kind-checks.mjs";
import layers from "./scripts/eslint-layers.mjs";
import moduleState from "./scripts/eslint-module-state.mjs";

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-*",
      "node_modules",
      "engine/core/build",
      "test-results",
      "playwright-report",
      "bench/results",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": "error",
      // With noUncheckedIndexedAccess every proven-in-range index needs one; a wrong one fails loudly.
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The layers of ARCHITECTURE.md: imports only go down, and no files import each other in a
    // circle. What lives as long as a document or a program belongs to its object, not a module.
    // What a kind of node can do is asked of its kind, not of its type name.
    files: ["src/**/*.{ts,tsx}"],
    plugins: {
      linework: { rules: { ...layers.rules, ...moduleState.rules, ...kindChecks.rules } },
    },
    rules: {
      "linework/layers": "error",
      "linework/no-import-cycle": "error",
      "linework/no-module-state": "error",
      "linework/no-kind-check": "error",
    },
  },
  {
    // The engine is the lower layer: it must not know the drawing program.
    files: ["engine/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/**", "../src/*", "../../src/*"],
              message: "engine/ must not import from src/.",
            },
          ],
        },
      ],
    },
  },
  {
    // AssemblyScript: its own numeric types and builtins, compiled by asc rather than tsc.
    files: ["engine/core/assembly/**/*.ts"],
    rules: {
      "no-undef": "off",
      "@typescript-eslint/no-unused-vars": "off",
      "@typescript-eslint/consistent-type-imports": "off",
      "prefer-const": "off",
      // u64 hash constants are exact in AssemblyScript, which is not JavaScript's number.
      "no-loss-of-precision": "off",
    },
  },
);
