import { MAX_COLLABORATOR_AVATARS, type Collaborator } from '@moments/shared';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import styles from './collaborator-avatars.module.css';

/** Up to 3 collaborator avatars, overlapping, then "+N" for the rest. */
export function CollaboratorAvatars({ collaborators }: { collaborators: Collaborator[] }) {
  if (collaborators.length === 0) return null;
  const shown = collaborators.slice(0, MAX_COLLABORATOR_AVATARS);
  const more = collaborators.length - shown.length;
  return (
    <div
      className={styles.group}
      aria-label={`${collaborators.length} ${collaborators.length === 1 ? 'person' : 'people'}`}
      role="group"
    >
      {shown.map((person) => (
        <PersonAvatar key={person.id} person={person} size={24} className={styles.ringed} />
      ))}
      {more > 0 && <span className={styles.more}>+{more}</span>}
    </div>
  );
}
