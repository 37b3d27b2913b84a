import { useLayoutEffect } from 'react';
import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFirstAnswerDeferred } from './use-first-answer-deferred';

/** Renders `data` through the hook; `shown` gets what each commit put on the page. */
function Page({ data, shown }: { data: string | undefined; shown: (string | undefined)[] }) {
  const value = useFirstAnswerDeferred(data);
  useLayoutEffect(() => {
    shown.push(value);
  });
  return <p>{value ?? 'Loading'}</p>;
}

describe('useFirstAnswerDeferred', () => {
  it('renders the first answer in a second, background render; later changes at once', async () => {
    const shown: (string | undefined)[] = [];
    const { rerender } = render(<Page data={undefined} shown={shown} />);
    expect(shown).toEqual([undefined]);

    // The update's own render keeps the loading state; the answer follows in the background.
    await act(async () => rerender(<Page data="first" shown={shown} />));
    expect(shown).toEqual([undefined, undefined, 'first']);

    // A live change shows in the update's own render, not after a render of the old value.
    shown.length = 0;
    await act(async () => rerender(<Page data="second" shown={shown} />));
    expect(shown).toEqual(['second']);
  });

  it('shows data already there when the page mounts at once', () => {
    const shown: (string | undefined)[] = [];
    render(<Page data="cached" shown={shown} />);
    expect(shown).toEqual(['cached']);
  });
});
