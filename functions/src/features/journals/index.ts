// What other features may use of journals: loading a journal and its members' roles, the
// stored shapes, and a photo's bytes.
export { journalRef, loadJournal, roleIn } from './access';
export { readStoredVariant } from './images';
export {
  collaboratorsOf,
  dropMember,
  invites,
  journals,
  memberWrites,
  membersIn,
  pendingInvitesBy,
} from './model';
