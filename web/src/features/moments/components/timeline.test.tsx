import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TimelineLoadError } from '../api/get-comments';
import { Timeline } from './timeline';

// The HTTP calls are mocked; the rest of the module (the ID token hook-up) stays real.
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

function renderTimeline(error: Error) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Timeline
        journalId="j1"
        images={[]}
        comments={undefined}
        isPending={false}
        error={error}
        onPhotoRef={() => undefined}
      />
    </QueryClientProvider>,
  );
}

describe('Timeline load errors', () => {
  it('shows the message when the failure has one a person can act on', () => {
    renderTimeline(new TimelineLoadError({ code: 'permission-denied' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'You no longer have access to this timeline.',
    );
  });

  it('shows "Unable to load timeline entries. Please try again later." otherwise', () => {
    renderTimeline(new TimelineLoadError(new Error('INTERNAL ASSERTION FAILED: Unexpected state')));
    expect(screen.getByRole('alert').textContent).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
  });
});
