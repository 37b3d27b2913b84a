import { describe, expect, it } from 'vitest';
import { EXPORT_CSP, escapeHtml, renderAccountHtml, renderMomentHtml } from './html';
import { buildMomentExport } from './model';
import type { MomentExportSource } from './source';

const hostile = `<script>alert("x")</script> it's "quoted" & <img src=x onerror=alert(1)>`;

function source(): MomentExportSource {
  const user = { id: 'u1', firstName: hostile, lastName: null, profilePictureUrl: null };
  return {
    moment: {
      id: 'm1',
      title: hostile,
      content: hostile,
      ownerId: 'u1',
      coverImageId: null,
      createdAt: '2024-05-01T09:00:00.000Z',
      updatedAt: '2024-05-01T09:00:00.000Z',
    },
    members: [{ id: 'u1', firstName: hostile, lastName: null, role: 'owner', joinedAt: null }],
    photos: [1, 2].map((seq) => ({
      id: `p${seq}`,
      seq,
      orderIndex: seq,
      width: 100,
      height: 80,
      rotation: 0,
      cropPosition: 30,
      uploadedBy: 'u1',
      createdAt: '2024-05-01T10:00:00.000Z',
      capturedAt: null,
      fullQuality: true,
    })),
    entries: [
      {
        id: 'e1',
        text: `${hostile} see #photo 2`,
        createdAt: '2024-05-02T08:00:00.000Z',
        photoId: null,
        parentCommentId: null,
        user,
      },
    ],
  };
}

describe('the exported index.html', () => {
  const html = renderMomentHtml(buildMomentExport(source(), { exportedAt: new Date() }));

  it('escapes every text a person wrote, tags and quotes alike', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain(`it's`);
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; it&#39;s &quot;quoted&quot; &amp;',
    );
  });

  it('runs no script and loads nothing but the photos beside it', () => {
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(EXPORT_CSP)}">`,
    );
    expect(EXPORT_CSP).toContain("default-src 'none'");
    expect(html).not.toMatch(/<script|<[^>]*\son[a-z]+=|https?:\/\//i);
  });

  it('links "#photo N" to the photo figure of that number', () => {
    expect(html).toContain('<a href="#photo-2">#photo 2</a>');
    expect(html).toContain('<figure id="photo-2">');
    expect(html).toContain('src="photos/002.jpg"');
  });

  it('has a print style sheet', () => {
    expect(html).toMatch(/@media print \{[^]*break-inside: avoid/);
  });

  it('escapes the account page and links each folder by its encoded path', () => {
    const page = renderAccountHtml({
      name: hostile,
      exportedAt: '2024-05-01T09:00:00.000Z',
      moments: [{ title: hostile, folder: 'moments/A & B (2)', role: 'owner' }],
      entryCount: 1,
    });
    expect(page).not.toContain('<script');
    expect(page).toContain('href="moments/A%20%26%20B%20(2)/index.html"');
  });
});
