import { Outlet } from 'react-router';
import { useRootData } from '../lib/hooks/use-root-data';
import { DefaultFrame } from './default-frame';

export default function DefaultLayout() {
  const rootData = useRootData();
  return (
    <DefaultFrame env={rootData?.env ?? null} user={rootData?.user ?? null} cartCount={rootData?.cartCount ?? 0}>
      <Outlet />
    </DefaultFrame>
  );
}
