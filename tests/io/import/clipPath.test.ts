import { describe, expect, it } from "vitest";
import { apply } from "../../../src/doc/transform";
import type { SceneNode } from "../../../src/doc/types";
import { importSvg } from "../../../src/io/import/svg";
import { toTop } from "./support/importedTree";

function convert(body: string): { nodes: SceneNode[]; warnings: string[] } {
  const result = importSvg(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`, "t");
  if (!result.ok) throw new Error(result.error);
  return { nodes: result.nodes, warnings: result.warnings };
}

const CLIP = `<clipPath id="c"><rect x="10" y="20" width="50" height="40"/></clipPath>`;

describe("clip paths in SVG import", () => {
  it("clips to a rectangle with a clipping frame, the shape where it was", () => {
    const { nodes, warnings } = convert(
      `${CLIP}<circle id="dot" cx="30" cy="30" r="25" fill="red" clip-path="url(#c)"/>`,
    );
    expect(warnings).toEqual([]);
    const frame = nodes.find((n) => n.type === "frame")!;
    expect(frame).toMatchObject({ width: 50, height: 40, clip: true, fill: { type: "none" } });
    close(apply(toTop(nodes, frame), { x: 0, y: 0 }), { x: 10, y: 20 });
    const dot = nodes.find((n) => n.name === "dot")!;
    expect(dot.parent).toBe(frame.id);
    // The circle's box starts at (5, 5) in the drawing, wherever the frame puts its parent.
    close(apply(toTop(nodes, dot), { x: 0, y: 0 }), { x: 5, y: 5 });
  });

  it("takes the clip in the element's user space, after its transform", () => {
    const { nodes } = convert(
      `${CLIP}<g transform="translate(100 0) scale(2)" clip-path="url(#c)"><rect id="r" width="100" height="100"/></g>`,
    );
    const frame = nodes.find((n) => n.type === "frame")!;
    expect(frame).toMatchObject({ width: 50, height: 40 });
    close(apply(toTop(nodes, frame), { x: 50, y: 40 }), { x: 220, y: 120 });
    const r = nodes.find((n) => n.name === "r")!;
    close(apply(toTop(nodes, r), { x: 0, y: 0 }), { x: 100, y: 0 });
  });

  it("imports clip paths that are not one plain rectangle as masked groups", () => {
    for (const clip of [
      `<clipPath id="c"><circle r="10"/></clipPath>`,
      `<clipPath id="c"><rect width="10" height="10" rx="2"/></clipPath>`,
      `<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath>`,
      `<clipPath id="c" transform="rotate(10)"><rect width="10" height="10"/></clipPath>`,
      `<clipPath id="c"><rect width="10" height="10"/><rect x="20" width="10" height="10"/></clipPath>`,
    ]) {
      const { nodes, warnings } = convert(
        `${clip}<rect width="30" height="30" clip-path="url(#c)"/>`,
      );
      expect(nodes.some((n) => n.type === "frame")).toBe(false);
      expect(nodes.some((n) => n.type === "group" && n.mask === "outline")).toBe(true);
      expect(warnings).toEqual([]);
    }
  });
});

function close(p: { x: number; y: number }, q: { x: number; y: number }): void {
  expect(p.x).toBeCloseTo(q.x, 6);
  expect(p.y).toBeCloseTo(q.y, 6);
}
