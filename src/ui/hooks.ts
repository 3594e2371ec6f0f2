import { useCallback, useSyncExternalStore } from "react";
import type { Command, CommandRegistry } from "../app/commands";
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
