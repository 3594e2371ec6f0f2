/**
 * Each distinct fill and stroke once, referred to by index: a `.linework` file's `shared` list,
 * and the SVG export's shared styles. Most shapes share a handful of styles, so at a million
 * shapes this saves hundreds of megabytes, and a reader validates and keeps one object per style
 * instead of one per shape. A value seen again as the same object costs no serialising.
 */
export class SharedValues {
  readonly values: unknown[] = [];
  private readonly byObject = new Map<unknown, number>();
  private readonly byText = new Map<string, number>();

  indexOf(value: unknown): number {
    let index = this.byObject.get(value);
    if (index !== undefined) return index;
    const text = JSON.stringify(value);
    index = this.byText.get(text);
    if (index === undefined) {
      index = this.values.length;
      this.values.push(value);
      this.byText.set(text, index);
    }
    this.byObject.set(value, index);
    return index;
  }
}
