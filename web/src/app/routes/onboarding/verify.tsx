// `/onboarding-verify`: the spec does not show it; it is the code step of sign-up, the same
// page as /signup/verify (see docs/signup-flow.md).
export { default } from '../signup/verify';
