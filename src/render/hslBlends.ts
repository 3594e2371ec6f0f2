import { BlendModeFilter, ExtensionType, extensions, hslgl, hslgpu } from "pixi.js";

// PixiJS's HSL helpers map a sorted colour back with the sorting swizzle itself, which is wrong
// for the two orders that are 3-cycles (a red top layer came out green): these sort and map
// back correctly (W3C Compositing, SetSat).
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

/** A blend filter whose result is `formula` (GLSL and WGSL) of `base` (backdrop) and `blend`. */
function hslBlend(gl: string, gpu: string): ConstructorParameters<typeof BlendModeFilter>[0] {
  return {
    gl: {
      functions: `${hslgl}${SATURATION_GL}
        vec3 lineworkBlend(vec3 base, vec3 blend, float opacity) {
          return (${gl}) * opacity + base * (1.0 - opacity);
        }`,
      main: `finalColor = vec4(lineworkBlend(back.rgb, front.rgb, front.a), blendedAlpha) * uBlend;`,
    },
    gpu: {
      functions: `${hslgpu}${SATURATION_GPU}
        fn lineworkBlend(base: vec3<f32>, blend: vec3<f32>, opacity: f32) -> vec3<f32> {
          return (${gpu}) * opacity + base * (1.0 - opacity);
        }`,
      main: `out = vec4<f32>(lineworkBlend(back.rgb, front.rgb, front.a), blendedAlpha) * blendUniforms.uBlend;`,
    },
  };
}

/** Hue, which PixiJS lacks: the top layer's hue with the backdrop's saturation and luminosity. */
export class HueBlend extends BlendModeFilter {
  static readonly extension = { name: "hue", type: ExtensionType.BlendMode } as const;

  constructor() {
    const formula =
      "setLuminosity(lineworkSetSaturation(blend, getSaturation(base)), getLuminosity(base))";
    super(hslBlend(formula, formula));
  }
}

/** Saturation: the top layer's saturation with the backdrop's hue and luminosity. */
export class SaturationBlend extends BlendModeFilter {
  static readonly extension = { name: "saturation", type: ExtensionType.BlendMode } as const;

  constructor() {
    const formula =
      "setLuminosity(lineworkSetSaturation(base, getSaturation(blend)), getLuminosity(base))";
    super(hslBlend(formula, formula));
  }
}

let registered = false;

/** Adds hue and replaces PixiJS's saturation mode (after `pixi.js/advanced-blend-modes`). */
export function registerHslBlends(): void {
  if (registered) return;
  registered = true;
  extensions.add(HueBlend, SaturationBlend);
}
