import { existsSync, readFileSync } from "node:fs";
import { svgFilesUnder } from "../../../scripts/svgFiles";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importSvg } from "../../../src/io/import/svg";
import {
  cascadedDeclarations,
  emptySheet,
  parseStyleSheet,
  type SelectorTarget,
  type StyleSheet,
} from "../../../src/io/import/svg/css";
import {
  attributeVerdict,
  declarationVerdict,
  ELEMENTS,
  isCssStyle,
  SVG_NS,
  textChildRole,
  type ElementRole,
  type NotKept,
} from "../../../src/io/import/svg/support";
import {
  DEFAULT_XML_LIMITS,
  localName,
  parseXml,
  type XmlElement,
} from "../../../src/io/import/xml";

/**
 * No silent drops: for every SVG of a corpus, what lies outside the import's allow-list (elements,
 * attributes and style declarations, found here from the XML by a walk of this test's own) must
 * each be reported in the import's warnings, with its count. The allow-list (support.ts) says
 * what is kept; this test holds the import to reporting everything else.
 */

const REPOSITORY = resolve(import.meta.dirname, "../../..");
const FIXTURES = join(REPOSITORY, "tests/fixtures/svg-import");
const RESVG = resolve(REPOSITORY, "../shared/corpora/resvg");

/** Counts by kind: "Not imported" items by their words, "Ignored" items by label and element. */
interface Report {
  readonly notImported: Map<string, number>;
  readonly ignored: Map<string, number>;
}

function emptyReport(): Report {
  return { notImported: new Map(), ignored: new Map() };
}

function add(map: Map<string, number>, key: string, n = 1): void {
  map.set(key, (map.get(key) ?? 0) + n);
}

function ignoredKey(label: string, tag: string | null): string {
  return tag === null ? label : `${label} on <${tag}>`;
}

/** The warnings of an import, read back into counts by kind. */
function readWarnings(warnings: readonly string[]): Report {
  const report = emptyReport();
  for (const warning of warnings) {
    const notImported = /^Not imported: (.*)\.$/.exec(warning);
    const ignored = /^Ignored: (.*)\.$/.exec(warning);
    if (notImported !== null) {
      for (const item of notImported[1]!.split(", ")) {
        const match = /^(\d+) (.*)$/.exec(item);
        expect(match, `"Not imported" item "${item}"`).not.toBeNull();
        add(report.notImported, match![2]!, Number(match![1]));
      }
    } else if (ignored !== null) {
      for (const item of ignored[1]!.split(", ")) {
        const match = /^(.+) on (\d+) (?:<([^>]+)> )?elements?$/.exec(item);
        expect(match, `"Ignored" item "${item}"`).not.toBeNull();
        add(report.ignored, ignoredKey(match![1]!, match![3] ?? null), Number(match![2]));
      }
    } else throw new Error(`An import warning of an unknown form: ${warning}`);
  }
  return report;
}

/** Elements by their namespace, resolved from the xmlns declarations in scope. */
function foreignElements(root: XmlElement): Set<XmlElement> {
  const foreign = new Set<XmlElement>();
  const visit = (element: XmlElement, outer: Map<string, string>): void => {
    const scope = new Map(outer);
    for (const [name, value] of element.attributes) {
      if (name === "xmlns") scope.set("", value.trim());
      else if (name.startsWith("xmlns:")) scope.set(name.slice("xmlns:".length), value.trim());
    }
    const prefix = element.name.includes(":") ? element.name.split(":")[0]! : "";
    if (element !== root && scope.get(prefix) !== SVG_NS) foreign.add(element);
    for (const child of element.children) if (typeof child !== "string") visit(child, scope);
  };
  visit(root, new Map([["", SVG_NS]]));
  return foreign;
}

/** The CSS style sheets of the document; sheets of other types count as not imported. */
function styleSheets(root: XmlElement, foreign: Set<XmlElement>, expected: Report): StyleSheet {
  const sheet = emptySheet();
  const visit = (element: XmlElement): void => {
    const tag = localName(element.name);
    if (tag === "script" || tag === "foreignObject") return;
    if (tag === "style" && !foreign.has(element)) {
      if (isCssStyle(element))
        parseStyleSheet(element.children.filter((c) => typeof c === "string").join(""), sheet);
      else add(expected.notImported, "style sheet that is not CSS");
    }
    for (const child of element.children) if (typeof child !== "string") visit(child);
  };
  visit(root);
  return sheet;
}

function byIdOf(root: XmlElement): Map<string, XmlElement> {
  const ids = new Map<string, XmlElement>();
  const visit = (element: XmlElement): void => {
    const id = element.attributes.get("id");
    if (id !== undefined && !ids.has(id)) ids.set(id, element);
    for (const child of element.children) if (typeof child !== "string") visit(child);
  };
  visit(root);
  return ids;
}

/**
 * What the import must report of a document: each element outside the allow-list (its content
 * with it), each attribute and each style declaration it does not keep, by kind.
 */
function expectedReport(root: XmlElement): Report {
  const expected = emptyReport();
  const foreign = foreignElements(root);
  const sheet = styleSheets(root, foreign, expected);
  const ids = byIdOf(root);
  const byId = (id: string): XmlElement | undefined => ids.get(id);
  const note = (kind: NotKept | null): void => {
    if (kind !== null) add(expected.ignored, ignoredKey(kind.label, kind.tag));
  };
  const visit = (element: XmlElement, inText: boolean): void => {
    // Other namespaces draw nothing; Linework's data stands for the drawing it comes with.
    if (foreign.has(element) || element.attributes.has("data-linework")) return;
    const tag = localName(element.name);
    const role: ElementRole | undefined = inText ? textChildRole(tag) : ELEMENTS.get(tag)?.role;
    if (role === undefined) {
      add(expected.notImported, `<${tag}> element`);
      return;
    }
    if (role === "inert" || role === "referenced") return;
    for (const [name, value] of element.attributes) {
      if (/^on/i.test(name) || /^javascript:/i.test(value.trim())) continue;
      note(attributeVerdict(tag, role, name, value, element, byId));
    }
    if (element === root && element.attributes.has("transform"))
      add(expected.notImported, "transform on the outermost <svg>");
    // The CSS cascade (which declarations apply, which win) is css.ts's to say.
    const inline = element.attributes.get("style");
    const declarations = new Map(
      cascadedDeclarations(sheet, targetOf(element), inline, { externalUrls: 0 }),
    );
    for (const [name, value] of declarations)
      note(declarationVerdict(tag, role, name, value, element, byId));
    for (const child of element.children)
      if (typeof child !== "string") {
        parents.set(child, element);
        visit(child, inText || tag === "text");
      }
  };
  const parents = new Map<XmlElement, XmlElement>();
  const targetOf = (element: XmlElement): SelectorTarget => ({
    tag: localName(element.name),
    id: element.attributes.get("id"),
    classes: (element.attributes.get("class") ?? "").split(/\s+/).filter(Boolean),
    parent: () => {
      const parent = parents.get(element);
      return parent === undefined ? null : targetOf(parent);
    },
  });
  visit(root, false);
  return expected;
}

/** "<rect> element" as the summary counts it: "2 <rect> elements". */
function counted(kind: string, n: number): string {
  return n === 1 ? kind : `${kind}s`;
}

interface Checked {
  readonly file: string;
  readonly expected: Report;
  readonly actual: Report;
}

/** Imports a file and checks that everything outside the allow-list is reported. */
function checkFile(file: string, root: string): Checked | null {
  const text = readFileSync(file, "utf8");
  const name = relative(root, file);
  const result = importSvg(text, name);
  // A file the import refuses reports that instead.
  if (!result.ok) return null;
  const expected = expectedReport(parseXml(text, DEFAULT_XML_LIMITS).root);
  const actual = readWarnings(result.warnings);
  for (const [kind, n] of expected.notImported) {
    const words = counted(kind, n);
    expect(actual.notImported.get(words), `${name}: "${n} ${words}" not reported`).toBe(n);
  }
  expect(Object.fromEntries(actual.ignored), `${name}: what is ignored`).toEqual(
    Object.fromEntries(expected.ignored),
  );
  return { file: name, expected, actual };
}

/** The SVGs the repository holds, test fixtures included. */
function repositorySvgs(): string[] {
  const dirs = ["tests", "assets"].map((d) => join(REPOSITORY, d)).filter((d) => existsSync(d));
  return dirs.flatMap(svgFilesUnder);
}

describe("SVG import: nothing is dropped without a warning", () => {
  it("reports everything outside the allow-list in the repository's SVGs", () => {
    const files = repositorySvgs();
    expect(files.map((f) => relative(REPOSITORY, f))).toEqual(
      expect.arrayContaining([
        "tests/fixtures/svg-import/not-kept.svg",
        "tests/fixtures/svg-import/supported.svg",
        "tests/fixtures/svg-import/editor-metadata.svg",
      ]),
    );
    let reported = 0;
    for (const file of files) {
      const checked = checkFile(file, REPOSITORY);
      if (checked !== null)
        reported += checked.expected.notImported.size + checked.expected.ignored.size;
    }
    // The fixtures carry the weight: many kinds are expected, so the check cannot pass empty.
    expect(reported).toBeGreaterThan(28);
  });

  it("reports each construct of the fixture of things not kept, by kind and count", () => {
    const checked = checkFile(join(FIXTURES, "not-kept.svg"), REPOSITORY)!;
    // Independently of the allow-list: what the fixture was written to hold.
    expect([...checked.actual.notImported]).toEqual(
      expect.arrayContaining([
        ["style sheet that is not CSS", 1],
        ["<foreignObject> elements", 2],
        ["<textPath> element", 1],
        ["<blink> element", 1],
        ["<animate> element", 1],
        ["<script> element", 1],
        ["image in a pattern", 1],
      ]),
    );
    expect(Object.fromEntries(checked.actual.ignored)).toEqual({
      "fr attribute on <radialGradient>": 1,
      "spreadMethod: reflect on <radialGradient>": 1,
      "width attribute on <symbol>": 1,
      "height attribute on <symbol>": 1,
      "isolation attribute on <g>": 1,
      "mix-blend-mode attribute on <rect>": 1,
      "mix-blend-mode: plus-lighter": 1,
      filter: 1,
      "vector-effect: non-scaling-stroke": 1,
      "shape-rendering: crispEdges": 1,
      "pathLength attribute on <path>": 1,
      "stroke-linejoin: arcs": 1,
      "letter-spacing: 2": 1,
      "text-decoration: underline": 1,
      font: 1,
      "dx attribute on <tspan>": 1,
      "fill on <tspan>": 1,
      "x attribute on <text>": 1,
      "href attribute on <a>": 1,
      "frobnicate attribute on <circle>": 1,
    });
  });

  it("reports nothing for what is kept, editor metadata and attributes without effect", () => {
    for (const name of ["supported.svg", "editor-metadata.svg"]) {
      const result = importSvg(readFileSync(join(FIXTURES, name), "utf8"), name);
      if (!result.ok) throw new Error(result.error);
      expect(result.warnings, name).toEqual([]);
      expect(result.nodes.length, name).toBeGreaterThan(3);
    }
  });

  it("words each kind once, with its count", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1" style="mix-blend-mode: plus-darker"/><rect width="1" height="1" style="mix-blend-mode: plus-darker"/><tspan/><tspan/></svg>`,
      "w",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.warnings).toEqual(["Ignored: mix-blend-mode: plus-darker on 2 elements."]);
    const unknown = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><hatch/><hatch><hatchpath/></hatch><g><solidcolor/></g></svg>`,
      "u",
    );
    if (!unknown.ok) throw new Error(unknown.error);
    expect(unknown.warnings).toEqual(["Not imported: 2 <hatch> elements, 1 <solidcolor> element."]);
  });

  it.runIf(existsSync(RESVG))(
    "reports everything outside the allow-list in the resvg corpus",
    () => {
      const files = svgFilesUnder(RESVG);
      expect(files.length).toBeGreaterThan(100);
      for (const file of files) checkFile(file, RESVG);
    },
  );
});
