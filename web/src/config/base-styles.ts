// The page's base styles, which the build writes into the HTML's head (vite.config.ts): what
// MUI's CssBaseline set at run time (emotion serialised and inserted ~20 global rules during the
// first render, when a phone's main thread is busiest), the palette as CSS custom properties for
// the components styled by CSS modules, the loading screen, the spinner, the wallpaper and the
// pages' previews. In the HTML they cost no request and apply from the first paint.
import { FOCUS_RING_COLOR, FONT_FAMILY, palette } from './palette';

/** The palette as CSS custom properties (the CSS modules' colours). */
const paletteVariables = {
  '--moments-primary': palette.primary.main,
  '--moments-primary-dark': palette.primary.dark,
  '--moments-secondary': palette.secondary.main,
  '--moments-error': palette.error.main,
  '--moments-error-dark': palette.error.dark,
  '--moments-on-error': palette.error.contrastText,
  '--moments-success': palette.success.main,
  '--moments-success-dark': palette.success.dark,
  '--moments-on-success': palette.success.contrastText,
  '--moments-paper': palette.background.paper,
  '--moments-background': palette.background.default,
  '--moments-text-primary': palette.text.primary,
  '--moments-text-secondary': palette.text.secondary,
  '--moments-divider': palette.divider,
};

// Drawn with CSS gradients only: no image is fetched. Light enough that body text on it keeps AA
// contrast; cards sit on white paper anyway.
const wallpaper = [
  'radial-gradient(circle at 1px 1px, rgba(21, 63, 51, 0.07) 1px, transparent 0) 0 0 / 22px 22px',
  'radial-gradient(120% 80% at 100% 0%, rgba(47, 107, 88, 0.16) 0%, transparent 60%)',
  'radial-gradient(90% 70% at 0% 100%, rgba(196, 154, 92, 0.18) 0%, transparent 60%)',
  'linear-gradient(180deg, #F7F4EE 0%, #EFEBE2 100%)',
].join(', ');

export const BASE_STYLES = `
:root { ${Object.entries(paletteVariables)
  .map(([name, value]) => `${name}: ${value};`)
  .join(' ')} }
html {
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
  box-sizing: border-box;
  -webkit-text-size-adjust: 100%;
}
*, *::before, *::after { box-sizing: inherit; }
strong, b { font-weight: 700; }
body {
  margin: 0;
  color: ${palette.text.primary};
  font-family: ${FONT_FAMILY};
  font-weight: 400;
  font-size: 1rem;
  line-height: 1.5;
  letter-spacing: 0.00938em;
  background-color: ${palette.background.default};
  /* Never the browser's highlight on a tap. */
  -webkit-tap-highlight-color: transparent;
}
body::backdrop { background-color: ${palette.background.default}; }
@media print { body { background-color: #fff; } }
html, body, #root { min-height: 100%; }
/* A sideways swipe (the home tabs) must never become the browser's back gesture. */
html, body { overscroll-behavior-x: none; }
:focus-visible { outline: 3px solid ${FOCUS_RING_COLOR}; outline-offset: 2px; }
/* The loading screen: index.html's, shown while the code downloads, and the app's own
   (components/layouts/full-screen-loader.tsx), which replaces it. */
.boot {
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  padding: 24px;
  color: var(--moments-text-secondary);
}
.boot p { margin: 0; }
/* A UI-kit page's frame while its code arrives (components/layouts/page-frame.tsx): MUI's
   Container (maxWidth sm), the page's Paper and h1 (app/routes/moments/new.tsx). Here, not in a
   CSS module: the main chunk draws it, and its own style sheet would be fetched by every page. */
.page-frame { width: 100%; max-width: 600px; margin-inline: auto; padding: 16px; }
.page-frame-paper {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 20px;
  border-radius: 40px;
  background: var(--moments-paper);
}
.page-frame h1 {
  align-self: flex-start;
  margin: 0 0 0.35em;
  font-size: 1.75rem;
  font-weight: 700;
  line-height: 1.2;
}
@media (min-width: 600px) {
  .page-frame { padding: 40px 24px; }
  .page-frame-paper { padding: 32px; }
}
/* /home and a moment's page before the app has drawn them (features/moments/utils/
   start/page-preview.ts): a layer over the app with the page's first screen, its first photos where
   the page draws them. The rules mirror the pages' CSS modules (app-header, page, moments-list,
   moment-card, moment-detail, photo-carousel, button); first-paint.test holds the first photo's
   place and size to the page's. */
.page-preview {
  position: fixed;
  inset: 0;
  z-index: 1;
  overflow: hidden;
  /* Should the app be up beneath it already (its code cached), a tap reaches the app. */
  pointer-events: none;
  background: ${wallpaper};
  background-color: ${palette.background.default};
}
.page-preview h1 { margin: 0; font-size: 1.5rem; font-weight: 700; line-height: 1.2; }
.page-preview-loading { margin: 32px 0; text-align: center; color: var(--moments-text-secondary); }
/* A moment: the space of the "Back to my moments" link (44 px and 8 px), then the header: the
   title over the row of people's 24 px avatars, beside the page's buttons (outlined, small). */
.moment-preview-page { max-width: 900px; margin-inline: auto; padding: 16px; }
.moment-preview-back { height: 52px; }
.moment-preview-header { display: flex; align-items: flex-start; gap: 8px; margin-bottom: 16px; }
.moment-preview-heading { flex: 1; min-width: 0; }
.moment-preview-heading h1 { word-break: break-word; }
.moment-preview-people { height: 24px; }
.moment-preview-action {
  visibility: hidden;
  flex-shrink: 0;
  box-sizing: border-box;
  min-width: 64px;
  min-height: 44px;
  padding: 4px 21px;
  font-size: 0.8125rem;
  font-weight: 600;
  line-height: 1.75;
  white-space: nowrap;
}
.moment-preview-frame { overflow: hidden; border-radius: 30px; background: #212121; aspect-ratio: 4 / 3; }
.moment-preview-frame img { display: block; width: 100%; height: 100%; object-fit: cover; }
/* /home: the app bar, the page's title with New Moment, the tabs and the grid's first cards. */
.home-preview-bar {
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 56px;
  padding: env(safe-area-inset-top) 16px 0;
  background: ${palette.primary.main};
  color: #fff;
  font-size: 1.25rem;
  font-weight: 700;
  line-height: 1.6;
  letter-spacing: 0.5px;
}
.home-preview-page { max-width: 900px; margin-inline: auto; padding: 24px 16px; }
.home-preview-title {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 16px;
}
.home-preview-title span {
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 6px 20px;
  border-radius: 999px;
  background: ${palette.primary.main};
  color: #fff;
  font-weight: 600;
  line-height: 1.75;
  white-space: nowrap;
}
.home-preview-tabs {
  display: flex;
  margin-bottom: 16px;
  border-bottom: 1px solid var(--moments-divider);
}
.home-preview-tabs span {
  flex: 1;
  min-height: 48px;
  padding: 12px 16px;
  border-bottom: 2px solid transparent;
  color: var(--moments-text-secondary);
  font-weight: 600;
  line-height: 1.75;
  text-align: center;
}
.home-preview-tabs .home-preview-tab-selected {
  border-bottom-color: var(--moments-primary);
  color: var(--moments-primary);
}
.home-preview-grid {
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
}
.home-preview-card {
  overflow: hidden;
  border: 1px solid var(--moments-divider);
  border-radius: 30px;
  background: var(--moments-paper);
}
.home-preview-text { min-height: 140px; }
.home-preview-cover { position: relative; aspect-ratio: 3 / 4; background: #e0e0e0; }
.home-preview-cover img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
@media (orientation: landscape) {
  .home-preview-bar { min-height: 48px; }
}
@media (min-width: 600px) {
  .page-preview h1 { font-size: 1.75rem; }
  .moment-preview-page { padding: 32px 24px; }
  .home-preview-bar { min-height: 64px; padding-inline: 24px; }
  .home-preview-page { padding-inline: 24px; }
}
/* The loading spinner (components/ui/spinner.tsx, and index.html's loading screen). It only
   turns: a transform the compositor animates, nothing for the main thread to repaint. */
.spinner { display: block; animation: moments-spin 1.4s linear infinite; }
@keyframes moments-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
/* The wallpaper (components/layouts/wallpaper.tsx), behind the page once the session is known. */
.wallpaper {
  position: fixed;
  inset: 0;
  z-index: -1;
  background: ${wallpaper};
  background-color: ${palette.background.default};
}
`;
