import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen7Page() {
  return <TourScreen screen={7} />;
}
