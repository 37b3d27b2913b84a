// The sign-in screen (/auth) as HTML, made at build time (web/prerender.ts writes it into
// auth.html). It paints from the HTML before any script has run, and its styles arrive with it
// (emotion's style tags, which the app's style cache takes over at start), so the app's first
// render finds them in place instead of computing them. It is what the client's first render of
// /auth shows a signed-out visitor, before anything is fetched.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import AuthPage from '../app/routes/auth';
import { Wallpaper } from '../components/layouts/wallpaper';

export function renderSignInScreen(): string {
  return renderToString(
    <AppProvider>
      <StaticRouter location="/auth">
        <Wallpaper />
        <AuthPage />
      </StaticRouter>
    </AppProvider>,
  );
}
