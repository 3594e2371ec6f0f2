/**
 * Line-buffered output streams, as a C program's stdout and stderr behave: text reaches `print`
 * or `printErr` a whole line at a time, so a write without a newline stays pending until the next
 * newline or an explicit flush. What is still pending at exit is reported, not silently lost.
 */
export class OutputStream {
  private pending = "";

  constructor(private readonly sink: (line: string) => void) {}

  write(text: string): void {
    const joined = this.pending + text;
    const lines = joined.split("\n");
    this.pending = lines.pop() ?? "";
    for (const line of lines) this.sink(line);
  }

  flush(): void {
    if (this.pending.length === 0) return;
    const line = this.pending;
    this.pending = "";
    this.sink(line);
  }

  get unflushed(): string {
    return this.pending;
  }
}

export const UNFLUSHED_AT_EXIT_WARNING =
  "Output streams had content that was not flushed at exit; end writes with a newline or flush them.";
