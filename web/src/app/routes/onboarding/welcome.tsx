import { TourScreen } from '../../../features/onboarding/components/tour-screen';

/** `/onboarding/welcome` and `/onboarding-screen-1`: the start of the tour. */
export default function OnboardingWelcomePage() {
  return <TourScreen screen={1} />;
}
