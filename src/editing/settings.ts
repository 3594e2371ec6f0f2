import { DEFAULT_FILL, DEFAULT_STROKE } from "../doc/factory";
import type { Fill, FreehandSettings, Stroke } from "../doc/types";
import { DEFAULT_FREEHAND_SETTINGS } from "../geometry/freehand";

export interface SnapSettings {
  readonly grid: boolean;
  /** Other shapes' edges, centres and midpoints. */
  readonly objects: boolean;
  /** Equal spacing between neighbours. */
  readonly spacing: boolean;
  /** Snap distance in screen pixels, whatever the zoom. */
  readonly tolerancePx: number;
}

export interface ToolSettingsState {
  readonly tool: ToolId;
  /** Q: stay on a drawing tool after a shape is made instead of going back to Select. */
  readonly keepTool: boolean;
  readonly snap: SnapSettings;
  /** Grid pitch in world units: keyboard cursor steps and grid snapping follow it. */
  readonly gridSize: number;
  /** Style of new shapes; the eyedropper and the properties panel set it. */
  readonly fill: Fill;
  readonly stroke: Stroke;
  readonly freehand: FreehandSettings;
  readonly polygonSides: number;
  /** Polygon tool makes stars when > 0 (points of the star). */
  readonly starPoints: number;
  /** A stylus was seen: the pen draws, fingers pan and zoom, touches during pen contact are ignored. */
  readonly penMode: boolean;
}

export const DEFAULT_TOOL_SETTINGS: ToolSettingsState = {
  tool: "select",
  keepTool: false,
  snap: { grid: false, objects: true, spacing: true, tolerancePx: 6 },
  gridSize: 10,
  fill: DEFAULT_FILL,
  stroke: DEFAULT_STROKE,
  freehand: DEFAULT_FREEHAND_SETTINGS,
  polygonSides: 5,
  starPoints: 0,
  penMode: false,
};

/**
 * The editing session's settings: the active tool and what new shapes look like. A small store
 * with one snapshot, so the chrome subscribes narrowly (useSyncExternalStore) and re-renders only
 * when a setting changes, never per frame.
 */
export class ToolSettings {
  private current: ToolSettingsState;
  private readonly listeners = new Set<() => void>();

  constructor(initial: Partial<ToolSettingsState> = {}) {
    this.current = { ...DEFAULT_TOOL_SETTINGS, ...initial };
  }

  get(): ToolSettingsState {
    return this.current;
  }

  update(patch: Partial<ToolSettingsState>): void {
    const next = { ...this.current, ...patch };
    const changed = (Object.keys(patch) as (keyof ToolSettingsState)[]).some(
      (key) => next[key] !== this.current[key],
    );
    if (!changed) return;
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ToolSettingsState => this.current;
}

/**
 * Every tool's id, in toolbar order. The tools themselves are declared in `src/tools/catalog.ts`
 * (label, shortcuts, icon, factory); this list lives here only because settings sit below tools
 * in the layers, and the catalogue fails to compile unless it declares exactly these, in order.
 */
export const TOOL_IDS = [
  "select",
  "hand",
  "zoom",
  "frame",
  "rect",
  "ellipse",
  "line",
  "arrow",
  "polygon",
  "pen",
  "pencil",
  "text",
  "image",
  "eyedropper",
  "eraser",
  "path",
  "gradient",
] as const;

export type ToolId = (typeof TOOL_IDS)[number];
