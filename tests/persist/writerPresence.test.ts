import { describe, expect, it } from "vitest";
import {
  PRESENCE_TEXT,
  TAKE_OVER_LABEL,
  nextPresence,
  presenceBanner,
  watchesLock,
  type Presence,
  type PresenceEvent,
} from "../../src/persist/writerPresence";

function run(start: Presence, events: readonly PresenceEvent[]): Presence {
  return events.reduce(nextPresence, start);
}

describe("what a tab knows about the writer", () => {
  it("offers the document as soon as the writer announces it is closing", () => {
    expect(nextPresence("reading", "writer-closing")).toBe("orphaned");
    expect(presenceBanner("orphaned")).toEqual({
      tone: "warning",
      message: PRESENCE_TEXT.orphaned,
      offersTakeOver: true,
    });
  });

  it("offers the document when the lock comes free without a word (a crash)", () => {
    expect(nextPresence("reading", "lock-free")).toBe("orphaned");
    // The lock freeing after the announcement changes nothing more.
    expect(run("reading", ["writer-closing", "lock-free"])).toBe("orphaned");
  });

  it("goes back to reading when another tab becomes the writer first", () => {
    expect(run("reading", ["lock-free", "writer-claimed"])).toBe("reading");
    expect(nextPresence("reading", "writer-claimed")).toBe("reading");
  });

  it("takes over from reading or from an orphaned document, and falls back on failure", () => {
    expect(run("orphaned", ["take-over", "took-over"])).toBe("writing");
    expect(run("reading", ["take-over", "took-over"])).toBe("writing");
    expect(run("orphaned", ["take-over", "take-over-failed"])).toBe("reading");
    // While claiming, news of the old writer does not undo the claim.
    expect(run("reading", ["take-over", "lock-free", "writer-claimed"])).toBe("claiming");
  });

  it("the writer ignores news about writers and becomes a reader when it loses the lock", () => {
    expect(run("writing", ["writer-closing", "lock-free", "writer-claimed"])).toBe("writing");
    expect(nextPresence("writing", "lost")).toBe("reading");
    expect(nextPresence("writing", "took-over")).toBe("writing");
  });

  it("waits on the lock only while another tab holds it", () => {
    expect(watchesLock("reading")).toBe(true);
    expect(watchesLock("orphaned")).toBe(false);
    expect(watchesLock("claiming")).toBe(false);
    expect(watchesLock("writing")).toBe(false);
  });

  it("shows a banner for each state but writing", () => {
    expect(presenceBanner("writing")).toBeNull();
    expect(presenceBanner("reading")?.message).toBe(PRESENCE_TEXT.reading);
    expect(presenceBanner("reading", "Could not take over: x")?.message).toBe(
      "Could not take over: x",
    );
    expect(presenceBanner("claiming")).toEqual({
      tone: "info",
      message: PRESENCE_TEXT.claiming,
      offersTakeOver: false,
    });
    expect(TAKE_OVER_LABEL).toBe("Take over");
  });
});
