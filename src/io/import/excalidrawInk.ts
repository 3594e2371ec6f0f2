/**
 * Excalidraw's freedraw strokes as Linework ink that draws the same outline.
 *
 * Excalidraw (0.17, 0.18: `getFreeDrawSvgPath`) runs perfect-freehand with a size of 4.25 × the
 * stroke width, thinning 0.6, smoothing and streamline 0.5, and an ease-out-sine `easing` of the
 * pressure, which Linework's ink settings do not have. The easing is folded into the pressures
 * instead: perfect-freehand's smoothing of the points is run here once, with Excalidraw's
 * options, to find which input point each drawn point comes from and the pressure perfect-
 * freehand gives it (simulated from speed where Excalidraw simulates it); that point then gets
 * the eased value as its pressure, and the ink is stored with thinning 1, under which a point's
 * radius is size × pressure, and no simulation. The ink's outline is then Excalidraw's, and the
 * stroke stays ink that the pencil's settings edit.
 */
import { getStrokePoints } from "perfect-freehand";
import type { FreehandSettings } from "../../doc/types";
import type { Point } from "../../math/point";

/** Excalidraw's stroke options. */
const SIZE_PER_WIDTH = 4.25;
const THINNING = 0.6;
const SMOOTHING = 0.5;
const STREAMLINE = 0.5;
const ease = (t: number): number => Math.sin((t * Math.PI) / 2);
/** perfect-freehand's rate of change of simulated pressure. */
const RATE_OF_PRESSURE_CHANGE = 0.275;

/** perfect-freehand's simulated pressure after `previous`, for a step of `distance`. */
function simulated(previous: number, distance: number, size: number): number {
  const speed = Math.min(1, distance / size);
  const target = Math.min(1, 1 - speed);
  return Math.min(1, previous + (target - previous) * (speed * RATE_OF_PRESSURE_CHANGE));
}

const dot = (a: readonly number[], b: readonly number[]): number => a[0]! * b[0]! + a[1]! * b[1]!;

export interface ExcalidrawInk {
  /** x, y, pressure triples, as a freehand node holds them. */
  readonly points: number[];
  readonly settings: FreehandSettings;
}

/**
 * The ink for a freedraw element's points (relative to its x, y) and stroke width; `pressures`
 * null when Excalidraw simulates pressure (`simulatePressure`, or no pressures recorded).
 * `complete` is Excalidraw's `last` option, which it sets only while a stroke it has just drawn
 * keeps its `lastCommittedPoint`; opening a file clears that point (`restore`), so every stroke of
 * an opened file is drawn incomplete: perfect-freehand eases towards the last point as towards any
 * other, and the stroke stops short of it. The ink's last point is then moved to where that
 * stroke ends, which the ink (always drawn complete) reaches exactly.
 */
export function excalidrawInk(
  points: readonly Point[],
  pressures: readonly number[] | null,
  strokeWidth: number,
  complete = true,
): ExcalidrawInk | null {
  if (points.length === 0) return null;
  const size = Math.max(0.01, strokeWidth * SIZE_PER_WIDTH);
  const simulate = pressures === null;
  // The pressure perfect-freehand reads for each input point: Excalidraw passes none when it
  // simulates, and perfect-freehand takes 0.25 for a first point without one, 0.5 for others.
  const input: number[][] = points.map((p, i) => {
    const given = pressures?.[i];
    const pressure =
      typeof given === "number" && Number.isFinite(given) && given >= 0
        ? given
        : i === 0
          ? 0.25
          : 0.5;
    return [p.x, p.y, pressure];
  });
  // perfect-freehand spreads two points into five and adds a second to a lone one; done here,
  // so each point it smooths is one of the stored points.
  if (input.length === 2) {
    const [a, b] = input as [number[], number[]];
    input.splice(1, 1);
    for (let t = 1; t < 5; t++)
      input.push([a[0]! + (b[0]! - a[0]!) * (t / 4), a[1]! + (b[1]! - a[1]!) * (t / 4), 0.5]);
  } else if (input.length === 1) input.push([input[0]![0]! + 1, input[0]![1]! + 1, input[0]![2]!]);
  if (!complete && input.length > 1) {
    // perfect-freehand's streamline step towards each point, and so towards the last one.
    const step = 0.15 + (1 - STREAMLINE) * 0.85;
    const open = getStrokePoints(
      input.map(([x, y]) => [x!, y!]),
      { size, streamline: STREAMLINE, last: false },
    );
    const before = open.length > 1 ? open.at(-2)!.point : null;
    const end = open.at(-1)!.point;
    const last = input.at(-1)!;
    // The last drawn point is the step from the one before it towards the last input point
    // (none is drawn when that step goes nowhere).
    if (before !== null) {
      const reached = [
        before[0]! + (last[0]! - before[0]!) * step,
        before[1]! + (last[1]! - before[1]!) * step,
      ];
      if (Math.hypot(reached[0]! - end[0]!, reached[1]! - end[1]!) < 1e-9) {
        last[0] = end[0]!;
        last[1] = end[1]!;
      }
    }
  }
  // Smoothed with each point's index as its pressure, to know where each drawn point comes from.
  const stroke = getStrokePoints(
    input.map(([x, y], i) => [x!, y!, i]),
    { size, streamline: STREAMLINE, last: true },
  );
  const count = stroke.length;
  if (count === 0) return null;
  const pressureAt = (i: number): number => input[stroke[i]!.pressure]![2]!;
  const total = stroke[count - 1]!.runningLength;
  // What perfect-freehand starts the simulation from: the first ten points, averaged.
  let previous = stroke
    .slice(0, 10)
    .reduce(
      (acc, point, i) =>
        (acc + (simulate ? simulated(acc, point.distance, size) : pressureAt(i))) / 2,
      pressureAt(0),
    );
  let previousVector = stroke[0]!.vector;
  let inCorner = false;
  const out = new Array<number>(input.length * 3);
  input.forEach(([x, y], i) => {
    out[i * 3] = x!;
    out[i * 3 + 1] = y!;
    out[i * 3 + 2] = 0.5;
  });
  for (let i = 0; i < count; i++) {
    const point = stroke[i]!;
    const last = i === count - 1;
    // Points within 3 units of the end are not drawn (here as in Excalidraw).
    if (!last && total - point.runningLength < 3) continue;
    const pressure = simulate ? simulated(previous, point.distance, size) : pressureAt(i);
    out[point.pressure * 3 + 2] = Math.min(1, Math.max(0, ease(0.5 - THINNING * (0.5 - pressure))));
    // A sharp corner is capped, and perfect-freehand's pressure does not move on at it.
    const next = last ? point.vector : stroke[i + 1]!.vector;
    const turnsBack = !last && dot(point.vector, next) < 0;
    if ((dot(point.vector, previousVector) < 0 && !inCorner) || turnsBack) {
      if (turnsBack) inCorner = true;
      continue;
    }
    inCorner = false;
    if (last) continue;
    previous = pressure;
    previousVector = point.vector;
  }
  return {
    points: out,
    settings: {
      size,
      // Under thinning 1 a point's radius is size × pressure, the eased pressure here.
      thinning: 1,
      smoothing: SMOOTHING,
      streamline: STREAMLINE,
      simulatePressure: false,
      fixedWidth: false,
    },
  };
}
