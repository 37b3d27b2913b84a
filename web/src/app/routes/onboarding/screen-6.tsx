import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen6Page() {
  return <TourScreen screen={6} />;
}
