import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRevealedCount } from './use-revealed-count';

describe('useRevealedCount', () => {
  it('renders the first batch first, then grows in steps to the whole list', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useRevealedCount(50, 6, 8);
      seen.push(count);
      return count;
    });
    await waitFor(() => expect(result.current).toBe(50));
    const distinct = [...new Set(seen)];
    expect(distinct).toEqual([6, 14, 22, 30, 38, 46, 50]);
  });

  it('never counts past a short list', () => {
    const { result } = renderHook(() => useRevealedCount(3, 6));
    expect(result.current).toBe(3);
  });
});
