import { describe, expect, it } from 'vitest';
import { percentile75, rateWebVital, summariseWebVitals, type WebVitalSample } from './web-vitals';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const DAY = 86_400_000;
const at = (daysAgo: number) => NOW - daysAgo * DAY;

describe('percentile75', () => {
  it('is the nearest-rank 75th percentile: a value a visit really had', () => {
    expect(percentile75([1, 2, 3, 4])).toBe(3);
    expect(percentile75([4, 1, 3, 2, 5])).toBe(4);
    expect(percentile75([10])).toBe(10);
    expect(percentile75(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(75);
    expect(percentile75([])).toBeNaN();
  });
});

describe('rateWebVital', () => {
  it("uses web.dev's thresholds, the boundary counting as the better rating", () => {
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 2501)).toBe('needs-improvement');
    expect(rateWebVital('LCP', 4001)).toBe('poor');
    expect(rateWebVital('INP', 200)).toBe('good');
    expect(rateWebVital('INP', 500)).toBe('needs-improvement');
    expect(rateWebVital('INP', 501)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.26)).toBe('poor');
    expect(rateWebVital('FCP', 1900)).toBe('needs-improvement');
    expect(rateWebVital('TTFB', 1801)).toBe('poor');
  });
});

describe('summariseWebVitals', () => {
  it("gives each page's p75 per metric for the last 7 and 28 days", () => {
    const samples: WebVitalSample[] = [
      // /home's INP: four this week, two more three weeks ago.
      ...[100, 150, 220, 90].map((value, i) => ({
        metric: 'INP',
        value,
        route: 'home',
        time: at(i),
      })),
      ...[600, 700].map((value) => ({ metric: 'INP', value, route: 'home', time: at(20) })),
      // Older than 28 days: counted nowhere.
      { metric: 'INP', value: 5000, route: 'home', time: at(29) },
      { metric: 'CLS', value: 0.02, route: 'moment', time: at(1) },
      // Not a metric the dashboard knows, a negative value, a time after now: ignored.
      { metric: 'FID', value: 10, route: 'home', time: at(1) },
      { metric: 'LCP', value: -1, route: 'home', time: at(1) },
      { metric: 'LCP', value: 100, route: 'home', time: NOW + DAY },
    ];
    const summary = summariseWebVitals(samples, NOW);
    expect(summary.routes.map((r) => r.route)).toEqual(['home', 'moment']);
    const home = summary.routes[0]!;
    // 7 days: 90, 100, 150, 220 -> rank 3 = 150.
    expect(home.windows['7']!.INP).toEqual({ p75: 150, rating: 'good', samples: 4 });
    // 28 days: 90, 100, 150, 220, 600, 700 -> rank ceil(4.5) = 5 = 600.
    expect(home.windows['28']!.INP).toEqual({ p75: 600, rating: 'poor', samples: 6 });
    expect(home.windows['7']!.LCP).toBeNull();
    const moment = summary.routes[1]!;
    expect(moment.windows['7']!.CLS).toEqual({ p75: 0.02, rating: 'good', samples: 1 });
    expect(moment.windows['28']!.INP).toBeNull();
    expect(summary.computedAt).toBe('2026-11-28T12:00:00.000Z');
  });

  it('has no pages without samples', () => {
    expect(summariseWebVitals([], NOW).routes).toEqual([]);
  });
});
