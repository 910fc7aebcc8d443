import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/failureMessage';

/**
 * A form's submission: busy while it runs, the failure's message when it fails. `handle` may
 * take a failure for itself (return true), e.g. to ask for the slider check.
 */
export function useSubmission() {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function run(work: () => Promise<void>, handle?: (failure: unknown) => boolean): Promise<void> {
    setError(undefined);
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      if (!handle?.(failure)) setError(errorText(t, failure));
    } finally {
      setBusy(false);
    }
  }
  return { error, busy, run };
}
