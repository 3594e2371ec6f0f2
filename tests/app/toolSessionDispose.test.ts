import { describe, expect, it } from "vitest";
import type { Engine } from "../../engine";
import type { InputState } from "../../engine/input/inputState";
import { CommandRegistry } from "../../src/editing/commands";
import { createEditor } from "../../src/editing/editor";
import { attachTools, type ToolTargets } from "../../src/app/toolSession";
import { createDocument, DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { RectNode } from "../../src/doc/types";
import { Camera } from "../../src/render/camera";
import { SpatialSync } from "../../src/scene/spatialSync";
import { ToolSettings } from "../../src/editing/settings";
import type { TextEditorHost } from "../../src/tools/types";
import { loadCore } from "../core/loadCore";

// A document's tools are bound to things that outlive it: the engine's tick, the tool settings
// the next document shares, the text field. Once its session is disposed, none of them may reach
// its overlays again; the real overlays are destroyed PixiJS objects by then, and drawing on them
// aborted the engine (File → New, then choosing a tool).

const PAGE = "page";

/** Overlays that record what the tools ask of them and throw once their document is closed. */
function closableOverlays(): { sink: ToolTargets["overlays"]; calls: string[]; close(): void } {
  const calls: string[] = [];
  let closed = false;
  const sink = new Proxy(
    {},
    {
      get(_target, name) {
        if (typeof name !== "string" || name === "then") return undefined;
        return (..._args: unknown[]) => {
          if (closed) throw new Error(`the closed document's overlays were used: ${name}`);
          calls.push(name);
          return name === "hitHandle" || name === "hitFrameLabel" ? null : undefined;
        };
      },
    },
  ) as ToolTargets["overlays"];
  return { sink, calls, close: () => (closed = true) };
}

/** The parts of the engine a tool session uses, with its tick listeners in view. */
function fakeEngine(): { engine: Engine; ticks: Set<(input: InputState) => void> } {
  const ticks = new Set<(input: InputState) => void>();
  const fake = {
    onTick(listener: (input: InputState) => void) {
      ticks.add(listener);
      return () => ticks.delete(listener);
    },
    invalidate() {},
    shell: { canvas: { style: { cursor: "" } } },
  };
  return { engine: fake as unknown as Engine, ticks };
}

const textHost: TextEditorHost = {
  edit: (_id, done) => done(null),
  typeKey: () => false,
  measure: () => ({ width: 0, height: 0 }),
  close() {},
};

async function openSession() {
  const core = await loadCore();
  const rect = makeNode<RectNode>("rect", "r", PAGE, "a0", {
    width: 100,
    height: 50,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
  });
  const editor = createEditor([
    ...createDocument({ id: "doc", pageId: PAGE, author: "u", created: "2026-01-01T00:00:00Z" }),
    rect,
  ]);
  const spatial = new SpatialSync(editor.store, core.index);
  spatial.showPage(PAGE);
  const overlays = closableOverlays();
  const { engine, ticks } = fakeEngine();
  const settings = new ToolSettings();
  const camera = new Camera();
  const viewport = {
    size: { width: 800, height: 600 },
    visibleWorldRect: () => ({ minX: 0, minY: 0, maxX: 800, maxY: 600 }),
  } as unknown as ToolTargets["viewport"];
  const session = attachTools(
    engine,
    { editor, camera, overlays: overlays.sink, spatial, viewport, pageId: () => PAGE },
    {
      settings,
      commands: new CommandRegistry(),
      text: textHost,
      requestImage: () => Promise.resolve(null),
    },
  );
  return { editor, overlays, ticks, settings, session };
}

describe("a disposed tool session", () => {
  it("follows the shared settings while open and lets go of them when disposed", async () => {
    const { overlays, ticks, settings, session } = await openSession();
    expect(ticks.size).toBe(1);
    settings.update({ tool: "rect" });
    expect(session.controller.tool.id).toBe("rect");
    expect(overlays.calls).toContain("setMarquee");

    session.dispose();
    overlays.close();
    expect(ticks.size).toBe(0);
    // The next document's tool switches: this document's controller must not hear them.
    for (const tool of ["ellipse", "select", "text", "pen", "gradient", "path"] as const)
      settings.update({ tool });
    expect(session.controller.tool.id).toBe("rect");
  });

  it("stops answering gradient requests and its store's commits", async () => {
    const { editor, overlays, settings, session } = await openSession();
    editor.store.setSelection(["r"]);
    settings.update({ tool: "path" });
    expect(session.controller.tool.id).toBe("path");
    settings.update({ tool: "select" });
    // Open, a gradient request makes this document's gradient tool the active one.
    expect(editor.gradientEdits.request("fill")).toBe(true);
    expect(session.controller.tool.id).toBe("gradient");
    settings.update({ tool: "select" });

    session.dispose();
    overlays.close();
    expect(editor.gradientEdits.request("fill")).toBe(false);
    editor.store.transact("Move", (tx) => {
      const node = tx.get("r");
      if (node?.type === "rect") tx.put({ ...node, transform: { ...node.transform, x: 40 } });
    });
    editor.store.setSelection([]);
    expect(settings.get().tool).toBe("select");
  });
});
