// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLazyModule } from './use-lazy-module';

const load = vi.fn(() => Promise.resolve({ greeting: 'Rules here' }));

function Screen() {
  return <p>{useLazyModule(load)?.greeting ?? 'Drawn without them'}</p>;
}

describe('useLazyModule', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    load.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the module after the task that drew the screen, then shows it', async () => {
    render(<Screen />);
    // The render and its effects are done: the module is not asked for in that task.
    screen.getByText('Drawn without them');
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(load).toHaveBeenCalledTimes(1);
    screen.getByText('Rules here');
  });
});
