import { redirect } from 'react-router';

export function loader() {
  return redirect('/auth/login');
}

// A component keeps this a page route (not a resource route), so client navigations to /auth redirect too.
export default function AuthIndex() {
  return null;
}
