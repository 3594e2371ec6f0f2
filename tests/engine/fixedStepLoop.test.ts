import { describe, expect, it } from "vitest";
import { FixedStepLoop } from "../../engine/loop/fixedStepLoop";

function loopWith(step = 10, maxSteps = 5) {
  const updates: number[] = [];
  let renders = 0;
  const loop = new FixedStepLoop(
    {
      update: (_ms, tick) => updates.push(tick),
      render: () => {
        renders += 1;
      },
    },
    { stepMs: step, maxStepsPerFrame: maxSteps, requestFrame: () => 1, cancelFrame: () => {} },
  );
  return { loop, updates, renders: () => renders };
}

describe("fixed-timestep loop", () => {
  it("runs one update per elapsed step whatever the frame rate, carrying the remainder", () => {
    const { loop, updates } = loopWith(10);
    loop.advance(0);
    loop.advance(25); // 2 steps, 5 ms carried
    loop.advance(30); // 5 + 5 = 1 step
    loop.advance(33); // 3 ms: none
    expect(updates).toEqual([0, 1, 2]);
  });

  it("a step run ahead of the clock is taken from the next frame's steps", () => {
    const { loop, updates } = loopWith(10);
    loop.advance(0);
    loop.stepNow();
    expect(updates).toEqual([0]);
    loop.advance(25); // 2 steps owed, 1 already run
    expect(updates).toEqual([0, 1]);
    loop.advance(40); // 1.5 more: in step again
    expect(updates).toEqual([0, 1, 2, 3]);
  });

  it("caps catch-up after a stall and drops the rest instead of spiralling", () => {
    const { loop, updates } = loopWith(10, 5);
    loop.advance(0);
    loop.advance(1000);
    expect(updates).toHaveLength(5);
    expect(loop.stats.droppedMs).toBeCloseTo(950);
    loop.advance(1010);
    expect(updates).toHaveLength(6);
  });

  it("renders only when invalidated, once per frame however many invalidations", () => {
    const { loop, renders } = loopWith(10);
    loop.advance(0); // the first frame draws
    expect(renders()).toBe(1);
    for (let t = 10; t <= 500; t += 10) loop.advance(t);
    expect(renders()).toBe(1);
    loop.invalidate();
    loop.invalidate();
    loop.advance(510);
    loop.advance(520);
    expect(renders()).toBe(2);
    expect(loop.stats.renders).toBe(2);
  });
});
