import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useUser } from '../../../features/auth/api/get-user';
import { ProfileForm } from '../../../features/auth/components/profile-form';
import { SignupStep } from '../../../features/onboarding/components/signup-step';
import { readSignupDraft, saveSignupDraft } from '../../../features/onboarding/utils/signup-draft';

/** Sign-up step 3: confirm the name the people you share with will see. */
export default function SignupNamePage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const [draft] = useState(readSignupDraft);

  if (!user) return <Navigate to="/signup/phone" replace />;

  return (
    <SignupStep
      path="/signup/name"
      title="What's your name?"
      description="This is how you appear to the people you share moments with."
    >
      <ProfileForm
        submitLabel="Continue"
        pending={false}
        defaultValues={{
          firstName: draft.firstName || user.firstName,
          lastName: draft.firstName ? draft.lastName : user.lastName,
        }}
        onSubmit={({ firstName, lastName }) => {
          saveSignupDraft({ firstName, lastName: lastName ?? '' });
          void navigate('/signup/photo');
        }}
      />
    </SignupStep>
  );
}
