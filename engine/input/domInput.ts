import type { InputState, Modifiers, PointerKind, PointerPhase, TouchPoint } from "./inputState";

/**
 * Routes the canvas's DOM events into an InputState. Everything reaches the program through the
 * canvas (spec §2); the page never scrolls, zooms or opens a context menu from it.
 */
export function attachDomInput(
  canvas: HTMLCanvasElement,
  input: InputState,
  claimsKey: (event: KeyboardEvent) => boolean = () => false,
  acceptsOutside: (event: KeyboardEvent) => boolean = () => false,
): () => void {
  const listeners: Array<[EventTarget, string, EventListener, AddEventListenerOptions]> = [];
  const on = <E extends Event>(
    target: EventTarget,
    type: string,
    handler: (event: E) => void,
    options: AddEventListenerOptions = {},
  ): void => {
    const listener = handler as EventListener;
    target.addEventListener(type, listener, options);
    listeners.push([target, type, listener, options]);
  };

  on<KeyboardEvent>(canvas, "keydown", (e) => {
    // Keys the program uses as shortcuts (Ctrl+S, Ctrl+Z…) must not also reach the browser.
    if (claimsKey(e)) e.preventDefault();
    input.keyDown(e.code, e.key, modifiersOf(e), e.repeat);
  });
  on<KeyboardEvent>(canvas, "keyup", (e) => input.keyUp(e.code, e.key, modifiersOf(e)));
  on(canvas, "blur", () => input.releaseAll());

  // Keys pressed while focus is elsewhere on the page (a button the person just clicked, or
  // nothing) reach the program when `acceptsOutside` says so. They are heard on the document
  // after the focused element had its turn, so a widget that used a key can prevent it first.
  const doc = canvas.ownerDocument;
  const view = doc.defaultView;
  const heldOutside = new Set<string>();
  on<KeyboardEvent>(doc, "keydown", (e) => {
    if (e.target === canvas || !acceptsOutside(e)) return;
    if (claimsKey(e)) e.preventDefault();
    heldOutside.add(e.code);
    input.keyDown(e.code, e.key, modifiersOf(e), e.repeat);
  });
  on<KeyboardEvent>(doc, "keyup", (e) => {
    // A release always follows its press, whatever has focus now, or the key would stick.
    if (e.target === canvas || !heldOutside.delete(e.code)) return;
    input.keyUp(e.code, e.key, modifiersOf(e));
  });
  if (view) {
    on(view, "blur", () => {
      if (heldOutside.size === 0) return;
      heldOutside.clear();
      input.releaseAll();
    });
  }

  const pointer = (phase: PointerPhase) => (e: PointerEvent) => {
    const rect = canvas.getBoundingClientRect();
    const kind = pointerKind(e.pointerType);
    // A fast stroke arrives as one event per frame carrying every sample since the last; using
    // only the event itself would drop most of the stroke's points.
    const events =
      phase === "move" && typeof e.getCoalescedEvents === "function" ? e.getCoalescedEvents() : [];
    for (const sample of events.length > 0 ? events : [e]) {
      input.pointer({
        phase,
        pointerId: e.pointerId,
        kind,
        x: sample.clientX - rect.left,
        y: sample.clientY - rect.top,
        pressure: pressureOf(sample, kind),
        tiltX: sample.tiltX || 0,
        tiltY: sample.tiltY || 0,
        buttons: sample.buttons,
        time: sample.timeStamp,
        modifiers: modifiersOf(e),
      });
    }
    if (phase === "down") {
      canvas.focus({ preventScroll: true });
      if (canvas.isConnected) {
        try {
          canvas.setPointerCapture(e.pointerId);
        } catch {
          // The pointer may already be gone (synthetic or cancelled); capture is an optimisation.
        }
      }
    }
  };
  on(canvas, "pointerdown", pointer("down"));
  on(canvas, "pointermove", pointer("move"));
  on(canvas, "pointerup", pointer("up"));
  on(canvas, "pointercancel", pointer("cancel"));

  on<WheelEvent>(
    canvas,
    "wheel",
    (e) => {
      e.preventDefault();
      const scale = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? canvas.clientHeight : 1;
      input.wheel(e.deltaX * scale, e.deltaY * scale, e.ctrlKey);
    },
    { passive: false },
  );

  const touch = (e: TouchEvent) => {
    e.preventDefault();
    const rect = canvas.getBoundingClientRect();
    const points: TouchPoint[] = [];
    for (let i = 0; i < e.touches.length; i++) {
      const t = e.touches[i];
      if (t)
        points.push({
          id: t.identifier,
          x: t.clientX - rect.left,
          y: t.clientY - rect.top,
          force: t.force,
        });
    }
    input.touches(points);
  };
  for (const type of ["touchstart", "touchmove", "touchend", "touchcancel"]) {
    on(canvas, type, touch, { passive: false });
  }
  on(canvas, "contextmenu", (e) => e.preventDefault());

  return () => {
    for (const [target, type, listener, options] of listeners)
      target.removeEventListener(type, listener, options);
  };
}

function modifiersOf(e: KeyboardEvent | MouseEvent): Modifiers {
  return { shift: e.shiftKey, ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey };
}

function pointerKind(type: string): PointerKind {
  return type === "pen" ? "pen" : type === "touch" ? "touch" : "mouse";
}

function pressureOf(e: PointerEvent, kind: PointerKind): number {
  if (kind === "mouse") return e.buttons !== 0 ? 0.5 : 0;
  return e.pressure;
}
