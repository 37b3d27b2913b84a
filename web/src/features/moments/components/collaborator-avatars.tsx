import { useState } from 'react';
import {
  MAX_COLLABORATOR_AVATARS,
  initials,
  type Collaborator,
  type Person,
} from '@moments/shared';
import styles from './collaborator-avatars.module.css';

export function personName(person: Pick<Collaborator, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'Someone';
}

/** A person's photo, or their initials when there is none or it fails to load. */
export function PersonAvatar({ person, size = 32 }: { person: Person; size?: number }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = person.profilePictureUrl;
  const photo = url && url !== failedUrl ? url : null;
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.4 }}>
      {photo ? (
        <img src={photo} alt={personName(person)} onError={() => setFailedUrl(photo)} />
      ) : (
        initials(person.firstName, person.lastName) || '?'
      )}
    </span>
  );
}

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
        <PersonAvatar key={person.id} person={person} size={24} />
      ))}
      {more > 0 && <span className={styles.more}>+{more}</span>}
    </div>
  );
}
