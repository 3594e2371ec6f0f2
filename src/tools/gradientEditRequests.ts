import type { PaintTarget } from "../render/overlays/gradientGeometry";

type Listener = (target: PaintTarget) => void;

/**
 * How the properties panel asks for on-canvas gradient editing of a document without holding the
 * tools: the request is keyed by the document's store, which both sides share, and the gradient
 * tool of that document's controller answers it by becoming the active tool.
 */
const listeners = new WeakMap<object, Set<Listener>>();

/** The gradient tool of a document listens here; the returned function stops listening. */
export function onGradientEditRequest(store: object, listener: Listener): () => void {
  let set = listeners.get(store);
  if (set === undefined) {
    set = new Set();
    listeners.set(store, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}

/** Asks to edit the selected node's fill or stroke gradient on the canvas; false if nobody can. */
export function requestGradientEdit(store: object, target: PaintTarget): boolean {
  const set = listeners.get(store);
  if (set === undefined || set.size === 0) return false;
  for (const listener of [...set]) listener(target);
  return true;
}
