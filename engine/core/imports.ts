const STRING_CLASS_ID = 2;

export interface CoreImportHandlers {
  /** Receives "<message>" or "<message> at <file>:<line>:<col>"; must throw. */
  abort(message: string): never;
}

/**
 * Builds the `env` imports of the core. Strings from the module can only be decoded once its
 * memory is known, which is after instantiation, hence `bind`.
 */
export function coreImports(handlers: CoreImportHandlers): {
  imports: WebAssembly.Imports;
  bind(memory: WebAssembly.Memory): void;
} {
  let memory: WebAssembly.Memory | null = null;

  const readString = (ptr: number): string | null => {
    if (!memory || ptr === 0) return null;
    const buffer = memory.buffer;
    if (ptr < 8 || ptr % 2 !== 0 || ptr > buffer.byteLength) return null;
    // AssemblyScript strings are UTF-16, preceded by their class id (2) and byte length. Checking
    // the header rejects pointers to strings the compiler failed to emit (it happens for the
    // file name of its shadow-stack overflow check).
    const view = new DataView(buffer);
    if (view.getUint32(ptr - 8, true) !== STRING_CLASS_ID) return null;
    const byteLength = view.getUint32(ptr - 4, true);
    if (byteLength % 2 !== 0 || ptr + byteLength > buffer.byteLength) return null;
    const units = new Uint16Array(buffer, ptr, byteLength >>> 1);
    let text = "";
    for (let i = 0; i < units.length; i += 4096) {
      text += String.fromCharCode(...units.subarray(i, i + 4096));
    }
    return text;
  };

  const abort = (messagePtr: number, filePtr: number, line: number, column: number): never => {
    const message = readString(messagePtr) ?? "abort";
    const file = readString(filePtr);
    handlers.abort(file ? `${message} at ${file}:${line}:${column}` : message);
    throw new Error(message);
  };

  return {
    imports: { env: { abort } },
    bind(m: WebAssembly.Memory): void {
      memory = m;
    },
  };
}
