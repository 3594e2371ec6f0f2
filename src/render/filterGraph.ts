import {
  Filter,
  type FilterSystem,
  GlProgram,
  Matrix,
  type RenderSurface,
  Texture,
  TexturePool,
  UniformGroup,
  type Container,
} from "pixi.js";
import { inputsOf } from "../doc/filter";
import { FILTER_VERTEX } from "./filterVertex";
import {
  BLEND_MODES,
  COMPOSITE_OPERATORS,
  type FilterInput,
  type FilterPrimitive,
  type GroupFilter,
  type RGBA,
} from "../doc/types";
import { blendFunctionGl } from "./hslBlends";
import { blurSpacing, blurTaps } from "./blurTaps";

/**
 * A group's filter (`GroupFilter`) drawn by PixiJS: one filter on the group's layer whose
 * `apply` runs the primitives as passes over textures of the layer's size, from PixiJS's pool,
 * each result kept only while a later primitive reads it. The group's drawing is the source
 * graphic; every result is cut to the filter region, as SVG cuts each primitive's result to its
 * subregion. Lengths are the group's units mapped through its transform on screen each frame,
 * so the passes follow zoom and moves with nothing to update. The container's `filterArea` is
 * the region, so the layer's texture covers what the filter may draw (a flood fills it) and no
 * more; padding widens it by what offsets and blurs bring in from beyond the screen's edge.
 */

/**
 * What every pass shares: reading a texture (transparent outside its frame, its alpha alone for
 * SourceAlpha, into linear light when the filter works there) and writing a result (cut to the
 * region, premultiplied and in range, back to sRGB).
 */
function common(linear: boolean): string {
  return `precision highp float;
in vec2 vTextureCoord;
out vec4 finalColor;
uniform sampler2D uTexture;
uniform highp vec4 uInputSize;
uniform highp vec4 uOutputFrame;
uniform mat3 uToUnits;
uniform vec4 uRegion;
uniform float uClip;

vec3 toLinear(vec3 c) {
  return mix(c / 12.92, pow((c + 0.055) / 1.055, vec3(2.4)), step(vec3(0.04045), c));
}
vec3 fromLinear(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(vec3(0.0031308), c));
}
vec4 fetch(sampler2D t, vec2 uv, float alphaOnly) {
  vec2 top = uOutputFrame.zw * uInputSize.zw;
  if (uv.x < 0.0 || uv.y < 0.0 || uv.x > top.x || uv.y > top.y) return vec4(0.0);
  vec4 c = texture(t, uv);
  if (alphaOnly > 0.5) return vec4(0.0, 0.0, 0.0, c.a);
  ${linear ? "if (c.a > 0.0) c.rgb = toLinear(clamp(c.rgb / c.a, 0.0, 1.0)) * c.a;" : ""}
  return c;
}
vec4 emit(vec4 c) {
  vec2 p = (uToUnits * vec3(vTextureCoord, 1.0)).xy;
  if (uClip > 0.5 && (p.x < uRegion.x || p.y < uRegion.y || p.x > uRegion.x + uRegion.z || p.y > uRegion.y + uRegion.w))
    return vec4(0.0);
  c = clamp(c, 0.0, 1.0);
  c.rgb = min(c.rgb, vec3(c.a));
  ${linear ? "if (c.a > 0.0) c.rgb = fromLinear(c.rgb / c.a) * c.a;" : ""}
  return c;
}
`;
}

/**
 * One input: copied (moved by uShift), a flood of uColor, uColor by its alpha (a shadow), or
 * through a colour matrix (uMatrix, uOffset) over its unpremultiplied colour.
 */
const unary = (linear: boolean): string => `${common(linear)}
uniform int uOp;
uniform vec2 uShift;
uniform vec4 uColor;
uniform mat4 uMatrix;
uniform vec4 uOffset;
uniform float uAlpha1;
void main(void) {
  vec4 a = fetch(uTexture, vTextureCoord - uShift, uAlpha1);
  if (uOp == 3) {
    vec4 u = a.a > 0.0 ? vec4(a.rgb / a.a, a.a) : vec4(0.0);
    vec4 m = clamp(uMatrix * u + uOffset, 0.0, 1.0);
    finalColor = emit(vec4(m.rgb * m.a, m.a));
    return;
  }
  finalColor = emit(uOp == 0 ? a : uOp == 1 ? uColor : uColor * a.a);
}`;

/** A Gaussian along uStep (one texel step in texture coordinates), deviation uSigma steps. */
const blur = (linear: boolean): string => `${common(linear)}
uniform vec2 uStep;
uniform float uSigma;
uniform float uSpacing;
uniform float uTaps;
uniform float uAlpha1;
void main(void) {
  vec4 sum = vec4(0.0);
  float total = 0.0;
  // The loop ends at the blur's own width (uTaps each side, the same for every pixel), not at
  // the most it may take: a software rasteriser runs every iteration a loop could reach.
  for (int i = 0; i <= 128; i++) {
    float k = float(i) - uTaps;
    if (k > uTaps) break;
    float x = k * uSpacing;
    float w = exp(-0.5 * x * x / (uSigma * uSigma));
    sum += w * fetch(uTexture, vTextureCoord + x * uStep, uAlpha1);
    total += w;
  }
  finalColor = emit(sum / total);
}`;

/** Two inputs (in: A, in2: B): composite operators 0–5 as COMPOSITE_OPERATORS, 6: a blend. */
const composite = (linear: boolean): string => `${common(linear)}
uniform sampler2D uTexture2;
uniform int uOp;
uniform vec4 uK;
uniform float uAlpha1;
uniform float uAlpha2;
void main(void) {
  vec4 a = fetch(uTexture, vTextureCoord, uAlpha1);
  vec4 b = fetch(uTexture2, vTextureCoord, uAlpha2);
  vec4 c;
  if (uOp == 0) c = a + b * (1.0 - a.a);
  else if (uOp == 1) c = a * b.a;
  else if (uOp == 2) c = a * (1.0 - b.a);
  else if (uOp == 3) c = a * b.a + b * (1.0 - a.a);
  else if (uOp == 4) c = a * (1.0 - b.a) + b * (1.0 - a.a);
  else c = uK.x * a * b + uK.y * a + uK.z * b + vec4(uK.w);
  finalColor = emit(c);
}`;

/** Two inputs blended (in over in2 by uMode, one of BLEND_MODES). */
const blend = (linear: boolean): string => `${common(linear)}
uniform sampler2D uTexture2;
uniform int uMode;
uniform float uAlpha1;
uniform float uAlpha2;
${blendFunctionGl(BLEND_MODES)}
void main(void) {
  vec4 a = fetch(uTexture, vTextureCoord, uAlpha1);
  vec4 b = fetch(uTexture2, vTextureCoord, uAlpha2);
  vec3 cs = a.a > 0.0 ? a.rgb / a.a : vec3(0.0);
  vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
  vec3 mixed = (1.0 - a.a) * b.rgb + (1.0 - b.a) * a.rgb + a.a * b.a * lineworkBlendB(uMode, cb, cs);
  finalColor = emit(vec4(mixed, a.a + b.a - a.a * b.a));
}`;

/** The operation `composite` takes for a blend (its mode given apart): see `blend`. */
const BLEND = 6;

/** The widest reach drawn past the screen's edge, in screen pixels. */
const MAX_PADDING = 512;
/** The widest blur drawn, in screen pixels: wider costs texture and shows no more. */
const MAX_SIGMA_PIXELS = 256;

function commonUniforms(): Record<string, { value: unknown; type: string }> {
  return {
    uToUnits: { value: new Matrix(), type: "mat3x3<f32>" },
    uRegion: { value: new Float32Array(4), type: "vec4<f32>" },
    uClip: { value: 1, type: "f32" },
  };
}

function pass(
  name: string,
  fragment: string,
  own: Record<string, { value: unknown; type: string }>,
  texture2 = false,
): Filter {
  const glProgram = GlProgram.from({ vertex: FILTER_VERTEX, fragment, name });
  const uniforms = new UniformGroup({ ...commonUniforms(), ...own } as never);
  return new Filter({
    glProgram,
    resources: texture2
      ? { passUniforms: uniforms, uTexture2: Texture.EMPTY.source }
      : { passUniforms: uniforms },
    resolution: "inherit",
    clipToViewport: false,
  });
}

type Uniforms = Record<string, unknown>;

function uniformsOf(filter: Filter): Uniforms {
  return (filter.resources as { passUniforms: UniformGroup }).passUniforms.uniforms as Uniforms;
}

/** A colour premultiplied, in linear light when the filter works there. */
function premultiplied(color: RGBA, linear: boolean): Float32Array {
  const channel = (c: number): number =>
    linear ? (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4) : c;
  return new Float32Array([
    channel(color.r) * color.a,
    channel(color.g) * color.a,
    channel(color.b) * color.a,
    color.a,
  ]);
}

/** What PixiJS's filter system keeps private and the passes need. */
interface FilterSystemInternals {
  readonly _activeFilterData: { readonly bounds: { minX: number; minY: number } } | null;
}

/** A picture a pass reads: a texture, and whether only its alpha counts (SourceAlpha). */
interface Picture {
  readonly texture: Texture;
  readonly alphaOnly: boolean;
}

/**
 * The passes of one colour space. Linear light and sRGB are separate programs, and so are
 * compositing and blending, rather than branches on a uniform: a software rasteriser runs every
 * branch of a shader for every pixel, and the conversions and blend modes cost it more than the
 * rest of the filter (a drop shadow drew about six times faster without them).
 */
class Passes {
  readonly unary: Filter;
  readonly blur: Filter;
  readonly composite: Filter;
  readonly blend: Filter;
  constructor(linear: boolean) {
    const space = linear ? "linear" : "srgb";
    this.unary = pass(`linework-filter-unary-${space}`, unary(linear), {
      uOp: { value: 0, type: "i32" },
      uShift: { value: new Float32Array(2), type: "vec2<f32>" },
      uColor: { value: new Float32Array(4), type: "vec4<f32>" },
      uMatrix: { value: new Float32Array(16), type: "mat4x4<f32>" },
      uOffset: { value: new Float32Array(4), type: "vec4<f32>" },
      uAlpha1: { value: 0, type: "f32" },
    });
    this.blur = pass(`linework-filter-blur-${space}`, blur(linear), {
      uStep: { value: new Float32Array(2), type: "vec2<f32>" },
      uSigma: { value: 1, type: "f32" },
      uSpacing: { value: 1, type: "f32" },
      uTaps: { value: 0, type: "f32" },
      uAlpha1: { value: 0, type: "f32" },
    });
    const two = {
      uAlpha1: { value: 0, type: "f32" },
      uAlpha2: { value: 0, type: "f32" },
    };
    this.composite = pass(
      `linework-filter-composite-${space}`,
      composite(linear),
      {
        ...two,
        uOp: { value: 0, type: "i32" },
        uK: { value: new Float32Array(4), type: "vec4<f32>" },
      },
      true,
    );
    this.blend = pass(
      `linework-filter-blend-${space}`,
      blend(linear),
      { ...two, uMode: { value: 0, type: "i32" } },
      true,
    );
  }

  get all(): readonly Filter[] {
    return [this.unary, this.blur, this.composite, this.blend];
  }
}

export class FilterGraph extends Filter {
  private readonly srgb = new Passes(false);
  /** Made only for a filter that works in linear light. */
  private linearPasses: Passes | null = null;
  /** The passes of the colour space the filter works in now. */
  private passes = this.srgb;

  private linear(): Passes {
    return (this.linearPasses ??= new Passes(true));
  }

  /** The passes this filter draws with: sRGB's always (the copy out, a shadow's blur). */
  private spaces(): readonly Passes[] {
    return this.graph.linearRGB ? [this.srgb, this.linear()] : [this.srgb];
  }

  private get unary(): Filter {
    return this.passes.unary;
  }

  private get blur(): Filter {
    return this.passes.blur;
  }

  constructor(
    private readonly host: Container,
    readonly graph: GroupFilter,
  ) {
    super({
      glProgram: GlProgram.from({
        vertex: FILTER_VERTEX,
        fragment: `in vec2 vTextureCoord; out vec4 finalColor; uniform sampler2D uTexture;
          void main(void) { finalColor = texture(uTexture, vTextureCoord); }`,
        name: "linework-filter-copy",
      }),
      resources: {},
      resolution: "inherit",
    });
  }

  /** Screen pixels per unit of the group, along its x and y axes, and its linear map. */
  private screenScale(): { x: number; y: number; m: Matrix } {
    const m = this.host.worldTransform;
    return { x: Math.hypot(m.a, m.b), y: Math.hypot(m.c, m.d), m };
  }

  /** How far the primitives reach past what they read, in screen pixels: the layer's margin. */
  reach(): number {
    const s = this.screenScale();
    const k = Math.max(s.x, s.y);
    let reach = 0;
    for (const p of this.graph.primitives) {
      if (p.type === "offset" || p.type === "dropShadow") reach += Math.hypot(p.dx, p.dy) * k;
      if (p.type === "blur") reach += 3 * Math.max(p.stdDeviationX, p.stdDeviationY) * k;
      if (p.type === "dropShadow") reach += 3 * p.stdDeviation * k;
    }
    return Number.isFinite(reach) ? Math.min(MAX_PADDING, Math.ceil(reach)) : MAX_PADDING;
  }

  override apply(
    filterManager: FilterSystem,
    input: Texture,
    output: RenderSurface,
    clearMode: boolean,
  ): void {
    const data = (filterManager as unknown as FilterSystemInternals)._activeFilterData;
    if (data === null) return;
    const { x: sx, y: sy, m } = this.screenScale();
    const width = input.source.width;
    const height = input.source.height;
    // Texture coordinates → page pixels → the group's units.
    const toUnits = new Matrix(width, 0, 0, height, data.bounds.minX, data.bounds.minY);
    toUnits.prepend(m.clone().invert());
    const { x, y, width: w, height: h } = this.graph.region;
    for (const f of this.spaces().flatMap((passes) => passes.all)) {
      const u = uniformsOf(f);
      (u.uToUnits as Matrix).copyFrom(toUnits);
      (u.uRegion as Float32Array).set([x, y, w, h]);
    }
    this.passes = this.graph.linearRGB ? this.linear() : this.srgb;
    const pool: Texture[] = [];
    const take = (): Texture => {
      const t = TexturePool.getSameSizeTexture(input);
      pool.push(t);
      return t;
    };
    const give = (t: Texture): void => {
      const at = pool.indexOf(t);
      if (at >= 0) {
        pool.splice(at, 1);
        TexturePool.returnTexture(t);
      }
    };
    // The source cut to the region: what SVG's filter reads as SourceGraphic.
    const source = take();
    this.copy(filterManager, { texture: input, alphaOnly: false }, source, [0, 0]);
    const primitives = this.graph.primitives;
    const lastUse = primitives.map(() => -1);
    primitives.forEach((p, i) => {
      for (const one of inputsOf(p)) if (typeof one === "number") lastUse[one] = i;
    });
    lastUse[primitives.length - 1] = primitives.length;
    const results: (Texture | null)[] = [];
    const pictureOf = (one: FilterInput): Picture =>
      one === "SourceGraphic"
        ? { texture: source, alphaOnly: false }
        : one === "SourceAlpha"
          ? { texture: source, alphaOnly: true }
          : { texture: results[one]!, alphaOnly: false };
    /** A vector in the group's units as a shift in texture coordinates. */
    const shift = (dx: number, dy: number): [number, number] => [
      (m.a * dx + m.c * dy) / width,
      (m.b * dx + m.d * dy) / height,
    ];
    primitives.forEach((p, i) => {
      const out = take();
      this.primitive(filterManager, p, pictureOf, out, take, give, shift, [sx, sy], width, height);
      results.push(out);
      for (const [j, last] of lastUse.entries()) {
        const done = results[j];
        if (last === i && done !== null && done !== undefined) {
          give(done);
          results[j] = null;
        }
      }
    });
    const last = results[primitives.length - 1]!;
    // The last result is in sRGB already; the copy out only places it.
    this.passes = this.srgb;
    const final = uniformsOf(this.unary);
    final.uOp = 0;
    (final.uShift as Float32Array).set([0, 0]);
    final.uAlpha1 = 0;
    filterManager.applyFilter(this.unary, last, output, clearMode);
    for (const t of [...pool]) give(t);
  }

  /** Whether the passes cut what they write to the region. */
  private clip(on: boolean): void {
    for (const passes of this.spaces())
      for (const f of [passes.unary, passes.blur]) uniformsOf(f).uClip = on ? 1 : 0;
  }

  private copy(fm: FilterSystem, from: Picture, to: Texture, by: readonly [number, number]): void {
    const u = uniformsOf(this.unary);
    u.uOp = 0;
    (u.uShift as Float32Array).set(by);
    u.uAlpha1 = from.alphaOnly ? 1 : 0;
    fm.applyFilter(this.unary, from.texture, to, true);
  }

  private gaussian(
    fm: FilterSystem,
    from: Picture,
    to: Texture,
    sigmaX: number,
    sigmaY: number,
    take: () => Texture,
    give: (t: Texture) => void,
    width: number,
    height: number,
  ): void {
    const sx = Math.min(MAX_SIGMA_PIXELS, sigmaX);
    const sy = Math.min(MAX_SIGMA_PIXELS, sigmaY);
    const u = uniformsOf(this.blur);
    const run = (src: Picture, dst: Texture, sigma: number, step: [number, number]): void => {
      u.uSigma = sigma;
      // At most 64 taps each side: wider blurs sample more sparsely (filtered reads fill in).
      u.uSpacing = blurSpacing(sigma);
      u.uTaps = blurTaps(sigma);
      (u.uStep as Float32Array).set(step);
      u.uAlpha1 = src.alphaOnly ? 1 : 0;
      fm.applyFilter(this.blur, src.texture, dst, true);
    };
    if (!(sx > 0.01) && !(sy > 0.01)) {
      this.copy(fm, from, to, [0, 0]);
      return;
    }
    if (!(sy > 0.01)) return run(from, to, sx, [1 / width, 0]);
    if (!(sx > 0.01)) return run(from, to, sy, [0, 1 / height]);
    const middle = take();
    run(from, middle, sx, [1 / width, 0]);
    run({ texture: middle, alphaOnly: false }, to, sy, [0, 1 / height]);
    give(middle);
  }

  private composite(
    fm: FilterSystem,
    a: Picture,
    b: Picture,
    to: Texture,
    op: number,
    mode = 0,
    k: readonly number[] = [0, 0, 0, 0],
  ): void {
    const pass = op === BLEND ? this.passes.blend : this.passes.composite;
    const u = uniformsOf(pass);
    if (op === BLEND) u.uMode = mode;
    else {
      u.uOp = op;
      (u.uK as Float32Array).set(k);
    }
    u.uAlpha1 = a.alphaOnly ? 1 : 0;
    u.uAlpha2 = b.alphaOnly ? 1 : 0;
    (pass.resources as Record<string, unknown>).uTexture2 = b.texture.source;
    fm.applyFilter(pass, a.texture, to, true);
  }

  private primitive(
    fm: FilterSystem,
    p: FilterPrimitive,
    pictureOf: (one: FilterInput) => Picture,
    out: Texture,
    take: () => Texture,
    give: (t: Texture) => void,
    shift: (dx: number, dy: number) => [number, number],
    scale: readonly [number, number],
    width: number,
    height: number,
  ): void {
    const OVER = COMPOSITE_OPERATORS.indexOf("over");
    switch (p.type) {
      case "offset":
        return this.copy(fm, pictureOf(p.in), out, shift(p.dx, p.dy));
      case "flood": {
        const u = uniformsOf(this.unary);
        u.uOp = 1;
        (u.uColor as Float32Array).set(premultiplied(p.color, this.graph.linearRGB));
        u.uAlpha1 = 0;
        // Read from another texture: one drawn into while read is a feedback loop in WebGL.
        fm.applyFilter(this.unary, pictureOf("SourceGraphic").texture, out, true);
        return;
      }
      case "blur":
        return this.gaussian(
          fm,
          pictureOf(p.in),
          out,
          p.stdDeviationX * scale[0],
          p.stdDeviationY * scale[1],
          take,
          give,
          width,
          height,
        );
      case "blend":
        return this.composite(
          fm,
          pictureOf(p.in),
          pictureOf(p.in2),
          out,
          BLEND,
          BLEND_MODES.indexOf(p.mode),
        );
      case "composite":
        return this.composite(
          fm,
          pictureOf(p.in),
          pictureOf(p.in2),
          out,
          COMPOSITE_OPERATORS.indexOf(p.operator),
          0,
          p.k,
        );
      case "merge": {
        if (p.inputs.length === 0) {
          const u = uniformsOf(this.unary);
          u.uOp = 1;
          (u.uColor as Float32Array).set([0, 0, 0, 0]);
          fm.applyFilter(this.unary, pictureOf("SourceGraphic").texture, out, true);
          return;
        }
        // Each input over what the ones before it made, into alternating textures.
        let acc: Picture = pictureOf(p.inputs[0]!);
        let spare: Texture | null = p.inputs.length > 2 ? take() : null;
        let target = p.inputs.length % 2 === 0 || spare === null ? out : spare;
        if (p.inputs.length === 1) return this.copy(fm, acc, out, [0, 0]);
        for (const one of p.inputs.slice(1)) {
          this.composite(fm, pictureOf(one), acc, target, OVER);
          acc = { texture: target, alphaOnly: false };
          target = target === out ? spare! : out;
        }
        if (spare !== null) give(spare);
        spare = null;
        return;
      }
      case "colorMatrix": {
        const u = uniformsOf(this.unary);
        const from = pictureOf(p.in);
        u.uOp = 3;
        (u.uShift as Float32Array).set([0, 0]);
        // Row by row in the model; GLSL's matrices are column by column.
        const m = u.uMatrix as Float32Array;
        for (let row = 0; row < 4; row++)
          for (let col = 0; col < 4; col++) m[col * 4 + row] = p.values[row * 5 + col]!;
        (u.uOffset as Float32Array).set([0, 1, 2, 3].map((row) => p.values[row * 5 + 4]!));
        u.uAlpha1 = from.alphaOnly ? 1 : 0;
        fm.applyFilter(this.unary, from.texture, out, true);
        return;
      }
      case "dropShadow": {
        const source = pictureOf(p.in);
        // The input's alpha in the shadow's colour, moved, blurred, then the input over it; only
        // the whole is cut to the region (what moves in from outside it still blurs in).
        this.clip(false);
        // One colour by the input's alpha, blurred, is the same in sRGB as in linear light: only
        // the alpha varies. Drawn in sRGB, it skips converting every tap of the blur.
        const space = this.passes;
        this.passes = this.srgb;
        const tinted = take();
        const u = uniformsOf(this.unary);
        u.uOp = 2;
        (u.uShift as Float32Array).set(shift(p.dx, p.dy));
        (u.uColor as Float32Array).set(premultiplied(p.color, false));
        u.uAlpha1 = 0;
        fm.applyFilter(this.unary, source.texture, tinted, true);
        const blurred = take();
        this.gaussian(
          fm,
          { texture: tinted, alphaOnly: false },
          blurred,
          p.stdDeviation * scale[0],
          p.stdDeviation * scale[1],
          take,
          give,
          width,
          height,
        );
        give(tinted);
        this.passes = space;
        this.clip(true);
        this.composite(fm, source, { texture: blurred, alphaOnly: false }, out, OVER);
        give(blurred);
        return;
      }
    }
  }

  override destroy(): void {
    for (const f of [this.srgb, this.linearPasses].flatMap((passes) => passes?.all ?? []))
      f.destroy();
    super.destroy();
  }
}

// PixiJS reads a filter's padding when it sizes the layer, each frame: worked out then from the
// primitives and the zoom. Filter's constructor assigns it, which this setter ignores.
Object.defineProperty(FilterGraph.prototype, "padding", {
  get(this: FilterGraph): number {
    return (this as unknown as { host?: Container }).host === undefined ? 0 : this.reach();
  },
  set(): void {},
});
