// The layer of a moment's preview (./moment-preview.ts) as the app sees it: small, so that the
// app's main chunk can remove it without bringing the code that draws it.

export const PREVIEW_ID = 'moment-preview';
/** Set on <html> once the app has drawn its first screen: no preview after that. */
export const DRAWN_ATTRIBUTE = 'data-first-screen-drawn';

/** The app has drawn its first screen: the preview, if any, goes. */
export function dismissMomentPreview(): void {
  document.documentElement.setAttribute(DRAWN_ATTRIBUTE, '');
  document.getElementById(PREVIEW_ID)?.remove();
}
