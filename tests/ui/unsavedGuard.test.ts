import { describe, expect, it } from "vitest";
import { ChromeState } from "../../src/ui/chromeState";
import { UnsavedGuard } from "../../src/ui/dialogs/unsavedGuard";

function setup(saved: boolean) {
  const chrome = new ChromeState();
  let closed = 0;
  const calls: boolean[] = [];
  const guard = new UnsavedGuard(
    chrome,
    () => saved,
    () => {
      closed += 1;
      chrome.openDialog(null);
    },
  );
  const change = (discard: boolean): Promise<void> => {
    calls.push(discard);
    return Promise.resolve();
  };
  return { chrome, guard, calls, change, closed: () => closed };
}

describe("UnsavedGuard", () => {
  it("switches at once and closes the dialog when everything is saved", async () => {
    const s = setup(true);
    s.chrome.openDialog("openLibrary");
    await s.guard.request(s.change);
    expect(s.calls).toEqual([false]);
    expect(s.closed()).toBe(1);
    expect(s.chrome.getSnapshot().dialog).toBeNull();
  });

  it("asks first when changes are not saved, then discards on request", async () => {
    const s = setup(false);
    await s.guard.request(s.change);
    expect(s.calls).toEqual([]);
    expect(s.chrome.getSnapshot().dialog).toBe("unsaved");
    expect(s.guard.waiting).toBe(true);
    await s.guard.proceed(true);
    expect(s.calls).toEqual([true]);
    expect(s.guard.waiting).toBe(false);
  });

  it("a cancelled switch never runs", async () => {
    const s = setup(false);
    await s.guard.request(s.change);
    s.guard.cancel();
    await s.guard.proceed(false);
    expect(s.calls).toEqual([]);
  });

  it("a failing switch rejects and leaves the dialog open", async () => {
    const s = setup(true);
    s.chrome.openDialog("openLibrary");
    await expect(s.guard.request(() => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
    expect(s.chrome.getSnapshot().dialog).toBe("openLibrary");
    expect(s.closed()).toBe(0);
  });
});
