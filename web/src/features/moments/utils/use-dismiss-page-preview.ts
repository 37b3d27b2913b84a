// Apart from ./preview-layer.ts, which the first-calls script bundles too: that script must not
// bring React.
import { useLayoutEffect } from 'react';
import { dismissPagePreview } from './preview-layer';

/**
 * For the component that draws the page a preview stands in for: once `drawn` (its content,
 * empty state or error is on screen), the preview goes, in the same frame.
 */
export function useDismissPagePreviewWhen(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) dismissPagePreview();
  }, [drawn]);
}
