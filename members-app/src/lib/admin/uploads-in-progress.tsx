import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';

type Report = (field: string, busy: boolean) => void;

const UploadsContext = createContext<Report | null>(null);

/**
 * A form that holds upload fields: the fields report their uploads (inside `UploadsProvider`), and the
 * form holds its save back while any runs, so it never saves the address an upload is about to replace.
 */
export function useUploadsInProgress() {
  const [busyFields, setBusyFields] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback<Report>((field, busy) => {
    setBusyFields((current) => {
      if (current.has(field) === busy) return current;
      const next = new Set(current);
      if (busy) next.add(field);
      else next.delete(field);
      return next;
    });
  }, []);
  return { uploading: busyFields.size > 0, report };
}

export function UploadsProvider({ report, children }: { report: Report; children: ReactNode }) {
  return <UploadsContext.Provider value={report}>{children}</UploadsContext.Provider>;
}

/** A field tells its form whether its upload is running. */
export function useReportUpload(field: string, busy: boolean): void {
  const report = useContext(UploadsContext);
  useEffect(() => {
    report?.(field, busy);
    return () => report?.(field, false);
  }, [report, field, busy]);
}
