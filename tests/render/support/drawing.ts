import type { Container, Mesh } from "pixi.js";
import { WORDS_PER_VERTEX } from "../../../src/render/batch/writer";

/**
 * What a chunked scene draws, in order: each display object by node id, and between them the
 * batches' triangles, each as its three vertices' words. Where chunk and batch boundaries fall
 * does not change it, nor how a batch is laid out, only what is drawn and in which order.
 *
 * A batch of one mesh draws in its indices' order (a live build's slots keep their vertices at
 * the end of the buffer, so the vertices' order says nothing). A batch split into meshes by
 * program (see splitBatch) draws all its fills' insides, then its boxes, then its edges, which it
 * may only because no two of its shapes' bounds meet: its shapes are found again as the
 * triangles joined by shared vertices or meeting bounds, put in the order of their vertices
 * (written shape after shape), and each shape's triangles in the order its meshes draw them,
 * which is the order one mesh would draw them in. Empty triangles (a slot's room to spare) draw
 * nothing and are left out.
 *
 * `root` is a world (its children are chunk lists) or a chunked container's display.
 */
export function drawing(root: Container): string[] {
  const out: string[] = [];
  let words: Float32Array | null = null;
  let meshes: Uint32Array[] = [];
  const flush = () => {
    if (words !== null) for (const triangle of inOrder(words, meshes)) out.push(...triangle);
    words = null;
    meshes = [];
  };
  for (const chunk of root.children.flatMap((list) => list.children)) {
    for (const piece of chunk.children) {
      if (piece.label !== "batch") {
        flush();
        out.push(`display ${piece.label}`);
        continue;
      }
      const mesh = piece as Mesh;
      const data = mesh.geometry.getBuffer("aPosition").data as Float32Array;
      if (data !== words) flush();
      words = data;
      meshes.push(mesh.geometry.indexBuffer.data as Uint32Array);
    }
    flush();
  }
  return out;
}

/**
 * A number as String writes it (as join does), each distinct value converted once: the words
 * repeat (colours, flags, shared corners) and converting a float is most of the work here.
 */
const written = new Map<number, string>();
function numberText(value: number): string {
  let text = written.get(value);
  if (text === undefined) {
    if (written.size >= 1 << 20) written.clear();
    text = String(value);
    written.set(value, text);
  }
  return text;
}

/** A batch's triangles (each its vertices' words) in the order described above. */
function inOrder(words: Float32Array, meshes: readonly Uint32Array[]): string[][] {
  const triangles: { v: [number, number, number]; mesh: number; order: number }[] = [];
  meshes.forEach((indices, mesh) => {
    for (let i = 0; i + 2 < indices.length; i += 3) {
      const v: [number, number, number] = [indices[i]!, indices[i + 1]!, indices[i + 2]!];
      if (v[0] === v[1] && v[1] === v[2]) continue;
      triangles.push({ v, mesh, order: i });
    }
  });
  // Triangles share their vertices: each one's words are joined once.
  const joined = new Map<number, string>();
  const vertex = (index: number) => {
    let text = joined.get(index);
    if (text === undefined) {
      const k = index * WORDS_PER_VERTEX;
      const parts: string[] = [];
      for (let j = 0; j < WORDS_PER_VERTEX; j += 1) parts.push(numberText(words[k + j]!));
      text = parts.join(",");
      joined.set(index, text);
    }
    return text;
  };
  const asWords = (v: readonly number[]) => v.map(vertex);
  if (meshes.length <= 1) return triangles.map((t) => asWords(t.v));
  // Shapes: triangles sharing vertices, then groups whose bounds meet.
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.get(root)! !== root) root = parent.get(root)!;
    while (parent.get(x)! !== root) {
      const next = parent.get(x)!;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  for (const { v } of triangles)
    for (const index of v) if (!parent.has(index)) parent.set(index, index);
  for (const { v } of triangles) {
    union(v[0], v[1]);
    union(v[0], v[2]);
  }
  const bounds = new Map<number, [number, number, number, number]>();
  for (const index of parent.keys()) {
    const root = find(index);
    const x = words[index * WORDS_PER_VERTEX]!;
    const y = words[index * WORDS_PER_VERTEX + 1]!;
    const box = bounds.get(root);
    if (box === undefined) bounds.set(root, [x, y, x, y]);
    else {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  const groups = [...bounds].sort((a, b) => a[1][0] - b[1][0]);
  for (let i = 0; i < groups.length; i += 1) {
    const [a, boxA] = groups[i]!;
    for (let j = i + 1; j < groups.length && groups[j]![1][0] <= boxA[2]; j += 1) {
      const [b, boxB] = groups[j]!;
      if (boxB[1] <= boxA[3] && boxA[1] <= boxB[3]) union(a, b);
    }
  }
  const shapes = new Map(triangles.map((t) => [t, find(t.v[0])]));
  return triangles
    .sort((a, b) => shapes.get(a)! - shapes.get(b)! || a.mesh - b.mesh || a.order - b.order)
    .map((t) => asWords(t.v));
}
