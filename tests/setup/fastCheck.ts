import fc from "fast-check";

// In CI every property run uses one known seed, so a run either lands or fails the same way
// on every machine; locally each run draws a fresh seed and keeps exploring. LINEWORK_FC_SEED
// replays a seed that a failure printed.
const seed = process.env.LINEWORK_FC_SEED ?? (process.env.CI ? "20261122" : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
