import { ErrorPage } from './ErrorPage.tsx';

export default function ServerErrorPage() {
  return <ErrorPage status="500" title="error.serverError.title" desc="error.serverError.desc" />;
}
