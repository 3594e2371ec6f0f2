import { BlendModeFilter, ExtensionType, extensions, hslgl, hslgpu } from "pixi.js";

/**
 * The blend modes GPU blending cannot draw, as filters that composite by the W3C Compositing
 * formula for any backdrop: with the top layer's colour cs and alpha as, and the backdrop's cb
 * and ab (colours unpremultiplied), the result is
 * as·((1 − ab)·cs + ab·B(cb, cs)) + (1 − as)·ab·cb over alpha as + ab·(1 − as).
 * PixiJS's own filters mix B with the backdrop's premultiplied colour as though the backdrop
 * were opaque: over a transparent one (inside a group drawn as a layer, see groupLayers.ts)
 * they drew black. Multiply is here too for that reason (GPU blending drops the top colour
 * where the backdrop is transparent); screen stays GPU blending, which is exact.
 *
 * Each filter's output is the top layer's share of that result, premultiplied (the result less
 * the backdrop's share, (1 − as)·ab·cb), which PixiJS then draws over the backdrop as normal.
 *
 * PixiJS's HSL helpers map a sorted colour back with the sorting swizzle itself, which is wrong
 * for the two orders that are 3-cycles (a red top layer came out green): the saturation helpers
 * below sort and map back correctly (W3C Compositing, SetSat).
 */

const SATURATION_GL = `
  vec3 lineworkSatSorted(vec3 c, float s) {
    return c.z > c.x ? vec3(0.0, (c.y - c.x) * s / (c.z - c.x), s) : vec3(0.0);
  }
  vec3 lineworkSetSaturation(vec3 c, float s) {
    if (c.r <= c.g && c.r <= c.b) {
      return c.g <= c.b ? lineworkSatSorted(c.rgb, s) : lineworkSatSorted(c.rbg, s).rbg;
    }
    if (c.g <= c.r && c.g <= c.b) {
      if (c.r <= c.b) return lineworkSatSorted(c.grb, s).grb;
      vec3 t = lineworkSatSorted(c.gbr, s);
      return vec3(t.z, t.x, t.y);
    }
    if (c.r <= c.g) {
      vec3 t = lineworkSatSorted(c.brg, s);
      return vec3(t.y, t.z, t.x);
    }
    return lineworkSatSorted(c.bgr, s).bgr;
  }
`;

const SATURATION_GPU = `
  fn lineworkSatSorted(c: vec3<f32>, s: f32) -> vec3<f32> {
    if (c.z > c.x) { return vec3<f32>(0.0, (c.y - c.x) * s / (c.z - c.x), s); }
    return vec3<f32>(0.0);
  }
  fn lineworkSetSaturation(c: vec3<f32>, s: f32) -> vec3<f32> {
    if (c.r <= c.g && c.r <= c.b) {
      if (c.g <= c.b) { return lineworkSatSorted(c.rgb, s); }
      return lineworkSatSorted(c.rbg, s).rbg;
    }
    if (c.g <= c.r && c.g <= c.b) {
      if (c.r <= c.b) { return lineworkSatSorted(c.grb, s).grb; }
      let t = lineworkSatSorted(c.gbr, s);
      return vec3<f32>(t.z, t.x, t.y);
    }
    if (c.r <= c.g) {
      let t = lineworkSatSorted(c.brg, s);
      return vec3<f32>(t.y, t.z, t.x);
    }
    return lineworkSatSorted(c.bgr, s).bgr;
  }
`;

/** Per-channel helpers of the separable modes (W3C Compositing, 10.1). */
const CHANNELS_GL = `
  float lineworkDodge(float b, float s) {
    if (b <= 0.0) return 0.0;
    if (s >= 1.0) return 1.0;
    return min(1.0, b / (1.0 - s));
  }
  float lineworkBurn(float b, float s) {
    if (b >= 1.0) return 1.0;
    if (s <= 0.0) return 0.0;
    return 1.0 - min(1.0, (1.0 - b) / s);
  }
  float lineworkHard(float b, float s) {
    return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
  }
  float lineworkSoft(float b, float s) {
    if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return b + (2.0 * s - 1.0) * (d - b);
  }
`;

const CHANNELS_GPU = `
  fn lineworkDodge(b: f32, s: f32) -> f32 {
    if (b <= 0.0) { return 0.0; }
    if (s >= 1.0) { return 1.0; }
    return min(1.0, b / (1.0 - s));
  }
  fn lineworkBurn(b: f32, s: f32) -> f32 {
    if (b >= 1.0) { return 1.0; }
    if (s <= 0.0) { return 0.0; }
    return 1.0 - min(1.0, (1.0 - b) / s);
  }
  fn lineworkHard(b: f32, s: f32) -> f32 {
    if (s <= 0.5) { return b * 2.0 * s; }
    return b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0);
  }
  fn lineworkSoft(b: f32, s: f32) -> f32 {
    if (s <= 0.5) { return b - (1.0 - 2.0 * s) * b * (1.0 - b); }
    var d = sqrt(b);
    if (b <= 0.25) { d = ((16.0 * b - 12.0) * b + 4.0) * b; }
    return b + (2.0 * s - 1.0) * (d - b);
  }
`;

/**
 * A blend filter whose B(cb, cs) is `gl` (GLSL) and `gpu` (WGSL) of `base` (the backdrop's
 * colour) and `blend` (the top layer's), both unpremultiplied.
 */
function w3cBlend(gl: string, gpu: string): ConstructorParameters<typeof BlendModeFilter>[0] {
  return {
    gl: {
      functions: `${hslgl}${SATURATION_GL}${CHANNELS_GL}
        vec3 lineworkB(vec3 base, vec3 blend) {
          return clamp(${gl}, 0.0, 1.0);
        }
        vec4 lineworkComposite(vec4 back, vec4 front) {
          vec3 cb = back.a > 0.0 ? back.rgb / back.a : vec3(0.0);
          vec3 cs = front.a > 0.0 ? front.rgb / front.a : vec3(0.0);
          vec3 mixed = (1.0 - back.a) * cs + back.a * lineworkB(cb, cs);
          return vec4(front.a * mixed, front.a);
        }`,
      main: `finalColor = lineworkComposite(back, front) * uBlend;`,
    },
    gpu: {
      functions: `${hslgpu}${SATURATION_GPU}${CHANNELS_GPU}
        fn lineworkB(base: vec3<f32>, blend: vec3<f32>) -> vec3<f32> {
          return clamp(${gpu}, vec3<f32>(0.0), vec3<f32>(1.0));
        }
        fn lineworkComposite(back: vec4<f32>, front: vec4<f32>) -> vec4<f32> {
          var cb = vec3<f32>(0.0);
          if (back.a > 0.0) { cb = back.rgb / back.a; }
          var cs = vec3<f32>(0.0);
          if (front.a > 0.0) { cs = front.rgb / front.a; }
          let mixed = (1.0 - back.a) * cs + back.a * lineworkB(cb, cs);
          return vec4<f32>(front.a * mixed, front.a);
        }`,
      main: `out = lineworkComposite(back, front) * blendUniforms.uBlend;`,
    },
  };
}

/** The same channel function of base and blend for each of r, g, b. */
function perChannel(name: string, gpu = false): string {
  const type = gpu ? "vec3<f32>" : "vec3";
  return `${type}(${name}(base.r, blend.r), ${name}(base.g, blend.g), ${name}(base.b, blend.b))`;
}

/** Each mode's B, GLSL and WGSL (the same text where both languages read it alike). */
const FORMULAS: Readonly<Record<string, readonly [string, string]>> = {
  multiply: ["base * blend", "base * blend"],
  overlay: [
    "vec3(lineworkHard(blend.r, base.r), lineworkHard(blend.g, base.g), lineworkHard(blend.b, base.b))",
    "vec3<f32>(lineworkHard(blend.r, base.r), lineworkHard(blend.g, base.g), lineworkHard(blend.b, base.b))",
  ],
  darken: ["min(base, blend)", "min(base, blend)"],
  lighten: ["max(base, blend)", "max(base, blend)"],
  "color-dodge": [perChannel("lineworkDodge"), perChannel("lineworkDodge", true)],
  "color-burn": [perChannel("lineworkBurn"), perChannel("lineworkBurn", true)],
  "hard-light": [perChannel("lineworkHard"), perChannel("lineworkHard", true)],
  "soft-light": [perChannel("lineworkSoft"), perChannel("lineworkSoft", true)],
  difference: ["abs(base - blend)", "abs(base - blend)"],
  exclusion: ["base + blend - 2.0 * base * blend", "base + blend - 2.0 * base * blend"],
  hue: [
    "setLuminosity(lineworkSetSaturation(blend, getSaturation(base)), getLuminosity(base))",
    "setLuminosity(lineworkSetSaturation(blend, getSaturation(base)), getLuminosity(base))",
  ],
  saturation: [
    "setLuminosity(lineworkSetSaturation(base, getSaturation(blend)), getLuminosity(base))",
    "setLuminosity(lineworkSetSaturation(base, getSaturation(blend)), getLuminosity(base))",
  ],
  color: ["setLuminosity(blend, getLuminosity(base))", "setLuminosity(blend, getLuminosity(base))"],
  luminosity: [
    "setLuminosity(base, getLuminosity(blend))",
    "setLuminosity(base, getLuminosity(blend))",
  ],
};

/** The blend modes drawn by these filters rather than by GPU blending. */
export const FILTERED_BLEND_MODES: readonly string[] = Object.keys(FORMULAS);

/**
 * The name PixiJS knows a mode's filter by: the mode's own, but for multiply, whose own name
 * PixiJS would also give to the GPU blending of what the filter draws (into a transparent
 * texture, where GPU multiply draws black).
 */
export function pixiBlendName(mode: string): string {
  return mode === "multiply" ? "linework-multiply" : mode;
}

/** A filter class per mode, registered with PixiJS under the mode's name. */
function blendClass(mode: string): typeof BlendModeFilter & { new (): BlendModeFilter } {
  const [gl, gpu] = FORMULAS[mode]!;
  return class extends BlendModeFilter {
    static readonly extension = {
      name: pixiBlendName(mode),
      type: ExtensionType.BlendMode,
    } as const;

    constructor() {
      super(w3cBlend(gl, gpu));
    }
  };
}

/** The filter classes, by mode, made once for the page. */
const BLEND_CLASSES: ReadonlyMap<string, ReturnType<typeof blendClass>> = new Map(
  FILTERED_BLEND_MODES.map((mode) => [mode, blendClass(mode)]),
);

/** A new filter blending by `mode`, or null for the modes GPU blending draws (normal, screen). */
export function blendFilterFor(mode: string): BlendModeFilter | null {
  const made = BLEND_CLASSES.get(mode);
  return made === undefined ? null : new made();
}

let registered = false;

/**
 * Puts these filters in PixiJS's place for every mode they draw (after
 * `pixi.js/advanced-blend-modes`), multiply included, which PixiJS would draw by GPU blending.
 */
export function registerHslBlends(): void {
  if (registered) return;
  registered = true;
  extensions.add(...BLEND_CLASSES.values());
}

/**
 * GLSL of `vec3 lineworkBlendB(int mode, vec3 base, vec3 blend)`: B(cb, cs) of each of the
 * model's blend modes, numbered as `BLEND_MODES` lists them (for filters that blend two
 * pictures of their own, as `feBlend` does; see filterGraph.ts).
 */
export function blendFunctionGl(modes: readonly string[]): string {
  const formula = (mode: string): string =>
    mode === "normal"
      ? "blend"
      : mode === "screen"
        ? "base + blend - base * blend"
        : FORMULAS[mode]![0];
  const cases = modes
    .map((mode, i) => `if (mode == ${i}) return clamp(${formula(mode)}, 0.0, 1.0);`)
    .join("\n    ");
  return `${hslgl}${SATURATION_GL}${CHANNELS_GL}
  vec3 lineworkBlendB(int mode, vec3 base, vec3 blend) {
    ${cases}
    return blend;
  }`;
}
