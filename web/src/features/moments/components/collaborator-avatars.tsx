import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import {
  MAX_COLLABORATOR_AVATARS,
  initials,
  type Collaborator,
  type Person,
} from '@moments/shared';

export function personName(person: Pick<Collaborator, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'Someone';
}

/** A person's photo, or their initials when there is none. */
export function PersonAvatar({ person, size = 32 }: { person: Person; size?: number }) {
  return (
    <Avatar
      src={person.profilePictureUrl ?? undefined}
      alt={personName(person)}
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.main' }}
    >
      {initials(person.firstName, person.lastName) || '?'}
    </Avatar>
  );
}

/** Up to 3 collaborator avatars, overlapping, then "+N" for the rest. */
export function CollaboratorAvatars({ collaborators }: { collaborators: Collaborator[] }) {
  if (collaborators.length === 0) return null;
  const shown = collaborators.slice(0, MAX_COLLABORATOR_AVATARS);
  const more = collaborators.length - shown.length;
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center' }}
      aria-label={`${collaborators.length} ${collaborators.length === 1 ? 'person' : 'people'}`}
      role="group"
    >
      {shown.map((person, index) => (
        <Box
          key={person.id}
          sx={{ ml: index ? -1 : 0, borderRadius: '50%', border: 2, borderColor: 'common.white' }}
        >
          <PersonAvatar person={person} size={24} />
        </Box>
      ))}
      {more > 0 && (
        <Box
          component="span"
          sx={{ ml: 0.5, fontSize: '0.75rem', fontWeight: 600, color: 'inherit' }}
        >
          +{more}
        </Box>
      )}
    </Box>
  );
}
