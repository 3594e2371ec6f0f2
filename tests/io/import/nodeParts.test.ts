import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PathNode, SceneNode } from "../../../src/doc/types";
import { readUntrusted } from "../../../src/io/import/boundary";
import { decodeNodes, encodeNodes, type NodePart } from "../../../src/io/import/nodeParts";
import { subpathsOf } from "../../support/arbitraries";
import { packSubpaths, unpackSubpaths } from "../../../src/io/import/packedGeometry";

// Any double, -0, infinities and NaN included: Float64 carries each as it is.
const point = fc.record({ x: fc.double(), y: fc.double() });
const subpath = subpathsOf(point, 6);
const paths = fc.array(fc.array(subpath, { maxLength: 3 }), { maxLength: 8 });

/** A part as it arrives on the page: copied as postMessage copies it. */
function sent(nodes: readonly SceneNode[]): NodePart {
  return structuredClone(encodeNodes(nodes));
}

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <g id="layer" opacity="0.5" transform="rotate(10)">
    <path id="a" d="M0 0h10v10z M20 20q5 5 10 0t10 0" fill="#f00" stroke="#000" stroke-dasharray="2 1"/>
    <path id="b" d="M1 1c2 2 3 3 4 4" fill="#0f0" stroke="#000"/>
    <rect x="1" y="2" width="30" height="20" rx="3" fill="url(#g)"/>
    <ellipse cx="50" cy="50" rx="10" ry="5" stroke="blue"/>
    <text x="5" y="90" font-size="12">Hello &amp; more</text>
  </g>
  <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
</svg>`;

function imported(): SceneNode[] {
  const result = readUntrusted("a.svg", SVG);
  if (!result.ok) throw new Error(result.error);
  return result.nodes;
}

describe("packed path geometry", () => {
  it("property: unpacking gives back every path's subpaths exactly", () => {
    fc.assert(
      fc.property(paths, (list) => {
        expect(unpackSubpaths(packSubpaths(list))).toEqual(list);
      }),
    );
  });

  it("refuses arrays that do not read as whole paths", () => {
    const { ops, coords } = packSubpaths([
      [{ start: { x: 0, y: 0 }, segments: [{ type: "line", to: { x: 1, y: 1 } }], closed: true }],
    ]);
    const broken = [
      { ops, coords: coords.slice(0, -1) },
      { ops, coords: Float64Array.of(...coords, 5) },
      { ops: ops.slice(0, -1), coords },
      { ops: Uint8Array.of(9, ...ops.subarray(1)), coords },
      // A segment before any subpath has started.
      { ops: Uint8Array.of(3, 0), coords: Float64Array.of(1, 1) },
    ];
    for (const packed of broken) expect(unpackSubpaths(packed)).toBeNull();
  });
});

describe("a part of nodes as the worker sends it", () => {
  it("reads back as the same nodes", () => {
    const nodes = imported();
    expect(nodes.some((n) => n.type === "path")).toBe(true);
    expect(nodes.some((n) => n.type === "text")).toBe(true);
    expect(decodeNodes(sent(nodes))).toEqual(nodes);
  });

  it("property: random paths and names read back as they were", () => {
    const base = imported().find((n): n is PathNode => n.type === "path")!;
    fc.assert(
      fc.property(paths, fc.array(fc.string(), { minLength: 8, maxLength: 8 }), (list, names) => {
        const nodes = list.map((subpaths, i) => ({
          ...base,
          id: `p${i}`,
          subpaths,
          name: names[i]!,
        }));
        expect(decodeNodes(sent(nodes))).toEqual(nodes);
      }),
    );
  });

  it("keeps a node's own strings that start like a reference", () => {
    const base = imported()[0]!;
    const nodes = ["\u0000", "\u00000", "\u0000g", "\u0000\u0000x"].map((name, i) => ({
      ...base,
      id: `n${i}`,
      name,
    }));
    expect(decodeNodes(sent(nodes))).toEqual(nodes);
  });

  it("sends each distinct value once, and the nodes that repeat it share it", () => {
    const nodes = imported().filter((n): n is PathNode => n.type === "path");
    const part = sent(nodes);
    const shared = JSON.parse(part.shared) as unknown[];
    const distinct = new Set(
      nodes.flatMap((n) => [n.transform, n.fill, n.stroke].map((v) => JSON.stringify(v))),
    );
    expect(shared.length).toBe(distinct.size);
    const read = decodeNodes(part) as PathNode[];
    expect(read[0]!.transform).toBe(read[1]!.transform);
  });

  it("refuses a part whose pieces do not fit together", () => {
    const part = sent(imported());
    const broken: Array<Partial<Record<keyof NodePart, unknown>>> = [
      { ...part, json: "{" },
      { ...part, json: "{}" },
      { ...part, shared: "[]" },
      { ...part, shared: 3 },
      { ...part, ops: [...part.ops] },
      { ...part, coords: new Float64Array(0) },
      { ...part, json: part.json.replace('"\\u0000g"', '"\\u00009999"') },
      { ...part, json: part.json.replace('"\\u0000g"', '"\\u0000"') },
      // A geometry placeholder on a field that is not a path's subpaths.
      { ...part, json: part.json.replace('"name":"a"', '"name":"\\u0000g"') },
      { ...part, json: "[3]" },
    ];
    for (const bad of broken) expect(decodeNodes(bad)).toBeNull();
  });
});
