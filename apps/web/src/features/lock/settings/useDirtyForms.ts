import { useCallback, useState } from 'react';

/** Which of several forms hold unsaved changes; each reports itself by name. */
export function useDirtyForms(): { anyDirty: boolean; report: (form: string, dirty: boolean) => void } {
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const report = useCallback(
    (form: string, value: boolean) =>
      setDirty((before) => (before[form] === value ? before : { ...before, [form]: value })),
    [],
  );
  return { anyDirty: Object.values(dirty).some(Boolean), report };
}
