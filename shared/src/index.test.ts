import { expect, it } from 'vitest';
import * as shared from './index';

it('re-exports every module of the package', () => {
  for (const name of [
    'VERIFICATION_CODE_LENGTH',
    'HttpError',
    'signInCodeError',
    'formatEntryDate',
    'formatPhoneInput',
    'DEFAULT_COUNTRY_CODE',
    'parsePhotoRefs',
    'signupSchema',
    'idSchema',
    'createJournalSchema',
  ]) {
    expect(shared, name).toHaveProperty(name);
  }
});
