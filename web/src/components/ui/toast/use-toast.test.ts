import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT, type ToasterToast } from './use-toast';

function make(id: string): ToasterToast {
  return { id, open: true, title: `Toast ${id}`, duration: 5000, variant: 'default' };
}

describe('toast reducer', () => {
  it('keeps only the newest toast visible (limit 1)', () => {
    let state = { toasts: [] as ToasterToast[] };
    state = reducer(state, { type: 'ADD', toast: make('1') });
    state = reducer(state, { type: 'ADD', toast: make('2') });
    expect(TOAST_LIMIT).toBe(1);
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('dismissing closes the toast before it is removed', () => {
    let state = { toasts: [make('1')] };
    state = reducer(state, { type: 'DISMISS', id: '1' });
    expect(state.toasts).toEqual([{ ...make('1'), open: false }]);
    state = reducer(state, { type: 'REMOVE', id: '1' });
    expect(state.toasts).toEqual([]);
  });

  it('updates only the toast with the given id', () => {
    const state = reducer(
      { toasts: [make('1')] },
      { type: 'UPDATE', toast: { id: '1', title: 'New' } },
    );
    expect(state.toasts[0]?.title).toBe('New');
    expect(reducer(state, { type: 'UPDATE', toast: { id: '9', title: 'X' } })).toEqual(state);
  });
});
