import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ImportError } from "../../../src/io/import/limits";
import { parseXml, type XmlElement } from "../../../src/io/import/xml";

function parseError(text: string): string {
  try {
    parseXml(text);
  } catch (error) {
    if (error instanceof ImportError) return error.message;
    throw error;
  }
  throw new Error("parsed without an error");
}

describe("XML parser", () => {
  it("builds elements, attributes and text, skipping comments, PIs and blank text", () => {
    const doc = parseXml(
      `<?xml version="1.0"?><!-- c --><svg a="1" b='two'>\n  <g><rect x="1"/></g><text>Hi <tspan>there</tspan></text></svg>`,
    );
    expect(doc.root.name).toBe("svg");
    expect([...doc.root.attributes]).toEqual([
      ["a", "1"],
      ["b", "two"],
    ]);
    const [g, text] = doc.root.children as XmlElement[];
    expect(g!.name).toBe("g");
    expect((g!.children[0] as XmlElement).attributes.get("x")).toBe("1");
    expect(text!.children[0]).toBe("Hi ");
    expect((text!.children[1] as XmlElement).children).toEqual(["there"]);
  });

  it("decodes predefined, numeric and internal entities, and CDATA", () => {
    const doc = parseXml(
      `<!DOCTYPE svg [<!ENTITY who "w&#x6F;rld"><!ENTITY greet "hello &who;">]><svg t="&lt;&amp;&#65;&greet;"><style><![CDATA[a<b]]></style></svg>`,
    );
    expect(doc.root.attributes.get("t")).toBe("<&Ahello world");
    expect((doc.root.children[0] as XmlElement).children).toEqual(["a<b"]);
  });

  it("replaces external entities by nothing and counts them", () => {
    const doc = parseXml(
      `<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg><text>[&x;]</text></svg>`,
    );
    expect((doc.root.children[0] as XmlElement).children).toEqual(["[]"]);
    expect(doc.externalEntityReferences).toBe(1);
  });

  it("normalises whitespace in attribute values", () => {
    expect(parseXml(`<svg d="a\n\tb"/>`).root.attributes.get("d")).toBe("a  b");
  });

  it.each([
    [
      "<svg>",
      "The file is not well-formed XML: <svg> is not closed (the file may be cut short) (line 1, column 6).",
    ],
    ["<svg></g>", "The file is not well-formed XML: </g> closes <svg> (line 1, column 10)."],
    [
      "<svg a=1/>",
      "The file is not well-formed XML: the value of a is not quoted (line 1, column 8).",
    ],
    [
      '<svg a="1" a="2"/>',
      "The file is not well-formed XML: <svg> has two a attributes (line 1, column 14).",
    ],
    [
      "<svg/><svg/>",
      "The file is not well-formed XML: more than one root element (line 1, column 11).",
    ],
    [
      "<svg>&nope;</svg>",
      "The file is not well-formed XML: &nope; is not declared (line 1, column 6).",
    ],
    [
      "<svg>&#0;</svg>",
      "The file is not well-formed XML: &#0; is not a valid character (line 1, column 6).",
    ],
    ["hello", "The file is not well-formed XML: text before the root element (line 1, column 1)."],
    ["", "The file is not well-formed XML: there is no root element (line 1, column 1)."],
  ])("rejects %j with a located message", (text, message) => {
    expect(parseError(text)).toBe(message);
  });

  it("rejects an entity that refers to itself", () => {
    expect(
      parseError(`<!DOCTYPE svg [<!ENTITY a "x&b;"><!ENTITY b "&a;">]><svg>&a;</svg>`),
    ).toMatch(/entity a refers to itself/);
  });

  it("enforces the depth, element and entity limits it is given", () => {
    const limits = { maxElements: 3, maxDepth: 2, maxEntityExpansion: 10, maxEntityDepth: 2 };
    expect(() => parseXml("<a><b><c/></b></a>", limits)).not.toThrow();
    expect(() => parseXml("<a><b><c><d/></c></b></a>", limits)).toThrow(
      "Elements are nested more than 2 deep (the limit).",
    );
    expect(() => parseXml("<a><b/><b/><b/></a>", limits)).toThrow(
      "The file has more than 3 elements (the limit).",
    );
    expect(() => parseXml(`<!DOCTYPE a [<!ENTITY e "123456">]><a>&e;&e;</a>`, limits)).toThrow(
      "Entities expand to more than 10 characters (the limit); the file may be an entity-expansion attack.",
    );
    expect(() =>
      parseXml(
        `<!DOCTYPE a [<!ENTITY e "1"><!ENTITY f "&e;"><!ENTITY g "&f;">]><a>&g;</a>`,
        limits,
      ),
    ).toThrow("Entities refer to one another more than 2 deep (the limit).");
  });

  it("property: any tree of elements and escaped text round-trips through printing", () => {
    interface Tree {
      name: string;
      attrs: Array<[string, string]>;
      children: Array<Tree | string>;
    }
    const name = fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/);
    const text = fc.string({ minLength: 1, maxLength: 8 }).filter(
      (s) =>
        // fast-check's default strings are printable ASCII; whitespace-only text is dropped.
        /\S/.test(s) && [...s].every((c) => c.charCodeAt(0) >= 0x20),
    );
    const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
      tree: fc.record({
        name,
        attrs: fc.uniqueArray(fc.tuple(name, text), { maxLength: 3, selector: ([k]) => k }),
        children: fc.array(fc.oneof({ maxDepth: 3, depthIdentifier: "xml" }, text, tie("tree")), {
          maxLength: 3,
        }),
      }),
    })).tree;
    const escape = (s: string): string =>
      s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
    const print = (t: Tree): string =>
      `<${t.name}${t.attrs.map(([k, v]) => ` ${k}="${escape(v)}"`).join("")}>${t.children
        .map((c) => (typeof c === "string" ? escape(c) : print(c)))
        .join("")}</${t.name}>`;
    const merge = (children: Array<Tree | string>): Array<Tree | string> => {
      const out: Array<Tree | string> = [];
      for (const c of children) {
        if (typeof c === "string" && typeof out.at(-1) === "string") out[out.length - 1] += c;
        else out.push(c);
      }
      return out;
    };
    const normal = (t: Tree): unknown => ({
      name: t.name,
      attrs: t.attrs,
      children: merge(t.children).map((c) => (typeof c === "string" ? c : normal(c))),
    });
    const back = (e: XmlElement): unknown => ({
      name: e.name,
      attrs: [...e.attributes],
      children: merge(
        e.children.map((c) => (typeof c === "string" ? c : (c as unknown as Tree))),
      ).map((c) => (typeof c === "string" ? c : back(c as unknown as XmlElement))),
    });
    fc.assert(
      fc.property(tree, (t) => {
        expect(back(parseXml(print(t)).root)).toEqual(normal(t));
      }),
      { numRuns: 300 },
    );
  });
});
