import { IMPORT_LIMITS, ImportError } from "./limits";

export type RasterMime = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/**
 * Why a raster was refused, kept apart from any file name so that each caller words it in its
 * own message (an import names the file, an SVG counts the image). `tooLarge` is a size over
 * the limits, which is not damage.
 */
export class RasterError extends ImportError {
  constructor(
    readonly format: string,
    readonly reason: string,
    readonly tooLarge = false,
  ) {
    super(
      tooLarge
        ? `The ${format} image is too large to import: ${reason}.`
        : `The ${format} image is not readable: ${reason}.`,
    );
    this.name = "RasterError";
  }

  /** The message for a file called `fileName`. */
  describeFor(fileName: string): string {
    return this.tooLarge
      ? `${fileName} is too large to import: ${this.reason}.`
      : `${fileName} is not a readable ${this.format} image: ${this.reason}.`;
  }
}

/** The short name of a format for messages: PNG, JPEG, GIF, WebP. */
export function formatName(mime: RasterMime): string {
  return mime === "image/webp" ? "WebP" : mime.slice(6).toUpperCase();
}

/** A stated size against `maxImageSide` and `maxImagePixels`. */
export function checkImageSize(format: string, width: number, height: number): void {
  if (width < 1 || height < 1) {
    throw new RasterError(format, `its header states a size of ${width} × ${height} pixels`);
  }
  const side = IMPORT_LIMITS.maxImageSide;
  const pixels = IMPORT_LIMITS.maxImagePixels;
  if (width > side || height > side || width * height > pixels) {
    throw new RasterError(
      format,
      `its header states ${width} × ${height} pixels; Linework imports images of at most ${side.toLocaleString("en")} pixels on a side and ${(pixels / 1e6).toLocaleString("en")} million pixels in all`,
      true,
    );
  }
}
