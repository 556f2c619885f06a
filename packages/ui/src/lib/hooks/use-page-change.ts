import { useLocation, useNavigation } from 'react-router';

/**
 * Whether another page of the list on screen is loading (a client navigation to the same path with another
 * query): its table then shows its loader (« Chargement en cours ») instead of rows no longer asked for.
 */
export function usePageChange(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return (
    navigation.state === 'loading' &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search
  );
}
