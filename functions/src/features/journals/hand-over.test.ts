import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { longestStandingMember } from './hand-over';

const at = (ms: number) => ({ addedAt: Timestamp.fromMillis(ms) });

describe('longestStandingMember', () => {
  it('picks the other member who joined first, whatever the order of the list', () => {
    const members = { owner: at(1), late: at(300), early: at(200), middle: at(250) };
    expect(longestStandingMember(['owner', 'late', 'middle', 'early'], members, 'owner')).toBe(
      'early',
    );
  });

  it('breaks a tie by uid, so every retry picks the same person', () => {
    const members = { owner: at(1), b: at(5), a: at(5) };
    expect(longestStandingMember(['owner', 'b', 'a'], members, 'owner')).toBe('a');
    expect(longestStandingMember(['a', 'owner', 'b'], members, 'owner')).toBe('a');
  });

  it('puts a member without a join time last, and answers nobody for a moment of one', () => {
    expect(longestStandingMember(['owner', 'x', 'y'], { owner: at(1), y: at(9) }, 'owner')).toBe(
      'y',
    );
    expect(longestStandingMember(['owner'], { owner: at(1) }, 'owner')).toBeUndefined();
  });
});
