// A phone with a platform authenticator in Chromium: the DevTools protocol's virtual
// authenticator (resident keys, user verification) in a fresh context at localhost. WebAuthn
// refuses IP addresses, and the emulated function's RP ID is localhost (lib/passkey-site.ts).
import type { BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { appUrl } from './emulators';
import { passkeySiteOf } from './passkeys';

export interface PasskeyDevice {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  authenticatorId: string;
}

/** A fresh context (from the test file's `newContext`) with its own authenticator and page. */
export async function deviceWithAuthenticator(
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>,
): Promise<PasskeyDevice> {
  const { origin } = await passkeySiteOf(await appUrl());
  const context = await newContext({ baseURL: origin, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page, cdp, authenticatorId };
}

/** The passkeys the device's authenticator holds. */
export async function credentialsOf(device: PasskeyDevice) {
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: device.authenticatorId,
  });
  return credentials;
}
