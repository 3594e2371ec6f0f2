import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { Id } from "../../doc/types";

/** A drop point in a list: the row it is on and where on that row. */
export interface DropTarget<P extends string> {
  readonly id: Id;
  readonly position: P;
}

export interface RowDragOptions<P extends string> {
  /** Where a pointer at these client coordinates would drop what is dragged, or null (nowhere). */
  readonly locate: (
    clientX: number,
    clientY: number,
    dragged: readonly Id[],
  ) => DropTarget<P> | null;
  /** Makes the move: one transaction, so one undo step. */
  readonly drop: (dragged: readonly Id[], target: DropTarget<P>) => void;
  /** Called on every move while dragging, e.g. to scroll the list near its edges. */
  readonly onMove?: (clientY: number) => void;
}

export interface RowDrag<P extends string> {
  /** The drop point under the pointer while a drag is on, for the drop indicator. */
  readonly target: DropTarget<P> | null;
  /** What is being dragged, while a drag is on. */
  readonly dragged: readonly Id[] | null;
  /**
   * Starts tracking a press on a row. From a drag handle the drag starts at once (for touch the
   * handle is the only place a drag starts, so elsewhere a finger still scrolls the list);
   * elsewhere it starts once a mouse or pen has moved a few pixels, so clicks stay clicks.
   */
  readonly press: (
    event: ReactPointerEvent<HTMLElement>,
    ids: () => readonly Id[],
    fromHandle: boolean,
  ) => void;
  /** True right after a drag ended: the click that follows the release is not a click. */
  readonly justDragged: () => boolean;
}

/** Presses on a row's own controls (buttons, the rename field) start no drag. */
export function isRowControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest("input, .lw-tiny-button") !== null;
}

/** How far a mouse or pen moves before a press becomes a drag, in CSS pixels. */
export const DRAG_THRESHOLD = 4;

interface Tracking {
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  readonly ids: () => readonly Id[];
  active: readonly Id[] | null;
}

/**
 * Reordering rows by pointer events, the same for mouse, pen and touch (HTML drag and drop never
 * fires for touch). Moves and the release are followed on the window, so a drag keeps going
 * when the pointer leaves the row, or the row scrolls out of a virtualised list. Esc cancels.
 */
export function useRowDrag<P extends string>(options: RowDragOptions<P>): RowDrag<P> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [target, setTarget] = useState<DropTarget<P> | null>(null);
  const [dragged, setDragged] = useState<readonly Id[] | null>(null);
  const tracking = useRef<Tracking | null>(null);
  const stopTracking = useRef<(() => void) | null>(null);
  const released = useRef(false);
  const shown = useRef<DropTarget<P> | null>(null);

  useEffect(() => () => stopTracking.current?.(), []);

  const show = (next: DropTarget<P> | null): void => {
    const now = shown.current;
    if (now === next || (now && next && now.id === next.id && now.position === next.position))
      return;
    shown.current = next;
    setTarget(next);
  };

  const press: RowDrag<P>["press"] = (event, ids, fromHandle) => {
    if (event.button !== 0 || tracking.current !== null) return;
    if (event.pointerType === "touch" && !fromHandle) return;
    const win = event.currentTarget.ownerDocument.defaultView;
    if (!win) return;
    const state: Tracking = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      ids,
      active: null,
    };
    tracking.current = state;
    const begin = (): void => {
      state.active = state.ids();
      setDragged(state.active);
    };
    const follow = (clientX: number, clientY: number): void => {
      latest.current.onMove?.(clientY);
      show(latest.current.locate(clientX, clientY, state.active!));
    };
    const move = (e: PointerEvent): void => {
      if (e.pointerId !== state.pointerId) return;
      if (state.active === null) {
        if (Math.hypot(e.clientX - state.startX, e.clientY - state.startY) < DRAG_THRESHOLD) return;
        begin();
      }
      e.preventDefault();
      follow(e.clientX, e.clientY);
    };
    const end = (e: PointerEvent): void => {
      if (e.pointerId !== state.pointerId) return;
      const ids = state.active;
      const at = ids === null ? null : latest.current.locate(e.clientX, e.clientY, ids);
      finish();
      if (ids === null) return;
      released.current = true;
      win.setTimeout(() => (released.current = false), 0);
      if (e.type === "pointerup" && at !== null) latest.current.drop(ids, at);
    };
    const key = (e: KeyboardEvent): void => {
      if (e.key !== "Escape" || state.active === null) return;
      e.preventDefault();
      e.stopPropagation();
      finish();
      // The button is still down: its release must not click the row under it either.
      released.current = true;
      const settle = (): void => void win.setTimeout(() => (released.current = false), 0);
      win.addEventListener("pointerup", settle, { once: true });
      win.addEventListener("pointercancel", settle, { once: true });
    };
    const finish = (): void => {
      win.removeEventListener("pointermove", move);
      win.removeEventListener("pointerup", end);
      win.removeEventListener("pointercancel", end);
      win.removeEventListener("keydown", key, true);
      tracking.current = null;
      stopTracking.current = null;
      show(null);
      setDragged(null);
    };
    win.addEventListener("pointermove", move);
    win.addEventListener("pointerup", end);
    win.addEventListener("pointercancel", end);
    win.addEventListener("keydown", key, true);
    stopTracking.current = finish;
    if (fromHandle) {
      // A handle is only for dragging: no text selection, no scrolling, no focus theft.
      event.preventDefault();
      begin();
      follow(event.clientX, event.clientY);
    }
  };

  return { target, dragged, press, justDragged: () => released.current };
}
