// Exact hit-test predicates used to confirm the candidates of the spatial index.

import { allocPages, pagesFor, releasePages } from "./alloc";

let scratchBase: usize = 0;
let scratchCap: i32 = 0;

/** Returns a buffer for at least `values` f64 values (polygon coordinates). */
export function geoScratch(values: i32): usize {
  if (values > scratchCap) {
    const pages = pagesFor(<u64>max(values, 0) * 8);
    const next = allocPages(pages);
    if (scratchBase != 0) releasePages(scratchBase, pagesFor(<u64>scratchCap * 8));
    scratchBase = next;
    scratchCap = <i32>((pages << 16) / 8);
  }
  return scratchBase;
}

function hypot2(dx: f64, dy: f64): f64 {
  return Math.sqrt(dx * dx + dy * dy);
}

export function geoDistanceToSegment(px: f64, py: f64, x0: f64, y0: f64, x1: f64, y1: f64): f64 {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  let t = 0.0;
  if (len2 > 0) t = min(1.0, max(0.0, ((px - x0) * dx + (py - y0) * dy) / len2));
  return hypot2(x0 + t * dx - px, y0 + t * dy - py);
}

// Real roots of a*t^3 + b*t^2 + c*t + d, written to rootBuf; returns their count.
const rootBuf: usize = memory.data(4 * 8, 8);

function solveQuadratic(a: f64, b: f64, c: f64, out: i32): i32 {
  if (a == 0) {
    if (b == 0) return out;
    store<f64>(rootBuf + ((<usize>out) << 3), -c / b);
    return out + 1;
  }
  const disc = b * b - 4 * a * c;
  if (disc < 0) return out;
  // Avoids cancellation between -b and the root of the discriminant.
  const q = -0.5 * (b + (b >= 0 ? Math.sqrt(disc) : -Math.sqrt(disc)));
  store<f64>(rootBuf + ((<usize>out) << 3), q / a);
  out++;
  if (q != 0) {
    store<f64>(rootBuf + ((<usize>out) << 3), c / q);
    out++;
  }
  return out;
}

function solveCubic(a: f64, b: f64, c: f64, d: f64): i32 {
  const scale = max(max(Math.abs(a), Math.abs(b)), max(Math.abs(c), Math.abs(d)));
  if (scale == 0) return 0;
  // A tiny leading coefficient makes the monic form blow up; the curve is then quadratic.
  if (Math.abs(a) <= scale * 1e-12) return solveQuadratic(b, c, d, 0);
  const A = b / a;
  const B = c / a;
  const C = d / a;
  const p = B - (A * A) / 3;
  const q = (2 * A * A * A) / 27 - (A * B) / 3 + C;
  const shift = -A / 3;
  const disc = (q * q) / 4 + (p * p * p) / 27;
  let n = 0;
  if (disc > 0) {
    const s = Math.sqrt(disc);
    store<f64>(rootBuf, Math.cbrt(-q / 2 + s) + Math.cbrt(-q / 2 - s) + shift);
    n = 1;
  } else if (p == 0) {
    store<f64>(rootBuf, shift);
    n = 1;
  } else {
    const r = Math.sqrt(-p / 3);
    const phi = Math.acos(min(1.0, max(-1.0, -q / 2 / (r * r * r))));
    for (let k = 0; k < 3; k++) {
      store<f64>(
        rootBuf + ((<usize>k) << 3),
        2 * r * Math.cos((phi - 2 * Math.PI * k) / 3) + shift,
      );
    }
    n = 3;
  }
  // Polish with Newton steps on the original polynomial.
  for (let i = 0; i < n; i++) {
    let t = load<f64>(rootBuf + ((<usize>i) << 3));
    for (let it = 0; it < 3; it++) {
      const f = ((a * t + b) * t + c) * t + d;
      const df = (3 * a * t + 2 * b) * t + c;
      if (df == 0) break;
      const nt = t - f / df;
      if (!isFinite(nt)) break;
      t = nt;
    }
    store<f64>(rootBuf + ((<usize>i) << 3), t);
  }
  return n;
}

export function geoDistanceToQuadratic(
  px: f64,
  py: f64,
  x0: f64,
  y0: f64,
  cx: f64,
  cy: f64,
  x1: f64,
  y1: f64,
): f64 {
  // B(t) = P0 + 2tA + t^2 Bv; the minimum satisfies (B(t) - P) . (A + t Bv) = 0.
  const ax = cx - x0;
  const ay = cy - y0;
  const bx = x1 - 2 * cx + x0;
  const by = y1 - 2 * cy + y0;
  const mx = x0 - px;
  const my = y0 - py;
  const n = solveCubic(
    bx * bx + by * by,
    3 * (ax * bx + ay * by),
    2 * (ax * ax + ay * ay) + mx * bx + my * by,
    mx * ax + my * ay,
  );
  let best = min(hypot2(mx, my), hypot2(x1 - px, y1 - py));
  for (let i = 0; i < n; i++) {
    const t = load<f64>(rootBuf + ((<usize>i) << 3));
    if (!(t > 0 && t < 1)) continue;
    const u = 1 - t;
    const qx = u * u * x0 + 2 * u * t * cx + t * t * x1;
    const qy = u * u * y0 + 2 * u * t * cy + t * t * y1;
    best = min(best, hypot2(qx - px, qy - py));
  }
  return best;
}

// Cubic Bezier in power form, shared by the helpers below: B(t) = ((a t + b) t + c) t + d.
let cax: f64 = 0,
  cbx: f64 = 0,
  ccx: f64 = 0,
  cdx: f64 = 0;
let cay: f64 = 0,
  cby: f64 = 0,
  ccy: f64 = 0,
  cdy: f64 = 0;
let cpx: f64 = 0,
  cpy: f64 = 0;

function cubicDist2(t: f64): f64 {
  const dx = ((cax * t + cbx) * t + ccx) * t + cdx - cpx;
  const dy = ((cay * t + cby) * t + ccy) * t + cdy - cpy;
  return dx * dx + dy * dy;
}

const SAMPLES: i32 = 64;
const GOLDEN: f64 = 0.6180339887498949;

/** Minimises the squared distance on [lo, hi], assumed unimodal there. */
function refine(lo: f64, hi: f64): f64 {
  let a = lo;
  let b = hi;
  let x1 = b - GOLDEN * (b - a);
  let x2 = a + GOLDEN * (b - a);
  let f1 = cubicDist2(x1);
  let f2 = cubicDist2(x2);
  for (let i = 0; i < 60 && b - a > 1e-15; i++) {
    if (f1 <= f2) {
      b = x2;
      x2 = x1;
      f2 = f1;
      x1 = b - GOLDEN * (b - a);
      f1 = cubicDist2(x1);
    } else {
      a = x1;
      x1 = x2;
      f1 = f2;
      x2 = a + GOLDEN * (b - a);
      f2 = cubicDist2(x2);
    }
  }
  let t = f1 <= f2 ? x1 : x2;
  let best = min(f1, f2);
  // Newton on the derivative sharpens t beyond what bracketing resolves in double precision.
  for (let it = 0; it < 4; it++) {
    const bx = ((cax * t + cbx) * t + ccx) * t + cdx - cpx;
    const by = ((cay * t + cby) * t + ccy) * t + cdy - cpy;
    const dx = (3 * cax * t + 2 * cbx) * t + ccx;
    const dy = (3 * cay * t + 2 * cby) * t + ccy;
    const ddx = 6 * cax * t + 2 * cbx;
    const ddy = 6 * cay * t + 2 * cby;
    const f = bx * dx + by * dy;
    const df = dx * dx + dy * dy + bx * ddx + by * ddy;
    if (!(df > 0)) break;
    const nt = min(hi, max(lo, t - f / df));
    const v = cubicDist2(nt);
    if (!(v < best)) break;
    best = v;
    t = nt;
  }
  return best;
}

export function geoDistanceToCubic(
  px: f64,
  py: f64,
  x0: f64,
  y0: f64,
  c1x: f64,
  c1y: f64,
  c2x: f64,
  c2y: f64,
  x1: f64,
  y1: f64,
): f64 {
  cax = x1 - x0 + 3 * (c1x - c2x);
  cbx = 3 * (x0 - 2 * c1x + c2x);
  ccx = 3 * (c1x - x0);
  cdx = x0;
  cay = y1 - y0 + 3 * (c1y - c2y);
  cby = 3 * (y0 - 2 * c1y + c2y);
  ccy = 3 * (c1y - y0);
  cdy = y0;
  cpx = px;
  cpy = py;
  // Endpoints are evaluated from the control points directly, without power-form rounding.
  let best = min(
    (x0 - px) * (x0 - px) + (y0 - py) * (y0 - py),
    (x1 - px) * (x1 - px) + (y1 - py) * (y1 - py),
  );
  const step = 1.0 / <f64>SAMPLES;
  let prev2 = Infinity;
  let prev = cubicDist2(0);
  for (let i = 1; i <= SAMPLES; i++) {
    const cur = i == SAMPLES ? cubicDist2(1) : cubicDist2(<f64>i * step);
    // Sample i - 1 is a local minimum of the sampled distances: refine around it.
    if (prev < prev2 && prev <= cur) {
      const lo = max(0.0, <f64>(i - 2) * step);
      const hi = <f64>i * step;
      best = min(best, refine(lo, hi));
    }
    prev2 = prev;
    prev = cur;
  }
  if (prev < prev2) best = min(best, refine(1 - step, 1));
  return Math.sqrt(best);
}

/**
 * Point in polygon for the closed ring in the scratch buffer (`count` vertices).
 * rule 0: nonzero winding, rule 1: even-odd. A point exactly on an edge or vertex (orientation
 * exactly zero within the edge's extent) counts as inside under both rules, so outlines are
 * hittable. Returns 1 inside, 0 outside.
 */
export function geoPointInPolygon(px: f64, py: f64, count: i32, rule: i32): i32 {
  if (count < 1) return 0;
  let winding = 0;
  let crossings = 0;
  const pts = scratchBase;
  let x0 = load<f64>(pts + ((<usize>(count - 1)) << 4));
  let y0 = load<f64>(pts + ((<usize>(count - 1)) << 4), 8);
  for (let i = 0; i < count; i++) {
    const x1 = load<f64>(pts + ((<usize>i) << 4));
    const y1 = load<f64>(pts + ((<usize>i) << 4), 8);
    const cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0);
    if (
      cross == 0 &&
      px >= min(x0, x1) &&
      px <= max(x0, x1) &&
      py >= min(y0, y1) &&
      py <= max(y0, y1)
    ) {
      return 1;
    }
    // Half-open rule on y so a vertex on the ray is counted once.
    if (y0 <= py) {
      if (y1 > py && cross > 0) {
        winding++;
        crossings++;
      }
    } else if (y1 <= py && cross < 0) {
      winding--;
      crossings++;
    }
    x0 = x1;
    y0 = y1;
  }
  return rule == 1 ? crossings & 1 : winding != 0 ? 1 : 0;
}
