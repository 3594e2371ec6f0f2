/** An export that cannot be made as asked; the message says why, for the user. */
export class ExportError extends Error {
  override readonly name = "ExportError";
}
