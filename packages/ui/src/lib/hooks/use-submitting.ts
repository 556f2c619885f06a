import { useNavigation } from 'react-router';

/**
 * Whether this page's form is being sent (its submit button then shows a spinner and refuses a second
 * click). `intent` narrows it to the form whose submission carries that intent.
 */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== 'submitting') return false;
  return intent === undefined || navigation.formData?.get('intent') === intent;
}
