/** A button, or a link when it carries an href (a download, for instance). */
export interface BannerAction {
  readonly label: string;
  readonly onClick?: () => void;
  readonly href?: string;
  /** File name for a download link. */
  readonly download?: string;
}

export interface Banner {
  readonly id: string;
  readonly tone: "error" | "warning" | "info";
  readonly message: string;
  readonly actions: readonly BannerAction[];
}

type Listener = () => void;

/** Messages about storage the user must see, shaped for useSyncExternalStore. */
export class BannerStore {
  private banners: readonly Banner[] = [];
  private readonly listeners = new Set<Listener>();

  get = (): readonly Banner[] => this.banners;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Shows a banner, replacing any with the same id. */
  show(banner: Banner): void {
    const index = this.banners.findIndex((existing) => existing.id === banner.id);
    this.banners =
      index < 0
        ? [...this.banners, banner]
        : this.banners.map((existing, i) => (i === index ? banner : existing));
    this.emit();
  }

  dismiss(id: string): void {
    if (!this.banners.some((banner) => banner.id === id)) return;
    this.banners = this.banners.filter((banner) => banner.id !== id);
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
