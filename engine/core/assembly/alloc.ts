// Page-granular allocator for the large arrays of the core. The arrays are few (one record block,
// the id table, the cell table and some scratch space) and grow by doubling, so whole pages taken
// from the top of linear memory are simple and keep growth checkable: every `memory.grow` result
// is tested and a failure aborts with a readable message instead of an opaque trap. Freed blocks
// go to a small address-ordered free list and are coalesced and reused first-fit.
//
// The runtime's own heap is initialised before the first block is taken so that it never claims
// pages owned here (it only ever adds pages it grows itself).

import { messageAbort, messageBegin, messageInt, messageText } from "./diagnostics";

/** Must match `--maximumMemory` of the build. */
export const MAX_PAGES: i32 = 32768;

const MAX_FREE: i32 = 64;
const freeList: usize = memory.data(MAX_FREE * 8, 8);
let freeCount: i32 = 0;
let initialized = false;

function ensureInit(): void {
  if (initialized) return;
  initialized = true;
  heap.free(heap.alloc(16));
}

function failGrowth(totalPages: i64): void {
  messageBegin();
  messageText(changetype<usize>("memory growth failed: cannot grow to "));
  messageInt(totalPages);
  messageText(changetype<usize>(" pages (maximum "));
  messageInt(MAX_PAGES);
  messageText(changetype<usize>(")"));
  messageAbort();
}

function growBy(pages: i64): void {
  const total = <i64>memory.size() + pages;
  if (total > <i64>MAX_PAGES || memory.grow(<i32>pages) < 0) failGrowth(total);
}

export function pagesFor(bytes: u64): i64 {
  return <i64>((bytes + 0xffff) >> 16);
}

function freePtr(i: i32): u32 {
  return load<u32>(freeList + ((<usize>i) << 3));
}

function freePages(i: i32): u32 {
  return load<u32>(freeList + ((<usize>i) << 3), 4);
}

function setFree(i: i32, ptr: u32, pages: u32): void {
  store<u32>(freeList + ((<usize>i) << 3), ptr);
  store<u32>(freeList + ((<usize>i) << 3), pages, 4);
}

function removeFree(i: i32): void {
  memory.copy(
    freeList + ((<usize>i) << 3),
    freeList + ((<usize>(i + 1)) << 3),
    (<usize>(freeCount - i - 1)) << 3,
  );
  freeCount--;
}

/** Returns the address of a new block of `pages` pages (contents undefined). */
export function allocPages(pages: i64): usize {
  ensureInit();
  for (let i = 0; i < freeCount; i++) {
    const p = freePages(i);
    if (<i64>p >= pages) {
      const ptr = freePtr(i);
      if (<i64>p == pages) removeFree(i);
      else setFree(i, ptr + ((<u32>pages) << 16), p - <u32>pages);
      return <usize>ptr;
    }
  }
  // A free block ending at the top of memory only needs the missing pages.
  if (freeCount > 0) {
    const last = freeCount - 1;
    const ptr = freePtr(last);
    const p = freePages(last);
    if (<i64>(ptr >> 16) + <i64>p == <i64>memory.size()) {
      growBy(pages - <i64>p);
      removeFree(last);
      return <usize>ptr;
    }
  }
  const top = (<usize>memory.size()) << 16;
  growBy(pages);
  return top;
}

export function releasePages(ptr: usize, pages: i64): void {
  if (pages <= 0) return;
  let p = <u32>ptr;
  let n = <u32>pages;
  let i = 0;
  while (i < freeCount && freePtr(i) < p) i++;
  // Coalesce with the following and the preceding neighbour.
  if (i < freeCount && p + (n << 16) == freePtr(i)) {
    n += freePages(i);
    removeFree(i);
  }
  if (i > 0 && freePtr(i - 1) + (freePages(i - 1) << 16) == p) {
    setFree(i - 1, freePtr(i - 1), freePages(i - 1) + n);
    return;
  }
  if (freeCount == MAX_FREE) return; // forgetting a block only wastes it
  memory.copy(
    freeList + ((<usize>(i + 1)) << 3),
    freeList + ((<usize>i) << 3),
    (<usize>(freeCount - i)) << 3,
  );
  freeCount++;
  setFree(i, p, n);
}

/**
 * Grows a block, keeping its first `keepBytes` bytes. Extends in place when the block is at the
 * top of memory; otherwise moves it. On failure aborts before touching the old block.
 */
export function reallocPages(ptr: usize, oldPages: i64, newPages: i64, keepBytes: usize): usize {
  if (ptr != 0 && <i64>(ptr >> 16) + oldPages == <i64>memory.size()) {
    growBy(newPages - oldPages);
    return ptr;
  }
  const next = allocPages(newPages);
  if (ptr != 0) {
    memory.copy(next, ptr, keepBytes);
    releasePages(ptr, oldPages);
  }
  return next;
}
