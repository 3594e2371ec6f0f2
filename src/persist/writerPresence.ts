/**
 * What a tab knows about the document's writer. A reader learns that the writer has gone in two
 * ways: the writer says so on its channel as its page goes away (fast, but a crash says nothing),
 * and the reader's queued request for the lock is granted (always, once the browser has freed it).
 */
export type Presence =
  /** This tab writes. */
  | "writing"
  /** Another tab writes; this one follows its saves. */
  | "reading"
  /** The writer has gone and no tab writes: this one is offered the document. */
  | "orphaned"
  /** This tab is taking the document over. */
  | "claiming";

export type PresenceEvent =
  /** The writer announced that its page is going away. */
  | "writer-closing"
  /** The lock was free with nobody waiting for it: the writer has gone, however it went. */
  | "lock-free"
  /** Another tab has become the writer. */
  | "writer-claimed"
  | "take-over"
  | "took-over"
  | "take-over-failed"
  /** Another tab took the document from this one. */
  | "lost";

export function nextPresence(state: Presence, event: PresenceEvent): Presence {
  switch (event) {
    case "writer-closing":
    case "lock-free":
      return state === "reading" ? "orphaned" : state;
    case "writer-claimed":
      // A claim is news only to a tab that thought nobody wrote.
      return state === "orphaned" ? "reading" : state;
    case "take-over":
      return state === "reading" || state === "orphaned" ? "claiming" : state;
    case "took-over":
      return state === "claiming" ? "writing" : state;
    case "take-over-failed":
      return state === "claiming" ? "reading" : state;
    case "lost":
      return state === "writing" ? "reading" : state;
  }
}

/** A reader waits on the lock only while it believes another tab holds it. */
export function watchesLock(state: Presence): boolean {
  return state === "reading";
}

export interface PresenceBanner {
  readonly tone: "warning" | "info";
  readonly message: string;
  /** Whether the banner offers "Take over". */
  readonly offersTakeOver: boolean;
}

export const TAKE_OVER_LABEL = "Take over";

export const PRESENCE_TEXT = {
  reading: "This drawing is open in another tab. This tab is read-only.",
  yielded: "This drawing is now being edited in another tab. This tab is read-only.",
  orphaned: "The tab that was editing this drawing has closed. Take over to keep editing it here.",
  claiming: "Taking over this drawing from the other tab…",
} as const;

/** The banner a tab shows in each state; null for the writer, which shows none. */
export function presenceBanner(state: Presence, message?: string): PresenceBanner | null {
  switch (state) {
    case "writing":
      return null;
    case "reading":
      return { tone: "warning", message: message ?? PRESENCE_TEXT.reading, offersTakeOver: true };
    case "orphaned":
      return { tone: "warning", message: PRESENCE_TEXT.orphaned, offersTakeOver: true };
    case "claiming":
      return { tone: "info", message: PRESENCE_TEXT.claiming, offersTakeOver: false };
  }
}
