import type { RequestCodeInput } from '@moments/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useEffect } from 'react';
import { loadOnce, useLazyModule } from '../../../lib/load-later';

type SignInRules = typeof import('./sign-in-rules');

/** What the sign-in phone form holds: the number as displayed. */
export type PhoneFormValues = z.input<SignInRules['phoneFormSchema']>;

/** The phone field's formatting (libphonenumber), fetched once the screen has drawn. */
const loadPhoneFormat = loadOnce(() => import('./phone-format'));

/** The sign-in form's rules (zod's schemas). */
export const loadSignInRules = loadOnce(() => import('./sign-in-rules'));

/** The phone formatter once it has arrived (undefined until then). */
export function usePhoneFormatter(): ((typed: string) => string) | undefined {
  return useLazyModule(loadPhoneFormat)?.formatPhoneInput;
}

/** Digits from which a typed number may be whole (the shortest numbers have 7). */
const MAYBE_WHOLE_DIGITS = 7;

/**
 * Fetches the sign-in form's rules once the number typed may be whole, ahead of the tap on Send
 * Code. Fetched as the screen had drawn, they started up (zod building the schemas) in one long
 * task while the person began to type (docs/startup.md).
 */
export function useSignInRulesWhenTyped(typed: string): void {
  const maybeWhole = typed.replace(/\D/g, '').length >= MAYBE_WHOLE_DIGITS;
  useEffect(() => {
    if (maybeWhole) void loadSignInRules().catch(() => undefined);
  }, [maybeWhole]);
}

/** The sign-in phone form's resolver: waits for the rules the first time it validates. */
export const phoneFormResolver: Resolver<PhoneFormValues, unknown, RequestCodeInput> = async (
  values,
  context,
  options,
) => (await loadSignInRules()).phoneFormResolver(values, context, options);
