import { STUCK_INVITE_FLAG_TIMEOUT_MS } from '@moments/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubSessionStorage } from '../../../testing/storage';
import { armInviteFlagWatchdog } from './invite-flag-watchdog';

const FLAG = 'processingInviteToken';
let storage: Map<string, string>;
let reload: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
  reload = vi.fn();
  storage = stubSessionStorage({ location: { reload } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the stuck processingInviteToken watchdog', () => {
  it('clears a flag still set 10 s after it was set, and reloads', () => {
    storage.set(FLAG, String(Date.now() - 4000));
    armInviteFlagWatchdog();
    vi.advanceTimersByTime(STUCK_INVITE_FLAG_TIMEOUT_MS - 4000 - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(storage.has(FLAG)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('leaves alone a flag that was cleared or set afresh in the meantime', () => {
    storage.set(FLAG, String(Date.now()));
    armInviteFlagWatchdog();
    storage.delete(FLAG);
    vi.advanceTimersByTime(STUCK_INVITE_FLAG_TIMEOUT_MS);
    expect(reload).not.toHaveBeenCalled();

    storage.set(FLAG, String(Date.now()));
    armInviteFlagWatchdog();
    vi.advanceTimersByTime(1000);
    storage.set(FLAG, String(Date.now()));
    vi.advanceTimersByTime(STUCK_INVITE_FLAG_TIMEOUT_MS - 1000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing without a flag, and can be disarmed', () => {
    armInviteFlagWatchdog();
    storage.set(FLAG, String(Date.now()));
    const disarm = armInviteFlagWatchdog();
    disarm();
    vi.advanceTimersByTime(STUCK_INVITE_FLAG_TIMEOUT_MS * 2);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.has(FLAG)).toBe(true);
  });
});
