// The admin dashboard's contract (docs/admin.md). Admin answers carry counts, dates, sizes,
// states and account data only: never photos, photo URLs, entry texts or moment titles.

import { z } from 'zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DEFAULT_COUNTRY } from '../phone';
import { idSchema } from './ids';

/** An admin session ends after this long without an admin call. */
export const ADMIN_IDLE_MINUTES = 30;
export const ADMIN_IDLE_MS = ADMIN_IDLE_MINUTES * 60 * 1000;
/** Days of history the Overview's charts show. */
export const ADMIN_TREND_DAYS = 30;
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** What the delete-account dialog asks the admin to type. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';

export const ADMIN_MESSAGES = {
  signInAsAdmin: 'Please sign in with your admin username and password.',
  idle: `Your admin session ended after ${ADMIN_IDLE_MINUTES} minutes without activity. Please sign in again.`,
  notFound: 'No such account.',
  notYourself: 'You cannot do this to your own account.',
  lastAdmin: 'The last admin cannot be removed.',
  confirmation: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  usernameTaken: 'That username is taken.',
  usernameFormat:
    'Usernames are 3 to 40 characters: letters, digits, dots, dashes and underscores.',
  passwordShort: `The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`,
  searchTooLong: 'Search for at most 100 characters.',
  badCursor: 'That page no longer exists. Start again from the first page.',
} as const;

const M = ADMIN_MESSAGES;

/** POST /api/admin/people/:uid/admin: the credentials of the admin login. */
export const makeAdminSchema = z.object({
  username: z
    .string({ error: M.usernameFormat })
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,40}$/, M.usernameFormat),
  password: z
    .string({ error: M.passwordShort })
    .min(ADMIN_PASSWORD_MIN_LENGTH, M.passwordShort)
    .max(200, 'The password must be at most 200 characters.'),
});
export type MakeAdminInput = z.infer<typeof makeAdminSchema>;

/** POST /api/admin/people/:uid/delete: the typed confirmation. */
export const deleteAccountSchema = z.object({
  confirmation: z
    .string({ error: M.confirmation })
    .trim()
    .refine((typed): boolean => typed === DELETE_ACCOUNT_CONFIRMATION, M.confirmation),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A page's last document id, as the previous page answered it. */
const cursor = idSchema.optional();

/** GET /api/admin/people?q=&cursor=: a search (phone, name or email), or the newest accounts. */
export const peopleQuerySchema = z.object({
  q: z.string().trim().max(100, M.searchTooLong).optional(),
  cursor,
});

export const ADMIN_ACTIONS = [
  'admin.login',
  'admin.login_failed',
  'account.disable',
  'account.enable',
  'account.sign_out',
  'account.make_admin',
  'account.remove_admin',
  'account.delete',
  'account.self_delete',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** What each action is called on the dashboard. */
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  'admin.login': 'Admin login',
  'admin.login_failed': 'Failed admin login',
  'account.disable': 'Disabled account',
  'account.enable': 'Enabled account',
  'account.sign_out': 'Signed out everywhere',
  'account.make_admin': 'Made admin',
  'account.remove_admin': 'Removed admin',
  'account.delete': 'Deleted account',
  'account.self_delete': 'Deleted own account',
};

/** GET /api/admin/audit?action=&actorId=&targetId=&cursor= */
export const auditQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS).optional(),
  actorId: idSchema.optional(),
  targetId: idSchema.optional(),
  cursor,
});

/** What a search looks like: a phone number (any format), an email, or a name. */
export type PeopleSearch =
  | { kind: 'phone'; phoneNumber: string }
  | { kind: 'email'; email: string }
  | { kind: 'name'; words: string[] };

/**
 * Reads a search box: anything libphonenumber parses as a possible number (US by default,
 * "+44 20 ..." for others) is a phone number in E.164; something with an @ is an email;
 * the rest is a name.
 */
export function parsePeopleSearch(raw: string): PeopleSearch {
  const q = raw.trim();
  if (q.includes('@')) return { kind: 'email', email: q.toLowerCase() };
  if (/^[\d\s()+.-]+$/.test(q) && /\d{3}/.test(q.replace(/\D/g, ''))) {
    const parsed = parsePhoneNumberFromString(q, DEFAULT_COUNTRY);
    if (parsed?.isPossible()) return { kind: 'phone', phoneNumber: parsed.number };
  }
  return { kind: 'name', words: q.split(/\s+/).filter(Boolean) };
}

/** A stored E.164 number as people read it: "+1 650 555 0101". */
export function displayPhoneNumber(e164: string | null): string | null {
  if (!e164) return null;
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

export type SignInMethod = 'phone' | 'apple' | 'phone-unverified';

/** A row of the People list: account data and figures, no content. */
export interface AdminPersonRow {
  id: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  email: string | null;
  signInMethod: SignInMethod;
  createdAt: string;
  lastActiveAt: string | null;
  isAdmin: boolean;
  disabled: boolean;
  subscriptionStatus: string | null;
  momentsOwned: number;
  momentsJoined: number;
  photos: number;
}

export interface AdminPerson extends AdminPersonRow {
  entries: number;
  adminUsername: string | null;
}

export interface AdminPeoplePage {
  people: AdminPersonRow[];
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

export interface AdminOverview {
  people: { total: number; verified: number; unverified: number; disabled: number };
  moments: { total: number; shared: number };
  photos: { total: number; bytes: number };
  entries: number;
  invites: { pending: number; accepted: number };
  subscriptions: Record<string, number>;
  computedAt: string;
}

export interface AdminTrendDay {
  /** yyyy-mm-dd (UTC). */
  day: string;
  signups: number;
  moments: number;
  entries: number;
  invitesAccepted: number;
  activePeople: number;
}

export interface AdminTrends {
  days: AdminTrendDay[];
}

export interface AuditEntry {
  id: string;
  action: AdminAction;
  actorId: string | null;
  actorName: string | null;
  targetId: string | null;
  targetName: string | null;
  /** For a failed login: the username tried (never the password). */
  detail: string | null;
  clientAddress: string | null;
  at: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

export interface AdminSessionInfo {
  id: string;
  name: string;
  idleMinutes: number;
}
