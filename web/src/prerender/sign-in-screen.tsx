// The sign-in screen (/auth) as HTML, made at build time (web/prerender.ts writes it into
// auth.html). It paints from the HTML before any script has run, and its styles arrive with it
// in the head (emotion's style tags, which the app's style cache takes over at start), so the
// app's first render finds them in place instead of computing them. It is what the client's
// first render of /auth shows a signed-out visitor, before anything is fetched.
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import AuthPage from '../app/routes/auth';
import { Wallpaper } from '../components/layouts/wallpaper';

export interface SignInScreen {
  /** The screen's markup, for #root. */
  html: string;
  /**
   * Its styles, for the head: one tag per kind (the components', the global ones), rather than
   * one beside each element, each of which the app's style cache would move at start.
   */
  styles: string;
}

/**
 * Every style the render inserted, as emotion's server chunks: the global ones each on its own,
 * the components' together. Not only those whose class is in the markup (emotion's
 * extractCritical): the client inserts the styles that components compose into others too, and
 * would compute them again.
 */
function insertedStyles(cache: EmotionCache) {
  const styles = [];
  const ids = [];
  let css = '';
  for (const [id, rule] of Object.entries(cache.inserted)) {
    if (typeof rule !== 'string') continue;
    if (cache.registered[`${cache.key}-${id}`] === undefined) {
      styles.push({ key: `${cache.key}-global`, ids: [id], css: rule });
    } else {
      ids.push(id);
      css += rule;
    }
  }
  return [...styles, { key: cache.key, ids, css }];
}

export function renderSignInScreen(): SignInScreen {
  // The app's own cache key ("css"), so that the client's cache adopts these tags.
  const cache = createCache({ key: 'css' });
  const { constructStyleTagsFromChunks } = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProvider>
        <StaticRouter location="/auth">
          <Wallpaper />
          <AuthPage />
        </StaticRouter>
      </AppProvider>
    </CacheProvider>,
  );
  return { html, styles: constructStyleTagsFromChunks({ html, styles: insertedStyles(cache) }) };
}
