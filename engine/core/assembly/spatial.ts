// Spatial index: a hierarchical loose grid over an unbounded plane.
//
// Why this structure: a drawing is edited constantly (every drag frame moves boxes), so updates
// must be O(1) and allocation-free, which rules out trees that rebalance. Object sizes span many
// orders of magnitude (a dot next to a full-page frame), which rules out a single uniform grid.
// A box of size w goes to level L = ceil(log2(w)) (cell size 2^L >= w) into the cell holding its
// centre, so it reaches at most half a cell beyond that cell and a query only widens by half a
// cell per level. Cells are found through an open-addressing hash keyed by (level, cx, cy), so
// the canvas needs no bounds. Records are 64-byte rows in one block, indexed by a slot; an id
// table maps caller ids to slots. Each level also keeps a list of all its objects so a
// query covering more cells than the level has objects scans the list instead, which bounds
// huge queries by the object count.
//
// Levels whose cell coordinates would leave the i32 range are raised until they fit (a coarser
// cell is always correct, only less selective). Boxes that are not finite or are larger than the
// coarsest level go to an "oversize" list that every query scans.

import { allocPages, pagesFor, reallocPages, releasePages } from "./alloc";

const LMIN: i32 = -4;
const LMAX: i32 = 59;
const GRID_LEVELS: i32 = LMAX - LMIN + 1;
const OVERSIZE: i32 = GRID_LEVELS;
const LEVELS: i32 = GRID_LEVELS + 1;
/** Cell coordinates stay below 2^30 in magnitude, leaving room for neighbour offsets in i32. */
const COORD_BITS: i32 = 30;
const COORD_LIMIT: f64 = 1073741824.0;
/** Slack (in cells) that absorbs rounding in centre and level computations. */
const EPS: f64 = 1.0 / 64.0;
const EMPTY: i32 = <i32>0x80808080;
const MIN_RECORDS: i32 = 1024;
const MIN_CELLS: i32 = 1024;

const levelHead: usize = memory.data(LEVELS * 4, 16);
const levelCount: usize = memory.data(LEVELS * 4, 16);
let levelsReady = false;

// Records are 64-byte rows (one cache line) holding everything a query touches, so testing a
// candidate costs one memory access rather than one per field.
const RECORD_SHIFT: usize = 6;
const F_X0: usize = 0;
const F_Y0: usize = 8;
const F_X1: usize = 16;
const F_Y1: usize = 24;
const F_NEXT: usize = 32;
const F_PREV: usize = 36;
const F_LNEXT: usize = 40;
const F_LPREV: usize = 44;
const F_CELL: usize = 48;
const F_LEVEL: usize = 52;
const F_ID: usize = 56;
let recBase: usize = 0;
let recCap: i32 = 0;
/** i32 ids written by queries; same capacity as the records. */
let pResult: usize = 0;
let highWater: i32 = 0;
let freeSlot: i32 = -1;
let count: i32 = 0;

let idBase: usize = 0;
let idCap: i32 = 0;

// Cell table entries: cx i32, cy i32, level i32 (EMPTY when unused), head slot i32.
let cellBase: usize = 0;
let cellCap: i32 = 0;
let cellUsed: i32 = 0;
let cellLive: i32 = 0;

// Scratch for nearest-neighbour selection.
let knnBase: usize = 0;
let knnCap: i32 = 0;

// Outputs of `classify`.
let kLevel: i32 = 0;
let kCx: i32 = 0;
let kCy: i32 = 0;

function pow2(e: i32): f64 {
  return reinterpret<f64>((<u64>(e + 1023)) << 52);
}

function rd(base: usize, s: i32): f64 {
  return load<f64>(base + ((<usize>s) << 3));
}
function wd(base: usize, s: i32, v: f64): void {
  store<f64>(base + ((<usize>s) << 3), v);
}
function ri(base: usize, s: i32): i32 {
  return load<i32>(base + ((<usize>s) << 2));
}
function wi(base: usize, s: i32, v: i32): void {
  store<i32>(base + ((<usize>s) << 2), v);
}
function rf(field: usize, s: i32): f64 {
  return load<f64>(recBase + ((<usize>s) << RECORD_SHIFT) + field);
}
function wf(field: usize, s: i32, v: f64): void {
  store<f64>(recBase + ((<usize>s) << RECORD_SHIFT) + field, v);
}
function rr(field: usize, s: i32): i32 {
  return load<i32>(recBase + ((<usize>s) << RECORD_SHIFT) + field);
}
function wr(field: usize, s: i32, v: i32): void {
  store<i32>(recBase + ((<usize>s) << RECORD_SHIFT) + field, v);
}

function ensureLevels(): void {
  if (levelsReady) return;
  levelsReady = true;
  memory.fill(levelHead, 0xff, LEVELS * 4);
  memory.fill(levelCount, 0, LEVELS * 4);
}

function growRecords(wanted: i32): void {
  const oldPages = pagesFor((<u64>recCap) << RECORD_SHIFT);
  const newPages = pagesFor((<u64>wanted) << RECORD_SHIFT);
  // Use every byte of the last page.
  const newCap = <i32>min<i64>((newPages << 16) >> RECORD_SHIFT, 0x7fffffff);
  // The records first: at the top of memory they grow in place instead of being copied. If the
  // result buffer then fails to grow, the larger record block is merely underused.
  recBase = reallocPages(recBase, oldPages, newPages, (<usize>highWater) << RECORD_SHIFT);
  pResult = reallocPages(pResult, pagesFor(<u64>recCap * 4), pagesFor(<u64>newCap * 4), 0);
  recCap = newCap;
}

function ensureIds(id: i32): void {
  if (id < idCap) return;
  const oldPages = pagesFor(<u64>idCap * 4);
  const wanted = max<i64>(<i64>id + 1, max<i64>(<i64>idCap * 2, MIN_RECORDS));
  const newPages = pagesFor(<u64>wanted * 4);
  const newCap = <i32>min<i64>((newPages << 16) / 4, 0x7fffffff);
  idBase = reallocPages(idBase, oldPages, newPages, <usize>idCap * 4);
  memory.fill(idBase + <usize>idCap * 4, 0xff, <usize>(newCap - idCap) * 4);
  idCap = newCap;
}

function slotOf(id: i32): i32 {
  return <u32>id < <u32>idCap ? ri(idBase, id) : -1;
}

function hashCell(level: i32, cx: i32, cy: i32): u32 {
  let h: u64 =
    (<u64>(<u32>cx) * 0x9e3779b97f4a7c15) ^
    (<u64>(<u32>cy) * 0xc2b2ae3d27d4eb4f) ^
    (<u64>level * 0x165667b19e3779f9);
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9;
  h ^= h >> 32;
  return <u32>h;
}

function findCell(level: i32, cx: i32, cy: i32): i32 {
  if (cellCap == 0) return -1;
  const mask = <u32>cellCap - 1;
  let i = hashCell(level, cx, cy) & mask;
  while (true) {
    const e = cellBase + ((<usize>i) << 4);
    const lv = load<i32>(e, 8);
    if (lv == EMPTY) return -1;
    if (lv == level && load<i32>(e) == cx && load<i32>(e, 4) == cy) return <i32>i;
    i = (i + 1) & mask;
  }
}

function rehashCells(minLive: i32): void {
  let cap = MIN_CELLS;
  while (<i64>cap < <i64>minLive * 3) cap <<= 1;
  const pages = pagesFor(<u64>cap * 16);
  const next = allocPages(pages);
  memory.fill(next, 0x80, <usize>cap * 16);
  const mask = <u32>cap - 1;
  for (let j = 0; j < cellCap; j++) {
    const e = cellBase + ((<usize>j) << 4);
    const lv = load<i32>(e, 8);
    const head = load<i32>(e, 12);
    if (lv == EMPTY || head < 0) continue;
    const cx = load<i32>(e);
    const cy = load<i32>(e, 4);
    let i = hashCell(lv, cx, cy) & mask;
    while (load<i32>(next + ((<usize>i) << 4), 8) != EMPTY) i = (i + 1) & mask;
    const d = next + ((<usize>i) << 4);
    store<i32>(d, cx);
    store<i32>(d, cy, 4);
    store<i32>(d, lv, 8);
    store<i32>(d, head, 12);
    for (let s = head; s >= 0; s = rr(F_NEXT, s)) wr(F_CELL, s, <i32>i);
  }
  if (cellBase != 0) releasePages(cellBase, pagesFor(<u64>cellCap * 16));
  cellBase = next;
  cellCap = cap;
  cellUsed = cellLive;
}

function findOrCreateCell(level: i32, cx: i32, cy: i32): i32 {
  if ((<i64>cellUsed + 1) * 10 > <i64>cellCap * 7) rehashCells(cellLive + 1);
  const mask = <u32>cellCap - 1;
  let i = hashCell(level, cx, cy) & mask;
  while (true) {
    const e = cellBase + ((<usize>i) << 4);
    const lv = load<i32>(e, 8);
    if (lv == EMPTY) {
      store<i32>(e, cx);
      store<i32>(e, cy, 4);
      store<i32>(e, level, 8);
      store<i32>(e, -1, 12);
      cellUsed++;
      return <i32>i;
    }
    if (lv == level && load<i32>(e) == cx && load<i32>(e, 4) == cy) return <i32>i;
    i = (i + 1) & mask;
  }
}

function exponentOf(v: f64): i32 {
  return <i32>((reinterpret<u64>(v) >> 52) & 0x7ff) - 1023;
}

function classify(x0: f64, y0: f64, x1: f64, y1: f64): void {
  const w = max(x1 - x0, y1 - y0);
  const cx = (x0 + x1) * 0.5;
  const cy = (y0 + y1) * 0.5;
  // Also catches NaN: every comparison with NaN is false.
  if (!(w < Infinity && Math.abs(cx) < Infinity && Math.abs(cy) < Infinity)) {
    kLevel = OVERSIZE;
    return;
  }
  let level = LMIN;
  if (w > 0) {
    const e = exponentOf(w);
    const exact = (reinterpret<u64>(w) & 0xfffffffffffff) == 0;
    level = exact ? e : e + 1;
  }
  const m = max(Math.abs(cx), Math.abs(cy));
  if (m > 0) {
    const lc = exponentOf(m) - (COORD_BITS - 1);
    if (lc > level) level = lc;
  }
  if (level < LMIN) level = LMIN;
  if (level > LMAX) {
    kLevel = OVERSIZE;
    return;
  }
  const inv = pow2(-level);
  kLevel = level - LMIN;
  kCx = <i32>Math.floor(cx * inv);
  kCy = <i32>Math.floor(cy * inv);
}

function linkLevel(s: i32, level: i32): void {
  const hp = levelHead + ((<usize>level) << 2);
  const head = load<i32>(hp);
  wr(F_LNEXT, s, head);
  wr(F_LPREV, s, -1);
  if (head >= 0) wr(F_LPREV, head, s);
  store<i32>(hp, s);
  const cp = levelCount + ((<usize>level) << 2);
  store<i32>(cp, load<i32>(cp) + 1);
  wr(F_LEVEL, s, level);
}

function unlinkLevel(s: i32): void {
  const level = rr(F_LEVEL, s);
  const n = rr(F_LNEXT, s);
  const p = rr(F_LPREV, s);
  if (p >= 0) wr(F_LNEXT, p, n);
  else store<i32>(levelHead + ((<usize>level) << 2), n);
  if (n >= 0) wr(F_LPREV, n, p);
  const cp = levelCount + ((<usize>level) << 2);
  store<i32>(cp, load<i32>(cp) - 1);
}

/** Links slot `s` into the cell and level found by the last `classify`. */
function linkClassified(s: i32): void {
  const level = kLevel;
  if (level == OVERSIZE) {
    wr(F_CELL, s, -1);
  } else {
    const c = findOrCreateCell(level, kCx, kCy);
    const e = cellBase + ((<usize>c) << 4);
    const head = load<i32>(e, 12);
    wr(F_NEXT, s, head);
    wr(F_PREV, s, -1);
    if (head >= 0) wr(F_PREV, head, s);
    else cellLive++;
    store<i32>(e, s, 12);
    wr(F_CELL, s, c);
  }
  linkLevel(s, level);
}

function unlink(s: i32): void {
  const c = rr(F_CELL, s);
  if (c >= 0) {
    const n = rr(F_NEXT, s);
    const p = rr(F_PREV, s);
    if (p >= 0) wr(F_NEXT, p, n);
    else {
      store<i32>(cellBase + ((<usize>c) << 4), n, 12);
      if (n < 0) cellLive--;
    }
    if (n >= 0) wr(F_PREV, n, p);
  }
  unlinkLevel(s);
}

function writeBounds(s: i32, x0: f64, y0: f64, x1: f64, y1: f64): void {
  wf(F_X0, s, x0);
  wf(F_Y0, s, y0);
  wf(F_X1, s, x1);
  wf(F_Y1, s, y1);
}

/** Inserts a new id. Returns 0, or -1 when the id is already present or negative. */
export function idxInsert(id: i32, x0: f64, y0: f64, x1: f64, y1: f64): i32 {
  if (id < 0) return -1;
  ensureLevels();
  ensureIds(id);
  if (ri(idBase, id) >= 0) return -1;
  let s = freeSlot;
  if (s < 0) {
    if (highWater == recCap) growRecords(max(recCap * 2, MIN_RECORDS));
    s = highWater;
  }
  classify(x0, y0, x1, y1);
  // The cell table may grow here; take the slot only once nothing can fail any more.
  if (kLevel != OVERSIZE) findOrCreateCell(kLevel, kCx, kCy);
  if (s == freeSlot) freeSlot = rr(F_NEXT, s);
  else highWater++;
  writeBounds(s, x0, y0, x1, y1);
  wr(F_ID, s, id);
  linkClassified(s);
  wi(idBase, id, s);
  count++;
  return 0;
}

// Bulk loading: the caller writes many boxes into one buffer and inserts them in one call, so
// loading a page of a million shapes is not a million calls across the JS-wasm boundary.
/** Bytes per entry of the bulk buffer: four f64 bounds, and an i32 id in the block after them. */
const BULK_ENTRY: u64 = 36;
let bulkBase: usize = 0;
let bulkCap: i32 = 0;

/**
 * Address of a buffer for `count` entries of `idxInsertMany`: count × (minX, minY, maxX, maxY)
 * as f64, then count i32 ids. Valid until the next call.
 */
export function idxBulkBuffer(count: i32): usize {
  if (count > bulkCap) {
    const pages = pagesFor(<u64>count * BULK_ENTRY);
    const next = allocPages(pages);
    if (bulkBase != 0) releasePages(bulkBase, pagesFor(<u64>bulkCap * BULK_ENTRY));
    bulkBase = next;
    bulkCap = <i32>min<i64>((pages << 16) / <i64>BULK_ENTRY, 0x7fffffff);
  }
  return bulkBase;
}

/**
 * Inserts the first `count` entries of the bulk buffer in order, as `idxInsert` would one by
 * one. Returns `count`, or the position of the first entry whose id is negative or present
 * already (the entries before it are inserted, none after it), or -1 when `count` is larger than
 * the buffer.
 */
export function idxInsertMany(count: i32): i32 {
  if (count < 0 || count > bulkCap) return -1;
  const ids = bulkBase + <usize>count * 32;
  // Room for the whole batch at once: one copy of each table instead of a doubling per power of
  // two. Cells are sized as if every box had its own, as in a drawing spread over the page.
  ensureLevels();
  let maxId: i32 = -1;
  for (let i = 0; i < count; i++) maxId = max(maxId, load<i32>(ids + ((<usize>i) << 2)));
  if (maxId >= 0) ensureIds(maxId);
  const slots = <i64>highWater + count;
  if (slots > <i64>recCap) growRecords(<i32>min<i64>(max<i64>(slots, <i64>recCap * 2), 0x7fffffff));
  if ((<i64>cellUsed + count) * 10 > <i64>cellCap * 7) rehashCells(cellLive + count);
  for (let i = 0; i < count; i++) {
    const box = bulkBase + ((<usize>i) << 5);
    const id = load<i32>(ids + ((<usize>i) << 2));
    if (
      idxInsert(id, load<f64>(box), load<f64>(box, 8), load<f64>(box, 16), load<f64>(box, 24)) != 0
    )
      return i;
  }
  return count;
}

/** Moves an existing id. Returns 0, or -1 when the id is absent. */
export function idxUpdate(id: i32, x0: f64, y0: f64, x1: f64, y1: f64): i32 {
  const s = slotOf(id);
  if (s < 0) return -1;
  classify(x0, y0, x1, y1);
  const level = rr(F_LEVEL, s);
  if (kLevel == level) {
    if (level == OVERSIZE) {
      writeBounds(s, x0, y0, x1, y1);
      return 0;
    }
    const e = cellBase + ((<usize>rr(F_CELL, s)) << 4);
    if (load<i32>(e) == kCx && load<i32>(e, 4) == kCy) {
      writeBounds(s, x0, y0, x1, y1);
      return 0;
    }
  }
  // Create the target cell first: a growth failure then leaves the object where it was.
  if (kLevel != OVERSIZE) findOrCreateCell(kLevel, kCx, kCy);
  unlink(s);
  writeBounds(s, x0, y0, x1, y1);
  linkClassified(s);
  return 0;
}

/** Removes an id. Returns 1 when it was present, else 0. */
export function idxRemove(id: i32): i32 {
  const s = slotOf(id);
  if (s < 0) return 0;
  unlink(s);
  wi(idBase, id, -1);
  wr(F_NEXT, s, freeSlot);
  freeSlot = s;
  count--;
  return 1;
}

export function idxHas(id: i32): i32 {
  return slotOf(id) >= 0 ? 1 : 0;
}

export function idxSize(): i32 {
  return count;
}

/** Address of the i32 result buffer written by the queries. */
export function idxResultPtr(): usize {
  return pResult;
}

export function idxReserve(capacity: i32): void {
  if (capacity <= 0) return;
  ensureLevels();
  if (capacity > recCap) growRecords(capacity);
  ensureIds(capacity - 1);
  if (<i64>capacity * 10 > <i64>cellCap * 7) rehashCells(max(capacity, cellLive));
}

export function idxClear(): void {
  ensureLevels();
  memory.fill(levelHead, 0xff, LEVELS * 4);
  memory.fill(levelCount, 0, LEVELS * 4);
  if (idBase != 0) memory.fill(idBase, 0xff, <usize>idCap * 4);
  if (cellBase != 0) memory.fill(cellBase, 0x80, <usize>cellCap * 16);
  cellUsed = 0;
  cellLive = 0;
  highWater = 0;
  freeSlot = -1;
  count = 0;
}

function overlaps(s: i32, qx0: f64, qy0: f64, qx1: f64, qy1: f64): bool {
  return rf(F_X0, s) <= qx1 && rf(F_X1, s) >= qx0 && rf(F_Y0, s) <= qy1 && rf(F_Y1, s) >= qy0;
}

function scanList(head: i32, link: usize, n: i32, qx0: f64, qy0: f64, qx1: f64, qy1: f64): i32 {
  for (let s = head; s >= 0; s = rr(link, s)) {
    if (overlaps(s, qx0, qy0, qx1, qy1)) {
      wi(pResult, n, rr(F_ID, s));
      n++;
    }
  }
  return n;
}

function clampCell(v: f64): f64 {
  return min(max(v, -COORD_LIMIT - 4), COORD_LIMIT + 4);
}

/** False when the last query scanned every level's whole list, i.e. cost it O(count) anyway. */
let lastQueryUsedCells = false;

/** Writes the ids of all boxes intersecting the rectangle (inclusive) to the result buffer. */
function queryRect(qx0: f64, qy0: f64, qx1: f64, qy1: f64): i32 {
  lastQueryUsedCells = false;
  if (count == 0 || !(qx0 <= qx1 && qy0 <= qy1)) return 0;
  let n = 0;
  for (let lv = 0; lv < GRID_LEVELS; lv++) {
    const objects = load<i32>(levelCount + ((<usize>lv) << 2));
    if (objects == 0) continue;
    const inv = pow2(-(lv + LMIN));
    // A box in cell c lies within [c - 1/2, c + 3/2) cells.
    const fx0 = clampCell(Math.ceil(qx0 * inv - 1.5 - EPS));
    const fx1 = clampCell(Math.floor(qx1 * inv + 0.5 + EPS));
    const fy0 = clampCell(Math.ceil(qy0 * inv - 1.5 - EPS));
    const fy1 = clampCell(Math.floor(qy1 * inv + 0.5 + EPS));
    if (fx1 < fx0 || fy1 < fy0) continue;
    if ((fx1 - fx0 + 1) * (fy1 - fy0 + 1) > <f64>objects) {
      n = scanList(load<i32>(levelHead + ((<usize>lv) << 2)), F_LNEXT, n, qx0, qy0, qx1, qy1);
      continue;
    }
    lastQueryUsedCells = true;
    const ix0 = <i32>fx0;
    const ix1 = <i32>fx1;
    const iy1 = <i32>fy1;
    for (let cy = <i32>fy0; cy <= iy1; cy++) {
      for (let cx = ix0; cx <= ix1; cx++) {
        const c = findCell(lv, cx, cy);
        if (c < 0) continue;
        n = scanList(load<i32>(cellBase + ((<usize>c) << 4), 12), F_NEXT, n, qx0, qy0, qx1, qy1);
      }
    }
  }
  const big = load<i32>(levelHead + ((<usize>OVERSIZE) << 2));
  if (big >= 0) n = scanList(big, F_LNEXT, n, qx0, qy0, qx1, qy1);
  return n;
}

export function idxQueryRect(qx0: f64, qy0: f64, qx1: f64, qy1: f64): i32 {
  return queryRect(qx0, qy0, qx1, qy1);
}

export function idxQueryPoint(x: f64, y: f64): i32 {
  return queryRect(x, y, x, y);
}

function boxDistance(s: i32, x: f64, y: f64): f64 {
  const dx = max(max(rf(F_X0, s) - x, 0.0), x - rf(F_X1, s));
  const dy = max(max(rf(F_Y0, s) - y, 0.0), y - rf(F_Y1, s));
  return Math.sqrt(dx * dx + dy * dy);
}

function ensureKnn(k: i32): void {
  if (k <= knnCap) return;
  if (knnBase != 0) releasePages(knnBase, pagesFor(<u64>knnCap * 12));
  const pages = pagesFor(<u64>k * 12);
  knnBase = allocPages(pages);
  knnCap = <i32>((pages << 16) / 12);
}

/**
 * Writes the ids of the k boxes nearest to (x, y) within maxDistance to the result buffer,
 * ascending by distance, then id. Searches squares of doubling size until the k-th best
 * candidate is provably final.
 */
export function idxNearest(x: f64, y: f64, k: i32, maxDistance: f64): i32 {
  if (count == 0 || k <= 0 || !(maxDistance >= 0) || isNaN(x) || isNaN(y)) return 0;
  if (k > count) k = count;
  ensureKnn(k);
  const dists = knnBase;
  const ids = knnBase + ((<usize>k) << 3);
  // Start near the typical object size: the most populated level.
  let best = 0;
  let bestCount = -1;
  for (let lv = 0; lv < GRID_LEVELS; lv++) {
    const c = load<i32>(levelCount + ((<usize>lv) << 2));
    if (c > bestCount) {
      bestCount = c;
      best = lv;
    }
  }
  let r = pow2(best + LMIN);
  let m = 0;
  while (true) {
    const rr = min(r, maxDistance);
    // Widened so that rounding (and underflow of tiny squares) in the distance can never exclude
    // a box whose computed distance is <= rr.
    const rq = rr + (Math.abs(x) + Math.abs(y) + rr) * 1e-12 + 1e-150;
    const n = queryRect(x - rq, y - rq, x + rq, y + rq);
    m = 0;
    for (let i = 0; i < n; i++) {
      const id = ri(pResult, i);
      const d = boxDistance(ri(idBase, id), x, y);
      if (!(d <= maxDistance)) continue;
      if (m == k) {
        const wd0 = rd(dists, k - 1);
        if (d > wd0 || (d == wd0 && id > ri(ids, k - 1))) continue;
      }
      let pos = m == k ? k - 1 : m;
      if (m < k) m++;
      while (pos > 0) {
        const pd = rd(dists, pos - 1);
        const pid = ri(ids, pos - 1);
        if (pd < d || (pd == d && pid < id)) break;
        wd(dists, pos, pd);
        wi(ids, pos, pid);
        pos--;
      }
      wd(dists, pos, d);
      wi(ids, pos, id);
    }
    if ((m == k && rd(dists, k - 1) <= rr) || rr >= maxDistance || n == count) break;
    // Once the square is so large that every object gets visited, further doubling would only
    // repeat full scans (a point far from everything): finish with one unbounded pass.
    r = lastQueryUsedCells ? r * (m == 0 ? 4 : 2) : Infinity;
  }
  for (let i = 0; i < m; i++) wi(pResult, i, ri(ids, i));
  return m;
}
