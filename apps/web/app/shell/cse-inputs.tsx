import { CSE_QUERY_KEYS, isCseMode } from '@guichet/domain';
import { useSearchParams } from 'react-router';

/**
 * Hidden fields that keep a works-council visitor in CSE mode through a GET form (search, filters): a
 * submitted form replaces the query, so the journey's `type` and `cseID` must travel in it.
 */
export function CseQueryInputs() {
  const [searchParams] = useSearchParams();
  if (!isCseMode(searchParams)) return null;
  return (
    <>
      {CSE_QUERY_KEYS.map((key) => {
        const value = searchParams.get(key);
        return value ? <input key={key} type="hidden" name={key} value={value} /> : null;
      })}
    </>
  );
}
