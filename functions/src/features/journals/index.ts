// What other features may use of journals: loading a journal and its members' roles, the
// stored shapes, a photo's bytes, and deleting a journal (an account being deleted).
export { journalRef, loadJournal, roleIn } from './access';
export { deleteJournal } from './delete';
export { readStoredVariant } from './images';
export {
  collaboratorsOf,
  dropMember,
  invites,
  journals,
  memberWrites,
  memberStates,
  membersIn,
  pendingInvitesBy,
} from './model';
