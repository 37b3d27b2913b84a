import { StepLayout, type StepLayoutProps } from './step-layout';

/** The sign-up steps in order (docs/signup-flow.md). */
export const SIGNUP_STEP_PATHS = [
  '/signup/phone',
  '/signup/verify',
  '/signup/name',
  '/signup/photo',
  '/signup/add-to-home',
  '/signup/success',
] as const;

export type SignupStepPath = (typeof SIGNUP_STEP_PATHS)[number];

/** Back from the first step: the end of the tour that leads here. */
const BEFORE_FIRST_STEP = '/onboarding-screen-7';

type SignupStepProps = Omit<StepLayoutProps, 'step' | 'total' | 'progressLabel' | 'backTo'> & {
  path: SignupStepPath;
};

/**
 * Past the code the person is signed in, so the step after it has no Back: the phone and code
 * steps would only ask again for what is already proven (and an Apple account has no phone).
 */
const FIRST_SIGNED_IN_STEP: SignupStepPath = '/signup/name';

function previousStep(index: number): string | undefined {
  if (index === 0) return BEFORE_FIRST_STEP;
  if (SIGNUP_STEP_PATHS[index] === FIRST_SIGNED_IN_STEP) return undefined;
  return SIGNUP_STEP_PATHS[index - 1];
}

/** A sign-up step: "Step n of 6", and Back to the step before (see FIRST_SIGNED_IN_STEP). */
export function SignupStep({ path, ...layout }: SignupStepProps) {
  const index = SIGNUP_STEP_PATHS.indexOf(path);
  return (
    <StepLayout
      {...layout}
      step={index + 1}
      total={SIGNUP_STEP_PATHS.length}
      progressLabel="Sign-up progress"
      backTo={previousStep(index)}
    />
  );
}
