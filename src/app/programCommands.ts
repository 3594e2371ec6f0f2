import type { Engine } from "../../engine";
import { browserBooleans } from "../actions/booleanRunner";
import { clipboardActions, editorCommands } from "../actions/editorCommands";
import { pathCommands } from "../actions/pathOps";
import type { ScreenArea } from "../render/camera";
import { appCommands } from "./appCommands";
import { bindChromeKeys, chromeOrigin } from "./chromeFocus";
import { exportCommands, PNG_EXPORT_SCALE } from "./exportCommands";
import type { Program } from "./program";
import {
  BrowserClipboard,
  bindClipboardEvents,
  bindFileDrop,
  CopyTurns,
  whileLatestItem,
  CLIPBOARD_PNG_PIXELS,
  type ClipboardTarget,
} from "./systemClipboard";

/** What the program's commands reach besides the program and its open document: the chrome. */
export interface CommandWiring {
  readonly engine: Engine;
  readonly program: Program;
  toggleFocusMode(): void;
  openExportDialog(): void;
  /** The part of the canvas no panel covers, for fitting; null before the chrome is shown. */
  freeArea(): ScreenArea | null;
}

/** Screen pixels kept clear around a shape a command brings into view: room for its handles. */
const REVEAL_PADDING = 48;

/**
 * Registers every command of the program (files, view, edit, paths, export) and binds the
 * keyboard's clipboard, file drops and the keys the canvas keeps from the browser. Each reaches
 * the open document through `program.current` when it runs, so a switch needs no re-binding.
 * Returns what undoes all of it.
 */
export function bindProgramCommands(wiring: CommandWiring): () => void {
  const { engine, program } = wiring;
  const { commands, settings, banners, exports } = program;
  const current = () => program.current;
  const report = (action: Promise<unknown>): void => {
    action.catch((error: unknown) => engine.printErr(`Linework: ${String(error)}`));
  };
  const notify = (message: string): void =>
    banners.show({ id: BANNER_EDIT, tone: "warning", message, actions: [] });
  const editHost = {
    editor: current,
    scope: () => current().tools.scope(),
    notify,
    frameAt: (point: { x: number; y: number }, exclude: ReadonlySet<string>) =>
      current().tools.picker.frameAt(point, { exclude }),
    jobs: () => current().jobs,
  };
  // One instance for the menus and the keyboard's clipboard events, so repeated pastes step on.
  const clipboard = clipboardActions(editHost);
  // One for every way of copying: whichever copy was made last keeps the clipboard.
  const copyTurns = new CopyTurns();
  const clipboardTarget: ClipboardTarget = {
    ...editHost,
    actions: clipboard,
    imports: () => current().jobs,
    catchUpInput: () => engine.catchUpInput(),
    snapshotPng: (ids, copied) =>
      exports.snapshotPng(
        ids,
        { scale: PNG_EXPORT_SCALE, maxPixels: CLIPBOARD_PNG_PIXELS },
        copied,
      ),
    viewCentre: () => {
      const size = current().viewport.size;
      return current().camera.screenToWorld({ x: size.width / 2, y: size.height / 2 });
    },
  };
  const dropTarget = {
    ...clipboardTarget,
    worldAt: (clientX: number, clientY: number) => {
      const rect = engine.shell.canvas.getBoundingClientRect();
      return current().camera.screenToWorld({ x: clientX - rect.left, y: clientY - rect.top });
    },
  };
  const cleanups = [
    commands.register(
      appCommands({
        current,
        settings,
        save: () => report(program.files.save()),
        saveAs: () => report(program.files.saveAs()),
        open: () => report(program.files.open()),
        toggleFullscreen: () => {
          engine.shell.toggleFullscreen().catch((error: unknown) => {
            engine.printErr(`Full screen is not available: ${String(error)}`);
          });
        },
        toggleFocusMode: wiring.toggleFocusMode,
        freeArea: wiring.freeArea,
      }),
    ),
    commands.register(
      editorCommands(
        {
          ...editHost,
          clipboard: new BrowserClipboard(clipboardTarget, copyTurns),
          nodesIn: (box) => current().spatial.queryRect(box),
          reveal: (box) => {
            const doc = current();
            doc.camera.panToShow(
              box,
              doc.viewport.size,
              REVEAL_PADDING,
              wiring.freeArea() ?? undefined,
            );
          },
        },
        clipboard,
      ),
    ),
    commands.register(pathCommands({ ...editHost, booleans: browserBooleans() })),
    commands.register(
      exportCommands({
        current,
        exports,
        settings,
        save: (blob, name) => program.save(blob, name),
        notify,
        copy: (item) =>
          navigator.clipboard.write([new ClipboardItem(whileLatestItem(item, copyTurns.take()))]),
        openExportDialog: wiring.openExportDialog,
      }),
    ),
    bindClipboardEvents(
      engine.shell.canvas,
      clipboardTarget,
      (event) => chromeOrigin(event.target, engine.shell.parent) !== null,
      copyTurns,
    ),
    bindFileDrop(engine.shell.canvas, dropTarget),
    // Keys the canvas keeps from the browser while it has focus: our shortcuts, and what tools
    // use (Tab cycles shapes; F6 still leaves the canvas for the panels).
    engine.claimKeys((event) => commands.claims(event) || TOOL_KEYS.has(event.code)),
    // A click on a panel button or on plain chrome takes focus from the canvas; shortcuts keep
    // working there (not while typing in a field), and Esc hands focus back to the canvas.
    bindChromeKeys(engine, engine.shell.parent),
  ];
  return () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
}

/** Why an edit, paste or drop did nothing. */
const BANNER_EDIT = "edit-refused";

/** Keys the tools use that browsers would otherwise act on (scrolling, focus moves). */
const TOOL_KEYS = new Set([
  "Tab",
  "Space",
  "Enter",
  "NumpadEnter",
  "Escape",
  "Backspace",
  "Delete",
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
]);
