// The Overview's totals and trends: Firestore count()/sum() aggregations (billed one read per
// 1,000 index entries, never one per document) and the per-day counters of activity.ts.
import {
  ADMIN_TREND_DAYS,
  SUBSCRIPTION_STATUSES,
  type AdminOverview,
  type AdminTrendDay,
  type AdminTrends,
} from '@moments/shared';
import { AggregateField, Timestamp, type Query } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { dailyStats, dayKey } from './activity';
import { totals } from './counters';

const DAY_MS = 86_400_000;

async function count(query: Query): Promise<number> {
  return (await query.count().get()).data().count;
}

async function sum(query: Query, field: string): Promise<number> {
  const snap = await query.aggregate({ total: AggregateField.sum(field) }).get();
  return Number(snap.data().total ?? 0);
}

export async function overview(): Promise<AdminOverview> {
  const users = db.collection('users');
  const journals = db.collection('journals');
  const invites = db.collection('invites');
  const images = db.collectionGroup('images');
  const [
    people,
    unverified,
    disabled,
    moments,
    shared,
    photos,
    bytes,
    entries,
    pending,
    accepted,
    ...subscriptions
  ] = await Promise.all([
    count(users),
    count(users.where('phoneVerified', '==', false)),
    count(users.where('disabled', '==', true)),
    count(journals),
    totals.get().then((d) => (d.get('sharedMoments') as number | undefined) ?? 0),
    count(images),
    sum(images, 'bytes'),
    count(db.collectionGroup('comments')),
    count(invites.where('status', '==', 'pending').where('expiresAt', '>', Timestamp.now())),
    sum(invites, 'acceptedCount'),
    ...SUBSCRIPTION_STATUSES.map((s) => count(users.where('subscriptionStatus', '==', s))),
  ]);
  return {
    people: { total: people, verified: people - unverified, unverified, disabled },
    moments: { total: moments, shared },
    photos: { total: photos, bytes },
    entries,
    invites: { pending, accepted },
    subscriptions: Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((s, i) => [s, subscriptions[i] ?? 0]),
    ),
    computedAt: new Date().toISOString(),
  };
}

/** How many of `query` have their `field` timestamp on `day` (UTC): one count(). */
function countOnDay(query: Query, field: string, day: string): Promise<number> {
  const start = Timestamp.fromMillis(Date.parse(`${day}T00:00:00Z`));
  const end = Timestamp.fromMillis(start.toMillis() + DAY_MS);
  return count(query.where(field, '>=', start).where(field, '<', end));
}

/** The last ADMIN_TREND_DAYS days, oldest first, today included. */
export function trendDays(now = Date.now()): string[] {
  return Array.from({ length: ADMIN_TREND_DAYS }, (_, i) =>
    dayKey(now - (ADMIN_TREND_DAYS - 1 - i) * DAY_MS),
  );
}

interface Created {
  signups: number;
  moments: number;
  entries: number;
}

function createdOn(day: string): Promise<Created> {
  return Promise.all([
    countOnDay(db.collection('users'), 'createdAt', day),
    countOnDay(db.collection('journals'), 'createdAt', day),
    countOnDay(db.collectionGroup('comments'), 'createdAt', day),
  ]).then(([signups, moments, entries]) => ({ signups, moments, entries }));
}

/**
 * Sign-ups, moments and entries per day are counted once a day is over and then kept in
 * dailyStats/{day}.created, so a dashboard load counts today and any day not yet kept: three
 * count() queries and 30 document reads on most loads.
 */
export async function trends(now = Date.now()): Promise<AdminTrends> {
  const days = trendDays(now);
  const today = dayKey(now);
  const stats = await db.getAll(...days.map((d) => dailyStats.doc(d)));
  const created = await Promise.all(
    days.map((day, i) => {
      const kept = stats[i]?.get('created') as Created | undefined;
      return day !== today && kept ? kept : createdOn(day);
    }),
  );
  const keep = db.batch();
  let toKeep = 0;
  days.forEach((day, i) => {
    if (day === today || stats[i]?.get('created')) return;
    keep.set(dailyStats.doc(day), { created: created[i] }, { merge: true });
    toKeep += 1;
  });
  if (toKeep > 0) await keep.commit();
  return {
    days: days.map((day, i): AdminTrendDay => ({
      day,
      signups: created[i]?.signups ?? 0,
      moments: created[i]?.moments ?? 0,
      entries: created[i]?.entries ?? 0,
      invitesAccepted: (stats[i]?.get('invitesAccepted') as number | undefined) ?? 0,
      activePeople: (stats[i]?.get('activePeople') as number | undefined) ?? 0,
    })),
  };
}
