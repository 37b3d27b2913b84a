import { TourScreen } from '../../../features/onboarding/components/tour-screen';

export default function OnboardingScreen5Page() {
  return <TourScreen screen={5} />;
}
