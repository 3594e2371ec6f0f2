import type { CommandRegistry } from "../app/commands";
import type { DocumentStatus } from "../app/documentStatus";
import type { OpenDocument } from "../app/openDocument";
import type { ToolSettings } from "../tools/settings";
import type { ChromeState } from "./chromeState";

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
  readonly current: OpenDocument;
  /** Focus goes back here when a menu or dialog closes. */
  readonly canvas: HTMLCanvasElement;
  readonly status: {
    subscribe: (listener: () => void) => () => void;
    get: () => DocumentStatus;
  };
  /** LANG of the program's environment, e.g. "de_DE.UTF-8". */
  readonly lang: string;
}
