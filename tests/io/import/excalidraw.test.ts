import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { multiply, toMatrix } from "../../../src/doc/transform";
import type { BlobRecord, SceneNode } from "../../../src/doc/types";
import { freehandNodeOutline } from "../../../src/geometry/freehand";
import { checkAll } from "../../../src/doc/invariants";
import { readUntrusted } from "../../../src/io/import/boundary";
import { importExcalidraw, isExcalidrawClipboard } from "../../../src/io/import/excalidraw";
import { importIntoDocument } from "../../../src/io/import/intoDocument";
import { emptyDocumentStore } from "../../support/store";
import { KIND_RULES } from "../../../src/shapes/registry";

const scene = (elements: unknown[]): string =>
  JSON.stringify({ type: "excalidraw", version: 2, source: "test", elements });

const base = {
  x: 10,
  y: 20,
  width: 100,
  height: 50,
  angle: 0,
  strokeColor: "#1e1e1e",
  backgroundColor: "transparent",
  strokeWidth: 2,
  strokeStyle: "solid",
  opacity: 100,
  groupIds: [],
  isDeleted: false,
};

function nodes(elements: unknown[]): { nodes: SceneNode[]; warnings: string[] } {
  const result = importExcalidraw(scene(elements), "scene");
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe(".excalidraw import", () => {
  it("keeps arrows bound to shapes as connectors; elbow and curved arrows keep their route", () => {
    const box = (id: string, x: number) => ({
      ...base,
      id,
      type: "rectangle",
      x,
      y: 0,
      width: 100,
      height: 50,
    });
    const arrow = (id: string, points: number[][], extra: object) => ({
      ...base,
      id,
      type: "arrow",
      x: 100,
      y: 25,
      width: 200,
      height: 0,
      points,
      startBinding: { elementId: "r1", focus: 0, gap: 4 },
      endBinding: { elementId: "r2", focus: 0, gap: 4 },
      ...extra,
    });
    const { nodes: list } = nodes([
      box("r1", 0),
      box("r2", 300),
      arrow(
        "a1",
        [
          [0, 0],
          [200, 0],
        ],
        {},
      ),
      arrow(
        "a2",
        [
          [0, 0],
          [100, 0],
          [100, 40],
          [200, 40],
        ],
        { elbowed: true },
      ),
      arrow(
        "a3",
        [
          [0, 0],
          [100, 30],
          [200, 0],
        ],
        { roundness: { type: 2 } },
      ),
      arrow(
        "a4",
        [
          [0, 0],
          [200, 0],
        ],
        { endBinding: { elementId: "missing" } },
      ),
    ]);
    const rects = list.filter((n) => n.type === "rect").map((n) => n.id);
    const lines = list.filter((n) => n.type === "line");
    expect(lines.map((l) => l.route)).toEqual(["straight", "elbow", "curved", "straight"]);
    for (const line of lines.slice(0, 3)) {
      expect(line.startBinding?.node).toBe(rects[0]);
      expect(line.endBinding?.node).toBe(rects[1]);
    }
    // Bound to a shape not in the scene: that end comes free.
    expect(lines[3]!.endBinding).toBeNull();
    expect(lines[2]!.bend).toBeCloseTo(30, 6);
  });

  it("rectangles (with roundness), ellipses and diamonds, with colours, width, dashes and opacity", () => {
    const { nodes: list } = nodes([
      {
        ...base,
        id: "r",
        type: "rectangle",
        roundness: { type: 3 },
        backgroundColor: "#ffc9c9",
        strokeStyle: "dashed",
        opacity: 50,
      },
      { ...base, id: "e", type: "ellipse", strokeStyle: "dotted" },
      { ...base, id: "d", type: "diamond" },
    ]);
    expect(list.map((n) => n.type)).toEqual(["group", "rect", "ellipse", "polygon"]);
    const rect = list[1]!;
    expect(rect).toMatchObject({
      width: 100,
      height: 50,
      radii: [12.5, 12.5, 12.5, 12.5],
      opacity: 0.5,
      fill: { type: "solid" },
      stroke: { width: 2, dash: [8, 10] },
    });
    expect(list[2]).toMatchObject({ stroke: { dash: [1.5, 8] }, fill: { type: "none" } });
    // A diamond is the four-cornered polygon of its box, so it can hold a label as boxes do.
    expect(list[3]).toMatchObject({ name: "Diamond", sides: 4, width: 100, height: 50 });
  });

  it("text bound to a shape or an arrow becomes its label; text whose container cannot hold it stays text", () => {
    const text = (id: string, containerId: string, words: string) => ({
      ...base,
      id,
      type: "text",
      text: words,
      fontSize: 28,
      fontFamily: 1,
      strokeColor: "#e03131",
      containerId,
    });
    const { nodes: list } = nodes([
      { ...base, id: "r", type: "rectangle", boundElements: [{ id: "t1", type: "text" }] },
      text("t1", "r", "Start"),
      // The label may come before its shape in the list.
      text("t2", "d", "Yes?"),
      { ...base, id: "d", type: "diamond" },
      {
        ...base,
        id: "a",
        type: "arrow",
        points: [
          [0, 0],
          [200, 0],
        ],
      },
      text("t3", "a", "next"),
      {
        ...base,
        id: "bent",
        type: "arrow",
        points: [
          [0, 0],
          [50, 40],
          [90, 0],
          [120, 30],
        ],
      },
      text("t4", "bent", "stays"),
    ]);
    const byName = (type: string) => list.filter((n) => n.type === type);
    const [rect] = byName("rect");
    expect(rect).toMatchObject({
      label: {
        content: "Start",
        fontSize: 28,
        fontFamily: "Virgil, cursive",
        color: { r: 224 / 255, g: 49 / 255, b: 49 / 255, a: 1 },
        position: 0.5,
      },
    });
    expect(byName("polygon")[0]).toMatchObject({ label: { content: "Yes?" } });
    expect(byName("line")[0]).toMatchObject({ label: { content: "next" } });
    expect(byName("text").map((n) => n.type === "text" && n.content)).toEqual(["stays"]);
  });

  it("rotation is about the element's centre", () => {
    const rect = nodes([{ ...base, id: "r", type: "rectangle", angle: Math.PI }]).nodes[1]!;
    expect(rect.transform.rotation).toBeCloseTo(Math.PI);
    // Turned half a circle about (60, 45), the top-left corner lands on the bottom-right one.
    expect(rect.transform.x).toBeCloseTo(110);
    expect(rect.transform.y).toBeCloseTo(70);
  });

  it("arrows and lines with points and arrowheads; freedraw with pressures; text", () => {
    const { nodes: list, warnings } = nodes([
      {
        ...base,
        id: "a",
        type: "arrow",
        points: [
          [0, 0],
          [100, 0],
        ],
        startArrowhead: null,
        endArrowhead: "triangle",
      },
      {
        ...base,
        id: "l",
        type: "line",
        points: [
          [0, 0],
          [50, 50],
          [100, 0],
        ],
        endArrowhead: "arrow",
      },
      {
        ...base,
        id: "f",
        type: "freedraw",
        points: [
          [0, 0],
          [1, 1],
          [2, 3],
        ],
        pressures: [0.1, 0.5, 0.9],
      },
      {
        ...base,
        id: "t",
        type: "text",
        text: "Hello\nthere",
        fontSize: 28,
        fontFamily: 1,
        textAlign: "center",
      },
    ]);
    expect(list.map((n) => n.type)).toEqual([
      "group",
      "line",
      "group",
      "freehand",
      "text",
      "path",
      "path",
    ]);
    expect(list[1]).toMatchObject({
      start: { x: 0, y: 0 },
      end: { x: 100, y: 0 },
      startHead: "none",
      endHead: "triangle",
    });
    // The freedraw's points, each with the pressure that gives Excalidraw's eased width; the last
    // where Excalidraw's stroke of an opened file ends: perfect-freehand's streamline step (0.575)
    // from the first point towards it (the second lies within the stroke's size of the first).
    const ink = list[3]!;
    const xy = ink.type === "freehand" ? ink.points.filter((_, i) => i % 3 !== 2) : [];
    expect(xy.slice(0, 4)).toEqual([0, 0, 1, 1]);
    expect(xy[4]).toBeCloseTo(2 * 0.575, 9);
    expect(xy[5]).toBeCloseTo(3 * 0.575, 9);
    expect(ink).toMatchObject({ stroke: { paint: { type: "solid" } }, fill: { type: "none" } });
    // The bent line keeps its head: a path and the head's mark beside it, in a group.
    expect(list.slice(5).map((n) => n.name)).toEqual(["Line", "Arrowhead"]);
    expect(list[4]).toMatchObject({
      content: "Hello\nthere",
      fontSize: 28,
      align: "center",
      fontFamily: "Virgil, cursive",
    });
    expect(warnings).toEqual([]);
  });

  it("groupIds become nested groups, inner first", () => {
    const { nodes: list } = nodes([
      { ...base, id: "1", type: "rectangle", groupIds: ["inner", "outer"] },
      { ...base, id: "2", type: "ellipse", groupIds: ["inner", "outer"] },
      { ...base, id: "3", type: "diamond", groupIds: ["outer"] },
      { ...base, id: "4", type: "ellipse", groupIds: [] },
    ]);
    const byId = new Map(list.map((n) => [n.id, n]));
    const parentType = (n: SceneNode): string => byId.get(n.parent)?.type ?? "root";
    const rect = list.find((n) => n.type === "rect")!;
    const inner = byId.get(rect.parent)!;
    const outer = byId.get(inner.parent)!;
    expect([inner.type, outer.type]).toEqual(["group", "group"]);
    expect(list.filter((n) => n.parent === inner.id)).toHaveLength(2);
    expect(
      list
        .filter((n) => n.parent === outer.id)
        .map((n) => n.type)
        .sort(),
    ).toEqual(["group", "polygon"]);
    expect(parentType(outer)).toBe("group");
  });

  it("deleted and unknown elements are skipped, unknown ones reported", () => {
    const { nodes: list, warnings } = nodes([
      { ...base, id: "x", type: "rectangle", isDeleted: true },
      { ...base, id: "y", type: "embeddable" },
      { ...base, id: "z", type: "image", fileId: "f" },
    ]);
    expect(list).toEqual([]);
    expect(warnings).toEqual([
      "Not imported: 1 embeddable element, 1 image with no readable picture.",
    ]);
  });

  it.each([
    ["{", /^The Excalidraw file is not valid JSON/],
    ['{"type":"other"}', /^The file is not an Excalidraw scene/],
    ['{"type":"excalidraw","version":3,"elements":[]}', /version 3; version 2 is supported/],
    ['{"type":"excalidraw","version":2}', /has no "elements" list/],
    ["[".repeat(2000) + "]".repeat(2000), /nested more than 1024 deep/],
  ])("refuses %j clearly", (text, message) => {
    const result = importExcalidraw(text, "x");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });
});

describe(".excalidraw files of Excalidraw 0.17 and 0.18", () => {
  const read = (file: string): { nodes: SceneNode[]; warnings: string[]; blobs: BlobRecord[] } => {
    const text = readFileSync(
      new URL(`../../fixtures/excalidraw/${file}`, import.meta.url),
      "utf8",
    );
    const result = importExcalidraw(text, "scene");
    if (!result.ok) throw new Error(result.error);
    return result;
  };
  const childrenOf = (nodes: readonly SceneNode[], parent: SceneNode): SceneNode[] =>
    nodes.filter((n) => n.parent === parent.id);
  const files = JSON.parse(
    readFileSync(
      new URL("../../fixtures/excalidraw/scene-0.18.excalidraw", import.meta.url),
      "utf8",
    ),
  ) as { files: Record<string, { dataURL: string }> };
  const dataOf = (id: string): string => files.files[id]!.dataURL.replace(/^data:[^,]*,/, "");

  it("frames hold and clip their children, placed in the frame's units; freedraw is drawn ink", () => {
    const { nodes, warnings, blobs } = read("scene-0.17.excalidraw");
    // The rectangle and the arrow are drawn sketchily in Excalidraw (roughness 1).
    expect(warnings).toEqual([
      "Drawn differently: 2 outlines with a hand-drawn look (drawn clean).",
    ]);
    const frame = nodes.find((n) => n.type === "frame")!;
    expect(frame).toMatchObject({ name: "Sketch", clip: true, width: 460, height: 260 });
    expect(frame.transform).toMatchObject({ x: 40, y: 40 });
    const inside = childrenOf(nodes, frame);
    expect(inside.map((n) => n.type)).toEqual(["freehand", "freehand", "image", "rect"]);
    expect(inside[0]!.transform).toMatchObject({ x: 20, y: 80 });
    for (const ink of inside.slice(0, 2)) {
      if (ink.type !== "freehand") throw new Error("not ink");
      // Drawn: the stroke's paint is the colour (ink is filled with the stroke's paint).
      expect(ink.stroke.paint).not.toBeNull();
      expect(freehandNodeOutline(ink).length).toBeGreaterThan(20);
    }
    expect(inside[0]).toMatchObject({
      stroke: { paint: { color: { r: 0xe0 / 255, g: 0x31 / 255, b: 0x31 / 255 } }, width: 4 },
      settings: { size: 17, thinning: 1, simulatePressure: false },
    });
    // The image: its picture from the files, stretched over its box.
    expect(inside[2]).toMatchObject({
      naturalWidth: 16,
      naturalHeight: 16,
      width: 120,
      height: 120,
    });
    expect(blobs).toEqual([
      {
        id: (inside[2] as { blob: string }).blob,
        type: "blob",
        mime: "image/png",
        data: dataOf("green"),
      },
    ]);
  });

  it("keeps every arrowhead: bent arrows draw theirs as shapes, connectors the nearest, reported", () => {
    const { nodes, warnings } = read("scene-0.18.excalidraw");
    expect(warnings).toEqual([
      "Not imported: 1 image with no readable picture.",
      "Drawn differently: 28 outlines with a hand-drawn look (drawn clean), 3 outlined arrowheads on a connector (drawn filled), 3 crow's foot arrowheads on a connector (drawn as a bar).",
    ]);
    const lines = nodes.filter((n) => n.type === "line");
    expect(lines.map((n) => n.type === "line" && n.endHead)).toEqual([
      "arrow",
      "bar",
      "circle",
      "circle",
      "circle",
      "triangle",
      "triangle",
      "diamond",
      "diamond",
      "bar",
      "bar",
      "bar",
    ]);
    const arrows = nodes.filter((n) => n.type === "group" && n.name === "Arrow");
    expect(arrows).toHaveLength(14);
    const heads = (arrow: SceneNode): SceneNode[] => childrenOf(nodes, arrow).slice(1);
    // A dot at the start and a triangle at the end of the straight bent arrow.
    expect(heads(arrows[0]!).map((n) => n.type)).toEqual(["ellipse", "path"]);
    expect(heads(arrows[0]!)[1]).toMatchObject({
      subpaths: [{ closed: true }],
      fill: { type: "solid" },
    });
    // The rounded one: a curve of cubics; a crow's foot (prongs and bar) and an outlined diamond,
    // filled with the scene's background and stroked.
    const curved = childrenOf(nodes, arrows[1]!)[0]!;
    expect(curved.type === "path" && curved.subpaths[0]!.segments.map((s) => s.type)).toEqual([
      "cubic",
      "cubic",
      "cubic",
    ]);
    expect(heads(arrows[1]!)).toHaveLength(3);
    expect(heads(arrows[1]!)[2]).toMatchObject({
      fill: { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } },
      stroke: { paint: { type: "solid" } },
    });
    // Every head type on a bent arrow gives at least one shape.
    for (const arrow of arrows.slice(2)) expect(heads(arrow).length).toBeGreaterThan(0);
  });

  it("a cropped, mirrored image shows its part of the picture in a clipping frame; an AI frame is a frame", () => {
    const { nodes, blobs } = read("scene-0.18.excalidraw");
    const crop = nodes.find((n) => n.name === "Image crop")!;
    expect(crop).toMatchObject({ type: "frame", clip: true, width: 80, height: 40 });
    const [picture] = childrenOf(nodes, crop);
    // 20 × 20 of the picture's 40 × 20 pixels fill the 80 × 40 box, mirrored about it.
    expect(picture).toMatchObject({ type: "image", width: 160, height: 40, naturalWidth: 40 });
    const m = toMatrix(picture!.transform);
    expect(m.a).toBeCloseTo(-1);
    expect(m.e).toBeCloseTo(120);
    expect(blobs.map((b) => b.data)).toEqual([dataOf("green"), dataOf("blue")]);
    const ai = nodes.find((n) => n.name === "AI Frame")!;
    expect(childrenOf(nodes, ai).map((n) => n.type)).toEqual(["ellipse"]);
  });

  it("goes into a document through the boundary as one valid transaction", () => {
    for (const file of ["scene-0.17.excalidraw", "scene-0.18.excalidraw"]) {
      const text = readFileSync(new URL(`../../fixtures/excalidraw/${file}`, import.meta.url));
      const result = readUntrusted(file, new Uint8Array(text));
      if (!result.ok) throw new Error(result.error);
      const store = emptyDocumentStore();
      expect(importIntoDocument(store, result, { parent: "page" }).ok).toBe(true);
      expect(checkAll(store, KIND_RULES)).toEqual([]);
    }
  });

  it("a freedraw loop with a background fills what it encloses beneath the ink", () => {
    const { nodes } = nodes2([
      {
        ...base,
        id: "loop",
        type: "freedraw",
        backgroundColor: "#ffec99",
        points: [
          [0, 0],
          [40, 0],
          [40, 40],
          [0, 40],
          [2, 3],
        ],
        pressures: [],
        simulatePressure: true,
      },
    ]);
    expect(nodes.map((n) => `${n.type} ${n.name}`)).toEqual([
      "group scene",
      "group Drawing",
      "path Fill",
      "freehand Drawing",
    ]);
  });

  it("an SVG picture comes in as its shapes stretched over the image's box", () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="5" fill="#f00"/><foreignObject/></svg>`;
    const text = JSON.stringify({
      type: "excalidraw",
      version: 2,
      elements: [
        { ...base, id: "i", type: "image", x: 100, y: 50, width: 40, height: 20, fileId: "s" },
        { ...base, id: "j", type: "image", x: 0, y: 0, width: 40, height: 20, fileId: "bad" },
      ],
      files: {
        s: {
          mimeType: "image/svg+xml",
          dataURL: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
        },
        bad: { mimeType: "image/svg+xml", dataURL: "data:image/svg+xml,%3Csvg" },
      },
    });
    const result = importExcalidraw(text, "scene");
    if (!result.ok) throw new Error(result.error);
    const image = result.nodes.find((n) => n.name === "Image")!;
    expect(image).toMatchObject({ type: "group", transform: { x: 100, y: 50 } });
    // 10 × 10 units stretched over 40 × 20, as Excalidraw stretches a picture over its box.
    const drawing = result.nodes.find((n) => n.parent === image.id)!;
    expect(drawing.transform).toMatchObject({ scaleX: 4, scaleY: 2 });
    expect(result.nodes.find((n) => n.parent === drawing.id)).toMatchObject({
      type: "rect",
      width: 10,
      height: 5,
    });
    expect(result.warnings).toEqual([
      "Not imported: 1 image with no readable picture.",
      "In an SVG image: Not imported: 1 <foreignObject> element.",
    ]);
  });

  it("reports links and sketchy outlines; keeps locks and 0.18's fonts", () => {
    const { nodes, warnings } = nodes2([
      {
        ...base,
        id: "r",
        type: "rectangle",
        roughness: 2,
        backgroundColor: "#ffc9c9",
        fillStyle: "hachure",
        locked: true,
      },
      {
        ...base,
        id: "e",
        type: "ellipse",
        roughness: 0,
        backgroundColor: "#ffc9c9",
        fillStyle: "cross-hatch",
        link: "https://example.com",
      },
      { ...base, id: "t", type: "text", text: "Hi", fontFamily: 5 },
    ]);
    expect(nodes.find((n) => n.type === "rect")).toMatchObject({ locked: true });
    expect(nodes.find((n) => n.type === "text")).toMatchObject({
      fontFamily: "Excalifont, cursive",
    });
    expect(warnings).toEqual([
      "Not imported: 1 element link.",
      "Drawn differently: 1 outline with a hand-drawn look (drawn clean).",
    ]);
  });

  it("Excalidraw's clipboard (copied shapes, as text) imports as a scene through the boundary", () => {
    const copied = JSON.stringify({
      type: "excalidraw/clipboard",
      elements: [{ ...base, id: "r", type: "rectangle" }],
      files: {},
    });
    expect(isExcalidrawClipboard(copied)).toBe(true);
    expect(isExcalidrawClipboard('{"type":"excalidraw","elements":[]}')).toBe(false);
    expect(isExcalidrawClipboard("some words")).toBe(false);
    const result = readUntrusted("clipboard", copied);
    if (!result.ok) throw new Error(result.error);
    expect(result.nodes.map((n) => n.type)).toEqual(["group", "rect"]);
  });

  it("a bent arrow bound to shapes keeps its place and reports the bindings it cannot keep", () => {
    const { warnings } = nodes2([
      { ...base, id: "r", type: "rectangle" },
      {
        ...base,
        id: "a",
        type: "arrow",
        points: [
          [0, 0],
          [50, 40],
          [90, 0],
          [120, 30],
        ],
        startBinding: { elementId: "r", focus: 0, gap: 4 },
        endBinding: null,
      },
    ]);
    expect(warnings[0]).toBe("Not imported: 1 binding on a bent arrow (its end left in place).");
  });

  it("a rotated frame's children keep their place on the page", () => {
    const { nodes } = nodes2([
      { ...base, id: "f", type: "frame", x: 0, y: 0, width: 100, height: 100, angle: Math.PI / 2 },
      { ...base, id: "r", type: "rectangle", x: 40, y: 10, width: 10, height: 10, frameId: "f" },
    ]);
    const frame = nodes.find((n) => n.type === "frame")!;
    const rect = nodes.find((n) => n.type === "rect")!;
    const page = multiply(toMatrix(frame.transform), toMatrix(rect.transform));
    expect(page.e).toBeCloseTo(40);
    expect(page.f).toBeCloseTo(10);
  });
});

function nodes2(elements: unknown[]): { nodes: SceneNode[]; warnings: string[] } {
  const result = importExcalidraw(scene(elements), "scene");
  if (!result.ok) throw new Error(result.error);
  return result;
}
