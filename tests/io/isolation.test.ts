import { describe, expect, it } from "vitest";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import { DocumentStore } from "../../src/doc/store";
import type { DocRecord, GroupNode, RectNode } from "../../src/doc/types";
import { exportSvg } from "../../src/io/export/svg";
import { importSvg } from "../../src/io/import/svg";
import { serializeDocument } from "../../src/io/native/format";
import { parseDocument } from "../../src/io/native/parse";
import { KIND_RULES } from "../../src/shapes/registry";

// Isolated groups (CSS isolation: isolate): what blends inside blends with the group alone.

function groups(svg: string): GroupNode[] {
  const result = importSvg(svg, "t.svg");
  if (!result.ok) throw new Error(result.error);
  expect(result.warnings).toEqual([]);
  return result.nodes.filter((n): n is GroupNode => n.type === "group");
}

function documentWith(isolated: boolean): DocRecord[] {
  const [meta, page] = createDocument({ id: "d", pageId: "p", author: "", created: "2025-01-01" });
  const group = makeNode<GroupNode>("group", "g", "p", "a0", { isolated, opacity: 0.5 });
  const rect = makeNode<RectNode>("rect", "r", "g", "a0", {
    width: 10,
    height: 10,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    blendMode: "multiply",
  });
  return [meta!, page!, group, rect];
}

describe("isolated groups", () => {
  it("come from an SVG whose drawing blends: its outermost element isolates it", () => {
    const [plain] = groups(
      `<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>`,
    );
    expect(plain!.isolated).toBe(false);
    const [root] = groups(
      `<svg xmlns="http://www.w3.org/2000/svg"><g><rect width="5" height="5" style="mix-blend-mode: screen"/></g></svg>`,
    );
    expect(root!.isolated).toBe(true);
  });

  it("come from isolation: isolate on a <g>", () => {
    const [, group] = groups(
      `<svg xmlns="http://www.w3.org/2000/svg"><g style="isolation: isolate" opacity="0.5"><rect width="5" height="5"/><rect x="2" width="5" height="5"/></g></svg>`,
    );
    expect(group).toMatchObject({ isolated: true, opacity: 0.5 });
  });

  it("are written to SVG as isolation: isolate and read back", () => {
    const store = new DocumentStore(documentWith(true), { invariants: KIND_RULES });
    const { svg } = exportSvg(store, { scope: { page: "p" } });
    expect(svg).toMatch(/<g [^>]*style="isolation:isolate"/);
    expect(svg).toMatch(/style="mix-blend-mode:multiply"/);
    const back = groups(svg);
    expect(back[0]).toMatchObject({ isolated: true, opacity: 0.5 });
  });

  it("are saved only when isolated, and loaded as saved", () => {
    for (const isolated of [false, true]) {
      const text = serializeDocument(documentWith(isolated));
      expect(text.includes('"isolated"')).toBe(isolated);
      const loaded = parseDocument(text);
      if (!loaded.ok) throw new Error(loaded.error);
      expect(loaded.records.find((r) => r.id === "g")).toMatchObject({ isolated });
    }
  });
});
