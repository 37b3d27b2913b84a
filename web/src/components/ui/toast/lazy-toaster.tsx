import { lazy, Suspense, useEffect, useState } from 'react';
import { afterIdle } from '../../../lib/schedule';
import { useToast } from './use-toast';

const RadixToaster = lazy(() =>
  import('./toaster').then((module) => ({ default: module.Toaster })),
);

/**
 * The toast region. Its code (Radix Toast) is fetched once the first screen is idle, or at
 * once when a toast comes before that: the store already holds it, and it shows on arrival.
 */
export function Toaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  );
}
