import type { Graphics } from "pixi.js";
import type { RGBA } from "../../doc/types";
import type { CameraState } from "../camera";
import { worldToScreen } from "./geometry";
import type { GradientMarkers } from "./gradientGeometry";
import type { Point } from "../../math/point";

/** Outer size of an end handle, in CSS pixels: a little larger than a path node. */
const END_SIZE = 10;
const STOP_RADIUS = 5;
const FOCAL_RADIUS = 4.5;
const WHITE = 0xffffff;

export interface GradientMarkerStyle {
  readonly accent: number;
}

/** The colour of a marker's face: the stop's colour with its alpha, over the page. */
function face(color: RGBA): { color: [number, number, number]; alpha: number } {
  return { color: [color.r, color.g, color.b], alpha: Math.max(0.15, color.a) };
}

/**
 * Draws the gradient's line, its ring (radial), the two end squares filled with the end colours,
 * the focal diamond and the stop dots, all in screen pixels so they stay one size at any zoom.
 * Each line has a white halo under the accent so it shows over any gradient.
 */
export function drawGradientMarkers(
  g: Graphics,
  markers: GradientMarkers,
  view: CameraState,
  style: GradientMarkerStyle,
): void {
  const screen = (p: Point): Point => worldToScreen(view, p);
  const halo = { color: WHITE, width: 3, alpha: 0.9 } as const;
  const line = { color: style.accent, width: 1 } as const;
  const [a, b] = [screen(markers.line[0]), screen(markers.line[1])];

  if (markers.ring !== null && markers.ring.length > 2) {
    const ring = markers.ring.flatMap((p) => {
      const s = screen(p);
      return [s.x, s.y];
    });
    g.poly(ring, true).stroke(halo);
    g.poly(ring, true).stroke(line);
  }
  g.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke(halo);
  g.moveTo(a.x, a.y).lineTo(b.x, b.y).stroke(line);

  for (const end of markers.ends) {
    const at = screen(end.at);
    const left = Math.round(at.x - END_SIZE / 2);
    const top = Math.round(at.y - END_SIZE / 2);
    g.rect(left - 1, top - 1, END_SIZE + 2, END_SIZE + 2).fill(WHITE);
    g.rect(left + 1, top + 1, END_SIZE - 2, END_SIZE - 2).fill(face(end.color));
    g.rect(left + 0.5, top + 0.5, END_SIZE - 1, END_SIZE - 1).stroke({
      color: style.accent,
      width: 1,
    });
    if (end.selected)
      g.rect(left - 1.5, top - 1.5, END_SIZE + 3, END_SIZE + 3).stroke({
        color: style.accent,
        width: 2,
      });
  }

  if (markers.focal !== null) {
    const at = screen(markers.focal);
    const r = FOCAL_RADIUS;
    const diamond = [at.x, at.y - r, at.x + r, at.y, at.x, at.y + r, at.x - r, at.y];
    g.poly(diamond, true)
      .fill(WHITE)
      .stroke({ color: style.accent, width: markers.focalSelected ? 2 : 1 });
  }

  for (const stop of markers.stops) {
    const at = screen(stop.at);
    g.circle(at.x, at.y, STOP_RADIUS + 1).fill(WHITE);
    g.circle(at.x, at.y, STOP_RADIUS - 1).fill(face(stop.color));
    g.circle(at.x, at.y, STOP_RADIUS).stroke({
      color: style.accent,
      width: stop.selected ? 2 : 1,
    });
  }
}
