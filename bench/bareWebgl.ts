// The floor for bench/connectorDrag.ts: the same scene drawn by a bare WebGL2 renderer in the same
// browser, as issue 17's `webgl2c` draws its scene (flat triangles and one-pixel GL lines, no
// anti-aliasing, no stroke widths; static shapes in one pre-expanded buffer cut into 256-shape
// chunks culled against the view, one draw call per visible run), panned the same way, and
// "dragged": the hub and the ends of its arrows rewritten in a dynamic buffer every frame. What
// it costs is the practical limit of this machine for the scene; it is a floor, not a model.

import type { Browser } from "@playwright/test";
import { isSceneNode, type DocRecord, type RectNode } from "../src/doc/types.ts";

export interface BareFrames {
  readonly meanMs: number;
  readonly medianMs: number;
  readonly p95Ms: number;
}

interface BareScene {
  /** x, y, rgba (packed) per vertex, in triangles. */
  readonly triangles: number[];
  /** Per chunk: first vertex, vertex count and bounds, for the triangles. */
  readonly triangleChunks: number[][];
  /** x, y, rgba per vertex, in line pairs. */
  readonly lines: number[];
  readonly lineChunks: number[][];
  /** Per arrow: its leaf-side end (x, y). The other end is the hub's centre. */
  readonly arrowEnds: number[];
  readonly hub: { x: number; y: number; width: number; height: number };
}

const CHUNK = 256;
const FILL = 0xffffffff;
const INK = 0xff231f1f;

function polygon(cx: number, cy: number, rx: number, ry: number, sides: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < sides; k += 1) {
    const a = (k / sides) * Math.PI * 2;
    out.push(cx + rx * Math.cos(a), cy + ry * Math.sin(a));
  }
  return out;
}

/** The scene's shapes as flat triangles and outlines; the arrows and hub apart. */
export function bareScene(records: readonly DocRecord[], hubId: string): BareScene {
  const triangles: number[] = [];
  const lines: number[] = [];
  const triangleChunks: number[][] = [];
  const lineChunks: number[][] = [];
  const arrowEnds: number[] = [];
  let hub: BareScene["hub"] | null = null;
  let shapesInChunk = 0;
  let chunk = { t: 0, l: 0, box: [Infinity, Infinity, -Infinity, -Infinity] };
  const closeChunk = () => {
    const t = triangles.length / 3;
    const l = lines.length / 3;
    if (t > chunk.t) triangleChunks.push([chunk.t, t - chunk.t, ...chunk.box]);
    if (l > chunk.l) lineChunks.push([chunk.l, l - chunk.l, ...chunk.box]);
    chunk = { t, l, box: [Infinity, Infinity, -Infinity, -Infinity] };
    shapesInChunk = 0;
  };
  const outline = (points: number[]) => {
    const n = points.length / 2;
    for (let k = 0; k < n; k += 1) {
      const j = (k + 1) % n;
      lines.push(points[k * 2]!, points[k * 2 + 1]!, INK, points[j * 2]!, points[j * 2 + 1]!, INK);
      chunk.box[0] = Math.min(chunk.box[0]!, points[k * 2]!);
      chunk.box[1] = Math.min(chunk.box[1]!, points[k * 2 + 1]!);
      chunk.box[2] = Math.max(chunk.box[2]!, points[k * 2]!);
      chunk.box[3] = Math.max(chunk.box[3]!, points[k * 2 + 1]!);
    }
  };
  const fan = (points: number[]) => {
    const n = points.length / 2;
    for (let k = 1; k + 1 < n; k += 1)
      triangles.push(
        points[0]!,
        points[1]!,
        FILL,
        points[k * 2]!,
        points[k * 2 + 1]!,
        FILL,
        points[k * 2 + 2]!,
        points[k * 2 + 3]!,
        FILL,
      );
  };
  // A floor, not a model: the static shapes are chunked by where they are (1,000-unit tiles),
  // not in the document's order, so culling keeps only what is near the view.
  const shapes: { tile: number; points: number[] }[] = [];
  for (const record of records) {
    if (!isSceneNode(record)) continue;
    if (record.id === hubId) {
      const rect = record as RectNode;
      hub = { x: rect.transform.x, y: rect.transform.y, width: rect.width, height: rect.height };
      continue;
    }
    const t = record.transform;
    let points: number[];
    if (record.type === "line") {
      arrowEnds.push(t.x + record.end.x, t.y + record.end.y);
      continue;
    } else if (record.type === "rect") {
      const { width: w, height: h } = record;
      points = [t.x, t.y, t.x + w, t.y, t.x + w, t.y + h, t.x, t.y + h];
    } else if (record.type === "ellipse") {
      const { width: w, height: h } = record;
      points = polygon(t.x + w / 2, t.y + h / 2, w / 2, h / 2, 32);
    } else if (record.type === "path") {
      const path = record.subpaths[0]!;
      points = [path.start.x + t.x, path.start.y + t.y];
      for (const segment of path.segments)
        if (segment.type === "line") points.push(segment.to.x + t.x, segment.to.y + t.y);
    } else continue;
    shapes.push({ tile: Math.floor(t.y / 1000) * 100_000 + Math.floor(t.x / 1000), points });
  }
  shapes.sort((a, b) => a.tile - b.tile);
  for (const { points } of shapes) {
    fan(points);
    outline(points);
    shapesInChunk += 1;
    if (shapesInChunk === CHUNK) closeChunk();
  }
  closeChunk();
  if (hub === null) throw new Error(`no ${hubId} in the scene`);
  return { triangles, triangleChunks, lines, lineChunks, arrowEnds, hub };
}

/**
 * Pans the scene (camera moved each frame) and drags its hub (the hub and its arrows' ends
 * rewritten each frame) for `frames` frames at each zoom, centred on the hub; returns frame times
 * (intervals between animation frames, frame cap off, as the other benches measure them).
 */
export async function benchBare(
  browser: Browser,
  scene: BareScene,
  view: { width: number; height: number },
  zooms: readonly number[],
  frames: number,
): Promise<{ zoom: number; panFrame: BareFrames; dragFrame: BareFrames }[]> {
  const context = await browser.newContext({ viewport: view });
  try {
    const page = await context.newPage();
    await page.setContent(
      `<!doctype html><body style="margin:0"><canvas width="${view.width}" height="${view.height}"></canvas></body>`,
    );
    // tsx names the functions it compiles with a helper the page does not have.
    await page.evaluate("globalThis.__name = (f) => f");
    return await page.evaluate(
      async ({ scene, view, zooms, frames }) => {
        const canvas = document.querySelector("canvas")!;
        const gl = canvas.getContext("webgl2", { antialias: false })!;
        const program = gl.createProgram()!;
        const shader = (type: number, source: string) => {
          const s = gl.createShader(type)!;
          gl.shaderSource(s, source);
          gl.compileShader(s);
          gl.attachShader(program, s);
        };
        shader(
          gl.VERTEX_SHADER,
          `#version 300 es
          in vec2 aPosition; in vec4 aColor; uniform vec3 uCamera; uniform vec2 uSize; out vec4 vColor;
          void main() {
            vec2 p = (aPosition * uCamera.z + uCamera.xy) / uSize * 2.0 - 1.0;
            gl_Position = vec4(p.x, -p.y, 0.0, 1.0); vColor = aColor;
          }`,
        );
        shader(
          gl.FRAGMENT_SHADER,
          `#version 300 es
          precision mediump float; in vec4 vColor; out vec4 color; void main() { color = vColor; }`,
        );
        gl.bindAttribLocation(program, 0, "aPosition");
        gl.bindAttribLocation(program, 1, "aColor");
        gl.linkProgram(program);
        gl.useProgram(program);
        const cameraAt = gl.getUniformLocation(program, "uCamera");
        gl.uniform2f(gl.getUniformLocation(program, "uSize"), view.width, view.height);
        const vao = (data: ArrayBuffer, usage: number) => {
          const array = gl.createVertexArray()!;
          gl.bindVertexArray(array);
          const buffer = gl.createBuffer()!;
          gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
          gl.bufferData(gl.ARRAY_BUFFER, data, usage);
          gl.enableVertexAttribArray(0);
          gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 12, 0);
          gl.enableVertexAttribArray(1);
          gl.vertexAttribPointer(1, 4, gl.UNSIGNED_BYTE, true, 12, 8);
          return { array, buffer };
        };
        const pack = (values: number[]) => {
          const bytes = new ArrayBuffer((values.length / 3) * 12);
          const f = new Float32Array(bytes);
          const u = new Uint32Array(bytes);
          for (let i = 0; i < values.length; i += 3) {
            f[i] = values[i]!;
            f[i + 1] = values[i + 1]!;
            u[i + 2] = values[i + 2]! >>> 0;
          }
          return bytes;
        };
        const triangles = vao(pack(scene.triangles), gl.STATIC_DRAW);
        const lines = vao(pack(scene.lines), gl.STATIC_DRAW);
        // Dynamic: the hub (two triangles and its outline) and each arrow (its line and head).
        const arrows = scene.arrowEnds.length / 2;
        const dynamicTriangles = 6 + arrows * 3;
        const dynamicLines = 8 + arrows * 2;
        const dynamicBytes = new ArrayBuffer((dynamicTriangles + dynamicLines) * 12);
        const df = new Float32Array(dynamicBytes);
        const du = new Uint32Array(dynamicBytes);
        const dynamic = vao(dynamicBytes, gl.DYNAMIC_DRAW);
        const ink = 0xff231f1f;
        const fill = 0xffffffff;
        let at = 0;
        const put = (x: number, y: number, color: number) => {
          df[at * 3] = x;
          df[at * 3 + 1] = y;
          du[at * 3 + 2] = color >>> 0;
          at += 1;
        };
        const writeDynamic = (dx: number, dy: number) => {
          at = 0;
          const { x, y, width: w, height: h } = scene.hub;
          const hx = x + dx;
          const hy = y + dy;
          const cx = hx + w / 2;
          const cy = hy + h / 2;
          put(hx, hy, fill);
          put(hx + w, hy, fill);
          put(hx + w, hy + h, fill);
          put(hx, hy, fill);
          put(hx + w, hy + h, fill);
          put(hx, hy + h, fill);
          for (let i = 0; i < arrows; i += 1) {
            const ex = scene.arrowEnds[i * 2]!;
            const ey = scene.arrowEnds[i * 2 + 1]!;
            const length = Math.hypot(ex - cx, ey - cy) || 1;
            const ux = (ex - cx) / length;
            const uy = (ey - cy) / length;
            put(ex, ey, ink);
            put(ex - ux * 10 - uy * 5, ey - uy * 10 + ux * 5, ink);
            put(ex - ux * 10 + uy * 5, ey - uy * 10 - ux * 5, ink);
          }
          const corners = [hx, hy, hx + w, hy, hx + w, hy + h, hx, hy + h];
          for (let k = 0; k < 4; k += 1) {
            const j = (k + 1) % 4;
            put(corners[k * 2]!, corners[k * 2 + 1]!, ink);
            put(corners[j * 2]!, corners[j * 2 + 1]!, ink);
          }
          for (let i = 0; i < arrows; i += 1) {
            put(cx, cy, ink);
            put(scene.arrowEnds[i * 2]!, scene.arrowEnds[i * 2 + 1]!, ink);
          }
          gl.bindBuffer(gl.ARRAY_BUFFER, dynamic.buffer);
          gl.bufferSubData(gl.ARRAY_BUFFER, 0, dynamicBytes);
        };
        writeDynamic(0, 0);
        const draw = (camX: number, camY: number, zoom: number) => {
          gl.viewport(0, 0, view.width, view.height);
          gl.clearColor(0.957, 0.957, 0.961, 1);
          gl.clear(gl.COLOR_BUFFER_BIT);
          gl.enable(gl.BLEND);
          gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
          gl.uniform3f(cameraAt, camX, camY, zoom);
          const minX = -camX / zoom;
          const minY = -camY / zoom;
          const maxX = minX + view.width / zoom;
          const maxY = minY + view.height / zoom;
          const runs = (chunks: number[][], mode: number) => {
            let start = -1;
            let count = 0;
            for (const [first, n, x0, y0, x1, y1] of chunks) {
              const visible = x1! >= minX && x0! <= maxX && y1! >= minY && y0! <= maxY;
              if (visible && start >= 0 && start + count === first) count += n!;
              else {
                if (start >= 0) gl.drawArrays(mode, start, count);
                start = visible ? first! : -1;
                count = visible ? n! : 0;
              }
            }
            if (start >= 0) gl.drawArrays(mode, start, count);
          };
          // Each static chunk's fills, then its outlines; the hub and the arrows on top.
          gl.bindVertexArray(triangles.array);
          runs(scene.triangleChunks, gl.TRIANGLES);
          gl.bindVertexArray(lines.array);
          runs(scene.lineChunks, gl.LINES);
          gl.bindVertexArray(dynamic.array);
          gl.drawArrays(gl.TRIANGLES, 0, dynamicTriangles);
          gl.drawArrays(gl.LINES, dynamicTriangles, dynamicLines);
        };
        const summary = (times: number[]) => {
          const sorted = [...times].sort((a, b) => a - b);
          const q = (p: number) =>
            sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * p) - 1))]!;
          const mean = times.reduce((s, t) => s + t, 0) / Math.max(1, times.length);
          const round = (n: number) => Math.round(n * 100) / 100;
          return { meanMs: round(mean), medianMs: round(q(0.5)), p95Ms: round(q(0.95)) };
        };
        const run = (step: (i: number) => void) =>
          new Promise<number[]>((done) => {
            const times: number[] = [];
            let last = 0;
            let i = 0;
            const tick = (now: number) => {
              if (i > 0) times.push(now - last);
              last = now;
              if (i === frames) return done(times);
              i += 1;
              step(i);
              requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
          });
        const out = [];
        const hub = scene.hub;
        for (const zoom of zooms) {
          const cx = hub.x + hub.width / 2;
          const cy = hub.y + hub.height / 2;
          const camX = view.width / 2 - cx * zoom;
          const camY = view.height / 2 - cy * zoom;
          writeDynamic(0, 0);
          const pan = await run((i) => draw(camX - i * 3, camY - i, zoom));
          const drag = await run((i) => {
            writeDynamic(i * 3, i);
            draw(camX, camY, zoom);
          });
          out.push({ zoom, panFrame: summary(pan), dragFrame: summary(drag) });
        }
        return out;
      },
      { scene, view, zooms, frames },
    );
  } finally {
    await context.close();
  }
}
