import { Buffer, BufferUsage, Geometry, GlProgram, Mesh, Shader } from "pixi.js";
import { batchVertexGlsl, COVERAGE_GLSL } from "./coverage";
import { BYTES_PER_VERTEX, type BatchWriter } from "./writer";

/**
 * Which triangles a batch mesh's program shades: all kinds, or only fills' insides (kind 0),
 * only edges (strokes and rims, kinds 4 and 5) or only boxes and ellipses (kinds 1 to 3). A
 * software rasteriser runs every branch of a shader on every fragment, so a program with one
 * kind's code costs a fraction of the whole (see `splitBatch`).
 */
export type BatchProgram = "all" | "flat" | "edge" | "box";

const MAINS: Record<BatchProgram, string> = {
  all: "finalColor = shade(vFill, vStroke);",
  flat: "finalColor = shadeFlat(vFill);",
  edge: "finalColor = shadeEdge(vFill, dFdx(vLocal), dFdy(vLocal));",
  box: "finalColor = shadeBox(vFill, vStroke, dFdx(vLocal), dFdy(vLocal));",
};

/** The programs by kind, each made once for the page the first time a mesh needs it. */
const program = new Map<BatchProgram, GlProgram>();

function batchShader(kind: BatchProgram): Shader {
  let made = program.get(kind);
  if (made === undefined) {
    // High precision: local coordinates of large shapes lose their edges in mediump.
    made = GlProgram.from({
      vertex: batchVertexGlsl(kind !== "box", kind === "all" || kind === "box"),
      fragment: `#version 300 es
${COVERAGE_GLSL}
out vec4 finalColor;

void main() {
  ${MAINS[kind]}
}
`,
      name: `linework-batch-${kind}`,
      preferredFragmentPrecision: "highp",
    });
    program.set(kind, made);
  }
  return new Shader({ glProgram: made, resources: {} });
}

/** The vertices a writer holds as a PixiJS buffer, which several geometries may share. */
export function batchVertexBuffer(writer: BatchWriter): Buffer {
  // A copy, so the writer can be reused and the mesh holds exactly what it draws.
  return new Buffer({
    data: new Float32Array(writer.vertices),
    usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
    label: "batch vertices",
  });
}

/**
 * What a writer holds as PixiJS geometry, in the batch's vertex layout: its vertices (or
 * `buffer`, a copy of them) with its indices (or `indices`, some of them).
 */
export function batchGeometry(
  writer: BatchWriter,
  buffer: Buffer = batchVertexBuffer(writer),
  indices: Uint32Array = new Uint32Array(writer.indices),
): Geometry {
  return geometryOf(buffer, indices);
}

/** `buffer`'s vertices, in the batch's vertex layout, drawn as the triangles of `indices`. */
function geometryOf(buffer: Buffer, indices: Uint32Array): Geometry {
  const attribute = (format: "float32x2" | "float32x4" | "unorm8x4", offset: number) => ({
    buffer,
    format,
    stride: BYTES_PER_VERTEX,
    offset,
  });
  return new Geometry({
    attributes: {
      aPosition: attribute("float32x2", 0),
      aLocal: attribute("float32x2", 8),
      aHalf: attribute("float32x2", 16),
      aShape: attribute("float32x4", 24),
      aFill: attribute("unorm8x4", 40),
      aStroke: attribute("unorm8x4", 44),
      aFrame: attribute("float32x4", 48),
    },
    indexBuffer: indices,
  });
}

/**
 * One chunk's batch as a PixiJS mesh: one vertex buffer, one index buffer, one draw call. With
 * `buffer` and `indices`, a mesh of some of the batch's triangles drawn by `program`.
 */
export function createBatchMesh(
  writer: BatchWriter,
  program: BatchProgram = "all",
  buffer?: Buffer,
  indices?: Uint32Array,
): Mesh<Geometry, Shader> {
  const mesh = new Mesh({
    geometry: batchGeometry(writer, buffer, indices),
    shader: batchShader(program),
  });
  mesh.eventMode = "none";
  return mesh;
}

/**
 * A live batch's vertex words as a PixiJS buffer that keeps them (not a copy): its slots are
 * written over in place, and only their run is uploaded again.
 */
export function liveVertexBuffer(words: Float32Array): Buffer {
  return new Buffer({
    data: words,
    usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
    label: "live batch vertices",
  });
}

/**
 * One mesh per batch program, each a single triangle with no area, so drawing them compiles and
 * links the programs without drawing anything (see `batchProgramWarmer`).
 */
export function programWarmers(): Mesh<Geometry, Shader>[] {
  const kinds: readonly BatchProgram[] = ["all", "flat", "edge", "box"];
  return kinds.map((kind) => {
    const buffer = new Buffer({
      data: new Float32Array((3 * BYTES_PER_VERTEX) / 4),
      usage: BufferUsage.VERTEX,
      label: "warm-up vertices",
    });
    const mesh = new Mesh({
      geometry: geometryOf(buffer, new Uint32Array([0, 1, 2])),
      shader: batchShader(kind),
    });
    mesh.eventMode = "none";
    return mesh;
  });
}
