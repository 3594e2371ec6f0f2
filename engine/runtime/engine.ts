import { CORE_BINARY_NAME, INIT_RETRY_INTERVAL_MS } from "../constants";
import { createCore, coreImports, type Core } from "../core";
import { loadBinary, resolveSameOrigin, type LoadPath } from "../core/loader";
import { Graphics } from "../gfx/graphics";
import { attachDomInput } from "../input/domInput";
import { InputState } from "../input/inputState";
import { FixedStepLoop } from "../loop/fixedStepLoop";
import { CanvasShell, type CanvasSize, type ResizeCallback } from "../shell/canvasShell";
import { isKnownRatio, type AspectRatio } from "../shell/fit";
import { programEnvironment, type ProgramEnvironment } from "./environment";
import { classifyFailure, type EngineFailure } from "./failures";
import { OutputStream, UNFLUSHED_AT_EXIT_WARNING } from "./output";
import { retryEvery } from "./retry";
import { StatusView } from "./statusView";

export type Hook = (engine: Engine) => void;

/** The embedding options: everything a page can say when it starts the engine. */
export interface EngineOptions {
  /** The container the canvas is fitted into. */
  readonly parent?: HTMLElement;
  /** The canvas to draw on; created inside `parent` when absent. */
  readonly canvas?: HTMLCanvasElement;
  /** The fixed (width, height) pair; null or absent until the program sets it. */
  readonly aspectRatio?: AspectRatio | null;
  /** URL of the compute core, same-origin. Defaults to `linework.wasm` beside the page. */
  readonly wasmUrl?: string;
  /** Load and initialise, but do not run `main` until `callMain()`. */
  readonly noInitialRun?: boolean;
  /** Run after the binary loads, before initialisation. */
  readonly preRun?: Hook | readonly Hook[];
  /** Run after `main`. */
  readonly postRun?: Hook | readonly Hook[];
  /** The program's main routine, run once after initialisation. */
  readonly main?: Hook;
  /** Receives each completed line of standard output. Defaults to console.log. */
  readonly print?: (text: string) => void;
  /** Receives each completed line of standard error. Defaults to console.error. */
  readonly printErr?: (text: string) => void;
  /** Told the reason when the program aborts. */
  readonly onAbort?: (reason: string) => void;
  /** Told the code when the program exits. */
  readonly onExit?: (code: number) => void;
  /** Clear colour of the canvas, 0xRRGGBB. */
  readonly background?: number;
}

export type LifecycleState =
  "loading" | "preparing" | "initialising" | "running" | "exited" | "aborted";

export type TickListener = (input: InputState, stepMs: number, tick: number) => void;

const DEFAULT_BACKGROUND = 0xf4f4f5;

function hooksOf(hooks: Hook | readonly Hook[] | undefined): readonly Hook[] {
  if (hooks === undefined) return [];
  return typeof hooks === "function" ? [hooks] : hooks;
}

/**
 * The running program: start-up lifecycle (spec §4), output streams, exit and abort (spec §8),
 * and the pieces a program uses each frame: the shell, polled input, the loop and graphics.
 */
export class Engine {
  readonly shell: CanvasShell;
  readonly input = new InputState();
  readonly environment: ProgramEnvironment;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  readonly warnings: string[] = [];
  private readonly statusView: StatusView;
  private lifecycle: LifecycleState = "loading";
  private coreModule: Core | null = null;
  private graphics: Graphics | null = null;
  private loop: FixedStepLoop | null = null;
  private detachInput: (() => void) | null = null;
  private path: LoadPath | null = null;
  private attempts = 0;
  private code: number | null = null;
  private failed: EngineFailure | null = null;
  private mainRan = false;
  private readonly tickListeners = new Set<TickListener>();
  private readonly drawListeners = new Set<() => void>();
  private readonly unloadListeners = new Set<() => void>();
  private readonly keyClaims = new Set<(event: KeyboardEvent) => boolean>();
  private background: number;
  private readonly keySources = new Set<(event: KeyboardEvent) => boolean>();

  constructor(private readonly options: EngineOptions = {}) {
    this.background = options.background ?? DEFAULT_BACKGROUND;
    this.shell = new CanvasShell({
      ...(options.parent ? { parent: options.parent } : {}),
      ...(options.canvas ? { canvas: options.canvas } : {}),
      aspectRatio: options.aspectRatio ?? null,
    });
    this.statusView = new StatusView(this.shell.parent);
    this.environment = programEnvironment(
      typeof navigator === "undefined" ? undefined : navigator.language,
    );
    this.stdout = new OutputStream((line) => this.print(line));
    this.stderr = new OutputStream((line) => this.printErr(line));
    window.addEventListener("pagehide", this.onPageHide);
    window.addEventListener("error", this.onUncaughtError);
  }

  // ---- Lifecycle ----

  /** load → preRun → initialise (retried until the aspect ratio is known) → main → postRun. */
  async start(): Promise<this> {
    try {
      this.statusView.showProgress("Loading Linework…");
      const url = resolveSameOrigin(this.options.wasmUrl ?? CORE_BINARY_NAME, document.baseURI);
      const { imports, bind } = coreImports({ abort: (message) => this.abort(message) });
      const loaded = await loadBinary(url, imports, undefined, (reason) =>
        this.printErr(
          `Streaming compilation failed (${reason}); falling back to ArrayBuffer instantiation`,
        ),
      );
      this.path = loaded.path;
      this.coreModule = createCore(loaded.instance, bind);

      this.setState("preparing");
      for (const hook of hooksOf(this.options.preRun)) hook(this);

      this.setState("initialising");
      await this.initialise();
      if (this.terminated) return this;
      this.statusView.hide();
      this.setState("running");

      if (!this.options.noInitialRun) this.callMain();
      if (this.terminated) return this;
      for (const hook of hooksOf(this.options.postRun)) hook(this);
      return this;
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** Runs the program's main routine; once only. */
  callMain(): void {
    if (this.mainRan || this.lifecycle !== "running") return;
    this.mainRan = true;
    try {
      this.options.main?.(this);
    } catch (error) {
      throw this.fail(error);
    }
  }

  /** Ends the program: the loop stops and output still buffered is reported. */
  exit(code = 0): void {
    if (this.terminated) return;
    this.code = code;
    this.stopRunning();
    const unflushed = [this.stdout.unflushed, this.stderr.unflushed].filter(
      (text) => text.length > 0,
    );
    if (unflushed.length > 0)
      this.warn(`${UNFLUSHED_AT_EXIT_WARNING} Unflushed: ${JSON.stringify(unflushed.join(""))}`);
    this.setState("exited");
    this.statusView.showProgress(`Linework has exited (code ${code}).`);
    this.options.onExit?.(code);
  }

  /** Stops the program for good with a visible message; throws so the caller unwinds. */
  abort(reason: string): never {
    throw this.fail(new Error(reason));
  }

  get state(): LifecycleState {
    return this.lifecycle;
  }
  get failure(): EngineFailure | null {
    return this.failed;
  }
  get exitCode(): number | null {
    return this.code;
  }
  /** Which §7 path loaded the binary: streaming, or the ArrayBuffer fallback. */
  get loadPath(): LoadPath | null {
    return this.path;
  }
  /** How many initialisation attempts were made, the first included. */
  get initAttempts(): number {
    return this.attempts;
  }

  // ---- What the program uses ----

  get core(): Core {
    if (this.coreModule === null) throw new Error("The compute core is not loaded yet");
    return this.coreModule;
  }

  get gfx(): Graphics {
    if (this.graphics === null) throw new Error("Graphics are not initialised yet");
    return this.graphics;
  }

  get renders(): number {
    return this.loop?.stats.renders ?? 0;
  }

  get ticks(): number {
    return this.loop?.stats.ticks ?? 0;
  }

  /** Display frames the loop has seen, drawn or not. */
  get frames(): number {
    return this.loop?.stats.frames ?? 0;
  }

  get size(): CanvasSize | null {
    return this.shell.size;
  }

  setAspectRatio(width: number, height: number): void {
    this.shell.setAspectRatio(width, height);
  }

  onResize(callback: ResizeCallback): () => void {
    return this.shell.onResize(callback);
  }

  /** Called every fixed step, after the input snapshot for that step is published. */
  onTick(listener: TickListener): () => void {
    this.tickListeners.add(listener);
    return () => this.tickListeners.delete(listener);
  }

  /**
   * Called once a frame, after its fixed steps and before it is drawn: what every tick listener
   * changed in the frame is known by then, whichever listener ran first.
   */
  onBeforeDraw(listener: () => void): () => void {
    this.drawListeners.add(listener);
    return () => this.drawListeners.delete(listener);
  }

  /** Called when the page is being unloaded (`pagehide`); the last chance to save. */
  onUnload(listener: () => void): () => void {
    this.unloadListeners.add(listener);
    return () => this.unloadListeners.delete(listener);
  }

  /**
   * Claims keys for the program: a keydown on the canvas that `claims` accepts has its browser
   * default (save page, open file, find…) prevented. The key still arrives through polled input.
   */
  claimKeys(claims: (event: KeyboardEvent) => boolean): () => void {
    this.keyClaims.add(claims);
    return () => this.keyClaims.delete(claims);
  }

  /**
   * Lets keys pressed while the canvas does not have focus reach the program: a keydown anywhere
   * on the page that `accepts` takes (after the focused element has seen it) arrives through
   * polled input as if pressed on the canvas, claimed keys included; its keyup follows it.
   */
  acceptKeysFrom(accepts: (event: KeyboardEvent) => boolean): () => void {
    this.keySources.add(accepts);
    return () => this.keySources.delete(accepts);
  }

  /** Changes the clear colour of the canvas (0xRRGGBB); the next frame shows it. */
  /**
   * Steps the input that has arrived but not been handled yet, now. For browser events that must
   * see what the keys pressed just before them did: Ctrl+A then Ctrl+C copies everything even when
   * both keys land between two frames.
   */
  catchUpInput(): void {
    if (this.loop !== null && this.input.hasPending) this.loop.stepNow();
  }

  setBackground(color: number): void {
    this.background = color;
    this.graphics?.setBackground(color);
    this.invalidate();
  }

  /** Asks for one redraw on the next frame. */
  invalidate(): void {
    this.loop?.invalidate();
  }

  print(text: string): void {
    (this.options.print ?? console.log)(text);
  }

  printErr(text: string): void {
    (this.options.printErr ?? console.error)(text);
  }

  /** Stops everything and releases the page; the canvas stays. */
  destroy(): void {
    this.stopRunning();
    this.graphics?.destroy();
    this.graphics = null;
    this.shell.destroy();
    window.removeEventListener("pagehide", this.onPageHide);
    window.removeEventListener("error", this.onUncaughtError);
  }

  // ---- Internals ----

  private get terminated(): boolean {
    return this.lifecycle === "exited" || this.lifecycle === "aborted";
  }

  private setState(state: LifecycleState): void {
    this.lifecycle = state;
    this.shell.parent.dataset.engineState = state;
  }

  /** The spec's retry: try now, then every 50 ms until the aspect ratio is known. */
  private async initialise(): Promise<void> {
    const { succeeded } = await retryEvery(
      INIT_RETRY_INTERVAL_MS,
      () => {
        this.attempts += 1;
        return isKnownRatio(this.shell.aspectRatio);
      },
      () => this.terminated,
    );
    if (!succeeded) return;
    const shell = this.shell;
    shell.fitNow();
    const size = shell.size;
    const dpr = window.devicePixelRatio || 1;
    this.graphics = await Graphics.create({
      canvas: shell.canvas,
      width: size?.width ?? Math.max(1, shell.canvas.width / dpr),
      height: size?.height ?? Math.max(1, shell.canvas.height / dpr),
      resolution: size?.devicePixelRatio ?? dpr,
      background: this.background,
    });
    const graphics = this.graphics;
    // Registered ahead of the program's callbacks, so the renderer has its new size before the
    // program reacts to it.
    this.shell.onResize((next) => {
      graphics.resize(next.width, next.height, next.devicePixelRatio);
      this.invalidate();
    });
    graphics.onContextRestored(() => this.invalidate());
    this.detachInput = attachDomInput(
      shell.canvas,
      this.input,
      (event) => {
        for (const claims of this.keyClaims) if (claims(event)) return true;
        return false;
      },
      (event) => {
        for (const accepts of this.keySources) if (accepts(event)) return true;
        return false;
      },
    );
    this.loop = new FixedStepLoop({
      update: (stepMs, tick) => {
        this.input.beginTick();
        try {
          for (const listener of [...this.tickListeners]) listener(this.input, stepMs, tick);
        } catch (error) {
          this.fail(error);
        }
      },
      render: () => {
        try {
          for (const listener of [...this.drawListeners]) listener();
        } catch (error) {
          this.fail(error);
        }
        graphics.render();
      },
    });
    this.loop.start();
  }

  private stopRunning(): void {
    this.loop?.stop();
    this.detachInput?.();
    this.detachInput = null;
  }

  private warn(text: string): void {
    this.warnings.push(text);
    this.printErr(text);
    this.statusView.addWarning(text);
  }

  /** Records the first failure, shows it, and returns it for the caller to throw. */
  private fail(error: unknown): EngineFailure {
    if (this.failed !== null) return this.failed;
    const failure = classifyFailure(error);
    this.failed = failure;
    this.stopRunning();
    this.setState("aborted");
    const title = failure.kind === "load" ? "Linework could not start." : "Linework stopped.";
    this.statusView.showFailure(title, failure.message);
    this.printErr(failure.message);
    this.options.onAbort?.(failure.reason);
    return failure;
  }

  private readonly onPageHide = (): void => {
    for (const listener of [...this.unloadListeners]) listener();
  };

  /** Traps and stack overflows from the core can escape through any event handler. */
  private readonly onUncaughtError = (event: ErrorEvent): void => {
    const error: unknown = event.error;
    const fromCore =
      error instanceof WebAssembly.RuntimeError ||
      (error instanceof RangeError && /call stack/i.test(error.message));
    if (fromCore && !this.terminated) this.fail(error);
  };
}

export async function startEngine(options: EngineOptions = {}): Promise<Engine> {
  return new Engine(options).start();
}
