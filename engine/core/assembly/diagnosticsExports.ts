// Diagnostics exported for the runtime's own tests.

// Each frame keeps several managed references alive across the recursive call, which forces
// them onto the runtime's shadow stack; a deep recursion therefore overflows the shadow stack
// (a clean "stack overflow" abort) well before the engine's native stack.
function probe(depth: i32, a: string, b: string, c: string, d: string): i32 {
  if (depth <= 0) return a.length;
  const e = b;
  const f = c;
  const g = d;
  const h = a;
  const r = probe(depth - 1, e, f, g, h);
  return (
    r +
    ((a.length + b.length + c.length + d.length + e.length + f.length + g.length + h.length) & 1)
  );
}

// The shadow-stack check that the compiler adds aborts with this message, but it creates the
// string only after static data has been laid out, so the string would be missing from memory.
// Using the literal here makes the compiler reuse this copy, which is emitted.
const STACK_OVERFLOW_MESSAGE = "stack overflow";

/** Recurses `depth` times; returns a small value derived from the frames. */
export function probeStack(depth: i32): i32 {
  if (depth < 0) abort(STACK_OVERFLOW_MESSAGE);
  return probe(depth, "a", "bb", "ccc", "dddd");
}
