// A page's preview (src/start/page-preview.ts) as the app sees it: small, so that the app's main chunk
// can remove it without bringing the code that draws it.

export const PREVIEW_ID = 'page-preview';
/** Set on <html> once the app has drawn its first screen: no preview after that. */
export const DRAWN_ATTRIBUTE = 'data-first-screen-drawn';

/** The app has drawn its first screen: the preview, if any, goes. */
export function dismissPagePreview(): void {
  document.documentElement.setAttribute(DRAWN_ATTRIBUTE, '');
  document.getElementById(PREVIEW_ID)?.remove();
}

/** The app shows another address than the preview's (signed out, say): the preview goes. */
export function dismissPagePreviewUnlessOf(pathname: string): void {
  const preview = document.getElementById(PREVIEW_ID);
  if (preview && preview.dataset.path !== pathname) dismissPagePreview();
}
