import type { Opening } from "../app/opening";
import type { SwitchOptions } from "../app/program";
import type { CommandRegistry } from "../editing/commands";
import type { DocumentStatus } from "../persist/documentStatus";
import type { Editor } from "../app/editor";
import type { Library } from "../persist/library";
import type { ToolSettings } from "../editing/settings";
import type { ChromeState } from "./chromeState";
import type { ExportServices } from "./dialogs/ExportDialog";

/** A value that changes now and then, in the shape `useSyncExternalStore` takes. */
export interface ExternalStore<T> {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => T;
}

/**
 * What the chrome reads and drives. Each part subscribes only to the store it shows, so nothing
 * here re-renders per engine frame.
 */
export interface ChromeServices {
  readonly commands: CommandRegistry;
  readonly tools: ToolSettings;
  /** Which dialog is open, focus mode, theme: shared with the program's commands. */
  readonly chrome: ChromeState;
  /** The open document; a new one after a document is swapped in (the chrome re-renders). */
  readonly current: Editor;
  /** Focus goes back here when a menu or dialog closes. */
  readonly canvas: HTMLCanvasElement;
  readonly status: {
    subscribe: (listener: () => void) => () => void;
    get: () => DocumentStatus;
  };
  /** LANG of the program's environment, e.g. "de_DE.UTF-8". */
  readonly lang: string;
  /** The browser's document library; absent when the page does not save. */
  readonly documents?: DocumentActions;
  /** The export dialog's exporters and download; without them File → Export… shows nothing. */
  readonly exporting?: ExportServices;
}

/** The drawing being opened, if any: what `OpeningProgress` shows. */
export interface OpeningStore {
  readonly subscribe: (listener: () => void) => () => void;
  readonly get: () => Opening | null;
}

/** Switching documents: what File → New, Open and Recover need from the program. */
export interface DocumentActions {
  /** The library, or null while storage is unavailable. */
  library(): Library | null;
  /** The open document's library path, if it has one. */
  currentPath(): string | null;
  /** `discardUnsaved` switches without waiting for pending changes to be written. */
  open(path: string, options?: SwitchOptions): Promise<void>;
  /** Renames a library file (the open document's name follows); resolves with its new path. */
  rename(path: string, name: string): Promise<string>;
  /** Creates "Untitled" in the library and opens it. */
  newDocument(options?: SwitchOptions): Promise<void>;
  /** Resolves once every committed edit of the open document is written. */
  whenSaved(): Promise<void>;
  /** The drawing being opened in place of the open one, with its progress and Cancel. */
  readonly opening: OpeningStore;
  /** Tells the user that a switch failed (the open document stays). */
  report(error: unknown): void;
}
