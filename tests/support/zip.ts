// Reads the ZIPs the app makes (client-zip: entries stored, not compressed) from their central
// directory, as any unzip tool would, for tests that check what a person downloads.

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  /** The entry's DOS date and time, as unzip tools show it (local time, 2-second steps). */
  modified: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
}

export function readZip(zip: Buffer): Map<string, ZipEntry> {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error('Not a ZIP: no end of central directory');
  const count = zip.readUInt16LE(endAt + 10);
  let at = zip.readUInt32LE(endAt + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('Bad central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const time = zip.readUInt16LE(at + 12);
    const date = zip.readUInt16LE(at + 14);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`${name}: compression method ${method}, expected stored`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    entries.set(name, {
      name,
      bytes: zip.subarray(dataAt, dataAt + size),
      modified: {
        year: (date >> 9) + 1980,
        month: (date >> 5) & 0xf,
        day: date & 0x1f,
        hour: time >> 11,
        minute: (time >> 5) & 0x3f,
        second: (time & 0x1f) * 2,
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
