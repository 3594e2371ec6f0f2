import { createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { startEngine, type Engine, type EngineOptions } from "../engine";
import { programEnvironment } from "../engine/runtime/environment";
import { parseAspectSetting, windowRatio, type AspectSetting } from "./app/aspect";
import { canvasRectStore } from "./app/canvasRect";
import { DocumentStatusStore, formatTitle } from "./app/documentStatus";
import { createEditor, newDocumentRecords, type Editor } from "./app/editor";
import { PersistenceSession } from "./persist/session";
import { Overlay } from "./ui/Overlay";
import overlayCss from "./ui/overlay.css?inline";

/** The embedding options: the engine's, with the aspect ratio given as a Linework setting. */
export interface LineworkOptions extends Omit<
  EngineOptions,
  "parent" | "aspectRatio" | "main" | "noInitialRun"
> {
  /** "window" (the default), or a fixed ratio such as "16:9", "A4" or { width, height }. */
  readonly aspectRatio?: AspectSetting | string;
  /** Sets the page title; off for pages that own their title. */
  readonly manageTitle?: boolean;
  /** Autosaves to and reopens from the browser's storage; on unless false. */
  readonly persist?: boolean;
}

export interface Linework {
  readonly engine: Engine;
  readonly editor: Editor;
  readonly document: DocumentStatusStore;
  /** Autosave, recovery and the document library; null when `persist` is false. */
  readonly persistence: PersistenceSession | null;
  readonly aspect: AspectSetting;
  destroy(): void;
}

/** Starts Linework inside `parent`: the engine, then the program's main routine and the chrome. */
export async function mountLinework(
  parent: HTMLElement,
  options: LineworkOptions = {},
): Promise<Linework> {
  const aspect = resolveAspect(options.aspectRatio);
  installStyles(parent.ownerDocument);
  const documentStatus = new DocumentStatusStore();
  let root: Root | null = null;
  let editor: Editor | null = null;
  const cleanups: Array<() => void> = [];
  // The editor is built from the stored document, so storage is read before the program starts.
  // The engine's environment is not there yet; it is the same pure function of the language.
  const env = programEnvironment(navigator.language);
  const persistence =
    options.persist === false
      ? null
      : await PersistenceSession.start({ home: env.HOME, user: env.USER });
  if (persistence !== null) cleanups.push(() => persistence.dispose());

  const main = (engine: Engine): void => {
    editor = createEditor(persistence?.records ?? newDocumentRecords(engine.environment.USER));
    persistence?.attach(editor, documentStatus, engine);
    const store = editor.store;
    const followName = (): void => documentStatus.set({ name: store.document.name });
    followName();
    cleanups.push(store.subscribe(followName));
    if (options.manageTitle !== false) {
      const applyTitle = (): void => {
        document.title = formatTitle(documentStatus.get());
      };
      applyTitle();
      cleanups.push(documentStatus.subscribe(applyTitle));
    }
    const overlayHost = parent.ownerDocument.createElement("div");
    overlayHost.className = "lw-overlay-host";
    parent.appendChild(overlayHost);
    root = createRoot(overlayHost);
    root.render(
      createElement(Overlay, {
        rect: canvasRectStore(engine),
        status: documentStatus,
        ...(persistence ? { banners: persistence.banners } : {}),
        onToggleFullscreen: () => {
          engine.shell.toggleFullscreen().catch((error: unknown) => {
            engine.printErr(`Full screen is not available: ${String(error)}`);
          });
        },
      }),
    );
    cleanups.push(() => overlayHost.remove());
    engine.invalidate();
  };

  const {
    aspectRatio: _setting,
    manageTitle: _title,
    persist: _persist,
    ...engineOptions
  } = options;
  const engine = await startEngine({
    ...engineOptions,
    parent,
    aspectRatio: aspect === "window" ? windowRatio(window) : aspect,
    main,
  });

  if (aspect === "window") {
    const follow = (): void => {
      const ratio = windowRatio(window);
      if (ratio) engine.setAspectRatio(ratio.width, ratio.height);
    };
    window.addEventListener("resize", follow);
    cleanups.push(() => window.removeEventListener("resize", follow));
  }

  if (editor === null) throw new Error("Linework's main routine did not run");
  return {
    engine,
    editor,
    document: documentStatus,
    persistence,
    aspect,
    destroy() {
      root?.unmount();
      for (const cleanup of cleanups.splice(0)) cleanup();
      engine.destroy();
    },
  };
}

function resolveAspect(setting: AspectSetting | string | undefined): AspectSetting {
  if (setting === undefined) return "window";
  if (typeof setting !== "string") return setting;
  const parsed = parseAspectSetting(setting);
  if (parsed === null) throw new RangeError(`Unknown aspect ratio setting "${setting}"`);
  return parsed;
}

const STYLE_ID = "linework-styles";

/** Styles travel inside the script so an embedding page needs one import and nothing else. */
function installStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  style.textContent = overlayCss;
  doc.head.appendChild(style);
}

/** The engine itself, for pages that embed it with a main routine of their own. */
export { startEngine } from "../engine";
export type { Engine, EngineOptions } from "../engine";
