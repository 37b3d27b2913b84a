import { AppleSignInButton } from '../../../features/auth/components/apple-sign-in-button';
import { TourScreen } from '../../../features/onboarding/components/tour-screen';

/**
 * `/onboarding/welcome` and `/onboarding-screen-1`: the start of the tour. Its Apple button
 * starts the onboarding flow of Apple sign-in (its handler runs on this page).
 */
export default function OnboardingWelcomePage() {
  return (
    <TourScreen
      screen={1}
      alternative={<AppleSignInButton flow="onboarding" label="Continue with Apple" />}
    />
  );
}
