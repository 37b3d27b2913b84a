import { useState } from 'react';
import { initials, type Collaborator, type Person } from '@moments/shared';
import styles from './person-avatar.module.css';

export function personName(person: Pick<Collaborator, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'Someone';
}

/**
 * A person's photo, or their initials when there is none or it fails to load. `className`
 * adds to its look (e.g. another colour, a ring).
 */
export function PersonAvatar({
  person,
  size = 32,
  className,
}: {
  person: Pick<Person, 'firstName' | 'lastName' | 'profilePictureUrl'>;
  size?: number;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = person.profilePictureUrl;
  const photo = url && url !== failedUrl ? url : null;
  return (
    <span
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.4 }}
    >
      {photo ? (
        <img src={photo} alt={personName(person)} onError={() => setFailedUrl(photo)} />
      ) : (
        initials(person.firstName, person.lastName) || '?'
      )}
    </span>
  );
}
