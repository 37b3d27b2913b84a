// A press answers before analytics do (issue 43): what autocapture tracks for a press reaches the
// analytics library after the frame that answers it, so none of the library's writes to local
// storage happen in the press's own task; the event still arrives, with the press's time.
import { describe, expect, it } from 'vitest';
import { events, waitForReceived, withOwnToken } from '../support/analytics';
import { signInThroughUi, useBrowser } from '../support/browser';
import { createUser } from '../support/emulators';

const { newPage } = useBrowser();

describe('analytics of a press', () => {
  it("track autocapture's click after the press's task, with the time of the press", async () => {
    const person = await createUser({ firstName: 'Pia', lastName: 'Press' });
    const page = await newPage();
    const token = await withOwnToken(page);
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    // Analytics run once the page has settled: its view has arrived.
    await waitForReceived(token, (r) =>
      events(r).some((e) => e.event === 'page_view' && e.properties.path === '/home'),
    );

    const press = await page.evaluate(() => {
      const libraryWrites: string[] = [];
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key.startsWith('__mpq_') || key.startsWith('mp_')) libraryWrites.push(key);
        setItem.call(this, key, value);
      };
      const pressedAt = Date.now();
      try {
        const tab = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find(
          (element) => element.textContent === 'Shared',
        );
        tab?.click();
      } finally {
        Storage.prototype.setItem = setItem;
      }
      return { libraryWrites, pressedAt };
    });
    expect(press.libraryWrites).toEqual([]);

    const arrived = await waitForReceived(token, (r) =>
      events(r).some((e) => e.event === '$mp_click'),
    );
    const click = events(arrived).find((e) => e.event === '$mp_click');
    const time = Number(click?.properties.time);
    // Seconds, as the library sends it: the press's, not the later hand-over's.
    expect(Math.abs(time * 1000 - press.pressedAt)).toBeLessThan(50);
  });
});
