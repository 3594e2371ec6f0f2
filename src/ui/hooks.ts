import { useCallback, useSyncExternalStore } from "react";
import type { Command, CommandRegistry } from "../editing/commands";
import type { DocumentStore } from "../doc/store";
import type { Id } from "../doc/types";
import type { DocumentPulse, DocumentView } from "./documentPulse";

/** Every registered command; re-renders only when commands are added or removed. */
export function useCommands(registry: CommandRegistry): readonly Command[] {
  const subscribe = useCallback((listener: () => void) => registry.subscribe(listener), [registry]);
  const list = useCallback(() => registry.list(), [registry]);
  return useSyncExternalStore(subscribe, list);
}

export function useSelection(store: DocumentStore): readonly Id[] {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeSelection(() => listener()),
    [store],
  );
  const get = useCallback(() => store.selection, [store]);
  return useSyncExternalStore(subscribe, get);
}

/** The store's version: changes on every commit that changed records. */
export function useDocumentVersion(store: DocumentStore): number {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribe(() => listener()),
    [store],
  );
  const get = useCallback(() => store.version, [store]);
  return useSyncExternalStore(subscribe, get);
}

/** Runs a command and hands the keyboard back to the canvas, where the engine reads keys. */
export function runAndFocus(registry: CommandRegistry, id: string, canvas: HTMLElement): boolean {
  const ran = registry.run(id);
  canvas.focus({ preventScroll: true });
  return ran;
}

/** The document's version and selection as the panels show them (see DocumentPulse). */
export function useDocumentView(pulse: DocumentPulse): DocumentView {
  return useSyncExternalStore(pulse.subscribe, pulse.getSnapshot);
}

/** A finger as the main pointer: touch tablets, and phones. */
const COARSE_POINTER = "(pointer: coarse)";

function coarsePointerQuery(): MediaQueryList | null {
  return typeof window === "undefined" || typeof window.matchMedia !== "function"
    ? null
    : window.matchMedia(COARSE_POINTER);
}

function subscribeCoarsePointer(listener: () => void): () => void {
  const query = coarsePointerQuery();
  query?.addEventListener("change", listener);
  return () => query?.removeEventListener("change", listener);
}

/**
 * Whether the main pointer is coarse (a finger), following changes: a tablet whose keyboard
 * cover with a trackpad comes and goes flips it. Only the primary pointer counts, so a laptop
 * that also has a touch screen keeps its compact layout.
 */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribeCoarsePointer,
    () => coarsePointerQuery()?.matches ?? false,
    () => false,
  );
}

/** Only the document's version as the panels show it: a selection change alone renders nothing. */
export function useShownVersion(pulse: DocumentPulse): number {
  const get = useCallback(() => pulse.getSnapshot().version, [pulse]);
  return useSyncExternalStore(pulse.subscribe, get);
}
