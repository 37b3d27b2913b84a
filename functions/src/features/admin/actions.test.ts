import { ADMIN_MESSAGES } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { assertAnotherAdminRemains } from './actions';

describe('the last admin', () => {
  it('cannot be removed', () => {
    expect(() => assertAnotherAdminRemains(['a'], 'a')).toThrow(ADMIN_MESSAGES.lastAdmin);
    expect(() => assertAnotherAdminRemains([], 'a')).toThrow(ADMIN_MESSAGES.lastAdmin);
  });

  it('can go while another admin stays', () => {
    expect(() => assertAnotherAdminRemains(['a', 'b'], 'a')).not.toThrow();
    // Someone who is not an admin at all leaves the admins as they are.
    expect(() => assertAnotherAdminRemains(['b'], 'a')).not.toThrow();
  });
});
