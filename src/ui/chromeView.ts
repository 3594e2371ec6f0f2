import { createElement } from "react";
import { createRoot } from "react-dom/client";
import type { Engine } from "../../engine";
import { canvasRectStore } from "../app/canvasRect";
import { nameAfterFile, type Program } from "../app/program";
import type { ScreenArea } from "../render/camera";
import { CANVAS_COLOURS, type CanvasTheme } from "../render/canvasTheme";
import { canvasBackground } from "../render/pageBackground";
import type { ChromeState } from "./chromeState";
import { measureFreeArea } from "./freeArea";
import { Overlay } from "./Overlay";
import { RenderCounter, RenderCounting } from "./renderCount";
import type { DocumentActions } from "./services";
import { followTheme } from "./theme";

export interface ChromeOptions {
  /** The status line, banners, commands, tool settings, exports and the open document. */
  readonly program: Program;
  readonly chrome: ChromeState;
  readonly lang: string;
  /** The embedding page's own canvas colour (0xRRGGBB), used by the light theme. */
  readonly background?: number | undefined;
}

/** The chrome over the canvas, as the program shows it. */
export interface ChromeView {
  /** Another document is open: the canvas and the panels follow it. */
  documentSwitched(): void;
  /** The part of the canvas no panel covers. */
  freeArea(): ScreenArea | null;
  dispose(): void;
}

/**
 * Shows the React chrome over the canvas and keeps the canvas colour with the theme and the
 * shown page's background. React renders on a switch of document and on its own subscriptions,
 * never per frame.
 */
export function showChrome(engine: Engine, options: ChromeOptions): ChromeView {
  const { program, chrome } = options;
  const { banners } = program;
  // Made once, not per render, so what the chrome is given keeps one identity.
  const exporting = {
    exports: program.exports,
    save: (blob: Blob, name: string) => program.save(blob, name),
  };
  // The canvas follows the chrome's theme; an embedding page's own background is the light one.
  // A page with a background of its own shows it, as the exports do.
  let theme: CanvasTheme = "light";
  const lightBackground = options.background ?? CANVAS_COLOURS.light.background;
  const paintCanvas = (): void => {
    const colours = CANVAS_COLOURS[theme];
    const themeColour = theme === "light" ? lightBackground : colours.background;
    engine.setBackground(canvasBackground(themeColour, program.current.pageBackground()));
    program.current.viewport.setGridInk(colours.gridInk);
  };
  // One object for the page's life, so the chrome does not re-register its commands per render.
  const documentActions: DocumentActions = {
    library: () => program.persistence?.documents ?? null,
    currentPath: () => program.persistence?.path ?? null,
    open: (path, switchOptions) => program.open(path, switchOptions),
    rename: async (path, name) => {
      const library = program.persistence?.documents;
      if (!library) throw new Error("The library is not available");
      const renamed = await library.rename(path, name);
      if (program.persistence?.path === renamed) nameAfterFile(program.current.store, renamed);
      return renamed;
    },
    newDocument: async (switchOptions) => {
      await program.newDocument(switchOptions);
    },
    whenSaved: () => program.persistence?.whenSaved() ?? Promise.resolve(),
    opening: program.opening,
    report: (error) =>
      banners.show({
        id: BANNER_SWITCH,
        tone: "error",
        message: `The drawing could not be opened (${error instanceof Error ? error.message : String(error)}). The open drawing stays.`,
        actions: [{ label: "Dismiss", onClick: () => banners.dismiss(BANNER_SWITCH) }],
      }),
  };
  const host = engine.shell.parent.ownerDocument.createElement("div");
  host.className = "lw-overlay-host";
  engine.shell.parent.appendChild(host);
  const root = createRoot(host);
  const counter = new RenderCounter(host);
  const render = (): void => {
    root.render(
      createElement(RenderCounting, {
        counter,
        children: createElement(Overlay, {
          rect: canvasRectStore(engine),
          status: program.status,
          banners,
          onToggleFullscreen: () => {
            engine.shell.toggleFullscreen().catch((error: unknown) => {
              engine.printErr(`Full screen is not available: ${String(error)}`);
            });
          },
          services: {
            commands: program.commands,
            tools: program.settings,
            chrome,
            current: program.current,
            canvas: engine.shell.canvas,
            lang: options.lang,
            exporting,
            ...(program.persistence ? { documents: documentActions } : {}),
          },
          persisting: program.persistence !== null,
        }),
      }),
    );
  };
  const showDocument = (): void => {
    // The editor's listeners go with it when it closes.
    program.current.onPageBackground(paintCanvas);
    paintCanvas();
    render();
  };
  showDocument();
  let shown = true;
  const stopFollowingTheme = followTheme(chrome, (next) => {
    theme = next;
    paintCanvas();
  });
  return {
    documentSwitched: showDocument,
    freeArea: () => (shown ? measureFreeArea(host, engine.shell.canvas) : null),
    dispose() {
      shown = false;
      stopFollowingTheme();
      root.unmount();
      host.remove();
    },
  };
}

/** A New or Open from the library that failed. */
const BANNER_SWITCH = "document-switch";
