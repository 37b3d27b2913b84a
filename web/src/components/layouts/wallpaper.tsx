/**
 * The global wallpaper, shown once the session has loaded: a layer behind the page, drawn by the
 * base styles' `.wallpaper` (config/base-styles.ts), so that it needs no run-time styles and
 * shows from the HTML where the page is prerendered (auth.html).
 */
export function Wallpaper() {
  return <div className="wallpaper" aria-hidden="true" />;
}
