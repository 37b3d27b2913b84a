import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen3Page() {
  return <TourScreen screen={3} />;
}
