import { type TUploadKind, UPLOAD_RULES } from '@liftguard/contract/registry/terminal';

/** Client copy of the file store's type and size rules (the server answers 4153 for the same). */
export function checkUpload(kind: TUploadKind, file: { name: string; size: number }): 'type' | 'size' | null {
  const rule = UPLOAD_RULES[kind];
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !rule.ext.includes(ext)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return null;
}

export const acceptOf = (kind: TUploadKind) => UPLOAD_RULES[kind].ext.map((e) => `.${e}`).join(',');

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1_048_576) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1_048_576).toFixed(1)} MB`;
}
