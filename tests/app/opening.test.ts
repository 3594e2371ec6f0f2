import { describe, expect, it } from "vitest";
import { OpeningProgress } from "../../src/app/opening";

describe("the opening bar", () => {
  it("keeps its Cancel until the switch is past stopping, then shows none", () => {
    const opening = new OpeningProgress();
    let cancelled = 0;
    const running = opening.start("Big drawing", () => (cancelled += 1));
    running.progress(1);
    opening.get()!.cancel!();
    expect(cancelled).toBe(1);
    running.committing();
    // A click on a Cancel that can no longer keep the open document would be ignored.
    expect(opening.get()).toMatchObject({ name: "Big drawing", fraction: 1, cancel: null });
    running.progress(1);
    expect(opening.get()!.cancel).toBeNull();
    running.finish();
    expect(opening.get()).toBeNull();
  });

  it("leaves a later switch's Cancel alone", () => {
    const opening = new OpeningProgress();
    const first = opening.start("First", () => undefined);
    const second = opening.start("Second", () => undefined);
    first.committing();
    expect(opening.get()).toMatchObject({ name: "Second" });
    expect(opening.get()!.cancel).not.toBeNull();
    second.finish();
  });
});
