/** WebGL error codes the engine records itself (the same numbers `gl.getError()` returns). */
export const GL_NO_ERROR = 0;
export const GL_INVALID_ENUM = 0x0500;
export const GL_INVALID_VALUE = 0x0501;
export const GL_INVALID_OPERATION = 0x0502;
export const GL_OUT_OF_MEMORY = 0x0505;
export const GL_CONTEXT_LOST_WEBGL = 0x9242;

export interface GraphicsErrorRecord {
  readonly code: number;
  readonly what: string;
}

const HISTORY_LIMIT = 64;

/**
 * Records graphics errors instead of throwing: a bad handle from the program must not take the
 * frame down. Like `glGetError`, `getError()` returns and clears the oldest unread code; `history`
 * keeps the most recent records for diagnostics.
 */
export class GraphicsErrorLog {
  private readonly unread: number[] = [];
  private readonly records: GraphicsErrorRecord[] = [];

  record(code: number, what: string): void {
    if (code === GL_NO_ERROR) return;
    this.unread.push(code);
    this.records.push({ code, what });
    if (this.records.length > HISTORY_LIMIT) this.records.shift();
    if (this.unread.length > HISTORY_LIMIT) this.unread.shift();
  }

  getError(): number {
    return this.unread.shift() ?? GL_NO_ERROR;
  }

  get history(): readonly GraphicsErrorRecord[] {
    return this.records;
  }
}
