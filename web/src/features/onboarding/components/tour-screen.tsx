import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { StepLayout } from './step-layout';
import { TourIllustration, type IllustrationKind } from './tour-illustration';

interface TourPage {
  title: string;
  text: string;
  illustration: IllustrationKind;
}

/** Where the tour ends: the first sign-up step. */
export const TOUR_END = '/signup/phone';

// The onboarding tour (/onboarding-screen-1 to -7): what Moments is, one idea per screen.
export const TOUR: readonly TourPage[] = [
  {
    title: 'Welcome to Moments',
    text: 'Sign up once. Remember forever. A shared photo journal for the moments you want to keep.',
    illustration: 'welcome',
  },
  {
    title: 'Keep a moment',
    text: 'A moment is a journal with a title: a birthday, a trip, a first day at school.',
    illustration: 'moment',
  },
  {
    title: 'Add your photos',
    text: 'Pick photos straight from your phone, choose a cover, and swipe through the rest.',
    illustration: 'photos',
  },
  {
    title: 'Tell the story',
    text: 'Write short entries on a timeline. Type "#photo 2" and the entry points at that photo.',
    illustration: 'timeline',
  },
  {
    title: 'Share with the people who were there',
    text: 'Send a link to family and friends. They add their own photos and memories to the same moment.',
    illustration: 'share',
  },
  {
    title: 'Private until you share',
    text: 'Your moments are yours alone until you invite someone. Pin favourites to keep them on top.',
    illustration: 'private',
  },
  {
    title: 'Ready when you are',
    text: 'Create your account with your phone number. It takes a minute, and there is no password to remember.',
    illustration: 'ready',
  },
];

export function tourPath(screen: number): string {
  return `/onboarding-screen-${screen}`;
}

interface TourScreenProps {
  /** 1-based. */
  screen: number;
  /** Another way in, under the main button (the welcome screen's Sign in with Apple). */
  alternative?: ReactNode;
}

/** One screen of the tour: Back, Skip, a drawing, a sentence, Next. */
export function TourScreen({ screen, alternative }: TourScreenProps) {
  const page = TOUR[screen - 1] ?? TOUR[0]!;
  const first = screen === 1;
  const last = screen === TOUR.length;
  const next = last ? TOUR_END : tourPath(screen + 1);

  return (
    <StepLayout
      title={page.title}
      description={page.text}
      step={screen}
      total={TOUR.length}
      progressLabel="Tour progress"
      backTo={first ? '/auth' : tourPath(screen - 1)}
      action={
        !last && (
          <Button component={RouterLink} to={TOUR_END} variant="text">
            Skip
          </Button>
        )
      }
      illustration={<TourIllustration kind={page.illustration} />}
    >
      <Stack spacing={1}>
        <Button component={RouterLink} to={next} variant="contained" size="large" fullWidth>
          {first ? 'Get Started' : last ? 'Create your account' : 'Next'}
        </Button>
        {alternative}
        {(first || last) && (
          <Button component={RouterLink} to="/auth" variant="text" fullWidth>
            I already have an account
          </Button>
        )}
      </Stack>
    </StepLayout>
  );
}
