/** A JPEG with a phone photo's amount of detail; `seed` varies its colours. */
export function detailedPhoto(seed: number, width?: number, height?: number): Promise<Buffer>;
