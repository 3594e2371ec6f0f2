import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { mulberry32 } from "../bench/random";
import { CHROMIUM_ARGS, CHROMIUM_ENV, CHROMIUM_PATH } from "./chromium";
import { addRects, canvasBox, openApp, waitTicks } from "./support";

/**
 * How much work a renderer crash, a browser kill or a tab close may take with it: the time from
 * the last edit that survives to the last edit made before the crash.
 */
const MAX_LOSS_MS = 250;
/**
 * Trials per kind of crash, shared round-robin between nudges, typing and drags. `npm test` runs
 * six (two of each) to keep the suite short; `npm run test:crash` runs twenty.
 */
const TRIALS = Math.max(1, Number(process.env.LINEWORK_CRASH_TRIALS ?? 4));
/** Edits per trial at most: short bursts keep the whole file within a few minutes. */
const MAX_BURST = 10;
/** The longest pause between two edits of a trial, and before the crash after the last one. */
const MAX_GAP_MS = 80;
const MAX_SETTLE_MS = 60;
const SEED = Number(process.env.LINEWORK_CRASH_SEED ?? Date.now() % 1_000_000);

type EditKind = "nudge" | "typing" | "drag";
const EDIT_KINDS: readonly EditKind[] = ["nudge", "typing", "drag"];

interface Outcome {
  /** When the page committed each completed edit, in order. */
  readonly made: readonly number[];
  /** How many of them the reopened document holds. */
  readonly survived: number;
  /** When the trial's first input began: everything before it was saved. */
  readonly start: number;
  /** The crash came in the middle of a gesture. */
  readonly midGesture: boolean;
  /** The reopened document shows a gesture half done. */
  readonly halfDone: boolean;
}

interface Tally {
  trials: number;
  made: number;
  lost: number;
  worstMs: number;
  midGesture: number;
  halfDone: number;
}

function between(rng: () => number, low: number, high: number): number {
  return low + Math.floor(rng() * (high - low + 1));
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitSaved(page: Page): Promise<void> {
  await expect(page).not.toHaveTitle(/^\*/, { timeout: 10_000 });
}

async function ready(page: Page): Promise<void> {
  await openApp(page);
  expect(await page.evaluate(() => window.linework!.editor.store.readOnly)).toBe(false);
  await page.evaluate(() => {
    const lw = window.linework!;
    lw.current.camera.set({ x: 0, y: 0, zoom: 1 });
    lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
  });
  await page.locator("canvas").focus();
  await waitTicks(page);
}

interface NodeSummary {
  id: string;
  type: string;
  x: number;
  width: number;
  height: number;
  content: string;
}

function nodes(page: Page): Promise<NodeSummary[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store.childrenOf(lw.current.pageId()).map((node) => {
      const box = node as unknown as { width?: number; height?: number; content?: string };
      return {
        id: node.id,
        type: node.type,
        x: node.transform.x,
        width: box.width ?? 0,
        height: box.height ?? 0,
        content: box.content ?? "",
      };
    });
  });
}

interface CommitMark {
  readonly at: number;
  /** The length of the text a commit wrote, if it wrote one. */
  readonly text: number | null;
}

/**
 * Records, inside the page, when each commit that changed the document happened: an edit counts
 * from the moment the program made it, not from when the input was sent (input the program had
 * not handled yet is lost with the page whatever storage does).
 */
async function recordCommits(page: Page): Promise<void> {
  await page.evaluate(() => {
    const marks: Array<{ at: number; text: number | null }> = [];
    (window as unknown as { commitMarks: typeof marks }).commitMarks = marks;
    window.linework!.editor.store.subscribe((commit) => {
      if (commit.patch.changes.length === 0) return;
      let text: number | null = null;
      for (const change of commit.patch.changes) {
        if (change.after?.type === "text") text = change.after.content.length;
      }
      marks.push({ at: Date.now(), text });
    });
  });
}

function commitMarks(page: Page): Promise<CommitMark[]> {
  return page.evaluate(() => (window as unknown as { commitMarks: CommitMark[] }).commitMarks);
}

/**
 * Waits until the page has made commits satisfying `enough`, and returns them: answered from
 * inside the page the moment it happens, so the crash that follows comes soon after the edit.
 */
function commitsUntil(page: Page, count: number, textLength: number | null): Promise<CommitMark[]> {
  return page.evaluate(
    ([n, letters]) =>
      new Promise<CommitMark[]>((resolve) => {
        const marks = (window as unknown as { commitMarks: CommitMark[] }).commitMarks;
        const enough = (): boolean =>
          letters === null ? marks.length >= n : marks.some((mark) => mark.text === letters);
        if (enough()) return resolve(marks);
        const stop = window.linework!.editor.store.subscribe(() => {
          if (!enough()) return;
          stop();
          resolve(marks);
        });
      }),
    [count, textLength] as const,
  );
}

function commitsMade(page: Page, count: number): Promise<CommitMark[]> {
  return commitsUntil(page, count, null);
}

/**
 * One trial's edits up to the crash: `crash` is called at a random moment, and the returned
 * function reads the outcome from the reopened page.
 */
type Trial = (
  page: Page,
  rng: () => number,
  index: number,
  crash: () => Promise<void>,
) => Promise<(reopened: Page) => Promise<Outcome>>;

/** Arrow presses on a selected rectangle, each one an edit of its own. */
const nudges: Trial = async (page, rng, index, crash) => {
  // addRects orders by `a${id}`: an order key's digits may not end in 0.
  const id = `n${index}z`;
  expect(await addRects(page, [id])).toBe(true);
  await page.evaluate((key) => {
    window.linework!.editor.store.transact("Select", (tx) => tx.select([key]));
  }, id);
  await page.locator("canvas").focus();
  await waitSaved(page);
  await recordCommits(page);
  const count = between(rng, 2, MAX_BURST);
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    if (i > 0) await pause(between(rng, 0, MAX_GAP_MS));
    await page.keyboard.press("ArrowRight");
  }
  const made = (await commitsMade(page, count)).map((mark) => mark.at);
  expect(made).toHaveLength(count);
  await pause(between(rng, 0, MAX_SETTLE_MS));
  await crash();
  return async (reopened) => {
    const node = (await nodes(reopened)).find((n) => n.id === id);
    // The rectangle was saved before the presses began; each press moved it 1 px right.
    expect(node).toBeDefined();
    const survived = node!.x - 10;
    expect(survived).toBeGreaterThanOrEqual(0);
    expect(survived).toBeLessThanOrEqual(count);
    return { made, survived, start, midGesture: false, halfDone: false };
  };
};

const WORD = "crashproof";

/** Letters typed into a new text, each one an edit; the crash often comes while still typing. */
const typing: Trial = async (page, rng, index, crash) => {
  const before = new Set((await nodes(page)).map((n) => n.id));
  const box = await canvasBox(page);
  const slot = Math.floor(index / EDIT_KINDS.length);
  await page.keyboard.press("t");
  await waitTicks(page);
  await recordCommits(page);
  const start = Date.now();
  await page.mouse.click(box.x + 120 + (slot % 4) * 160, box.y + 150 + Math.floor(slot / 4) * 60);
  const count = between(rng, 2, MAX_BURST);
  for (let i = 0; i < count; i++) {
    if (i > 0) await pause(between(rng, 0, MAX_GAP_MS));
    await page.keyboard.press(WORD[i]!);
  }
  const marks = await commitsUntil(page, 0, count);
  // The moment each letter reached the document: the first commit with that many letters.
  const made = WORD.slice(0, count)
    .split("")
    .map((_, i) => marks.find((mark) => mark.text !== null && mark.text > i)!.at);
  const closeFirst = rng() < 0.3;
  if (closeFirst) await page.keyboard.press("Escape");
  await pause(between(rng, 0, MAX_SETTLE_MS));
  await crash();
  return async (reopened) => {
    const added = (await nodes(reopened)).filter((n) => !before.has(n.id));
    expect(added.length).toBeLessThanOrEqual(1);
    const text = added[0];
    if (text !== undefined) expect(text.type).toBe("text");
    const content = text?.content ?? "";
    // What was typed comes back as it was at some moment, never garbled.
    const halfDone = !WORD.slice(0, count).startsWith(content);
    return { made, survived: content.length, start, midGesture: false, halfDone };
  };
};

const DRAG = { dx: 120, dy: 60 };

/** A rectangle drawn by dragging; half the time the crash comes before the mouse is released. */
const drags: Trial = async (page, rng, index, crash) => {
  const before = new Set((await nodes(page)).map((n) => n.id));
  const box = await canvasBox(page);
  const slot = Math.floor(index / EDIT_KINDS.length);
  const from = { x: box.x + 80 + (slot % 5) * 150, y: box.y + 380 + Math.floor(slot / 5) * 80 };
  await page.keyboard.press("r");
  await waitTicks(page);
  await recordCommits(page);
  await page.mouse.move(from.x, from.y);
  const start = Date.now();
  await page.mouse.down();
  const steps = between(rng, 2, 6);
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + (DRAG.dx * i) / steps, from.y + (DRAG.dy * i) / steps);
    await pause(between(rng, 0, MAX_GAP_MS / 2));
  }
  const midGesture = rng() < 0.5;
  const made: number[] = [];
  if (midGesture) {
    // The rectangle exists, part drawn: the crash must not bring it back.
    await commitsMade(page, 1);
  } else {
    await page.mouse.up();
    await page.waitForFunction(() => !window.linework!.editor.history.inGesture);
    const marks = await commitMarks(page);
    made.push(marks.at(-1)!.at);
  }
  await pause(between(rng, 0, MAX_SETTLE_MS));
  await crash();
  return async (reopened) => {
    const added = (await nodes(reopened)).filter((n) => !before.has(n.id));
    const whole = added.length === 1 && added[0]!.width === DRAG.dx && added[0]!.height === DRAG.dy;
    // An unfinished drag leaves nothing; a finished one leaves its whole rectangle or, lost to the
    // crash, nothing: never a rectangle caught halfway.
    const halfDone = added.length > 0 && (midGesture || !whole);
    return { made, survived: whole && !midGesture ? 1 : 0, start, midGesture, halfDone };
  };
};

const TRIAL_OF: Record<EditKind, Trial> = { nudge: nudges, typing, drag: drags };

function newTally(): Tally {
  return { trials: 0, made: 0, lost: 0, worstMs: 0, midGesture: 0, halfDone: 0 };
}

function score(tally: Tally, outcome: Outcome): void {
  const { made, survived } = outcome;
  tally.trials += 1;
  tally.made += made.length;
  tally.lost += made.length - survived;
  if (outcome.midGesture) tally.midGesture += 1;
  if (outcome.halfDone) tally.halfDone += 1;
  if (survived < made.length) {
    const lastSurvived = survived > 0 ? made[survived - 1]! : outcome.start;
    tally.worstMs = Math.max(tally.worstMs, made.at(-1)! - lastSurvived);
  }
}

function report(kind: string, tally: Tally, byEdit: Record<EditKind, Tally>): void {
  const line = (t: Tally): string =>
    `trials=${t.trials} edits=${t.made} lost=${t.lost} worstMs=${t.worstMs} ` +
    `midGestureCrashes=${t.midGesture} halfDoneRestored=${t.halfDone}`;
  console.log(`crash loss [${kind}] seed=${SEED} ${line(tally)}`);
  for (const edit of EDIT_KINDS) console.log(`  ${edit}: ${line(byEdit[edit])}`);
}

/** Runs the trials, each on the page the previous one reopened. */
async function runTrials(
  kind: string,
  first: Page,
  crashAndReopen: (page: Page) => Promise<Page>,
): Promise<void> {
  // Seeded, so a failing run can be repeated with its seed.
  const rng = mulberry32(SEED + kind.length);
  const tally = newTally();
  const byEdit: Record<EditKind, Tally> = {
    nudge: newTally(),
    typing: newTally(),
    drag: newTally(),
  };
  let page = first;
  await ready(page);
  for (let index = 0; index < TRIALS; index++) {
    const edit = EDIT_KINDS[index % EDIT_KINDS.length]!;
    const trial = TRIAL_OF[edit];
    let reopened: Page | null = null;
    const read = await trial(page, rng, index, async () => {
      reopened = await crashAndReopen(page);
    });
    page = reopened!;
    await ready(page);
    const outcome = await read(page);
    score(tally, outcome);
    score(byEdit[edit], outcome);
  }
  report(kind, tally, byEdit);
  expect(tally.trials).toBe(TRIALS);
  expect(tally.halfDone).toBe(0);
  expect(tally.worstMs).toBeLessThanOrEqual(MAX_LOSS_MS);
}

test.describe("work lost to a crash", () => {
  test.describe.configure({ timeout: 150_000 });

  test("renderer crash (CDP Page.crash)", async ({ context }) => {
    await runTrials("renderer crash", await context.newPage(), async (page) => {
      // Opened first, so the context outlives the crashed tab.
      const next = await context.newPage();
      const cdp = await context.newCDPSession(page);
      const crashed = page.waitForEvent("crash");
      void cdp.send("Page.crash").catch(() => undefined);
      await crashed;
      await page.close().catch(() => undefined);
      return next;
    });
  });

  test("tab close", async ({ context }) => {
    await runTrials("tab close", await context.newPage(), async (page) => {
      await page.close({ runBeforeUnload: false });
      return context.newPage();
    });
  });

  test("browser kill (SIGKILL)", async ({ baseURL }) => {
    const dir = mkdtempSync(join(tmpdir(), "linework-kill-"));
    const launch = (): Promise<BrowserContext> =>
      chromium.launchPersistentContext(dir, {
        executablePath: CHROMIUM_PATH,
        args: [...CHROMIUM_ARGS],
        env: CHROMIUM_ENV,
        baseURL: baseURL!,
        viewport: { width: 1024, height: 700 },
      });
    let context = await launch();
    try {
      await runTrials("browser kill", await context.newPage(), async () => {
        const closed = new Promise<void>((resolve) => context.once("close", () => resolve()));
        process.kill(browserPid(dir), "SIGKILL");
        await closed;
        context = await launch();
        return context.pages()[0] ?? (await context.newPage());
      });
    } finally {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The browser process (not a renderer or helper) started on `userDataDir`. */
function browserPid(userDataDir: string): number {
  const listing = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" });
  for (const line of listing.split("\n")) {
    const match = /^\s*(\d+)\s+(.*)$/.exec(line);
    if (match === null) continue;
    const args = match[2]!;
    if (args.includes(`--user-data-dir=${userDataDir}`) && !args.includes("--type=")) {
      return Number(match[1]);
    }
  }
  throw new Error(`no browser process for ${userDataDir}`);
}
