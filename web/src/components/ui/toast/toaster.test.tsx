import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, toast } from './use-toast';

/** Raises a toast in a layout effect: after the Toaster has rendered, before its effects run. */
function ToastOnMount({ title }: { title: string }) {
  useLayoutEffect(() => {
    toast({ title });
  }, [title]);
  return null;
}

describe('Toaster (the Radix toast region)', () => {
  it('shows a toast raised in the same commit as its own first render', async () => {
    render(
      <MemoryRouter>
        <Toaster />
        <ToastOnMount title="Apple Sign-In Error" />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Apple Sign-In Error')).toBeTruthy();
    dismissToast();
  });
});
