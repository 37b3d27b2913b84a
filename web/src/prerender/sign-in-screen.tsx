// The sign-in screen (/auth) as HTML, made at build time (web/build/prerender.ts writes it into
// auth.html). It paints from the HTML before any script has run; its style sheets (CSS modules,
// no run-time styles) are in the page's head (web/build/route-pages.ts), so that the app's first render
// finds them in place. It is what the client's first render of /auth shows a signed-out
// visitor, before anything is fetched.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import AuthPage from '../app/routes/auth';
import { Wallpaper } from '../components/layouts/wallpaper';

export interface SignInScreen {
  /** The screen's markup, for #root. */
  html: string;
}

export function renderSignInScreen(): SignInScreen {
  const html = renderToString(
    <AppProvider>
      <StaticRouter location="/auth">
        <Wallpaper />
        <AuthPage />
      </StaticRouter>
    </AppProvider>,
  );
  return { html };
}
