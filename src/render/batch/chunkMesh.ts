import { Buffer, BufferUsage, Geometry, GlProgram, Mesh, Shader } from "pixi.js";
import { BATCH_VERTEX_GLSL, COVERAGE_GLSL } from "./coverage";
import { BYTES_PER_VERTEX, type BatchWriter } from "./writer";

const FRAGMENT = /* glsl */ `#version 300 es
${COVERAGE_GLSL}
out vec4 finalColor;

void main() {
  finalColor = shade(vFill, vStroke);
}
`;

let program: GlProgram | null = null;

function batchShader(): Shader {
  // High precision: local coordinates of large shapes lose their edges in mediump.
  program ??= GlProgram.from({
    vertex: BATCH_VERTEX_GLSL,
    fragment: FRAGMENT,
    name: "linework-batch",
    preferredFragmentPrecision: "highp",
  });
  return new Shader({ glProgram: program, resources: {} });
}

/** What a writer holds as PixiJS geometry, in the batch's vertex layout. */
export function batchGeometry(writer: BatchWriter): Geometry {
  // Copies, so the writer can be reused and the mesh holds exactly what it draws.
  const vertices = new Float32Array(writer.vertices);
  const buffer = new Buffer({
    data: vertices,
    usage: BufferUsage.VERTEX | BufferUsage.COPY_DST,
    label: "batch vertices",
  });
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
    indexBuffer: new Uint32Array(writer.indices),
  });
}

/** One chunk's batch as a PixiJS mesh: one vertex buffer, one index buffer, one draw call. */
export function createBatchMesh(writer: BatchWriter): Mesh<Geometry, Shader> {
  const mesh = new Mesh({ geometry: batchGeometry(writer), shader: batchShader() });
  mesh.eventMode = "none";
  return mesh;
}
