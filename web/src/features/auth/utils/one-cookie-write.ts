// The calls whose answer may set this browser's key in its HttpOnly `__session` cookie: a code
// request or sign-up, a passkey challenge. The server makes the key on the first such call, so
// two sent at once would make two keys, and the answer that arrives last would unbind the
// other's code or challenge (the /auth autofill asks for a challenge while a person may be
// asking for a code). So they go one at a time.
let last: Promise<unknown> = Promise.resolve();

export function oneCookieWriteAtATime<T>(call: () => Promise<T>): Promise<T> {
  const run = last.then(call, call);
  last = run.catch(() => undefined);
  return run;
}
