import type { TImportJob } from '@liftguard/contract/registry/import';
import { useQuery } from '@tanstack/react-query';
import { importProgress } from './api.ts';

export const IMPORT_POLL_MS = 700;

/** Poll an import job (GET /device/import/progress) until it is done or failed. */
export function useImportJob(id: number | null) {
  return useQuery<TImportJob>({
    queryKey: ['import-job', id],
    queryFn: () => importProgress(id as number),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : IMPORT_POLL_MS),
    gcTime: 0,
  });
}
