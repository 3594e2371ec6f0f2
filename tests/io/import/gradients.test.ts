import { describe, expect, it } from "vitest";
import type { GradientStop, Paint, SceneNode } from "../../../src/doc/types";
import { IMPORT_ROOT } from "../../../src/io/import/result";
import { importSvg } from "../../../src/io/import/svg";

/**
 * Gradients as SVG draws them, in a paint that interpolates premultiplied and pads: stops
 * between opacities, spread methods, focal radii, stop offsets and opacities, href between
 * kinds, a singular gradientTransform.
 */

function fillOf(svg: string): { fill: Paint | { type: "none" }; warnings: string[] } {
  const result = importSvg(`<svg xmlns="http://www.w3.org/2000/svg">${svg}</svg>`, "t");
  if (!result.ok) throw new Error(result.error);
  const node = result.nodes.find((n) => n.parent !== IMPORT_ROOT && "fill" in n) as
    Extract<SceneNode, { fill: unknown }> | undefined;
  if (node === undefined) throw new Error("nothing drawn");
  return { fill: node.fill, warnings: result.warnings };
}

function stopsOf(fill: Paint | { type: "none" }): readonly GradientStop[] {
  if (fill.type !== "linear" && fill.type !== "radial") throw new Error(`a ${fill.type} fill`);
  return fill.stops;
}

/** The colour at t as SVG gives it, unpremultiplied, for comparison with the stops. */
function colourAt(stops: readonly GradientStop[], t: number) {
  let k = 0;
  while (k + 1 < stops.length && stops[k + 1]!.offset <= t) k++;
  const a = stops[k]!;
  const b = stops[Math.min(k + 1, stops.length - 1)]!;
  const f = b.offset > a.offset ? (t - a.offset) / (b.offset - a.offset) : 0;
  return {
    r: a.color.r + (b.color.r - a.color.r) * f,
    a: a.color.a + (b.color.a - a.color.a) * f,
  };
}

describe("gradient stops", () => {
  it("a fade to transparent keeps SVG's unpremultiplied colours as stops between", () => {
    const { fill, warnings } = fillOf(
      `<linearGradient id="g"><stop stop-color="white" stop-opacity="0"/><stop offset="1" stop-color="yellow"/></linearGradient>
       <rect width="10" height="10" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
    const stops = stopsOf(fill);
    expect(stops.length).toBeGreaterThan(2);
    // Half way: pale yellow at half opacity (blue 0.5), not yellow at half opacity.
    const middle = stops.find((s) => s.offset === 0.5)!;
    expect(middle.color).toEqual({ r: 1, g: 1, b: 0.5, a: 0.5 });
  });

  it("stops of one opacity are left as they are", () => {
    const { fill } = fillOf(
      `<linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
       <rect width="10" height="10" fill="url(#g)"/>`,
    );
    expect(stopsOf(fill)).toHaveLength(2);
  });

  it("an offset with a unit is invalid (0); stop-opacity takes percentages", () => {
    const { fill } = fillOf(
      `<linearGradient id="g"><stop offset="5mm" stop-color="red"/><stop offset="1" stop-color="red" stop-opacity="50%"/></linearGradient>
       <rect width="10" height="10" fill="url(#g)"/>`,
    );
    const stops = stopsOf(fill);
    expect(stops[0]!.offset).toBe(0);
    expect(stops.at(-1)!.color.a).toBe(0.5);
  });
});

describe("spread methods", () => {
  it("repeat: the stops again in each length of the gradient the shape covers", () => {
    const { fill, warnings } = fillOf(
      `<linearGradient id="g" x2="0.25" spreadMethod="repeat"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
       <rect width="100" height="10" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
    if (fill.type !== "linear") throw new Error(fill.type);
    expect(fill.from.x).toBeCloseTo(0);
    expect(fill.to.x).toBeCloseTo(100);
    // At an eighth and five eighths: half way through the first and third lengths.
    expect(colourAt(fill.stops, 0.125).r).toBeCloseTo(0.5);
    expect(colourAt(fill.stops, 0.625).r).toBeCloseTo(0.5);
    // Just past a quarter, the pattern starts again at white.
    expect(colourAt(fill.stops, 0.2501).r).toBeGreaterThan(0.99);
  });

  it("reflect: every other length mirrored", () => {
    const { fill } = fillOf(
      `<linearGradient id="g" x2="0.5" spreadMethod="reflect"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
       <rect width="100" height="10" fill="url(#g)"/>`,
    );
    const stops = stopsOf(fill);
    expect(colourAt(stops, 0.49).r).toBeLessThan(0.05);
    expect(colourAt(stops, 0.99).r).toBeGreaterThan(0.95);
  });

  it("a concentric radial gradient repeats out to the shape's corners", () => {
    const { fill, warnings } = fillOf(
      `<radialGradient id="g" r="0.25" spreadMethod="repeat"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="100" height="100" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
    if (fill.type !== "radial") throw new Error(fill.type);
    // The corners are √2/2 · 100 ≈ 70.7 from the centre: three lengths of 25.
    expect(fill.radius).toBeCloseTo(75);
  });

  it("a radial gradient with its focal point off centre keeps pad, and says so", () => {
    const { warnings } = fillOf(
      `<radialGradient id="g" fx="0.2" spreadMethod="reflect"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="100" height="100" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual(["Ignored: spreadMethod: reflect on 1 <radialGradient> element."]);
  });

  it("pad shows the first of two stops at offset 0 before the gradient starts", () => {
    const { fill } = fillOf(
      `<linearGradient id="g" x1="0.2" x2="0.8"><stop stop-color="black"/><stop stop-color="gray"/><stop offset="1" stop-color="white"/></linearGradient>
       <rect width="100" height="10" fill="url(#g)"/>`,
    );
    const stops = stopsOf(fill);
    expect(colourAt(stops, 0.05).r).toBe(0);
  });
});

describe("radial focal radius", () => {
  it("a concentric gradient's stops begin at fr", () => {
    const { fill, warnings } = fillOf(
      `<radialGradient id="g" fr="0.25"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="100" height="100" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
    expect(stopsOf(fill)[0]!.offset).toBeCloseTo(0.5);
  });
});

describe("gradient references", () => {
  it("geometry is not inherited from a gradient of the other kind", () => {
    const { fill } = fillOf(
      `<radialGradient id="a" y2="1"/><linearGradient id="b" href="#a"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
       <rect width="100" height="100" fill="url(#b)"/>`,
    );
    if (fill.type !== "linear") throw new Error(fill.type);
    expect(fill.to).toEqual({ x: 100, y: 0 });
  });

  it("a gradientTransform that cannot be inverted is ignored", () => {
    const { fill } = fillOf(
      `<linearGradient id="g" gradientTransform="matrix(0 0 0 0 0 0)"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
       <rect width="100" height="100" fill="url(#g)"/>`,
    );
    if (fill.type !== "linear") throw new Error(fill.type);
    expect(fill.to).toEqual({ x: 100, y: 0 });
  });
});

describe("what a paint cannot hold", () => {
  it("a radial gradient stretched by objectBoundingBox on an oblong is reported", () => {
    const { warnings } = fillOf(
      `<radialGradient id="g"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="100" height="20" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual(["Not imported: 1 elliptical radial gradient (drawn round)."]);
  });

  it("a round one is not", () => {
    const { warnings } = fillOf(
      `<radialGradient id="g" gradientTransform="rotate(30) scale(2)"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="50" height="50" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
  });
});

describe("transform-origin on gradients", () => {
  it("moves the gradientTransform about a point in the gradient's units", () => {
    const { fill, warnings } = fillOf(
      `<radialGradient id="g" gradientTransform="scale(2)" transform-origin="0.5 0.5"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
       <rect width="100" height="100" fill="url(#g)"/>`,
    );
    expect(warnings).toEqual([]);
    if (fill.type !== "radial") throw new Error(fill.type);
    // Scaled about the box's centre, the centre stays put and the radius doubles.
    expect(fill.center.x).toBeCloseTo(50);
    expect(fill.center.y).toBeCloseTo(50);
    expect(fill.radius).toBeCloseTo(100);
  });
});

describe("objectBoundingBox without a box", () => {
  it("a horizontal line's objectBoundingBox gradient gives way to the fallback, or none", () => {
    const result = importSvg(
      `<svg xmlns="http://www.w3.org/2000/svg"><linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
       <path d="M 0 10 H 50" stroke="url(#g) green"/><path d="M 0 20 H 50" stroke="url(#g)"/></svg>`,
      "t",
    );
    if (!result.ok) throw new Error(result.error);
    const strokes = result.nodes
      .filter((n) => n.type === "path")
      .map((n) => (n.type === "path" ? n.stroke.paint : null));
    expect(strokes).toEqual([{ type: "solid", color: { r: 0, g: 128 / 255, b: 0, a: 1 } }, null]);
  });
});
