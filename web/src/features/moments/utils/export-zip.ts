// Builds export ZIPs in the browser with client-zip (docs/export-format.md): streamed, the
// photos fetched one at a time as the ZIP is written, so memory holds one photo at a time
// besides the ZIP being assembled. Loaded on demand, with client-zip, by the export dialog.
import {
  ACCOUNT_EXPORT_FORMAT,
  EXPORT_VERSION,
  buildMomentExport,
  momentExportName,
  photoSidecar,
  planPhotos,
  renderAccountHtml,
  renderMomentHtml,
  uniqueNames,
  personName,
  type AccountExport,
  type MomentExportSource,
} from '@moments/shared';
import { downloadZip } from 'client-zip';
import {
  getAccountExportStart,
  getExportPhoto,
  getMomentExportSource,
  getProfilePicture,
} from '../api/get-moment-export';

export interface ExportProgress {
  /** Photos written so far, and in all. */
  done: number;
  total: number;
}

export interface BuiltExport {
  zip: Blob;
  fileName: string;
}

interface ZipFile {
  name: string;
  input: Response | string | Blob;
  lastModified?: Date;
  size?: number;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * One moment's files under `folder` ("" at the ZIP's root): each photo and its sidecar as it
 * is fetched, then moment.json and index.html, which know every photo's size by then.
 */
async function* momentFiles(
  source: MomentExportSource,
  folder: string,
  exportedAt: Date,
  signal: AbortSignal,
  onPhotoDone: () => void,
): AsyncGenerator<ZipFile> {
  const sizes = new Map<string, number>();
  const model = () =>
    buildMomentExport(source, { exportedAt, bytesOf: (id) => sizes.get(id) ?? 0 });
  const partial = model();
  for (const planned of planPhotos(source)) {
    signal.throwIfAborted();
    const response = await getExportPhoto(source.moment.id, planned.id, signal);
    // The bytes are read once, to know the size for moment.json and to hand client-zip a Blob.
    const bytes = await response.blob();
    sizes.set(planned.id, bytes.size);
    yield { name: `${folder}${planned.file}`, input: bytes, lastModified: planned.zipTime };
    const photo = { ...partial.photos[planned.number - 1]!, bytes: bytes.size };
    yield {
      name: `${folder}${planned.sidecar}`,
      input: json(photoSidecar(partial, photo)),
      lastModified: planned.zipTime,
    };
    onPhotoDone();
  }
  const finished = model();
  yield { name: `${folder}moment.json`, input: json(finished), lastModified: exportedAt };
  yield {
    name: `${folder}index.html`,
    input: renderMomentHtml(finished),
    lastModified: exportedAt,
  };
}

async function zipOf(files: AsyncIterable<ZipFile>): Promise<Blob> {
  return downloadZip(files).blob();
}

/** "Export" on a moment: index.html, moment.json and photos/ with their sidecars. */
export async function buildMomentZip(
  journalId: string,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<BuiltExport> {
  const source = await getMomentExportSource(journalId, signal);
  const exportedAt = new Date();
  const total = source.photos.length;
  let done = 0;
  onProgress({ done, total });
  const zip = await zipOf(
    momentFiles(source, '', exportedAt, signal, () => onProgress({ done: (done += 1), total })),
  );
  signal.throwIfAborted();
  return { zip, fileName: `${momentExportName(source.moment.title, source.moment.createdAt)}.zip` };
}

/**
 * "Download my data": account.json (profile and every entry the person wrote), the profile
 * picture, index.html, and a folder per moment they own or joined, shaped as a moment export.
 * Only what the person sees in the app: each moment through the same member-only calls.
 */
export async function buildAccountZip(
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<BuiltExport> {
  const { user, journals } = await getAccountExportStart(signal);
  const sources: MomentExportSource[] = [];
  for (const journal of journals) {
    sources.push(await getMomentExportSource(journal.id, signal));
  }
  const exportedAt = new Date();
  const folders = uniqueNames(
    sources.map((source) => momentExportName(source.moment.title, source.moment.createdAt)),
  ).map((name) => `moments/${name}`);
  const total = sources.reduce((sum, source) => sum + source.photos.length, 0);
  let done = 0;
  onProgress({ done, total });
  const roleOf = new Map(journals.map((journal) => [journal.id, journal.role]));

  const account: AccountExport = {
    format: ACCOUNT_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    profile: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneNumber: user.phoneNumber,
      createdAt: user.createdAt,
      picture: user.profilePictureUrl ? 'profile-picture.webp' : null,
    },
    moments: sources.map((source, index) => ({
      id: source.moment.id,
      title: source.moment.title,
      role: roleOf.get(source.moment.id) ?? 'contributor',
      folder: folders[index]!,
    })),
    entries: sources.flatMap((source, index) =>
      buildMomentExport(source, { exportedAt })
        .entries.filter((entry) => entry.author.id === user.id)
        .map(({ author: _author, ...entry }) => ({
          ...entry,
          momentId: source.moment.id,
          folder: folders[index]!,
        })),
    ),
  };

  async function* files(): AsyncGenerator<ZipFile> {
    if (user.profilePictureUrl) {
      const picture = await getProfilePicture(user.profilePictureUrl, signal);
      yield { name: 'profile-picture.webp', input: await picture.blob(), lastModified: exportedAt };
    }
    for (const [index, source] of sources.entries()) {
      yield* momentFiles(source, `${folders[index]}/`, exportedAt, signal, () =>
        onProgress({ done: (done += 1), total }),
      );
    }
    yield { name: 'account.json', input: json(account), lastModified: exportedAt };
    yield {
      name: 'index.html',
      input: renderAccountHtml({
        name: personName(user),
        exportedAt: account.exportedAt,
        moments: account.moments,
        entryCount: account.entries.length,
      }),
      lastModified: exportedAt,
    };
  }

  const zip = await zipOf(files());
  signal.throwIfAborted();
  const day = exportedAt.toISOString().slice(0, 10);
  return { zip, fileName: `Moments data ${day}.zip` };
}
