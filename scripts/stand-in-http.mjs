// The HTTP plumbing the local stand-ins (Apple, Stripe, Cloud Storage, analytics) share.

/** The whole request body, as bytes. */
export async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** An answer never cached: a string is an HTML page, anything else JSON. */
export function send(res, status, body, headers = {}) {
  const json = typeof body !== 'string';
  res.writeHead(status, {
    'Content-Type': json ? 'application/json' : 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(json ? JSON.stringify(body) : body);
}

/** Starts `server` on host:port (0: any free port); resolves to its base URL. */
export async function listen(server, port, host) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return `http://${host}:${server.address().port}`;
}
