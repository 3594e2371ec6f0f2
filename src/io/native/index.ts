export { FORMAT_NAME, FORMAT_VERSION, orderRecords, serializeDocument } from "./format";
export type { NativeFile } from "./format";
export { migrate, migrations, MigrationError } from "./migrations";
export { parseDocument } from "./parse";
export type { LoadResult } from "./parse";
export { NATIVE_LIMITS, validateRecords } from "./validate";
export type { ValidationResult } from "./validate";
