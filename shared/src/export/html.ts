// index.html of an exported moment: readable offline in any browser, now and in twenty years,
// without the app: plain HTML, inline CSS, no script, a CSP that forbids everything but the
// photos beside it, and every text a person wrote escaped.
import { formatEntryDate } from '../format';
import { parsePhotoRefs } from '../photo-refs';
import { formatCaptureDate, personName } from './model';
import type { ExportedEntry, MomentExport } from './schema';

/** Escapes text for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * Nothing but the photos beside the page and inline styles: no script, no network. `file:` is
 * listed because a page opened from disk has no origin that 'self' could match.
 */
export const EXPORT_CSP =
  "default-src 'none'; img-src 'self' file:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

const STYLE = `
:root { color-scheme: light; }
body { font: 16px/1.5 Georgia, 'Times New Roman', serif; color: #1d2521; background: #fbfaf7;
  max-width: 46rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 2rem; margin: 0 0 .25rem; }
h2 { font-size: 1.3rem; margin: 2.5rem 0 1rem; border-bottom: 1px solid #d8d3c8; }
.description { white-space: pre-wrap; }
.meta, figcaption, .members { color: #5b635e; font-size: .9rem; }
figure { margin: 0 0 2rem; }
figure img { display: block; max-width: 100%; height: auto; border-radius: 4px; }
.timeline { list-style: none; padding: 0; }
.timeline li { margin: 0 0 1.25rem; }
.timeline .text { margin: .25rem 0 0; white-space: pre-wrap; }
a { color: #1f5e4a; }
:target { outline: 3px solid #e0b84a; outline-offset: 4px; }
@page { margin: 15mm; }
@media print {
  body { background: #fff; max-width: none; padding: 0; font-size: 11pt; }
  figure { break-inside: avoid; page-break-inside: avoid; margin-bottom: 8mm; }
  figure img { max-height: 230mm; margin: 0 auto; border-radius: 0; }
  .timeline { break-before: page; }
  .timeline li { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
`;

/** An entry's text with each valid "#photo N" a link to that photo's figure. */
function entryText(text: string, photoCount: number): string {
  return parsePhotoRefs(text, photoCount)
    .map((segment) =>
      segment.type === 'photo'
        ? `<a href="#photo-${segment.n}">${escapeHtml(segment.text)}</a>`
        : escapeHtml(segment.text),
    )
    .join('');
}

function entryItem(entry: ExportedEntry, byId: Map<string, ExportedEntry>, photoCount: number) {
  const parent = entry.replyTo ? byId.get(entry.replyTo) : undefined;
  const notes = [
    `<time datetime="${escapeHtml(entry.createdAt)}">${escapeHtml(formatEntryDate(entry.createdAt))}</time>`,
    parent
      ? `<a href="#entry-${escapeHtml(parent.id)}">in reply to ${escapeHtml(personName(parent.author))}</a>`
      : '',
    entry.photo ? `about <a href="#photo-${entry.photo}">photo ${entry.photo}</a>` : '',
  ].filter(Boolean);
  return `<li id="entry-${escapeHtml(entry.id)}">
<p class="meta"><strong>${escapeHtml(personName(entry.author))}</strong> · ${notes.join(' · ')}</p>
<p class="text">${entryText(entry.text, photoCount)}</p>
</li>`;
}

/** The start of every exported page: no script may run, nothing is sent anywhere, any width. */
function documentHead(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(EXPORT_CSP)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>`;
}

/** The whole page; photo files are beside it, in photos/. */
export function renderMomentHtml(moment: MomentExport): string {
  const { title, description, createdAt } = moment.moment;
  const photoCount = moment.photos.length;
  const byPosition = [...moment.photos].sort((a, b) => a.position - b.position);
  const figures = byPosition
    .map((photo) => {
      const notes = [
        `#photo ${photo.number}`,
        photo.capturedAt ? `taken ${escapeHtml(formatCaptureDate(photo.capturedAt))}` : '',
        `added by ${escapeHtml(personName(photo.uploadedBy))}`,
      ].filter(Boolean);
      const size =
        photo.width && photo.height ? ` width="${photo.width}" height="${photo.height}"` : '';
      return `<figure id="photo-${photo.number}">
<img src="${escapeHtml(photo.file)}" alt="Photo ${photo.number}"${size} decoding="async">
<figcaption>${notes.join(' · ')}</figcaption>
</figure>`;
    })
    .join('\n');
  const byId = new Map(moment.entries.map((entry) => [entry.id, entry]));
  const entries = moment.entries.map((entry) => entryItem(entry, byId, photoCount)).join('\n');
  const members = moment.members
    .map((member) => `${escapeHtml(personName(member))} (${member.role})`)
    .join(', ');

  return `${documentHead(title)}
<body>
<header>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Started <time datetime="${escapeHtml(createdAt)}">${escapeHtml(formatEntryDate(createdAt))}</time> · ${photoCount} ${photoCount === 1 ? 'photo' : 'photos'} · ${moment.entries.length} ${moment.entries.length === 1 ? 'entry' : 'entries'}</p>
${description ? `<p class="description">${escapeHtml(description)}</p>` : ''}
<p class="members">Members: ${members}</p>
</header>
<main>
<section aria-labelledby="photos-heading">
<h2 id="photos-heading">Photos</h2>
${figures || '<p>No photos.</p>'}
</section>
<section aria-labelledby="timeline-heading">
<h2 id="timeline-heading">Timeline</h2>
${entries ? `<ol class="timeline">\n${entries}\n</ol>` : '<p>No entries.</p>'}
</section>
</main>
<footer class="meta"><p>Exported from Moments on ${escapeHtml(formatEntryDate(moment.exportedAt))}. The photos are in the photos folder; moment.json holds the same in a machine-readable form.</p></footer>
</body>
</html>
`;
}

/** The top page of "Download my data": the person and a link to each moment's page. */
export function renderAccountHtml(account: {
  name: string;
  exportedAt: string;
  moments: Array<{ title: string; folder: string; role: string }>;
  entryCount: number;
}): string {
  const items = account.moments
    .map(
      (moment) =>
        `<li><a href="${escapeHtml(moment.folder.split('/').map(encodeURIComponent).join('/'))}/index.html">${escapeHtml(moment.title)}</a> <span class="meta">(${escapeHtml(moment.role)})</span></li>`,
    )
    .join('\n');
  return `${documentHead(`${account.name}: my Moments data`)}
<body>
<h1>${escapeHtml(account.name)}</h1>
<p class="meta">Everything you have in Moments, exported ${escapeHtml(formatEntryDate(account.exportedAt))}: your profile (account.json), ${account.entryCount} ${account.entryCount === 1 ? 'entry' : 'entries'} you wrote, and ${account.moments.length} ${account.moments.length === 1 ? 'moment' : 'moments'}.</p>
<h2>Moments</h2>
${items ? `<ul>\n${items}\n</ul>` : '<p>No moments.</p>'}
</body>
</html>
`;
}
