// Types of chromium.mjs, for the TypeScript tests that launch the browser.

export const CHROMIUM_PATH: string;
export const CHROMIUM_ARGS: string[];
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
