import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { DocumentPulse } from "./documentPulse";
import { DragGate, gated } from "./dragGate";
import type { CanvasRect } from "../app/canvasRect";
import type { DocumentStatus } from "../persist/documentStatus";
import type { Id } from "../doc/types";
import { Announcer } from "./Announcer";
import { Banners, type BannersProps } from "./Banners";
import { JobProgress } from "./JobProgress";
import { OpeningProgress } from "./OpeningProgress";
import { registerChromeCommands } from "./chromeCommands";
import { ChromeState } from "./chromeState";
import { About } from "./dialogs/About";
import { OpenDialog } from "./dialogs/OpenDialog";
import { UnsavedDialog } from "./dialogs/UnsavedDialog";
import { UnsavedGuard } from "./dialogs/unsavedGuard";
import { DocumentExportDialog } from "./dialogs/DocumentExportDialog";
import { ShortcutReference } from "./dialogs/ShortcutReference";
import { cycleFocus } from "./focusCycle";
import { FullscreenButton } from "./FullscreenButton";
import { createMessages } from "./i18n";
import { MessagesContext, useMessages } from "./i18n/context";
import { Icon } from "./icons/Icon";
import { LayersPanel } from "./layers/LayersPanel";
import { PagesPanel } from "./layers/PagesPanel";
import { ContextMenu } from "./menu/ContextMenu";
import { MenuBar } from "./menu/MenuBar";
import { CommandHistory } from "../commandLine";
import { CommandPalette } from "./palette/CommandPalette";
import { paletteCommandLineHost } from "./palette/commandLineHost";
import { PropertiesPanel } from "./properties/PropertiesPanel";
import { useCoarsePointer } from "./hooks";
import { useRenderCount } from "./renderCount";
import type { ChromeServices } from "./services";
import { CursorStore, trackCursor } from "./status/cursorStore";
import { saveState } from "./status/saveState";
import { StatusBar } from "./status/StatusBar";
import { ZoomControl } from "./status/ZoomControl";
import { NEXT_THEME, useResolvedTheme } from "./theme";
import { Toolbar } from "./Toolbar";
import { measureTextNode } from "../render/displays";

export interface OverlayProps {
  readonly rect: { subscribe: (listener: () => void) => () => void; getSnapshot: () => CanvasRect };
  readonly status: { subscribe: (listener: () => void) => () => void; get: () => DocumentStatus };
  readonly onToggleFullscreen: () => void;
  /** Storage messages; absent when the page does not save. */
  readonly banners?: BannersProps["banners"];
  /** The editing chrome; without it only the document bar and full-screen button show. */
  readonly services?: Omit<ChromeServices, "status"> | null;
  /** Whether the page saves to the browser's storage (the status bar then shows the save state). */
  readonly persisting?: boolean;
}

const NO_BANNERS: BannersProps["banners"] = { subscribe: () => () => {}, get: () => [] };

/** Narrow or portrait canvases get the tablet layout: big targets, panels in a drawer. */
export function isTabletLayout(box: CanvasRect): boolean {
  return box.width > 0 && (box.width < 900 || box.height > box.width);
}

/**
 * Whether hit targets are 44 px: in the tablet layout, and wherever the main pointer is a finger
 * (a landscape tablet is wide enough to keep its panels beside the canvas, but not precise).
 */
export function hasTouchTargets(box: CanvasRect, coarsePointer: boolean): boolean {
  return isTabletLayout(box) || (box.width > 0 && coarsePointer);
}

/**
 * The chrome layer over the canvas. It follows the canvas rectangle through the engine's resize
 * callbacks and lets every pointer event it does not use fall through to the canvas.
 */
export function Overlay({
  rect,
  status,
  onToggleFullscreen,
  banners,
  services,
  persisting = false,
}: OverlayProps) {
  useRenderCount("Overlay");
  const box = useSyncExternalStore(rect.subscribe, rect.getSnapshot);
  const [ownChrome] = useState(() => new ChromeState());
  const chrome = services?.chrome ?? ownChrome;
  const ui = useSyncExternalStore(chrome.subscribe, chrome.getSnapshot);
  const theme = useResolvedTheme(ui.theme);
  const lang = services?.lang ?? "C";
  const messages = useMemo(() => createMessages(lang), [lang]);
  const root = useRef<HTMLDivElement>(null);
  const canvas = services?.canvas ?? null;
  // Saving flips the status during a long drag; the chrome shows it when the drag ends.
  const gate = useMemo(() => (canvas ? new DragGate(canvas) : null), [canvas]);
  useEffect(() => () => gate?.dispose(), [gate]);
  const shownStatus = useMemo(() => (gate ? gated(status, gate) : status), [gate, status]);
  const shownBanners = useMemo(
    () => (gate && banners ? gated(banners, gate) : (banners ?? NO_BANNERS)),
    [gate, banners],
  );
  const coarsePointer = useCoarsePointer();
  const drawer = isTabletLayout(box);
  const touch = hasTouchTargets(box, coarsePointer);

  return (
    <MessagesContext.Provider value={messages}>
      <div
        ref={root}
        className={`lw-overlay${touch ? " lw-tablet" : ""}${ui.focusMode ? " lw-focus-mode" : ""}`}
        data-testid="overlay"
        data-theme={theme}
        style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      >
        <DocBar status={shownStatus} />
        <FullscreenButton onToggle={onToggleFullscreen} />
        {services ? (
          <EditingChrome
            services={{ ...services, status: shownStatus, chrome }}
            root={root}
            banners={shownBanners}
            persisting={persisting}
            drawer={drawer}
            touch={touch}
          />
        ) : null}
        {banners ? <Banners banners={banners} /> : null}
        {services ? <JobProgress jobs={services.current.jobs} /> : null}
        {services?.documents ? <OpeningProgress opening={services.documents.opening} /> : null}
      </div>
    </MessagesContext.Provider>
  );
}

/** The document's name and unsaved mark: its own subscriber, so saving re-renders only this. */
function DocBar({ status }: { readonly status: OverlayProps["status"] }) {
  useRenderCount("DocBar");
  const doc = useSyncExternalStore(status.subscribe, status.get);
  return (
    <header className="lw-docbar" aria-label="Document">
      <span className="lw-docname">{doc.name}</span>
      {doc.dirty ? (
        <span className="lw-unsaved" aria-label="Unsaved changes" title="Unsaved changes">
          •
        </span>
      ) : null}
    </header>
  );
}

interface EditingChromeProps {
  readonly services: ChromeServices;
  readonly root: React.RefObject<HTMLDivElement | null>;
  readonly banners: BannersProps["banners"];
  readonly persisting: boolean;
  /** Panels in a drawer, shown on demand. */
  readonly drawer: boolean;
  /** 44 px hit targets. */
  readonly touch: boolean;
}

function EditingChrome({ services, root, banners, persisting, drawer, touch }: EditingChromeProps) {
  useRenderCount("EditingChrome");
  const { commands, tools, current, canvas, status, chrome, documents } = services;
  const t = useMessages().t;
  const ui = useSyncExternalStore(chrome.subscribe, chrome.getSnapshot);
  const [cursor] = useState(() => new CursorStore());
  const [lineHistory] = useState(() => new CommandHistory());
  const store = current.store;
  // One per document: subscribing here, released by the effect below when the document changes.
  const pulse = useMemo(() => new DocumentPulse(store, canvas), [store, canvas]);
  useEffect(() => () => pulse.dispose(), [pulse]);
  const [pageChoice, setPageChoice] = useState<{ store: unknown; id: Id } | null>(null);
  const pageId =
    pageChoice?.store === store && store.get(pageChoice.id)?.type === "page"
      ? pageChoice.id
      : (current.renderer.currentPage ?? store.pages()[0]?.id ?? "");

  const [guard] = useState(
    () =>
      new UnsavedGuard(
        chrome,
        () => saveState(status.get(), banners.get()) === "saved",
        () => {
          chrome.openDialog(null);
          canvas.focus({ preventScroll: true });
        },
      ),
  );

  useEffect(
    () => registerChromeCommands(commands, chrome, documents ? { documents, guard } : undefined),
    [commands, chrome, documents, guard],
  );
  useEffect(
    () => trackCursor(canvas, (p) => current.camera.screenToWorld(p), cursor),
    [canvas, current, cursor],
  );
  // Keys typed after the one that opened the palette, before its field has the keyboard, are
  // its text: caught first, wherever focus is, so the program never takes them for shortcuts.
  useEffect(() => {
    const doc = canvas.ownerDocument;
    const onKey = (event: KeyboardEvent): void => {
      if (!chrome.typingAhead || event.isComposing) return;
      if (event.target instanceof HTMLInputElement && event.target.closest(".lw-dialog")) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      chrome.typeAhead({ key: event.key, ctrl: event.ctrlKey, meta: event.metaKey });
    };
    doc.addEventListener("keydown", onKey, { capture: true });
    return () => doc.removeEventListener("keydown", onKey, { capture: true });
  }, [canvas, chrome]);
  useEffect(() => {
    const doc = canvas.ownerDocument;
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== "F6" || !root.current) return;
      event.preventDefault();
      cycleFocus(root.current, canvas, event.shiftKey);
    };
    doc.addEventListener("keydown", onKey);
    return () => doc.removeEventListener("keydown", onKey);
  }, [canvas, root]);

  const closeDialog = (): void => {
    chrome.openDialog(null);
    canvas.focus({ preventScroll: true });
  };
  const showPage = (id: Id): void => {
    current.showPage(id);
    setPageChoice({ store, id });
  };

  if (ui.focusMode)
    return (
      <div className="lw-pill" data-f6-region>
        <Toolbar commands={commands} tools={tools} canvas={canvas} compact />
        <button
          type="button"
          className="lw-button"
          onClick={() => {
            if (!commands.run("view.focusMode")) chrome.toggleFocusMode();
          }}
        >
          {t("focus.exit")}
        </button>
        <Announcer tools={tools} store={store} banners={banners} />
      </div>
    );

  const panelsVisible = !drawer || ui.drawerOpen;
  return (
    <>
      <div className="lw-topbar" data-f6-region>
        <MenuBar commands={commands} canvas={canvas} />
      </div>
      <div className="lw-top-actions">
        <button
          type="button"
          className="lw-button"
          aria-haspopup="dialog"
          onClick={() => chrome.openDialog("palette")}
        >
          <Icon name="search" /> <span className="lw-action-text">{t("palette.open")}</span>
        </button>
        <button
          type="button"
          className="lw-button"
          aria-label={`${t("theme.label")}: ${t(`theme.${ui.theme}`)}`}
          onClick={() => chrome.update({ theme: NEXT_THEME[ui.theme] })}
        >
          <Icon name={ui.theme === "dark" ? "moon" : "sun"} />{" "}
          <span className="lw-action-text">{t(`theme.${ui.theme}`)}</span>
        </button>
        {drawer ? (
          <button
            type="button"
            className="lw-button"
            aria-expanded={ui.drawerOpen}
            aria-controls="lw-side-panels"
            onClick={() => chrome.update({ drawerOpen: !ui.drawerOpen })}
          >
            <Icon name="panels" /> <span className="lw-action-text">{t("panels.show")}</span>
          </button>
        ) : null}
      </div>
      <div className="lw-left" data-f6-region>
        <Toolbar commands={commands} tools={tools} canvas={canvas} />
      </div>
      {panelsVisible ? (
        <aside
          id="lw-side-panels"
          className={drawer ? "lw-side lw-drawer" : "lw-side"}
          aria-label={t("properties.label")}
          data-f6-region
        >
          <PropertiesPanel
            store={store}
            gradientEdits={current.gradientEdits}
            recent={chrome.recentColours}
            pulse={pulse}
            measureText={measureTextNode}
          />
          <PagesPanel store={store} pulse={pulse} pageId={pageId} onShow={showPage} />
          <LayersPanel store={store} pulse={pulse} pageId={pageId} touch={touch} />
        </aside>
      ) : null}
      <div className="lw-bottom" data-f6-region>
        <StatusBar
          pulse={pulse}
          cursor={cursor}
          status={status}
          banners={banners}
          tools={tools}
          persisting={persisting}
        />
        <ZoomControl camera={current.camera} commands={commands} canvas={canvas} />
      </div>
      <ContextMenu commands={commands} store={store} canvas={canvas} />
      <Announcer tools={tools} store={store} banners={banners} />
      {ui.dialog === "palette" ? (
        <CommandPalette
          commands={commands}
          commandLine={{
            host: paletteCommandLineHost(current, tools, commands),
            history: lineHistory,
          }}
          onClose={closeDialog}
          takeTypedAhead={() => chrome.takeTypedAhead()}
        />
      ) : null}
      {ui.dialog === "shortcuts" ? (
        <ShortcutReference commands={commands} onClose={closeDialog} />
      ) : null}
      {ui.dialog === "about" ? <About onClose={closeDialog} /> : null}
      {documents && (ui.dialog === "openLibrary" || ui.dialog === "recover") ? (
        <OpenDialog
          key={ui.dialog}
          mode={ui.dialog === "recover" ? "recover" : "open"}
          documents={documents}
          guard={guard}
          commands={commands}
          onClose={closeDialog}
        />
      ) : null}
      {documents && ui.dialog === "unsaved" ? (
        <UnsavedDialog documents={documents} guard={guard} onClose={closeDialog} />
      ) : null}
      {ui.dialog === "export" && services.exporting ? (
        <DocumentExportDialog
          services={services.exporting}
          current={current}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
