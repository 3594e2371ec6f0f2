import { Application, Container, Texture, type TextureSource } from "pixi.js";
import { GL_CONTEXT_LOST_WEBGL, GraphicsErrorLog } from "./errorLog";
import { HandleTable } from "./handleTable";
import { limitTextureBatching } from "./softwareGl";

export interface GraphicsOptions {
  readonly canvas: HTMLCanvasElement;
  readonly width: number;
  readonly height: number;
  readonly resolution: number;
  /** Clear colour, 0xRRGGBB. */
  readonly background: number;
}

type Listener = () => void;

/**
 * The WebGL side of the engine: a PixiJS renderer on the shell's canvas that draws only when the
 * loop asks. The program's scene hangs under `root`. A lost context stops drawing; on restore the
 * program is told (so it can rebuild what only lived on the GPU) and the next frame redraws.
 */
export class Graphics {
  readonly root = new Container({ label: "root" });
  readonly errors = new GraphicsErrorLog();
  readonly textures: HandleTable<Texture>;
  private app: Application | null = null;
  private lost = false;
  private software = false;
  private backBuffer = false;
  private readonly restoredListeners = new Set<Listener>();
  private readonly lostListeners = new Set<Listener>();
  private size: { width: number; height: number; resolution: number };
  private background: number;

  private constructor(private readonly options: GraphicsOptions) {
    this.size = { width: options.width, height: options.height, resolution: options.resolution };
    this.background = options.background;
    this.textures = new HandleTable<Texture>("texture", this.errors, (texture) =>
      texture.destroy(true),
    );
    // The world is hit-tested through the spatial index, never by walking display objects.
    this.root.eventMode = "none";
  }

  static async create(options: GraphicsOptions): Promise<Graphics> {
    const graphics = new Graphics(options);
    await graphics.buildRenderer();
    options.canvas.addEventListener("webglcontextlost", graphics.handleContextLost);
    options.canvas.addEventListener("webglcontextrestored", graphics.handleContextRestored);
    return graphics;
  }

  get contextLost(): boolean {
    return this.lost;
  }

  get renderer(): Application["renderer"] | null {
    return this.app?.renderer ?? null;
  }

  resize(width: number, height: number, resolution: number): void {
    this.size = { width, height, resolution };
    this.app?.renderer.resize(width, height, resolution);
  }

  /** Draws the scene once. Skipped while the context is lost; the restore redraws. */
  render(): boolean {
    if (this.lost || this.app === null) return false;
    this.app.renderer.render(this.app.stage);
    return true;
  }

  /** Changes the clear colour (0xRRGGBB); the next render shows it. */
  setBackground(color: number): void {
    this.background = color;
    if (this.app) this.app.renderer.background.color = color;
  }

  /** Registers a texture source and returns its handle. */
  createTexture(source: TextureSource | HTMLCanvasElement | ImageBitmap): number {
    return this.textures.add(Texture.from(source));
  }

  onContextLost(listener: Listener): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  onContextRestored(listener: Listener): () => void {
    this.restoredListeners.add(listener);
    return () => this.restoredListeners.delete(listener);
  }

  destroy(): void {
    this.options.canvas.removeEventListener("webglcontextlost", this.handleContextLost);
    this.options.canvas.removeEventListener("webglcontextrestored", this.handleContextRestored);
    this.app?.stage.removeChild(this.root);
    this.app?.destroy({ removeView: false });
    this.app = null;
  }

  private async buildRenderer(): Promise<void> {
    const app = new Application();
    await app.init({
      canvas: this.options.canvas,
      width: this.size.width,
      height: this.size.height,
      resolution: this.size.resolution,
      autoDensity: false,
      autoStart: false,
      sharedTicker: false,
      preference: "webgl",
      // Off: multisampling triples the cost on software rasterisers; the scene's batches
      // anti-alias their edges in the shader instead (src/render/batch).
      antialias: false,
      background: this.background,
      preserveDrawingBuffer: false,
      // PixiJS's own accessibility layer wakes on any Tab on the page and adds a div to the
      // canvas's parent; that child-list change re-fits the canvas 200 ms later, and the fit takes
      // the focus (spec §2), out of whatever field Tab had just moved to. The page's own DOM is
      // what assistive technology reads, so the layer stays asleep.
      accessibilityOptions: { activateOnTab: false, enabledByDefault: false },
    });
    app.stage.addChild(this.root);
    this.app = app;
    this.limitBatching();
    this.setBackBuffer(this.backBuffer);
  }

  /**
   * Draws frames off screen first, so blend modes that read what is beneath (drawn with a filter
   * over a copy of it) work. It costs a full-screen copy every frame: on only while needed.
   */
  setBackBuffer(on: boolean): void {
    this.backBuffer = on;
    const renderer = this.app?.renderer;
    if (renderer !== undefined && "backBuffer" in renderer) renderer.backBuffer.useBackBuffer = on;
  }

  /** Whether the canvas is drawn by a software rasteriser, which batches one texture per draw. */
  get softwareRendering(): boolean {
    return this.software;
  }

  private limitBatching(): void {
    const renderer = this.app?.renderer;
    if (renderer === undefined || !("gl" in renderer)) return;
    this.software = limitTextureBatching(renderer.gl, renderer.limits);
  }

  private readonly handleContextLost = (event: Event): void => {
    // Without preventDefault the browser never offers the context back.
    event.preventDefault();
    this.lost = true;
    this.errors.record(GL_CONTEXT_LOST_WEBGL, "the WebGL context was lost");
    for (const listener of [...this.lostListeners]) listener();
  };

  private readonly handleContextRestored = (): void => {
    // Pixi's own restore handler (registered first) has re-created its GL state on the restored
    // context; GPU copies of textures and geometry are re-uploaded from their CPU sources on the
    // next render. Destroying and re-creating the renderer is not an option: Pixi's destroy
    // deliberately loses the canvas's context, which would leave the new renderer without one.
    this.lost = false;
    // The restored context's limits were read anew.
    this.limitBatching();
    for (const listener of [...this.restoredListeners]) listener();
  };
}
