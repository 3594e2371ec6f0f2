import type { DocRecord } from "../doc/types";
import {
  openDocumentFile,
  saveDocumentFile,
  type DocumentFileHandle,
  type DocumentParser,
  type FileEnvironment,
  type SaveOutcome,
} from "../io/files";
import type { LoadResult } from "../io/native/parse";
import type { BannerStore } from "../editing/banners";
import { isAbortError } from "../io/steps";

export const BANNER_FILE = "file";

/** What file commands need of the running program. */
export interface FileTarget {
  records(): readonly DocRecord[];
  name(): string;
  /** Opens what a file held; the open document stays as it is when the file is bad. */
  openLoaded(result: LoadResult & { ok: true }, fileName: string): Promise<void>;
  /**
   * Reads an opened file's text; `parseDocument` unless the program reads more kinds or reads
   * in steps. Rejecting with an AbortError (a cancelled read) opens nothing and says nothing.
   */
  parse?: DocumentParser;
}

/**
 * Save (in place once a file is known), Save as, and Open, for Ctrl+S, Ctrl+Shift+S and Ctrl+O.
 * Outcomes the user must know about go to the page's banners.
 */
export class FileCommands {
  private handle: DocumentFileHandle | null = null;

  constructor(
    private readonly target: FileTarget,
    private readonly banners: BannerStore,
    private readonly env?: FileEnvironment,
  ) {}

  /** Forgets the file on disk, for a document that was not opened from it. */
  forgetFile(): void {
    this.handle = null;
  }

  save(): Promise<SaveOutcome> {
    return this.write(this.handle);
  }

  saveAs(): Promise<SaveOutcome> {
    return this.write(null);
  }

  async open(): Promise<void> {
    let opened;
    try {
      const parse = this.target.parse?.bind(this.target);
      opened = await openDocumentFile(this.env, parse);
    } catch (error) {
      if (isAbortError(error)) return;
      this.showError(
        `No file could be opened: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    }
    if (opened === null) return;
    if (!opened.result.ok) {
      this.showError(`${opened.fileName} could not be opened: ${opened.result.error}`);
      return;
    }
    this.banners.dismiss(BANNER_FILE);
    try {
      await this.target.openLoaded(opened.result, opened.fileName);
    } catch (error) {
      if (isAbortError(error)) return;
      throw error;
    }
    this.handle = opened.result.readOnly ? null : opened.handle;
  }

  private async write(handle: DocumentFileHandle | null): Promise<SaveOutcome> {
    const outcome = await saveDocumentFile(this.target.records(), handle ?? undefined, {
      suggestedName: this.target.name(),
      ...(this.env ? { env: this.env } : {}),
    });
    if (outcome.status === "saved") {
      this.handle = outcome.handle;
      this.banners.dismiss(BANNER_FILE);
    } else if (outcome.status === "failed") {
      this.showError(`${outcome.error} Your drawing is still here and in the browser's storage.`);
    }
    return outcome;
  }

  private showError(message: string): void {
    this.banners.show({
      id: BANNER_FILE,
      tone: "error",
      message,
      actions: [{ label: "Dismiss", onClick: () => this.banners.dismiss(BANNER_FILE) }],
    });
  }
}
