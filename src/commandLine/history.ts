/**
 * The lines run on the command line, newest last, for Up and Down. A line run again moves to
 * the end instead of appearing twice; the oldest go first beyond the limit.
 */
export class CommandHistory {
  private readonly lines: string[] = [];
  /** Where Up/Down is in `lines`; lines.length means the line being typed. */
  private cursor = 0;
  private draft = "";

  constructor(readonly limit = 200) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError("History limit must be a positive whole number");
  }

  get entries(): readonly string[] {
    return this.lines;
  }

  /** Records a line that was run, and goes back to the end of the list. */
  push(line: string): void {
    const text = line.trim();
    if (text !== "") {
      const at = this.lines.indexOf(text);
      if (at >= 0) this.lines.splice(at, 1);
      this.lines.push(text);
      if (this.lines.length > this.limit) this.lines.splice(0, this.lines.length - this.limit);
    }
    this.cursor = this.lines.length;
    this.draft = "";
  }

  /** Up: the line before, keeping what was typed to come back to; null at the oldest. */
  previous(typed: string): string | null {
    if (this.cursor === 0) return null;
    if (this.cursor === this.lines.length) this.draft = typed;
    this.cursor -= 1;
    return this.lines[this.cursor]!;
  }

  /** Down: the line after, then what was being typed; null when already there. */
  next(): string | null {
    if (this.cursor >= this.lines.length) return null;
    this.cursor += 1;
    return this.cursor === this.lines.length ? this.draft : this.lines[this.cursor]!;
  }
}
