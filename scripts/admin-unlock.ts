// `npm run admin:unlock -- --username sam`
// Ends the admin login's lock for a username: the username's own (set by failures from several
// addresses) and every client's, on the project the Admin SDK is pointed at, as for
// admin:create (docs/admin.md, "A locked admin login").
import { parseArgs } from 'node:util';
import { loginSchema } from '@moments/shared';
import { unlockAdminLogin } from '../functions/src/features/auth/admin-login';
import { runCli } from './run-cli';

const USAGE = 'Usage: npm run admin:unlock -- --username <name>';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { username: { type: 'string' } } });
  const username = loginSchema.shape.username.safeParse(values.username ?? '');
  if (!username.success) throw new Error(username.error.issues[0]?.message ?? USAGE);
  const ended = await unlockAdminLogin(username.data);
  console.log(
    ended
      ? `The admin login "${username.data}" is unlocked (${ended} lock${ended === 1 ? '' : 's'} ended).`
      : `The admin login "${username.data}" was not locked; its failure counts are cleared.`,
  );
}

runCli(main, USAGE);
