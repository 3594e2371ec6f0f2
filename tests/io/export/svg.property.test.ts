import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../../src/doc/factory";
import { makeNode } from "../../../src/shapes/makeNode";
import { DocumentStore } from "../../../src/doc/store";
import type { RectNode, TextNode } from "../../../src/doc/types";
import { ExportError } from "../../../src/io/export/errors";
import { exportSvg } from "../../../src/io/export/svg";
import { xmlSafe } from "../../../src/io/export/xml";
import { emptyDocumentStore } from "../../support/store";
import { documentArb } from "../../support/arbitraries";
import { childElements, elements, parseXml } from "./xml";

/** Elements the export may write; anything else (script, foreignObject, use…) is a failure. */
const ALLOWED = new Set([
  "svg",
  "defs",
  "g",
  "title",
  "rect",
  "ellipse",
  "circle",
  "polygon",
  "path",
  "text",
  "tspan",
  "image",
  "clipPath",
  // Cuts a line where its label's words are.
  "mask",
  "linearGradient",
  "radialGradient",
  "stop",
]);

/** Strings that try to break out of XML: markup, entities, quotes, controls, lone surrogates. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(
      fc.constantFrom(
        "<",
        ">",
        "&",
        '"',
        "'",
        "]]>",
        "<script>alert(1)</script>",
        ' onload="x()"',
        "&amp;",
        "\u0000",
        "\u0007",
        "\uD800",
        "\uDC00",
        "\uFFFF",
        "😀",
        "\t",
        " ",
        "a",
        "é",
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join("")),
);

function withText(name: string, content: string): DocumentStore {
  const store = emptyDocumentStore();
  store.transact("Add", (tx) => {
    tx.put({
      ...makeNode<RectNode>("rect", "r", "page", "a0", {
        width: 10,
        height: 10,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
        stroke: NO_STROKE,
      }),
      name,
    });
    tx.put({
      ...makeNode<TextNode>("text", "t", "page", "a1", {
        content,
        fontFamily: name === "" ? "sans-serif" : name,
        fontSize: 12,
        fontWeight: 400,
        fontStyle: "normal",
        align: "left",
        lineHeight: 1.2,
        width: null,
        fill: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } },
        stroke: NO_STROKE,
      }),
      name,
    });
  });
  return store;
}

describe("SVG export escaping (property)", () => {
  it("any node name and text content comes back, escaped, as the same characters", () => {
    fc.assert(
      fc.property(hostileText, hostileText, (name, content) => {
        const out = exportSvg(withText(name, content), { scope: { page: "page" } });
        const root = parseXml(out.svg);
        for (const element of elements(root)) {
          expect(ALLOWED.has(element.nodeName)).toBe(true);
          for (let i = 0; i < element.attributes.length; i++)
            expect(element.attributes.item(i)!.name).not.toMatch(/^on/i);
        }
        const [rect, text] = childElements(root);
        const ids = [rect!.getAttribute("id"), text!.getAttribute("id")];
        expect(new Set(ids).size).toBe(2);
        for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_.-]*$/);
        const title = childElements(rect!).find((e) => e.nodeName === "title");
        expect(title?.textContent ?? rect!.getAttribute("id")).toBe(xmlSafe(name));
        const lines = childElements(text!)
          .filter((e) => e.nodeName === "tspan")
          .map((e) => e.textContent);
        expect(lines.join("\n")).toBe(xmlSafe(content).replace(/\r\n?/g, "\n"));
      }),
      { numRuns: 300 },
    );
  });

  it("every valid document exports each page as well-formed SVG with unique ids", () => {
    fc.assert(
      fc.property(documentArb({ maxPages: 2 }), (records) => {
        const store = new DocumentStore(records);
        for (const page of store.pages()) {
          let svg: string;
          try {
            svg = exportSvg(store, { scope: { page: page.id }, background: true }).svg;
          } catch (error) {
            // Only an empty (all hidden or zero-size) page may be refused, and it says so.
            expect(error).toBeInstanceOf(ExportError);
            continue;
          }
          expect(svg).not.toMatch(/<script|\son[a-z]+=/i);
          const all = elements(parseXml(svg));
          const ids = all.map((e) => e.getAttribute("id")).filter((id) => id !== "");
          expect(new Set(ids).size).toBe(ids.length);
          for (const element of all) expect(ALLOWED.has(element.nodeName)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
