export * as constants from "./constants";
export { Engine, startEngine } from "./runtime/engine";
export type { EngineOptions, Hook, LifecycleState, TickListener } from "./runtime/engine";
export { EngineFailure, BinaryLoadError } from "./runtime/failures";
export type { FailureKind } from "./runtime/failures";
export type { CanvasSize, ResizeCallback } from "./shell/canvasShell";
export type { AspectRatio } from "./shell/fit";
export type {
  InputState,
  KeyPress,
  PointerKind,
  PointerSample,
  PolledEvent,
  TouchPoint,
  Modifiers,
} from "./input/inputState";
export type { ProgramEnvironment } from "./runtime/environment";
export { GL_INVALID_VALUE, GL_NO_ERROR } from "./gfx/errorLog";
