/** Sign-in with a mobile number and an SMS code (docs/product/garage.md). */
export function SignInPanel() {
  return null;
}
