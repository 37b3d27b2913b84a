import { HttpError } from '@moments/shared';
import { describe, expect, it, vi } from 'vitest';
import { OutboxFullError } from '../../offline/api/outbox-store';
import { queueFailureMessage, sendOrQueue } from './send-or-queue';

vi.mock('../../offline/api/outbox-sync', () => ({ enqueue: vi.fn() }));

function write(
  send: () => Promise<unknown>,
  options: { queueFirst?: boolean; afterFailure?: boolean },
) {
  const queue = vi.fn(() => Promise.resolve());
  const sending = vi.fn(send);
  const outcome = sendOrQueue({
    send: sending,
    queue,
    queueFirst: options.queueFirst ?? false,
    queueAfterNetworkFailure: options.afterFailure ?? true,
  });
  return { outcome, queue, sending };
}

describe('send now or queue', () => {
  it('sends online and answers with what the server answered, queueing nothing', async () => {
    const { outcome, queue } = write(() => Promise.resolve({ id: 'e1' }), {});
    await expect(outcome).resolves.toEqual({ queued: false, answer: { id: 'e1' } });
    expect(queue).not.toHaveBeenCalled();
  });

  it('queues without sending when told to (offline, or behind waiting items)', async () => {
    const { outcome, queue, sending } = write(() => Promise.resolve(), { queueFirst: true });
    await expect(outcome).resolves.toEqual({ queued: true });
    expect(sending).not.toHaveBeenCalled();
    expect(queue).toHaveBeenCalledTimes(1);
  });

  it('queues a send that never reached the server, where the write allows it', async () => {
    const lost = () => Promise.reject(new TypeError('Failed to fetch'));
    const entry = write(lost, { afterFailure: true });
    await expect(entry.outcome).resolves.toEqual({ queued: true });
    const pin = write(lost, { afterFailure: false });
    await expect(pin.outcome).rejects.toThrow('Failed to fetch');
    expect(pin.queue).not.toHaveBeenCalled();
  });

  it('leaves a refusal of the server to the caller, queueing nothing', async () => {
    const { outcome, queue } = write(() => Promise.reject(new HttpError(403, '')), {});
    await expect(outcome).rejects.toBeInstanceOf(HttpError);
    expect(queue).not.toHaveBeenCalled();
  });

  it('says why the device could not keep a write when the outbox is full', () => {
    expect(queueFailureMessage(new OutboxFullError('Too much is waiting.'), 'Try again.')).toBe(
      'Too much is waiting.',
    );
    expect(queueFailureMessage(new Error('IndexedDB broke'), 'Try again.')).toBe('Try again.');
  });
});
