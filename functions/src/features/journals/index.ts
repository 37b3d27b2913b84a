// What other features may use of journals: loading a journal and its members' roles, the
// stored shapes, and a photo's bytes.
export { readStoredVariant } from './images';
export { journalRef, loadJournal, roleIn } from './journals';
export {
  collaboratorsOf,
  dropMember,
  invites,
  journals,
  memberCard,
  pendingInvitesBy,
  type MemberEntry,
} from './model';
