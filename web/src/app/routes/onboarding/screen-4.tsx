import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen4Page() {
  return <TourScreen screen={4} />;
}
