import { ErrorPage } from './ErrorPage.tsx';

export default function ForbiddenPage() {
  return <ErrorPage status="403" title="error.forbidden.title" desc="error.forbidden.desc" />;
}
