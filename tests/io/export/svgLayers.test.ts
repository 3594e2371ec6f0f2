import { describe, expect, it } from "vitest";
import { NO_STROKE } from "../../../src/doc/factory";
import type { DocRecord, GroupNode, Id, RectNode } from "../../../src/doc/types";
import { exportSvg, exportSvgLayersSteps, NODE_ID_ATTRIBUTE } from "../../../src/io/export/svg";
import { IdAllocator } from "../../../src/io/export/xml";
import { runSteps } from "../../../src/io/steps";
import { makeNode } from "../../../src/shapes/makeNode";
import { storeWith } from "../../support/store";

function rect(id: Id, parent: Id, index: string, x: number): RectNode {
  return {
    ...makeNode<RectNode>("rect", id, parent, index, {
      width: 10,
      height: 10,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0.5, b: 1, a: 0.5 } },
      stroke: NO_STROKE,
    }),
    transform: { x, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 },
  };
}

const key = (i: number): string => `b${i.toString(36).padStart(4, "0")}`;

/** The node ids the markup names, in the order it draws them. */
function drawn(svg: string): string[] {
  return [...svg.matchAll(new RegExp(`${NODE_ID_ATTRIBUTE}="([^"]+)"`, "g"))].map((m) => m[1]!);
}

const OPTIONS = { scope: { page: "page" }, linework: false, nodeIds: true, background: true };

describe("SVG layers for drawing a PNG", () => {
  it("hold every node once, in paint order, a bounded number each, the background in the first", () => {
    const store = storeWith(
      ...Array.from({ length: 5000 }, (_, i) => rect(`r${i}`, "page", key(i), i)),
    );
    const { layers, bounds } = runSteps(exportSvgLayersSteps(store, OPTIONS, 1500));
    expect(layers).toHaveLength(4);
    const whole = exportSvg(store, OPTIONS);
    expect(bounds).toEqual(whole.bounds);
    expect(layers.flatMap((layer) => drawn(layer.svg))).toEqual(drawn(whole.svg));
    for (const layer of layers) expect(drawn(layer.svg).length).toBeLessThanOrEqual(1500);
    const backgrounds = layers.map(
      (layer) => (layer.svg.match(/<rect /g) ?? []).length - drawn(layer.svg).length,
    );
    expect(backgrounds).toEqual([1, 0, 0, 0]);
  });

  it("say where each layer can put paint: its nodes' bounds, or all of it with the background", () => {
    const store = storeWith(
      ...Array.from({ length: 3000 }, (_, i) => rect(`r${i}`, "page", key(i), i)),
    );
    const { layers, bounds } = runSteps(exportSvgLayersSteps(store, OPTIONS, 1000));
    expect(layers[0]!.drawn).toEqual(bounds);
    const bare = runSteps(exportSvgLayersSteps(store, { ...OPTIONS, background: false }, 1000));
    expect(bare.layers).toHaveLength(3);
    for (const layer of bare.layers) {
      const xs = drawn(layer.svg).map((id) => Number(id.slice(1)));
      expect(layer.drawn).toEqual({ minX: xs[0], minY: 0, maxX: xs.at(-1)! + 10, maxY: 10 });
    }
  });

  it("end a layer once its markup reaches the bound in characters, before the bound in nodes", () => {
    const store = storeWith(
      ...Array.from({ length: 1000 }, (_, i) => rect(`r${i}`, "page", key(i), i)),
    );
    const one = runSteps(exportSvgLayersSteps(store, OPTIONS, 1000)).layers[0]!;
    const bodyOf = (svg: string): string => svg.slice(svg.indexOf("<rect", svg.indexOf("/>") + 2));
    const perNode = bodyOf(one.svg).length / 1000;
    const { layers } = runSteps(exportSvgLayersSteps(store, OPTIONS, 1000, perNode * 100));
    expect(layers.length).toBeGreaterThanOrEqual(9);
    expect(layers.length).toBeLessThanOrEqual(11);
    expect(layers.flatMap((layer) => drawn(layer.svg))).toEqual(drawn(one.svg));
  });

  it("keep a node on top that blends in one layer with everything below it", () => {
    const nodes: DocRecord[] = Array.from({ length: 3000 }, (_, i) =>
      rect(`r${i}`, "page", key(i), i),
    );
    nodes.push({ ...rect("blend", "page", "c0", 0), blendMode: "multiply" });
    const { layers } = runSteps(exportSvgLayersSteps(storeWith(...nodes), OPTIONS, 1000));
    expect(layers).toHaveLength(1);
  });

  it("keep a group whole, however many nodes it holds", () => {
    const nodes: DocRecord[] = [makeNode<GroupNode>("group", "g", "page", "a0", {})];
    for (let i = 0; i < 3000; i++) nodes.push(rect(`r${i}`, "g", key(i), i));
    nodes.push(rect("after", "page", "c0", 0));
    const { layers } = runSteps(exportSvgLayersSteps(storeWith(...nodes), OPTIONS, 1000));
    expect(layers.map((layer) => drawn(layer.svg).length)).toEqual([3001, 1]);
  });

  it("name nothing the same in two layers, nor in another export given the same ids", () => {
    const gradient = (id: Id, index: string): RectNode => ({
      ...rect(id, "page", index, 0),
      fill: {
        type: "linear",
        from: { x: 0, y: 0 },
        to: { x: 10, y: 0 },
        stops: [
          { offset: 0, color: { r: 1, g: 0, b: 0, a: 1 } },
          { offset: 1, color: { r: 0, g: 0, b: 1, a: 1 } },
        ],
      },
    });
    const nodes: DocRecord[] = [gradient("first", "a0")];
    for (let i = 0; i < 40; i++) nodes.push(rect(`r${i}`, "page", key(i), i));
    nodes.push(gradient("last", "c0"));
    const store = storeWith(...nodes);
    const ids = new IdAllocator();
    const idsOf = (svg: string): string[] => [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    const { layers } = runSteps(exportSvgLayersSteps(store, { ...OPTIONS, ids }, 20));
    expect(layers).toHaveLength(3);
    const again = runSteps(exportSvgLayersSteps(store, { ...OPTIONS, ids }, 20));
    const all = [...layers, ...again.layers].flatMap((layer) => idsOf(layer.svg));
    expect(all.filter((id) => id.startsWith("gradient"))).toHaveLength(4);
    expect(new Set(all).size).toBe(all.length);
  });
});
