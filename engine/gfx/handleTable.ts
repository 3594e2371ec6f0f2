import { GL_INVALID_VALUE, type GraphicsErrorLog } from "./errorLog";

/**
 * Integer handles for graphics objects, as a native program holds GL names. Using a handle that
 * was never issued or was already released records GL_INVALID_VALUE and yields nothing, the way a
 * GL implementation treats an invalid object name.
 */
export class HandleTable<T> {
  private readonly items = new Map<number, T>();
  private nextHandle = 1;

  constructor(
    private readonly kind: string,
    private readonly errors: GraphicsErrorLog,
    private readonly release: (item: T) => void = () => {},
  ) {}

  add(item: T): number {
    const handle = this.nextHandle++;
    this.items.set(handle, item);
    return handle;
  }

  get(handle: number): T | null {
    const item = this.items.get(handle);
    if (item === undefined) {
      this.errors.record(GL_INVALID_VALUE, `${this.kind} ${handle} is not a valid ${this.kind}`);
      return null;
    }
    return item;
  }

  delete(handle: number): boolean {
    const item = this.items.get(handle);
    if (item === undefined) {
      this.errors.record(GL_INVALID_VALUE, `${this.kind} ${handle} is not a valid ${this.kind}`);
      return false;
    }
    this.items.delete(handle);
    this.release(item);
    return true;
  }

  get size(): number {
    return this.items.size;
  }

  values(): IterableIterator<T> {
    return this.items.values();
  }
}
