export { readUntrusted } from "./boundary";
export { importIntoDocument } from "./intoDocument";
export type { ImportPlacement, PlaceResult } from "./intoDocument";
export { IMPORT_LIMITS } from "./limits";
export { IMPORT_ROOT } from "./result";
export type { ImportProgress, ImportResult, ImportSuccess } from "./result";
export { importSvg } from "./svg";
export { importExcalidraw } from "./excalidraw";
