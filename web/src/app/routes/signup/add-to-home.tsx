import { useNavigate } from 'react-router-dom';
import { AddToHome } from '../../../features/onboarding/components/add-to-home';
import { SignupStep } from '../../../features/onboarding/components/signup-step';

/** Sign-up step 5 (also `/test-add-to-home`): put the app on the Home Screen. */
export default function AddToHomePage() {
  const navigate = useNavigate();
  return (
    <SignupStep
      path="/signup/add-to-home"
      title="Add Moments to your Home Screen"
      description="Open Moments like an app: full screen, one tap away."
    >
      <AddToHome onDone={() => void navigate('/signup/success')} />
    </SignupStep>
  );
}
