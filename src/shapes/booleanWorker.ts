/// <reference lib="webworker" />
import { booleanOperation, type BooleanJob } from "./booleans";

// A worker of its own, so a pathological pair of shapes that paper.js cannot finish can be
// stopped (the page terminates the worker) instead of freezing the tab.
self.onmessage = (event: MessageEvent<BooleanJob>) => {
  const { op, operands, target } = event.data;
  try {
    self.postMessage(booleanOperation(op, operands, target));
  } catch (error) {
    self.postMessage({ node: null, reason: `The shapes could not be combined: ${String(error)}` });
  }
};
