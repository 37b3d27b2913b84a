import type { RequestCodeInput } from '@moments/shared';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useLazyModule } from '../../../lib/use-lazy-module';

type SignInRules = typeof import('./sign-in-rules');

/** What the sign-in phone form holds: the number as displayed. */
export type PhoneFormValues = z.input<SignInRules['phoneFormSchema']>;

let loading: Promise<SignInRules> | undefined;

/** Fetches the sign-in rules once; a failed download is tried again on the next call. */
export function loadSignInRules(): Promise<SignInRules> {
  loading ??= import('./sign-in-rules').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The phone formatter once the rules have arrived (undefined until then). */
export function usePhoneFormatter(): ((typed: string) => string) | undefined {
  return useLazyModule(loadSignInRules)?.formatPhoneInput;
}

/** The sign-in phone form's resolver: waits for the rules the first time it validates. */
export const phoneFormResolver: Resolver<PhoneFormValues, unknown, RequestCodeInput> = async (
  values,
  context,
  options,
) => (await loadSignInRules()).phoneFormResolver(values, context, options);
