import { Outlet } from 'react-router';

/** Login and registration share a narrow column. Guest only: the guard comes with accounts. */
export default function AuthLayout() {
  return (
    <div className="mx-auto w-full max-w-xl">
      <Outlet />
    </div>
  );
}
