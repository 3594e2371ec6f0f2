import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";

// The browser tests' Chromium sees only the fonts Linework ships, never the machine's: text the
// app does not set in its own faces (browser defaults, form controls, a family that is not
// installed) then looks the same everywhere, and a screenshot baseline made on one machine holds
// on every other. Chromium reads system fonts through fontconfig and takes TrueType or OpenType
// files only, so the shipped WOFF faces are unpacked into a folder of their own, and a
// fontconfig file that lists that folder alone is handed to the browser.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

const FAMILIES: readonly {
  readonly pkg: string;
  readonly file: string;
  readonly family: string;
}[] = [
  { pkg: "inter", file: "inter", family: "Inter" },
  { pkg: "noto-serif", file: "noto-serif", family: "Noto Serif" },
  { pkg: "jetbrains-mono", file: "jetbrains-mono", family: "JetBrains Mono" },
  { pkg: "noto-sans", file: "noto-sans", family: "Noto Sans" },
];
const FACES = ["400-normal", "700-normal", "400-italic", "700-italic"] as const;

/** Which shipped face stands for each generic family, as the app resolves them. */
const GENERICS: readonly (readonly [string, string])[] = [
  ["sans-serif", "Inter"],
  ["system-ui", "Inter"],
  ["serif", "Noto Serif"],
  ["monospace", "JetBrains Mono"],
];

/** A WOFF 1.0 file as the TrueType/OpenType file it wraps (each table inflated where packed). */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("Not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < length ? inflateSync(raw) : raw,
    };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + i * 16);
    header.writeUInt32BE(table.checksum, 16 + i * 16);
    header.writeUInt32BE(offset, 20 + i * 16);
    header.writeUInt32BE(table.data.length, 24 + i * 16);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([header, ...bodies]);
}

function fontconfig(folder: string): string {
  const rules = GENERICS.map(
    ([generic, family]) => `  <match target="pattern">
    <test name="family"><string>${generic}</string></test>
    <edit name="family" mode="prepend" binding="strong"><string>${family}</string></edit>
  </match>`,
  );
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${folder}</dir>
  <cachedir>${join(folder, "cache")}</cachedir>
${rules.join("\n")}
  <match target="pattern">
    <edit name="family" mode="append_last"><string>Inter</string></edit>
  </match>
</fontconfig>
`;
}

/**
 * Unpacks the shipped faces (once) and returns the fontconfig file that lists only them, for
 * Chromium's FONTCONFIG_FILE.
 */
export function testFontconfig(): string {
  const sources = FAMILIES.flatMap(({ pkg, file }) =>
    FACES.map((face) => ({
      from: join(ROOT, "node_modules", "@fontsource", pkg, "files", `${file}-latin-${face}.woff`),
      to: `${file}-${face}.ttf`,
    })),
  );
  const woffs = sources.map((source) => readFileSync(source.from));
  // Named for what it holds, so a change of faces or of their packages makes a new folder.
  const key = createHash("sha256");
  for (const woff of woffs) key.update(woff);
  const folder = join(
    ROOT,
    "node_modules",
    ".cache",
    `linework-test-fonts-${key.digest("hex").slice(0, 12)}`,
  );
  const conf = join(folder, "fonts.conf");
  if (existsSync(conf)) return conf;
  mkdirSync(join(folder, "cache"), { recursive: true });
  sources.forEach((source, i) => writeFileSync(join(folder, source.to), sfntFromWoff(woffs[i]!)));
  // Written last and whole, so a run that finds it finds every face beside it.
  const partial = `${conf}.${process.pid}`;
  writeFileSync(partial, fontconfig(folder));
  renameSync(partial, conf);
  return conf;
}
