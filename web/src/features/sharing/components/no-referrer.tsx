/**
 * Pages whose URL carries an invite token tell the browser to send no Referer at all, on top
 * of Hosting's `Referrer-Policy: same-origin`, so the token cannot reach another site through
 * a link or a resource. React 19 hoists this tag into <head> while the page is shown.
 */
export function NoReferrer() {
  return <meta name="referrer" content="no-referrer" />;
}
