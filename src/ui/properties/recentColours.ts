/** The last colours applied, newest first, shared by every colour picker of the page. */
export class RecentColours {
  static readonly LIMIT = 8;
  private list: readonly string[] = [];
  private readonly listeners = new Set<() => void>();

  getSnapshot = (): readonly string[] => this.list;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(hex: string): void {
    const key = hex.toLowerCase();
    if (this.list[0] === key) return;
    this.list = [key, ...this.list.filter((c) => c !== key)].slice(0, RecentColours.LIMIT);
    for (const listener of [...this.listeners]) listener();
  }
}
