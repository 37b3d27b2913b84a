import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen2Page() {
  return <TourScreen screen={2} />;
}
